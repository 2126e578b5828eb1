import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {require as tsxRequire} from 'tsx/cjs/api';
import type {EventStore} from '../../examples/webhooks/event-store';
import {POST} from '../../examples/webhooks/nextjs-route';
import {
  newEventId,
  newSecret,
  nowSeconds,
  paymentSucceeded,
  Receiver,
  runPythonJson,
  runScript,
  signedHeaders,
} from '../support/webhook-samples';

// The webhook receivers of the quickstart and the webhook guide,
// started the way a reader starts them and sent real signed deliveries:
//   examples/webhooks/express-receiver.ts   npx tsx, Express 5 + express.raw
//   examples/webhooks/fastify-receiver.ts   npx tsx, a Buffer content-type parser
//   examples/webhooks/flask_receiver.py     python3, request.get_data() + sqlite3
//   examples/webhooks/nextjs-route.ts       its POST(request) called with a Request
// They verify with examples/webhooks/verify-standardwebhooks.ts or verify.py,
// remember event ids with examples/webhooks/event-store.ts (Node) or a sqlite3
// PRIMARY KEY (Python), and fulfil with examples/webhooks/webhook-event.ts.
// examples/webhooks/send-test-event.ts and examples/webhooks/send_test_event.py
// are the scripts readers run against their local receiver.

const secret = newSecret();

// The receivers end with an `import.meta.url` main-module check, which this
// runner's CommonJS transform cannot load; tsx loads them as `npx tsx` does.
const {createApp: createExpressApp}: typeof import('../../examples/webhooks/express-receiver') = tsxRequire(
  '../../examples/webhooks/express-receiver.ts',
  __filename,
);
const {createApp: createFastifyApp}: typeof import('../../examples/webhooks/fastify-receiver') = tsxRequire(
  '../../examples/webhooks/fastify-receiver.ts',
  __filename,
);

interface Answer {
  status: number;
  body: any;
}

/** One receiver under test, whichever way it runs. */
interface Target {
  /** POSTs a delivery and returns the answer. */
  post(body: string, headers: Record<string, string>): Promise<Answer>;
  /** The stdout lines fulfil() printed for an event. */
  fulfilled(eventId: string): string[];
  /** How many times the store holds an event id (its unique constraint allows one). */
  recorded(eventId: string): Promise<number>;
  url?: string;
}

function processTarget(receiver: Receiver, recorded: (eventId: string) => Promise<number>): Target {
  return {
    url: receiver.url(),
    async post(body, headers) {
      const response = await fetch(receiver.url(), {method: 'POST', headers, body});
      return {status: response.status, body: await response.json()};
    },
    fulfilled: (eventId) => receiver.linesStartingWith(`${eventId} fulfilled`),
    recorded,
  };
}

/** Files the Node samples' FileEventStore created for an event id. */
const filesFor = (directory: string) => (eventId: string) =>
  Promise.resolve(readdirSync(directory).filter((file) => file === eventId).length);

/** Rows the Flask sample's sqlite3 table holds for an event id. */
const rowsFor = (database: string) => (eventId: string) =>
  runPythonJson(
    `import json, sqlite3, sys
q = json.load(sys.stdin)
print(json.dumps(sqlite3.connect(q["db"]).execute("SELECT COUNT(*) FROM processed_events WHERE event_id = ?", (q["id"],)).fetchone()[0]))`,
    {db: database, id: eventId},
  );

/** A delivery of a new payment.succeeded event, signed now. */
function delivery() {
  const eventId = newEventId();
  const body = paymentSucceeded(eventId);
  return {eventId, body, headers: signedHeaders(secret, eventId, nowSeconds(), body)};
}

