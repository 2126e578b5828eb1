import {spawn} from 'node:child_process';
import path from 'node:path';
import {test as base} from '@playwright/test';
import {startMockApi, testSecretKey, type MockApi} from './mock-api';
import {pythonUsageEnv, recordUsage} from './sample-usage';
import {typeScriptCommand} from './typescript-command';

export const repoRoot = path.resolve(__dirname, '../..');

export interface SampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The variables the samples read; a test's run never inherits them from the machine. */
const sampleVariables = [
  'COINWHARF_API_BASE',
  'COINWHARF_SECRET_KEY',
  'COINWHARF_WEBHOOK_SECRET',
  'PAYMENT_ID',
  'WEBHOOK_URL',
  'OUTCOME',
  'REFUND_ID',
  'REFUND_ADDRESS',
  'REFUND_AMOUNT',
  'REFUND_CURRENCY',
  'REFUND_REASON',
  'ORDER_REFERENCE',
  'STATUS',
  'REFERENCE',
  'CREATED_SINCE',
  'IDEMPOTENCY_KEY',
];

const clockDir = path.join(__dirname, 'sample-clock');

export interface RunOptions {
  timeoutMs?: number;
  /**
   * Runs the sample's clock this many times faster: its sleeps and its request
   * timeouts take 1/clockSpeed of the time its code asks for (sample-clock/ for
   * Node.js and shell, python-usage/sitecustomize.py for Python). The code and
   * what it prints are unchanged; a test divides the waits it measures by it.
   */
  clockSpeed?: number;
  /** With clockSpeed: a file the sample's clock notes each sleep in, its seconds as the code asks, a line each. */
  clockLog?: string;
}

/**
 * Runs an example file as the docs tell readers to: `bash file.sh`, `npx tsx
 * file.ts` (its loader: see typeScriptCommand) or `python3 file.py` (Debian's,
 * which has requests and Flask). An `undefined`
 * value removes a variable. Traffic stays on loopback: proxies are bypassed.
 */
export function runSample(
  file: string,
  env: Record<string, string | undefined> = {},
  {timeoutMs = 90_000, clockSpeed, clockLog}: RunOptions = {},
): Promise<SampleRun> {
  const runners: Record<string, [string, string[]]> = {
    '.sh': ['bash', [file]],
    '.ts': typeScriptCommand(file),
    '.py': ['/usr/bin/python3', [file]],
  };
  const runner = runners[path.extname(file)];
  if (!runner) throw new Error(`No runner for ${file}`);
  const [command, args] = runner;
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...pythonUsageEnv(),
  };
  for (const name of sampleVariables) delete childEnv[name];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  delete childEnv.SAMPLE_CLOCK_SPEED;
  delete childEnv.SAMPLE_CLOCK_LOG;
  if (clockSpeed !== undefined) {
    childEnv.SAMPLE_CLOCK_SPEED = String(clockSpeed);
    if (clockLog) childEnv.SAMPLE_CLOCK_LOG = clockLog;
    childEnv.NODE_OPTIONS = `${childEnv.NODE_OPTIONS ?? ''} --import=${path.join(clockDir, 'node-clock.mjs')}`.trim();
    childEnv.PATH = `${clockDir}${path.delimiter}${childEnv.PATH ?? ''}`;
  }
  recordUsage([file]);
  return new Promise((resolve, reject) => {
    // Async on purpose: the mock answering the sample runs in this process.
    const child = spawn(command, args, {cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
  });
}

/** Parses a sample's stdout as JSON, failing with what the sample printed. */
export function parseOutput(run: SampleRun): any {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`Sample printed no JSON (exit ${run.code}).\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  }
}

/** The environment that points a sample at the mock with a sandbox key. */
export const mockEnv = (mock: MockApi, extra: Record<string, string | undefined> = {}) => ({
  COINWHARF_API_BASE: mock.baseUrl,
  COINWHARF_SECRET_KEY: testSecretKey,
  ...extra,
});

/** Calls the mock directly, to set up state a sample then works on. */
export async function callMock(mock: MockApi, method: string, apiPath: string, body?: unknown): Promise<any> {
  const response = await fetch(`${mock.baseUrl}${apiPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${testSecretKey}`,
      ...(body === undefined ? {} : {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The quickstart's payment: 25.00 USD in USDC on Base. */
export const quickstartPayment = {
  price: {amount: '25.00', currency: 'USD'},
  asset: 'USDC',
  network: 'base',
  reference: 'order_1042',
};

/** A test with a fresh mock of the API, closed afterwards. */
export const test = base.extend<{mock: MockApi}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first parameter as an object pattern, even when empty
  mock: async ({}, use) => {
    const mock = await startMockApi();
    await use(mock);
    await mock.close();
  },
});
