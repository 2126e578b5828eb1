import {spawn, type ChildProcess} from 'node:child_process';
import {createHmac, randomBytes} from 'node:crypto';
import path from 'node:path';
import {pythonUsageEnv, recordUsage} from './sample-usage';
import {typeScriptCommand} from './typescript-command';

/** The repository root: sample commands run from here, as `npx tsx examples/…`. */
export const repoRoot = path.resolve(__dirname, '../..');

/** The official Standard Webhooks test vector (BRIEF.md, "Webhooks"). */
export const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
} as const;

/** A fresh endpoint secret as Coinwharf issues them: whsec_ + base64 of random bytes. */
export function newSecret(bytes = 32): string {
  return `whsec_${randomBytes(bytes).toString('base64')}`;
}

/**
 * The tests' own signer, written from the spec and independent of the samples:
 * HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with the decoded secret.
 * `key: 'whole-string'` signs the way Stripe does, with the secret's text as the key.
 */
export function signature(
  secret: string,
  id: string,
  timestamp: number,
  body: string | Buffer,
  key: 'decoded' | 'whole-string' = 'decoded',
): string {
  const keyBytes = key === 'decoded' ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret);
  return `v1,${createHmac('sha256', keyBytes).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

export function signedHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/** A payment.succeeded event as Coinwharf sends it, serialised compactly. */
export function paymentSucceeded(eventId: string, reference = 'order_1042'): string {
  const paymentId = `pay_${randomBytes(12).toString('hex')}`;
  const address = '0x7D3a1f9C2b84E5F06A19c3D7e2b5a8f1C4d9e603';
  return JSON.stringify({
    id: eventId,
    type: 'payment.succeeded',
    timestamp: '2025-01-01T10:04:12Z',
    data: {
      id: paymentId,
      object: 'payment',
      livemode: false,
      status: 'succeeded',
      price: {amount: '25.00', currency: 'USD'},
      asset: 'USDC',
      network: 'base',
      amount_due: {amount: '25.00', currency: 'USDC'},
      amount_received: {amount: '25.00', currency: 'USDC'},
      amount_pending: {amount: '0.00', currency: 'USDC'},
      amount_refunded: {amount: '0.00', currency: 'USDC'},
      address,
      payment_uri: `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${address}&uint256=25000000`,
      hosted_url: `https://pay.coinwharf.com/${paymentId}`,
      expires_at: '2025-01-01T10:15:00Z',
      confirmations: 30,
      required_confirmations: 30,
      labels: [],
      reference,
      metadata: {customer_id: 'cus_8812'},
      created_at: '2025-01-01T10:00:00Z',
      updated_at: '2025-01-01T10:04:12Z',
    },
  });
}

/** The variables the samples read; a child never inherits them from the machine. */
const sampleVariables = ['COINWHARF_WEBHOOK_SECRET', 'PORT', 'PROCESSED_EVENTS_DIR', 'PROCESSED_EVENTS_DB', 'EVENT_ID'];

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {
    ...process.env,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...pythonUsageEnv(),
  };
  for (const name of sampleVariables) delete result[name];
  return {...result, ...env};
}

/** How the docs tell readers to run each kind of file. */
function commandFor(file: string, args: string[]): [string, string[]] {
  recordUsage([file]);
  if (file.endsWith('.ts')) return typeScriptCommand(file, args);
  if (file.endsWith('.py')) return ['/usr/bin/python3', [file, ...args]];
  throw new Error(`No runner for ${file}`);
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script to completion, as `npx tsx file args` or `python3 file args`, from the repo root. */
export function runScript(file: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<Run> {
  const [command, commandArgs] = commandFor(file, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd: repoRoot,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => killGroup(child), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
  });
}

/** Runs Python code with JSON on stdin and parses the JSON it prints. */
export async function runPythonJson(code: string, input: unknown): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', ['-c', code], {
      cwd: repoRoot,
      env: childEnv({}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`python exited ${status}\nstdout: ${stdout}\nstderr: ${stderr}`));
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}

/** A sample receiver running as its own process group. */
export class Receiver {
  stdout = '';
  stderr = '';
  port = 0;
  private exited = false;

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk) => (this.stdout += chunk));
    child.stderr!.on('data', (chunk) => (this.stderr += chunk));
    child.on('exit', () => (this.exited = true));
  }

  /**
   * Starts `file` with PORT=0 (the OS picks a free port) and resolves once the
   * readiness line, which names the port, has been printed.
   */
  static async start(file: string, env: Record<string, string>, ready: RegExp, timeoutMs = 45_000): Promise<Receiver> {
    const [command, args] = commandFor(file, []);
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: childEnv({PORT: '0', ...env}),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const receiver = new Receiver(child);
    try {
      receiver.port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${file} printed no readiness line in ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          const match = ready.exec(receiver.stdout + receiver.stderr);
          if (match) {
            clearTimeout(timer);
            resolve(Number(match[1]));
          }
        };
        child.stdout.on('data', check);
        child.stderr.on('data', check);
        child.on('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${file} exited with ${code} before it was ready`));
        });
      });
    } catch (error) {
      receiver.stop();
      throw new Error(`${(error as Error).message}\nstdout: ${receiver.stdout}\nstderr: ${receiver.stderr}`);
    }
    return receiver;
  }

  url(pathname = '/webhooks/coinwharf'): string {
    return `http://127.0.0.1:${this.port}${pathname}`;
  }

  /** Stdout lines that start with `prefix`. */
  linesStartingWith(prefix: string): string[] {
    return this.stdout.split('\n').filter((line) => line.startsWith(prefix));
  }

  stop(): void {
    if (!this.exited) killGroup(this.child);
  }
}

/** Ends a child started with `detached: true` and everything it started (a receiver and anything it started). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
