import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect} from '@playwright/test';
import {Webhook} from 'standardwebhooks';
import {testSecretKey} from '../support/mock-api';
import {mockEnv, parseOutput, repoRoot, runSample, test} from '../support/run-sample';
import {recordUsage} from '../support/sample-usage';
import {readerEnvironment, TerminalSession, type CommandRun} from '../support/terminals';

// The quickstart done literally, as a person does it, in each language. The test
// reads docs/payments/quickstart.mdx and follows it from top to bottom:
// - each terminal the page names ("In terminal 2, with Python:") is a fresh
//   interactive bash in its own tmux window, starting in an empty home folder,
//   with nothing in its environment but a machine's (PATH with Node.js 24 and
//   Debian's Python, HOME, TERM) and COINWHARF_API_BASE pointing at the mock;
// - each one-line command the page shows is typed into the terminal it names,
//   in the page's order, and must end with status 0 (the prompt shows it);
// - each file the page shows (a ```lang file=examples/… fence: the built page shows
//   that file's text under that title) is saved, under the last part of its
//   title, in the folder terminal 1 is in at that point of the page.
// The only substitutions are the reader's own values in angle brackets (see
// `placeholders`) and the tunnel: with the mock on loopback, the tunnel's URL is
// the receiver's own, http://127.0.0.1:4242, and `ngrok` itself is not run.
// The flow must end with the mock's payment.succeeded delivered, verified and
// fulfilled once by the receiver the page started.

const page = 'docs/payments/quickstart.mdx';
const languages = ['curl', 'Node.js', 'Python'] as const;
type Language = (typeof languages)[number];
const languageOf: Record<string, Language> = {'.sh': 'curl', '.ts': 'Node.js', '.py': 'Python'};

/**
 * The line before every command block: "In terminal 1:", "In terminal 2 (Python):", and for the
 * steps of one path only, "With a tunnel, in terminal 2 (curl):" or "Without a tunnel, in terminal 1:".
 */
const marker = /^(?:(With|Without) a tunnel, in|In) (terminal \d)(?: \((curl|Node\.js|Python)\))?:$/;
type Path = 'with a tunnel' | 'without a tunnel';

type Item =
  | {kind: 'files'; files: string[]; line: number}
  | {kind: 'command'; terminal: string; language?: Language; path?: Path; text: string; line: number};

/** The page's files and commands, in its order. */
function readPage(source: string): Item[] {
  const lines = source.split('\n');
  const items: Item[] = [];
  let tabs: string[] | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (line === ':::code-tabs') {
      tabs = [];
      continue;
    }
    if (line === ':::' && tabs) {
      items.push({kind: 'files', files: tabs, line: i + 1});
      tabs = undefined;
      continue;
    }
    const fence = /^```(\w+)(.*)$/.exec(line);
    if (!fence) continue;
    const file = /\bfile=(examples\/\S+)/.exec(fence[2])?.[1];
    if (file) {
      if (tabs) tabs.push(file);
      else items.push({kind: 'files', files: [file], line: i + 1});
      i += 1; // the fence's closing line
      continue;
    }
    expect(fence[1], `${page}:${i + 1}: a code block that is no sample is a command`).toBe('bash');
    expect(lines[i + 2], `${page}:${i + 1}: a command block holds one line`).toBe('```');
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before -= 1;
    const said = marker.exec(lines[before] ?? '');
    if (!said) throw new Error(`${page}:${i + 1}: the command is not after "In terminal N:" (found ${lines[before]})`);
    items.push({
      kind: 'command',
      terminal: said[2],
      language: said[3] as Language | undefined,
      path: said[1] ? (`${said[1].toLowerCase()} a tunnel` as Path) : undefined,
      text: lines[i + 1],
      line: i + 2,
    });
    i += 2;
  }
  return items;
}

/**
 * What a reader of `language` does: every command for all languages; of a step's
 * commands for one language each (one after the other, for one terminal), the one
 * for their language, and a curl reader, who needs a receiver too, the Node.js
 * one where a step has no curl command; of each group of files, theirs, and
 * the Node.js file for a curl reader where there is no shell file.
 */
function plan(allItems: Item[], language: Language, path_: Path): Item[] {
  // A reader on one path skips the other's commands.
  const items = allItems.filter((item) => item.kind === 'files' || !item.path || item.path === path_);
  const chosen: Item[] = [];
  const pick = <T>(options: T[], languageOfOption: (option: T) => Language | undefined): T[] => {
    const mine = options.filter((option) => languageOfOption(option) === language);
    if (mine.length > 0 || language !== 'curl') return mine;
    return options.filter((option) => languageOfOption(option) === 'Node.js');
  };
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i];
    if (item.kind === 'files') {
      const files = pick(item.files, (file) => languageOf[path.extname(file)]);
      if (files.length > 0) chosen.push({...item, files});
      continue;
    }
    if (!item.language) {
      chosen.push(item);
      continue;
    }
    const step = [item];
    while (
      items[i + 1]?.kind === 'command' &&
      (items[i + 1] as {language?: Language}).language &&
      (items[i + 1] as {terminal: string}).terminal === item.terminal &&
      !step.some((s) => s.language === (items[i + 1] as {language?: Language}).language)
    ) {
      step.push(items[i + 1] as typeof item);
      i += 1;
    }
    chosen.push(...pick(step, (s) => s.language));
  }
  return chosen;
}