/** The behaviours every receiver must show, whatever its framework. */
function receiverContract(name: string, target: () => Target) {
  test(`${name}: a signed payment.succeeded is answered 200 and fulfilled once`, async () => {
    const {eventId, body, headers} = delivery();
    const answer = await target().post(body, headers);
    expect(answer).toEqual({status: 200, body: {received: true}});
    await expect
      .poll(() => target().fulfilled(eventId))
      .toEqual([expect.stringMatching(/fulfilled pay_\w+ for order_1042: 25\.00 USDC on base$/)]);
    expect(await target().recorded(eventId)).toBe(1);
  });

  test(`${name}: the same delivery again is answered 200 but not fulfilled twice`, async () => {
    const first = delivery();
    expect((await target().post(first.body, first.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(first.eventId)).toHaveLength(1);

    const again = await target().post(first.body, first.headers);
    expect(again).toEqual({status: 200, body: {received: true, duplicate: true}});
    // A retry is signed again with a new timestamp; the webhook-id is what stays the same.
    const retry = await target().post(first.body, signedHeaders(secret, first.eventId, nowSeconds() + 1, first.body));
    expect(retry.status).toBe(200);

    // Output is ordered: once a later event's line is printed, a second line for the first would be too.
    const later = delivery();
    expect((await target().post(later.body, later.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(later.eventId)).toHaveLength(1);
    expect(target().fulfilled(first.eventId)).toHaveLength(1);
    expect(await target().recorded(first.eventId)).toBe(1);
  });

  test(`${name}: five simultaneous copies of one delivery are fulfilled once`, async () => {
    const {eventId, body, headers} = delivery();
    const answers = await Promise.all(Array.from({length: 5}, () => target().post(body, headers)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.duplicate === true)).toHaveLength(4);
    const later = delivery();
    await target().post(later.body, later.headers);
    await expect.poll(() => target().fulfilled(later.eventId)).toHaveLength(1);
    expect(target().fulfilled(eventId)).toHaveLength(1);
  });

  test(`${name}: a body changed after signing is answered 400 and not processed`, async () => {
    const {eventId, body, headers} = delivery();
    const answer = await target().post(
      body.replace('"25.00","currency":"USDC"}', '"95.00","currency":"USDC"}'),
      headers,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(expect.any(String));
    expect(await target().recorded(eventId)).toBe(0);
    expect(target().fulfilled(eventId)).toEqual([]);
  });

  test(`${name}: a delivery without a signature, or signed with another secret, is answered 400`, async () => {
    const {eventId, body, headers} = delivery();
    const {'webhook-signature': _signature, ...unsigned} = headers;
    expect((await target().post(body, unsigned)).status).toBe(400);
    expect((await target().post(body, signedHeaders(newSecret(), eventId, nowSeconds(), body))).status).toBe(400);
    expect((await target().post(body, signedHeaders(secret, eventId, nowSeconds() - 301, body))).status).toBe(400);
    expect(await target().recorded(eventId)).toBe(0);
  });

  test(`${name}: the raw bytes are verified, so re-serialised JSON is refused and signed whitespace is kept`, async () => {
    // The same event with other whitespace, as JSON.stringify(JSON.parse(body), null, 2) gives it.
    const {eventId, body, headers} = delivery();
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect((await target().post(reformatted, headers)).status).toBe(400);
    expect(await target().recorded(eventId)).toBe(0);

    // A body signed with spaces and newlines verifies only if the receiver keeps its bytes as they are.
    const pretty = delivery();
    const prettyBody = JSON.stringify(JSON.parse(pretty.body), null, 2);
    const answer = await target().post(prettyBody, signedHeaders(secret, pretty.eventId, nowSeconds(), prettyBody));
    expect(answer).toEqual({status: 200, body: {received: true}});
    await expect.poll(() => target().fulfilled(pretty.eventId)).toHaveLength(1);
  });
}

/** The sample scripts a reader runs against a local receiver. */
function sendTestEventContract(name: string, target: () => Target) {
  for (const script of ['examples/webhooks/send-test-event.ts', 'examples/webhooks/send_test_event.py']) {
    test(`${name}: ${script} delivers a signed event that is fulfilled, and --tamper is refused`, async () => {
      const eventId = newEventId();
      const send = (args: string[], env: Record<string, string>) =>
        runScript(script, [target().url!, ...args], {COINWHARF_WEBHOOK_SECRET: secret, ...env});
      const run = await send([], {EVENT_ID: eventId});
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`${eventId} → 200`);
      await expect.poll(() => target().fulfilled(eventId)).toHaveLength(1);

      const again = await send([], {EVENT_ID: eventId});
      expect(again.stdout).toContain('"duplicate":true');

      const tampered = await send(['--tamper'], {});
      expect(tampered.code).toBe(1);
      expect(tampered.stdout).toMatch(/→ 400 /);
      expect(target().fulfilled(eventId)).toHaveLength(1);
    });
  }

  test(`${name}: send-test-event.ts signed with another secret is refused`, async () => {
    const run = await runScript('examples/webhooks/send-test-event.ts', [target().url!], {
      COINWHARF_WEBHOOK_SECRET: newSecret(),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/→ 400 /);
  });
}

const processReceivers = [
  {
    name: 'Express',
    file: 'examples/webhooks/express-receiver.ts',
    ready: /Listening for Coinwharf webhooks on http:\/\/127\.0\.0\.1:(\d+)\//,
    store: 'directory',
  },
  {
    name: 'Fastify',
    file: 'examples/webhooks/fastify-receiver.ts',
    ready: /Listening for Coinwharf webhooks on http:\/\/127\.0\.0\.1:(\d+)\//,
    store: 'directory',
  },
  // Werkzeug prints its address on stderr once the socket is bound.
  {
    name: 'Flask',
    file: 'examples/webhooks/flask_receiver.py',
    ready: /Running on http:\/\/127\.0\.0\.1:(\d+)/,
    store: 'sqlite',
  },
] as const;

for (const {name, file, ready, store} of processReceivers) {
  test.describe(`${name} receiver (${file})`, () => {
    test.describe.configure({mode: 'serial', timeout: 120_000});
    let receiver: Receiver | undefined;
    let target: Target;
    let directory: string;

    test.beforeAll(async () => {
      directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-webhooks-'));
      const database = path.join(directory, 'processed_events.sqlite3');
      const env: Record<string, string> =
        store === 'directory' ? {PROCESSED_EVENTS_DIR: directory} : {PROCESSED_EVENTS_DB: database};
      receiver = await Receiver.start(file, {COINWHARF_WEBHOOK_SECRET: secret, ...env}, ready);
      target = processTarget(receiver, store === 'directory' ? filesFor(directory) : rowsFor(database));
    });

    test.afterAll(() => {
      receiver?.stop();
      rmSync(directory, {recursive: true, force: true});
    });

    receiverContract(name, () => target);
    sendTestEventContract(name, () => target);
  });
}

test.describe('Next.js route handler (examples/webhooks/nextjs-route.ts)', () => {
  test.describe.configure({mode: 'serial'});
  let directory: string;
  const printed: string[] = [];
  const realLog = console.log;
  const saved = {secret: process.env.COINWHARF_WEBHOOK_SECRET, directory: process.env.PROCESSED_EVENTS_DIR};

  test.beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-webhooks-'));
    process.env.COINWHARF_WEBHOOK_SECRET = secret;
    process.env.PROCESSED_EVENTS_DIR = directory;
    console.log = (...args: unknown[]) => printed.push(args.join(' '));
  });

  test.afterAll(() => {
    console.log = realLog;
    for (const [name, value] of [
      ['COINWHARF_WEBHOOK_SECRET', saved.secret],
      ['PROCESSED_EVENTS_DIR', saved.directory],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(directory, {recursive: true, force: true});
  });

  receiverContract('Next.js', () => ({
    async post(body, headers) {
      // What Next.js hands the handler of app/api/webhooks/coinwharf/route.ts.
      const response = await POST(
        new Request('http://127.0.0.1:3000/api/webhooks/coinwharf', {method: 'POST', headers, body}),
      );
      return {status: response.status, body: await response.json()};
    },
    fulfilled: (eventId) => printed.filter((line) => line.startsWith(`${eventId} fulfilled`)),
    recorded: filesFor(directory),
  }));
});

/** An EventStore that keeps ids in memory and logs each call; fine for a test, not for production. */
function spyStore(): EventStore & {calls: string[]} {
  const ids = new Set<string>();
  const calls: string[] = [];
  return {
    calls,
    recordOnce(eventId) {
      calls.push(`recordOnce ${eventId}`);
      if (ids.has(eventId)) return Promise.resolve(false);
      ids.add(eventId);
      return Promise.resolve(true);
    },
    forget(eventId) {
      calls.push(`forget ${eventId}`);
      ids.delete(eventId);
      return Promise.resolve();
    },
  };
}

/**
 * Runs `during` with fulfil() failing once, as when the order database is down for
 * a moment: fulfil() prints with console.log, so the first print throws and later
 * prints are kept. Returns the lines kept.
 */
async function withFulfilFailingOnce(during: () => Promise<void>): Promise<string[]> {
  const realLog = console.log;
  const kept: string[] = [];
  let failed = false;
  console.log = (...args: unknown[]) => {
    if (!failed) {
      failed = true;
      throw new Error('The order database is unavailable');
    }
    kept.push(args.join(' '));
  };
  try {
    await during();
  } finally {
    console.log = realLog;
  }
  return kept;
}

/** A retry of a delivery: the same webhook-id and body, signed again later. */
const retryOf = ({eventId, body}: {eventId: string; body: string}) => ({
  body,
  headers: signedHeaders(secret, eventId, nowSeconds() + 1, body),
});

test.describe('createApp(secret, store) of the Express and Fastify samples', () => {
  test('Express: when fulfil fails, the answer is 500, and the retry is answered 200 and fulfilled once', async () => {
    const store = spyStore();
    const app = createExpressApp(secret, store);
    app.set('env', 'test'); // Express's default error handler then keeps the stack trace out of the output
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const {port} = server.address() as AddressInfo;
      const post = (d: {body: string; headers: Record<string, string>}) =>
        fetch(`http://127.0.0.1:${port}/webhooks/coinwharf`, {method: 'POST', headers: d.headers, body: d.body});
      const first = delivery();
      const answers: {status: number; body: string}[] = [];
      const fulfilled = await withFulfilFailingOnce(async () => {
        for (const attempt of [first, retryOf(first)]) {
          const response = await post(attempt);
          answers.push({status: response.status, body: await response.text()});
        }
      });
      expect(answers.map((a) => a.status)).toEqual([500, 200]);
      expect(JSON.parse(answers[1].body)).toEqual({received: true});
      expect(store.calls).toEqual([
        `recordOnce ${first.eventId}`,
        `forget ${first.eventId}`,
        `recordOnce ${first.eventId}`,
      ]);
      expect(fulfilled).toEqual([
        expect.stringMatching(new RegExp(`^${first.eventId} fulfilled pay_\\w+ for order_1042: 25\\.00 USDC on base$`)),
      ]);
    } finally {
      server.close();
    }
  });

  test('Fastify: when fulfil fails, the answer is 500, and the retry is answered 200 and fulfilled once', async () => {
    const store = spyStore();
    const app = createFastifyApp(secret, store);
    try {
      const first = delivery();
      const answers: {status: number; body: unknown}[] = [];
      const fulfilled = await withFulfilFailingOnce(async () => {
        for (const attempt of [first, retryOf(first)]) {
          const response = await app.inject({
            method: 'POST',
            url: '/webhooks/coinwharf',
            headers: attempt.headers,
            payload: attempt.body,
          });
          answers.push({status: response.statusCode, body: response.json()});
        }
      });
      expect(answers.map((a) => a.status)).toEqual([500, 200]);
      expect(answers[1].body).toEqual({received: true});
      expect(store.calls).toEqual([
        `recordOnce ${first.eventId}`,
        `forget ${first.eventId}`,
        `recordOnce ${first.eventId}`,
      ]);
      expect(fulfilled).toEqual([
        expect.stringMatching(new RegExp(`^${first.eventId} fulfilled pay_\\w+ for order_1042: 25\\.00 USDC on base$`)),
      ]);
    } finally {
      await app.close();
    }
  });

  test('Fastify: JSON routes outside the webhook plugin still get parsed bodies', async () => {
    const app = createFastifyApp(secret, spyStore());
    app.post('/orders', (request) => ({parsed: request.body}));
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/orders',
        headers: {'content-type': 'application/json'},
        payload: '{"reference": "order_1042"}',
      });
      expect(response.json()).toEqual({parsed: {reference: 'order_1042'}});
    } finally {
      await app.close();
    }
  });
});
