import {spawn, type ChildProcess} from 'node:child_process';
import {copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect} from '@playwright/test';
import {Webhook} from 'standardwebhooks';
import {mockEnv, parseOutput, repoRoot, runSample, test} from '../support/run-sample';

// The quickstart done literally, in each language, from its own page only:
// the files the page shows are copied into an empty folder (with the packages
// its "Before you start" installs, and a package.json without "type": "module",
// as `npm install` writes it), and everything runs there with the commands
// and `export` lines the page prints. The receiver takes a throwaway secret,
// accepts a signed test event, is registered, restarted with the endpoint's
// secret, fulfils the simulated payment.succeeded once; simulating the same
// payment again answers 409, and a new payment takes another outcome.

const quickstart = readFileSync(path.join(repoRoot, 'docs/payments/quickstart.mdx'), 'utf8');

/** The example files the quickstart shows in its sample fences. */
const shownFiles = [...quickstart.matchAll(/^`{3,}\w+[^\n]*?\bfile=(examples\/[^\s`]+)/gm)].map((m) => m[1]);

/** A one-line `export NAME=…` block the page prints. */
function exportLine(name: string): string {
  const line = quickstart.split('\n').find((l) => l.startsWith(`export ${name}=`));
  expect(line, `the quickstart prints an export line for ${name}`).toBeDefined();
  return line ?? '';
}

/** An empty folder holding only what the quickstart shows and installs. */
function readersFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'coinwharf-quickstart-'));
  for (const file of shownFiles) copyFileSync(path.join(repoRoot, file), path.join(folder, path.basename(file)));
  // What `npm install express standardwebhooks` leaves: dependencies, no "type": "module".
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({dependencies: {express: '^5.3.0', standardwebhooks: '^1.1.1'}}, null, 2),
  );
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  return folder;
}

/** Folders in which `npx <tool>` has run as printed, keyed `folder tool`. */
const npxRunIn = new Set<string>();

/**
 * A command as the page prints it, run in the reader's folder. Python is Debian's, which has
 * requests and Flask. `npx <tool>` runs as printed the first time in a folder; after that, the
 * folder's own node_modules/.bin/<tool>, which is what npx runs for an installed package, without
 * npm's start-up (about 0.4 s a run, 13 runs a flow), which is npm's behaviour, not the quickstart's.
 */
function commandOf(folder: string, line: string): [string, string[]] {
  const [command, ...args] = line.split(' ');
  if (command === 'python3') return ['/usr/bin/python3', args];
  if (command === 'npx') {
    const [tool, ...rest] = args;
    const key = `${folder} ${tool}`;
    if (npxRunIn.has(key)) {
      const bin = path.join(folder, 'node_modules', '.bin', tool);
      expect(existsSync(bin), `npx ${tool} runs ${bin}`).toBe(true);
      return [bin, rest];
    }
    npxRunIn.add(key);
  }
  return [command, args];
}

const sampleVariables = ['COINWHARF_API_BASE', 'COINWHARF_SECRET_KEY', 'COINWHARF_WEBHOOK_SECRET', 'PAYMENT_ID'];
function readerEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {...process.env, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost'};
  for (const name of [...sampleVariables, 'WEBHOOK_URL', 'OUTCOME', 'PORT']) delete result[name];
  return {...result, ...env};
}

interface Run {
  code: number | null;
  output: string;
  stdout: string;
}

/** Runs `line` (such as `bash create-payment.sh`) to completion in `folder`. */
function runIn(folder: string, line: string, env: Record<string, string>): Promise<Run> {
  const [command, args] = commandOf(folder, line);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: folder, env: readerEnv(env), stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, output: stdout + stderr});
    });
  });
}

/** A receiver started with the page's command, as its own process group. */
class RunningReceiver {
  output = '';
  private exited = false;
  private constructor(private readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    child.on('exit', () => (this.exited = true));
  }

