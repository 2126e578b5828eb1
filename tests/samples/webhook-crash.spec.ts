// cspell:ignore zeroblob
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DatabaseSync} from 'node:sqlite';
import {expect, test} from '@playwright/test';
import {recordUsage} from '../support/sample-usage';
import {typeScriptCommand} from '../support/typescript-command';
import {newEventId, newSecret, nowSeconds, paymentSucceeded, signedHeaders} from '../support/webhook-samples';

// A receiver killed in the middle of fulfilling an event must fulfil it when Coinwharf
// retries: the event id and the order update are one transaction, so a crash keeps
// neither. Recording the id first and fulfilling afterwards, in two steps, loses the
// payment: the retry finds the id taken and does nothing.
//
// The crash is a real one, with no hook in the sample: an audit trigger on the fulfilments
// table (installed here, as a database administrator would) makes the order write
// slow, writing about 8 MB and then running a query that does not end. Once the
// database file has grown, the receiver is inside that write, and it is killed with
// SIGKILL (as the OOM killer or a lost machine does). The trigger is dropped, the
// receiver restarted on the same database, and the same event delivered again.

const secret = newSecret();
const repoRoot = path.resolve(__dirname, '../..');
const receivers = [
  {name: 'Express', file: 'examples/webhooks/express-receiver.ts'},
  {name: 'Fastify', file: 'examples/webhooks/fastify-receiver.ts'},
  {name: 'Flask', file: 'examples/webhooks/flask_receiver.py'},
];
const ready = /Listening for Coinwharf webhooks on http:\/\/127\.0\.0\.1:(\d+)\/webhooks\/coinwharf\n/;

/** A receiver process of its own group, so SIGKILL reaches it and anything it started. */
class Running {
  output = '';
  exited: Promise<void>;
  port = 0;
  private constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => child.on('exit', () => resolve()));
  }

  static async start(file: string, database: string): Promise<Running> {
    recordUsage([file]);
    const [command, args] = file.endsWith('.py') ? ['/usr/bin/python3', [file]] : typeScriptCommand(file);
    const env = {...process.env, COINWHARF_WEBHOOK_SECRET: secret, PORT: '0', PROCESSED_EVENTS_DB: database};
    const child = spawn(command, args, {cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true});
    const running = new Running(child);
    await expect.poll(() => ready.test(running.output), {timeout: 45_000}).toBe(true);
    running.port = Number(ready.exec(running.output)![1]);
    return running;
  }

  post(delivery: {body: string; headers: Record<string, string>}): Promise<Response> {
    return fetch(`http://127.0.0.1:${this.port}/webhooks/coinwharf`, {method: 'POST', ...delivery});
  }

  async kill(): Promise<void> {
    process.kill(-this.child.pid!, 'SIGKILL');
    await this.exited;
  }

  lines(prefix: string): string[] {
    return this.output.split('\n').filter((line) => line.startsWith(prefix));
  }
}

function query<T>(database: string, run: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(database);
  try {
    return run(db);
  } finally {
    db.close();
  }
}

const signed = (eventId: string, body: string) => ({body, headers: signedHeaders(secret, eventId, nowSeconds(), body)});

for (const {name, file} of receivers) {
  test(`${name} (${file}) killed while it writes the order: after a restart, the retry is fulfilled exactly once`, async () => {
    test.setTimeout(90_000);
    const directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-crash-'));
    const database = path.join(directory, 'webhooks.sqlite3');
    let receiver = await Running.start(file, database);
    try {
      // A first order, so the receiver has made its tables.
      const warmUpId = newEventId();
      expect((await receiver.post(signed(warmUpId, paymentSucceeded(warmUpId, 'order_1000')))).status).toBe(200);
      query(database, (db) =>
        db.exec(`
          CREATE TABLE digits (d INTEGER);
          INSERT INTO digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
          CREATE TABLE audit (entry BLOB);
          CREATE TRIGGER fulfilments_audit AFTER INSERT ON fulfilments BEGIN
            INSERT INTO audit SELECT zeroblob(8192) FROM digits a, digits b, digits c;
            SELECT count(*) FROM digits a, digits b, digits c, digits d, digits e, digits f, digits g, digits h, digits i, digits j;
          END;`),
      );
      const sizeBefore = statSync(database).size;

      const eventId = newEventId();
      const body = paymentSucceeded(eventId, 'order_1042');
      const answered = receiver.post(signed(eventId, body)).then(
        (response) => `answered ${response.status}`,
        () => 'no answer',
      );
      // The order write has begun once the audit rows spill into the file.
      await expect.poll(() => statSync(database).size - sizeBefore, {timeout: 30_000}).toBeGreaterThan(2_000_000);
      await receiver.kill();
      expect(await answered).toBe('no answer');

      // The administrator removes the trigger; opening the database rolls back what the killed process left.
      query(database, (db) => db.exec('DROP TRIGGER fulfilments_audit'));
      receiver = await Running.start(file, database);

      // Coinwharf retries: the same webhook-id and body, signed again.
      const retry = await receiver.post(signed(eventId, body));
      expect({status: retry.status, body: await retry.json()}).toEqual({status: 200, body: {received: true}});
      await expect
        .poll(() => receiver.lines(`${eventId} `))
        .toEqual([
          expect.stringMatching(new RegExp(`^${eventId} fulfilled pay_\\w+ for order_1042: 25\\.00 USDC on base$`)),
        ]);
      const again = await receiver.post(signed(eventId, body));
      expect(await again.json()).toEqual({received: true, duplicate: true});
      expect(
        query(database, (db) => ({
          processed: db.prepare('SELECT COUNT(*) AS n FROM processed_events WHERE event_id = ?').get(eventId),
          order: db.prepare('SELECT reference FROM fulfilments WHERE reference = ?').get('order_1042'),
          audit: db.prepare('SELECT COUNT(*) AS n FROM audit').get(),
        })),
      ).toEqual({
        processed: {n: 1},
        order: {reference: 'order_1042'},
        audit: {n: 0}, // the killed write left nothing behind
      });
    } finally {
      await receiver.kill().catch(() => undefined);
      rmSync(directory, {recursive: true, force: true});
    }
  });
}