/** The receivers' port, which the page's commands use: no other flow may run at once. */
const receiverOrigin = 'http://127.0.0.1:4242';
/** A command that keeps running: a receiver. It is ready when it says so. */
const receiverCommand = /(?:^|\s)(?:express-receiver\.ts|flask_receiver\.py)$/;
const receiverReady = 'Listening for Coinwharf webhooks on http://127.0.0.1:4242/webhooks/coinwharf';

/** JSON objects the commands printed, newest last. */
function printedObjects(runs: CommandRun[]): any[] {
  return runs.flatMap((run) => {
    const start = run.output.indexOf('{');
    const end = run.output.lastIndexOf('}');
    if (start < 0 || end < start) return [];
    try {
      return [JSON.parse(run.output.slice(start, end + 1))];
    } catch {
      return [];
    }
  });
}

/** What a reader puts in place of each placeholder the page shows. */
function placeholders(runs: Run[]): Record<string, () => string> {
  const last = (what: string, test: (value: any) => boolean) => {
    const found = printedObjects(runs).reverse().find(test);
    if (!found) throw new Error(`No command printed ${what} yet`);
    return found;
  };
  return {
    '<your cw_test_ key>': () => testSecretKey,
    '<the pay_ id from the response>': () =>
      last('a payment', (o) => o.object === 'payment' && /^pay_/.test(o.id)).id as string,
    '<the whsec_ secret from the response>': () =>
      last('a webhook endpoint', (o) => o.object === 'webhook_endpoint').secret as string,
    '<the whsec_ secret terminal 1 printed>': () => {
      const printed = runs
        .filter((run) => run.terminal === 'terminal 1')
        .flatMap((run) => run.output.split('\n'))
        .reverse()
        .find((line) => /^whsec_\S+$/.test(line));
      if (!printed) throw new Error('Terminal 1 printed no whsec_ secret');
      return printed;
    },
    // ngrok's https URL; here the tunnel is the loopback itself.
    '<your tunnel URL>': () => receiverOrigin,
    'https://<your tunnel host>': () => receiverOrigin,
  };
}

function fill(text: string, runs: Run[]): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(placeholders(runs))) {
    if (filled.includes(placeholder)) filled = filled.replaceAll(placeholder, value());
  }
  const left = /<[^<>\s][^<>]*>/.exec(filled);
  if (left) throw new Error(`The test does not know what a reader puts in place of ${left[0]}`);
  return filled;
}

async function portIsFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const items = readPage(readFileSync(path.join(repoRoot, page), 'utf8'));

type Run = CommandRun & {terminal: string};

/** Follows the page as a reader of `language` on `path_` does, in fresh terminals. */
async function follow(session: TerminalSession, language: Language, path_: Path) {
  const runs: Run[] = [];
  let receiverTerminal: string | undefined;
  for (const item of plan(items, language, path_)) {
    if (item.kind === 'files') {
      const folder = (await session.terminal('terminal 1')).cwd();
      for (const file of item.files) {
        writeFileSync(path.join(folder, path.basename(file)), readFileSync(path.join(repoRoot, file)));
      }
      recordUsage(item.files);
      continue;
    }
    const text = fill(item.text, runs);
    if (/^ngrok\b/.test(text)) continue; // the tunnel: the mock reaches the receiver on loopback
    const terminal = await session.terminal(item.terminal);
    if (receiverCommand.test(text)) {
      terminal.type(text);
      // npx draws a spinner before the receiver's first line.
      await terminal.waitFor(new RegExp(`${receiverReady.replaceAll('.', '\\.')}\n`), 45_000, receiverReady);
      receiverTerminal = item.terminal;
      continue;
    }
    const run = {...(await terminal.run(text, 120_000)), terminal: item.terminal};
    runs.push(run);
    expect(run.exitCode, `${page}:${item.line}, ${item.terminal}: ${text}\n${session.transcript()}`).toBe(0);
  }
  expect(receiverTerminal, 'the page starts a receiver').toBeDefined();
  return {runs, receiver: await session.terminal(receiverTerminal!)};
}