  static async start(folder: string, line: string, env: Record<string, string>, ready: RegExp) {
    const [command, args] = commandOf(folder, line);
    const child = spawn(command, args, {
      cwd: folder,
      env: readerEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const receiver = new RunningReceiver(child);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${line} printed no readiness line:\n${receiver.output}`)),
        45_000,
      );
      const check = () => {
        if (ready.test(receiver.output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${line} exited with ${code} before it was ready:\n${receiver.output}`));
      });
    }).catch((error: unknown) => {
      receiver.stop();
      throw error;
    });
    return receiver;
  }

  linesStartingWith(prefix: string): string[] {
    return this.output.split('\n').filter((line) => line.startsWith(prefix));
  }

  stop(): void {
    if (this.exited || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** A free loopback port: the receiver must come back on the same one after its restart. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const {port} = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const receivers = {
  Express: {command: 'npx tsx express-receiver.ts', sendTestEvent: 'npx tsx send-test-event.ts', ready: /Listening/},
  // Werkzeug prints its address on stderr once the socket is bound.
  Flask: {command: 'python3 flask_receiver.py', sendTestEvent: 'python3 send_test_event.py', ready: /Running on/},
};
const flows = [
  {language: 'curl', receiver: 'Express', run: (name: string) => `bash ${name.replaceAll('_', '-')}.sh`},
  {language: 'Node.js', receiver: 'Express', run: (name: string) => `npx tsx ${name.replaceAll('_', '-')}.ts`},
  {language: 'Python', receiver: 'Flask', run: (name: string) => `python3 ${name}.py`},
] as const;

test.describe.configure({timeout: 240_000});

test('the quickstart shows every file its receivers import, and tells readers how to start them', () => {
  expect(shownFiles).toEqual(
    expect.arrayContaining([
      'examples/webhooks/express-receiver.ts',
      'examples/webhooks/verify-standardwebhooks.ts',
      'examples/webhooks/webhook-event.ts',
      'examples/webhooks/event-store.ts',
      'examples/webhooks/flask_receiver.py',
      'examples/webhooks/verify.py',
    ]),
  );
  for (const {command} of Object.values(receivers)) expect(quickstart).toContain(`\`${command}\``);
  // The secret is introduced before the receiver that needs it.
  expect(quickstart.indexOf('export COINWHARF_WEBHOOK_SECRET=')).toBeLessThan(
    quickstart.indexOf('file=examples/webhooks/express-receiver.ts'),
  );
  expect(exportLine('WEBHOOK_URL')).toBe("export WEBHOOK_URL='https://<your tunnel host>/webhooks/coinwharf'");
  expect(exportLine('COINWHARF_SECRET_KEY')).toBe("export COINWHARF_SECRET_KEY='<your cw_test_ key>'");
});

for (const flow of flows) {
  test(`quickstart in ${flow.language}, from its page alone in an empty folder: the ${flow.receiver} receiver fulfils the simulated payment once, and another outcome needs a new payment`, async ({
    mock,
  }) => {
    const folder = readersFolder();
    const receiverSpec = receivers[flow.receiver];
    // The page's own line makes the throwaway secret.
    const throwaway = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'bash',
        ['-c', `${exportLine('COINWHARF_WEBHOOK_SECRET')}; printf %s "$COINWHARF_WEBHOOK_SECRET"`],
        {
          cwd: folder,
        },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    expect(throwaway).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(throwaway.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const port = String(await freePort());
    const origin = `http://127.0.0.1:${port}`;
    let receiver = await RunningReceiver.start(
      folder,
      receiverSpec.command,
      {PORT: port, COINWHARF_WEBHOOK_SECRET: throwaway},
      receiverSpec.ready,
    );
    try {
      // "Send it a signed test event", with the same secret.
      const sent = await runIn(folder, `${receiverSpec.sendTestEvent} ${origin}/webhooks/coinwharf`, {
        COINWHARF_WEBHOOK_SECRET: throwaway,
      });
      expect(sent.code, sent.output).toBe(0);
      await expect.poll(() => receiver.output).toMatch(/fulfilled pay_\w+ for order_1042/);

      // "Register your endpoint": the page's WEBHOOK_URL, with our loopback origin for the tunnel.
      const webhookUrl = exportLine('WEBHOOK_URL')
        .replace(/^export WEBHOOK_URL='|'$/g, '')
        .replace('https://<your tunnel host>', origin);
      const api = (extra: Record<string, string> = {}) => ({...mockEnv(mock), ...extra}) as Record<string, string>;
      const registered = await runIn(folder, flow.run('register_webhook_endpoint'), api({WEBHOOK_URL: webhookUrl}));
      expect(registered.code, registered.output).toBe(0);
      const endpoint = JSON.parse(registered.stdout) as {url: string; secret: string};
      expect(endpoint.url).toBe(`${origin}/webhooks/coinwharf`);

      // "Put it in place of the throwaway one ... and restart the receiver."
      receiver.stop();
      receiver = await RunningReceiver.start(
        folder,
        receiverSpec.command,
        {PORT: port, COINWHARF_WEBHOOK_SECRET: endpoint.secret},
        receiverSpec.ready,
      );

      const created = await runIn(folder, flow.run('create_payment'), api());
      expect(created.code, created.output).toBe(0);
      const payment = JSON.parse(created.stdout) as {id: string; status: string};
      expect(payment.status).toBe('awaiting_payment');

      const simulated = await runIn(folder, flow.run('simulate_payment'), api({PAYMENT_ID: payment.id}));
      expect(simulated.code, simulated.output).toBe(0);
      expect(JSON.parse(simulated.stdout)).toMatchObject({status: 'succeeded'});
      // The mock delivers before the simulate call answers: both deliveries verified and acknowledged.
      expect(mock.deliveries.map((d) => [d.type, d.url, d.ok])).toEqual([
        ['payment.pending', endpoint.url, true],
        ['payment.succeeded', endpoint.url, true],
      ]);
      const [pending, succeeded] = mock.deliveries.map((d) => d.eventId);
      expect(receiver.linesStartingWith(`${succeeded} fulfilled ${payment.id}`)).toHaveLength(1);
      expect(receiver.linesStartingWith(`${pending} fulfilled`)).toEqual([]);

      // "Try another outcome": the same payment again answers 409 ...
      const again = await runIn(
        folder,
        flow.run('simulate_payment'),
        api({PAYMENT_ID: payment.id, OUTCOME: 'underpay'}),
      );
      expect(again.code).not.toBe(0);
      expect(again.output).toContain('payment_invalid_state');
      expect(again.output).toMatch(/\b409\b/);
      // ... and a new payment takes it.
      const second = JSON.parse((await runIn(folder, flow.run('create_payment'), api())).stdout) as {id: string};
      const underpaid = await runIn(
        folder,
        flow.run('simulate_payment'),
        api({PAYMENT_ID: second.id, OUTCOME: 'underpay'}),
      );
      expect(underpaid.code, underpaid.output).toBe(0);
      expect(JSON.parse(underpaid.stdout)).toMatchObject({status: 'requires_action', labels: ['UNDER']});
      expect(mock.deliveries.slice(2).map((d) => [d.type, d.ok])).toEqual([
        ['payment.pending', true],
        ['payment.requires_action', true],
      ]);

      const fetched = await runIn(folder, flow.run('get_payment'), api({PAYMENT_ID: payment.id}));
      expect(fetched.code, fetched.output).toBe(0);
      expect(JSON.parse(fetched.stdout)).toMatchObject({
        id: payment.id,
        status: 'succeeded',
        confirmations: 30,
        required_confirmations: 30,
      });
      expect(mock.violations).toEqual([]);
    } finally {
      receiver.stop();
      rmSync(folder, {recursive: true, force: true});
    }
  });
}

interface Received {
  verified: {id: string; type: string; data: {id: string; status: string}}[];
  rejected: string[];
}

/**
 * A minimal webhook receiver on a random loopback port: verifies each delivery
 * with the `standardwebhooks` package (raw body, signature, timestamp) before
 * parsing it, and answers 204, or 400 when verification fails.
 */
async function startReceiver() {
  const received: Received = {verified: [], rejected: []};
  let secret = '';
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    try {
      const event = new Webhook(secret).verify(
        raw,
        req.headers as Record<string, string>,
      ) as Received['verified'][number];
      if (event.id !== req.headers['webhook-id']) throw new Error('the body and webhook-id name different events');
      received.verified.push(event);
      res.writeHead(204).end();
    } catch (error) {
      received.rejected.push(String(error));
      res.writeHead(400).end();
    }
  };
  const server = createServer((req, res) => void receive(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/coinwharf`,
    received,
    useSecret: (value: string) => (secret = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('a receiver holding the wrong secret rejects every delivery, and list-failed-events finds them', async ({
  mock,
}) => {
  const receiver = await startReceiver();
  try {
    const registered = await runSample(
      'examples/api/register_webhook_endpoint.py',
      mockEnv(mock, {WEBHOOK_URL: receiver.url}),
    );
    expect(registered.code, registered.stderr).toBe(0);
    receiver.useSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'); // the spec's test vector, not this endpoint's secret
    const payment = parseOutput(await runSample('examples/api/create_payment.py', mockEnv(mock)));
    expect((await runSample('examples/api/simulate_payment.py', mockEnv(mock, {PAYMENT_ID: payment.id}))).code).toBe(0);
    expect(receiver.received.verified).toEqual([]);
    expect(receiver.received.rejected).toHaveLength(2);
    const failed = parseOutput(await runSample('examples/api/list_failed_events.py', mockEnv(mock)));
    expect(failed.data.map((e: any) => e.type).sort()).toEqual(['payment.pending', 'payment.succeeded']);
    expect(mock.violations).toEqual([]);
  } finally {
    await receiver.close();
  }
});