/** A fresh home folder and terminals for one reader; removed afterwards. */
async function asReader(apiBase: string, body: (session: TerminalSession) => Promise<void>) {
  expect(await portIsFree(4242), 'port 4242, the quickstart receiver’s, is free').toBe(true);
  const work = mkdtempSync(path.join(tmpdir(), 'coinwharf-quickstart-'));
  const home = path.join(work, 'home');
  mkdirSync(home);
  const session = new TerminalSession(path.join(work, 'tmux'), home, readerEnvironment(apiBase));
  try {
    await body(session);
  } finally {
    session.close();
    rmSync(work, {recursive: true, force: true});
  }
  // Closing the terminals ends the receiver, which lets go of its port a moment later: the next flow
  // in this worker starts by checking that port.
  await expect
    .poll(() => portIsFree(4242), {
      message: 'port 4242 is free once the reader’s terminals are closed',
      timeout: 10_000,
    })
    .toBe(true);
}

// The real payment pays the demo order create-payment makes (order_ and 8 hex digits of its key); the
// signed test event pays no order, so it is keyed by its payment id.
const fulfilledLine = /^(evt_\w+) fulfilled (pay_\w+) for (order_[0-9a-f]{8}|pay_\w+): 25\.00 USDC on base$/;

test.describe('the quickstart, typed into terminals as the page says', () => {
  // The page's receiver listens on port 4242: one flow at a time.
  test.describe.configure({mode: 'default', timeout: 180_000});

  for (const language of languages) {
    test(`${language}, with a tunnel: from an empty home folder to a verified payment.succeeded, fulfilled once`, async ({
      mock,
    }) => {
      await asReader(mock.baseUrl, async (session) => {
        const {runs, receiver} = await follow(session, language, 'with a tunnel');

        // The receiver accepted the signed test event, signed with the secret pasted into terminal 2.
        const testEvent = runs.find((run) => /send[-_]test[-_]event/.test(run.command));
        expect(testEvent?.output).toMatch(/^evt_\w+ → 200 \{"received": ?true\}$/m);
        // The mock delivered the simulated payment's events to the registered URL, answered 2xx.
        const payment = printedObjects(runs).find((o) => o.object === 'payment');
        expect(mock.deliveries.slice(0, 2).map((d) => [d.type, d.url, d.ok])).toEqual([
          ['payment.pending', `${receiverOrigin}/webhooks/coinwharf`, true],
          ['payment.succeeded', `${receiverOrigin}/webhooks/coinwharf`, true],
        ]);
        const succeeded = mock.deliveries[1].eventId;
        const shown = receiver.text().split('\n');
        expect(shown.filter((line) => line.startsWith(`${succeeded} `))).toEqual([
          `${succeeded} fulfilled ${payment.id} for ${payment.reference}: 25.00 USDC on base`,
        ]);
        // "Try another outcome": a new payment, underpaid, is not fulfilled.
        const underpaid = printedObjects(runs).at(-1);
        expect(underpaid).toMatchObject({status: 'requires_action', labels: ['UNDER']});
        expect(underpaid.id).not.toBe(payment.id);
        expect(shown.filter((line) => fulfilledLine.test(line))).toHaveLength(2); // the test event and the payment
        expect(mock.violations).toEqual([]);
      });
    });
  }

  test('Python, without a tunnel: a throwaway secret pasted from terminal 1 to terminal 2, the test event fulfilled, the payment paid', async ({
    mock,
  }) => {
    await asReader(mock.baseUrl, async (session) => {
      const {runs, receiver} = await follow(session, 'Python', 'without a tunnel');
      const testEvent = runs.find((run) => /send_test_event/.test(run.command));
      const eventId = /^(evt_\w+) → 200 /m.exec(testEvent?.output ?? '')?.[1];
      expect(eventId, testEvent?.output).toBeDefined();
      expect(
        receiver
          .text()
          .split('\n')
          .filter((line) => line.startsWith(`${eventId} `)),
      ).toEqual([expect.stringMatching(fulfilledLine)]);
      // No endpoint is registered, so nothing is delivered; the API says the payment succeeded.
      expect(mock.deliveries).toEqual([]);
      const fetched = runs.find((run) => run.command === 'python3 get_payment.py');
      expect(printedObjects([fetched!])[0]).toMatchObject({status: 'succeeded'});
      expect(mock.violations).toEqual([]);
    });
  });
});

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
    // It hands each failed event to process_event(), which prints it as one line of JSON.
    const failed = await runSample('examples/api/list_failed_events.py', mockEnv(mock));
    expect(failed.code, failed.stderr).toBe(0);
    const events = failed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as {type: string});
    expect(events.map((e) => e.type).sort()).toEqual(['payment.pending', 'payment.succeeded']);
    expect(mock.violations).toEqual([]);
  } finally {
    await receiver.close();
  }
});
