import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DatabaseSync} from 'node:sqlite';
import {expect, test} from '@playwright/test';
import {require as tsxRequire} from 'tsx/cjs/api';
import {EventStore} from '../../examples/webhooks/event-store';
import {
  newEventId,
  newSecret,
  nowSeconds,
  paymentSucceeded,
  Receiver,
  runScript,
  signedHeaders,
} from '../support/webhook-samples';
import {acceptsConnection} from '../support/tcp';

// The webhook receivers of the quickstart and the webhook guide,
// started the way a reader starts them and sent real signed deliveries:
//   examples/webhooks/express-receiver.ts   npx tsx, Express 5 + express.raw
//   examples/webhooks/fastify-receiver.ts   npx tsx, a Buffer content-type parser
//   examples/webhooks/flask_receiver.py     python3, request.get_data() + sqlite3
//   examples/webhooks/nextjs-route.ts       its POST(request) called with a Request
// They verify with examples/webhooks/verify-standardwebhooks.ts or verify.py, and
// write each event id and its effect on the orders in one SQLite transaction
// (examples/webhooks/event-store.ts and webhook-event.ts with node:sqlite; sqlite3 in Flask).
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
/** The Next.js route, loaded once the test has set COINWHARF_WEBHOOK_SECRET, as a server that has it does. */
type NextjsRoute = typeof import('../../examples/webhooks/nextjs-route');

/** Puts back the secret and database variables a test changed, as they were before it. */
function restoreEnv(saved: {secret: string | undefined; database: string | undefined}): void {
  for (const [name, value] of [
    ['COINWHARF_WEBHOOK_SECRET', saved.secret],
    ['PROCESSED_EVENTS_DB', saved.database],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** The one line each receiver prints, before it exits 2, for a secret that is missing or not whsec_ and base64. */
const missingSecretLine = 'Set COINWHARF_WEBHOOK_SECRET to your endpoint secret (whsec_…)';
const badSecretLine =
  "COINWHARF_WEBHOOK_SECRET: The webhook secret is empty or not base64 after whsec_: copy your endpoint's secret again";
/** A secret cut short by one character when copied, and one with a stray character: not base64. */
const badSecrets = [secret.slice(0, -1), secret.replace('whsec_', 'whsec_!')];

interface Answer {
  status: number;
  body: any;
}

/** One receiver under test, whichever way it runs. */
interface Target {
  /** POSTs a delivery and returns the answer. */
  post(body: string, headers: Record<string, string>): Promise<Answer>;
  /** The stdout lines the receiver printed about an event (each starts with its id). */
  printed(eventId: string): string[];
  /** The lines saying the event was fulfilled. */
  fulfilled(eventId: string): string[];
  /** How many times the database holds an event id (its PRIMARY KEY allows one). */
  recorded(eventId: string): Promise<number>;
  /** The database's fulfilments row for an order's reference: one for each order fulfilled. */
  order(reference: string): Promise<Record<string, unknown> | undefined>;
  url?: string;
}

/** Reads the receiver's SQLite database as a second connection would. */
function inDatabase<T>(file: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, {readOnly: true});
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const rowsFor = (file: string) => (eventId: string) =>
  Promise.resolve(
    inDatabase(
      file,
      (db) =>
        (db.prepare('SELECT COUNT(*) AS n FROM processed_events WHERE event_id = ?').get(eventId) as {n: number}).n,
    ),
  );
const orderIn = (file: string) => (reference: string) =>
  Promise.resolve(
    inDatabase(file, (db) => db.prepare('SELECT * FROM fulfilments WHERE reference = ?').get(reference) as any),
  );

function processTarget(receiver: Receiver, database: string): Target {
  return {
    url: receiver.url(),
    async post(body, headers) {
      const response = await fetch(receiver.url(), {method: 'POST', headers, body});
      return {status: response.status, body: await response.json()};
    },
    printed: (eventId) => receiver.linesStartingWith(`${eventId} `),
    fulfilled: (eventId) => receiver.linesStartingWith(`${eventId} fulfilled`),
    recorded: rowsFor(database),
    order: orderIn(database),
  };
}

let orders = 0;
/** A delivery of a new payment.succeeded event, signed now, for a new order unless one is named. */
function delivery(reference = `order_${3000 + (orders += 1)}`) {
  const eventId = newEventId();
  const body = paymentSucceeded(eventId, reference);
  return {eventId, body, headers: signedHeaders(secret, eventId, nowSeconds(), body)};
}

/** The payment an earlier delivery was about. */
const paymentIn = (earlier: {body: string}) => JSON.parse(earlier.body).data;

/**
 * A signed delivery of a new event of `type` about a payment: the payment of `earlier` if given,
 * else a new one, with `changes` to its fields. Amounts are Money objects, as the API sends them.
 */
function paymentEvent(type: string, changes: Record<string, unknown>, earlier?: {body: string}) {
  const eventId = newEventId();
  const payment = paymentIn(earlier ?? {body: paymentSucceeded(eventId, 'order_0')});
  const body = JSON.stringify({
    id: eventId,
    type,
    timestamp: '2025-01-01T10:40:00Z',
    data: {...payment, ...changes},
  });
  return {eventId, paymentId: payment.id as string, body, headers: signedHeaders(secret, eventId, nowSeconds(), body)};
}
const usdc = (amount: string) => ({amount, currency: 'USDC'});

/** The behaviours every receiver must show, whatever its framework. */
function receiverContract(name: string, target: () => Target) {
  test(`${name}: a signed payment.succeeded is answered 200 and fulfilled once`, async () => {
    const {eventId, body, headers} = delivery('order_1042');
    const answer = await target().post(body, headers);
    expect(answer).toEqual({status: 200, body: {received: true}});
    const paymentId = paymentIn({body}).id;
    await expect
      .poll(() => target().printed(eventId))
      .toEqual([`${eventId} fulfilled ${paymentId} for order_1042: 25.00 USDC on base`]);
    expect(await target().recorded(eventId)).toBe(1);
    expect(await target().order('order_1042')).toEqual({
      reference: 'order_1042',
      payment_id: JSON.parse(body).data.id,
    });
  });

  test(`${name}: a payment.succeeded over 100 kB (a payment paid in 1,500 transactions) is verified and fulfilled`, async () => {
    // Each event carries every transaction of its payment; a framework's default body limit (Express: 100 kB)
    // would refuse it with 413 before the check runs, at every retry.
    const transactions = Array.from({length: 1500}, (_, i) => ({
      hash: `0x${i.toString(16).padStart(64, '0')}`,
      amount: usdc('0.01'),
      confirmations: 30,
      block_height: 18_000_000 + i,
      seen_at: '2025-01-01T10:03:11Z',
    }));
    const many = paymentEvent('payment.succeeded', {reference: 'order_2100', transactions});
    expect(many.body.length).toBeGreaterThan(200_000);
    expect(await target().post(many.body, many.headers)).toEqual({status: 200, body: {received: true}});
    await expect.poll(() => target().fulfilled(many.eventId)).toHaveLength(1);
  });

  test(`${name}: an overpaid payment.succeeded is fulfilled and names the excess, to the last satoshi`, async () => {
    const overpaid = paymentEvent('payment.succeeded', {
      reference: 'order_2101',
      asset: 'BTC',
      network: 'bitcoin',
      labels: ['OVER'],
      amount_due: {amount: '0.00041234', currency: 'BTC'},
      amount_received: {amount: '0.00041235', currency: 'BTC'},
    });
    expect(await target().post(overpaid.body, overpaid.headers)).toEqual({status: 200, body: {received: true}});
    await expect
      .poll(() => target().printed(overpaid.eventId))
      .toEqual([
        `${overpaid.eventId} fulfilled ${overpaid.paymentId} for order_2101: 0.00041235 BTC on bitcoin; 0.00000001 BTC received over amount_due: run refund-overpayment, which refunds only what is still owed of it`,
      ]);
    expect(await target().order('order_2101')).toEqual({
      reference: 'order_2101',
      payment_id: overpaid.paymentId,
    });
  });

  test(`${name}: an underpaid payment you accepted is fulfilled, and the line says how short it was`, async () => {
    // POST /v1/payments/{id}/accept: the payment becomes succeeded and keeps the UNDER label.
    const accepted = paymentEvent('payment.succeeded', {
      reference: 'order_2102',
      labels: ['UNDER'],
      amount_received: usdc('20.00'),
    });
    expect((await target().post(accepted.body, accepted.headers)).status).toBe(200);
    await expect
      .poll(() => target().printed(accepted.eventId))
      .toEqual([
        `${accepted.eventId} fulfilled ${accepted.paymentId} for order_2102: 20.00 USDC on base, accepted 5.00 USDC short of the 25.00 USDC due`,
      ]);
  });

  test(`${name}: payments whose reference is "" are orders of their own, keyed by their ids, and each is fulfilled`, async () => {
    const first = paymentEvent('payment.succeeded', {reference: ''});
    const second = paymentEvent('payment.succeeded', {reference: ''});
    for (const event of [first, second]) expect((await target().post(event.body, event.headers)).status).toBe(200);
    await expect
      .poll(() => [...target().printed(first.eventId), ...target().printed(second.eventId)])
      .toEqual([
        `${first.eventId} fulfilled ${first.paymentId} for ${first.paymentId}: 25.00 USDC on base`,
        `${second.eventId} fulfilled ${second.paymentId} for ${second.paymentId}: 25.00 USDC on base`,
      ]);
    for (const {paymentId} of [first, second]) {
      expect(await target().order(paymentId)).toEqual({reference: paymentId, payment_id: paymentId});
    }
    expect(await target().order('')).toBeUndefined();
  });

  test(`${name}: a second payment for a paid order is to be refunded in full; the same payment again is not`, async () => {
    const first = paymentEvent('payment.succeeded', {reference: 'order_2103'});
    expect((await target().post(first.body, first.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(first.eventId)).toHaveLength(1);

    // The customer paid the same order again, with another payment.
    const second = paymentEvent('payment.succeeded', {reference: 'order_2103'});
    expect((await target().post(second.body, second.headers)).status).toBe(200);
    await expect
      .poll(() => target().printed(second.eventId))
      .toEqual([
        `${second.eventId} ${second.paymentId}: order_2103 is already paid by ${first.paymentId}, not fulfilled again; refund this payment in full (25.00 USDC)`,
      ]);

    // The first payment's success again, under another event id (a copy of the event, say).
    const again = paymentEvent('payment.succeeded', {}, first);
    expect((await target().post(again.body, again.headers)).status).toBe(200);
    await expect
      .poll(() => target().printed(again.eventId))
      .toEqual([
        `${again.eventId} ${first.paymentId}: order_2103 is already fulfilled by this payment, not fulfilled again`,
      ]);
    expect(await target().order('order_2103')).toEqual({
      reference: 'order_2103',
      payment_id: first.paymentId,
    });
  });

  test(`${name}: a payment.updated after success (OVER, funds came late) is never fulfilled again and names the excess`, async () => {
    const succeeded = paymentEvent('payment.succeeded', {reference: 'order_2077'});
    expect((await target().post(succeeded.body, succeeded.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(succeeded.eventId)).toHaveLength(1);

    const updated = paymentEvent(
      'payment.updated',
      {
        labels: ['OVER'],
        amount_received: usdc('27.50'),
        amount_pending: usdc('0.00'), // fields a receiver must take in its stride
        amount_refunded: usdc('0.00'),
        fee: usdc('0.28'),
        updated_at: '2025-01-01T10:40:00Z',
      },
      succeeded,
    );
    expect(await target().post(updated.body, updated.headers)).toEqual({status: 200, body: {received: true}});
    await expect
      .poll(() => target().printed(updated.eventId))
      .toEqual([
        `${updated.eventId} payment.updated for ${succeeded.paymentId}: still succeeded, not fulfilled again; 2.50 USDC received over amount_due: run refund-overpayment, which refunds only what is still owed of it`,
      ]);
    expect(target().fulfilled(updated.eventId)).toEqual([]);

    // Refunding the excess changes amount_refunded, which sends payment.updated again: the line still
    // holds, as it gives what was received over amount_due and leaves what is owed to refund-overpayment.
    const refunded = paymentEvent('payment.updated', {amount_refunded: usdc('2.50')}, updated);
    expect((await target().post(refunded.body, refunded.headers)).status).toBe(200);
    await expect
      .poll(() => target().printed(refunded.eventId))
      .toEqual([
        `${refunded.eventId} payment.updated for ${succeeded.paymentId}: still succeeded, not fulfilled again; 2.50 USDC received over amount_due: run refund-overpayment, which refunds only what is still owed of it`,
      ]);
    expect(await target().order('order_2077')).toEqual({
      reference: 'order_2077',
      payment_id: succeeded.paymentId,
    });
  });

  test(`${name}: payment.requires_action (UNDER or LATE) asks for your decision and fulfils nothing`, async () => {
    const under = paymentEvent('payment.requires_action', {
      reference: 'order_2104',
      status: 'requires_action',
      labels: ['UNDER'],
      amount_received: usdc('20.00'),
    });
    // Funds that reached the payment after it expired.
    const late = paymentEvent('payment.requires_action', {
      reference: 'order_2105',
      status: 'requires_action',
      labels: ['LATE'],
    });
    for (const event of [under, late]) expect((await target().post(event.body, event.headers)).status).toBe(200);
    await expect
      .poll(() => [...target().printed(under.eventId), ...target().printed(late.eventId)])
      .toEqual([
        `${under.eventId} ${under.paymentId} for order_2104 needs your decision (UNDER): 20.00 of 25.00 USDC received; it waits until you accept it or refund it in full`,
        `${late.eventId} ${late.paymentId} for order_2105 needs your decision (LATE): 25.00 of 25.00 USDC received; it waits until you accept it or refund it in full`,
      ]);
    expect(await target().order('order_2104')).toBeUndefined();
    expect(await target().order('order_2105')).toBeUndefined();
  });

  test(`${name}: late funds for an order another payment paid are to be refunded in full, not accepted`, async () => {
    // The first payment expired, a new payment paid order_2106, then late funds reached the first.
    const paid = paymentEvent('payment.succeeded', {reference: 'order_2106'});
    expect((await target().post(paid.body, paid.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(paid.eventId)).toHaveLength(1);
    const late = paymentEvent('payment.requires_action', {
      reference: 'order_2106',
      status: 'requires_action',
      labels: ['LATE'],
    });
    expect((await target().post(late.body, late.headers)).status).toBe(200);
    // More funds for it, still confirming, send payment.updated: the same advice.
    const more = paymentEvent('payment.updated', {amount_received: usdc('25.00'), amount_pending: usdc('3.00')}, late);
    expect((await target().post(more.body, more.headers)).status).toBe(200);
    await expect
      .poll(() => [...target().printed(late.eventId), ...target().printed(more.eventId)])
      .toEqual([
        `${late.eventId} ${late.paymentId} for order_2106 must be refunded (LATE): 25.00 of 25.00 USDC received; order_2106 is already paid by ${paid.paymentId}: refund these funds in full, do not accept`,
        `${more.eventId} payment.updated for ${late.paymentId}: still requires_action (LATE), 25.00 of 25.00 USDC received and 3.00 USDC confirming; order_2106 is already paid by ${paid.paymentId}: refund these funds in full, do not accept`,
      ]);
    expect(await target().order('order_2106')).toEqual({reference: 'order_2106', payment_id: paid.paymentId});
  });

  test(`${name}: a payment refunded in full while it required action, that late funds reopened, says what is left to refund`, async () => {
    // 20.00 USDC declined (refunded in full), then 25.00 USDC arrived late: 25.00 is what is left.
    const reopened = paymentEvent('payment.requires_action', {
      reference: 'order_2110',
      status: 'requires_action',
      labels: ['LATE', 'OVER'],
      amount_received: usdc('45.00'),
      amount_refunded: usdc('20.00'),
    });
    expect((await target().post(reopened.body, reopened.headers)).status).toBe(200);
    // Another payment paid the order meanwhile and is to be refunded: what it holds, less what was refunded.
    const first = paymentEvent('payment.succeeded', {reference: 'order_2111'});
    expect((await target().post(first.body, first.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(first.eventId)).toHaveLength(1);
    const twice = paymentEvent('payment.succeeded', {
      reference: 'order_2111',
      labels: ['LATE', 'OVER'],
      amount_received: usdc('45.00'),
      amount_refunded: usdc('20.00'),
    });
    expect((await target().post(twice.body, twice.headers)).status).toBe(200);
    await expect
      .poll(() => [...target().printed(reopened.eventId), ...target().printed(twice.eventId)])
      .toEqual([
        `${reopened.eventId} ${reopened.paymentId} for order_2110 needs your decision (LATE, OVER): 45.00 of 25.00 USDC received (20.00 USDC of it refunded, 25.00 USDC left to refund); it waits until you accept it or refund it in full`,
        `${twice.eventId} ${twice.paymentId}: order_2111 is already paid by ${first.paymentId}, not fulfilled again; refund this payment in full (25.00 USDC)`,
      ]);
  });

  test(`${name}: an old payment.requires_action of a payment that has since succeeded no longer needs a decision`, async () => {
    // You accepted its funds: payment.succeeded came first, then the older payment.requires_action.
    const accepted = paymentEvent('payment.succeeded', {
      reference: 'order_2112',
      labels: ['UNDER'],
      amount_received: usdc('20.00'),
    });
    expect((await target().post(accepted.body, accepted.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(accepted.eventId)).toHaveLength(1);
    const older = paymentEvent('payment.requires_action', {status: 'requires_action'}, accepted);
    expect((await target().post(older.body, older.headers)).status).toBe(200);
    await expect
      .poll(() => target().printed(older.eventId))
      .toEqual([
        `${older.eventId} ${accepted.paymentId} for order_2112 no longer needs a decision (UNDER): 20.00 of 25.00 USDC received; it has since succeeded and fulfilled order_2112: nothing to decide`,
      ]);
  });

  test(`${name}: payment.updated of a payment still pending or requiring action says so, and never "not fulfilled again"`, async () => {
    const pending = paymentEvent('payment.updated', {
      reference: 'order_2107',
      status: 'pending',
      amount_received: usdc('0.00'),
      amount_pending: usdc('25.00'),
    });
    const under = paymentEvent('payment.updated', {
      reference: 'order_2108',
      status: 'requires_action',
      labels: ['UNDER'],
      amount_received: usdc('20.00'),
      amount_pending: usdc('0.00'),
    });
    for (const event of [pending, under]) expect((await target().post(event.body, event.headers)).status).toBe(200);
    await expect
      .poll(() => [...target().printed(pending.eventId), ...target().printed(under.eventId)])
      .toEqual([
        `${pending.eventId} payment.updated for ${pending.paymentId}: still pending, 0.00 of 25.00 USDC received and 25.00 USDC confirming; fulfilled only on payment.succeeded`,
        `${under.eventId} payment.updated for ${under.paymentId}: still requires_action (UNDER), 20.00 of 25.00 USDC received and 0.00 USDC confirming; it waits until you accept it or refund it in full`,
      ]);
    expect(await target().order('order_2107')).toBeUndefined();
    expect(await target().order('order_2108')).toBeUndefined();
  });

  test(`${name}: late funds accepted below amount_due are fulfilled, and the line says how short, with or without UNDER`, async () => {
    const accepted = paymentEvent('payment.succeeded', {
      reference: 'order_2109',
      labels: ['LATE'],
      amount_received: usdc('24.00'),
    });
    expect((await target().post(accepted.body, accepted.headers)).status).toBe(200);
    await expect
      .poll(() => target().printed(accepted.eventId))
      .toEqual([
        `${accepted.eventId} fulfilled ${accepted.paymentId} for order_2109: 24.00 USDC on base, accepted 1.00 USDC short of the 25.00 USDC due`,
      ]);
  });

  test(`${name}: a payment accepted after a declined refund is short or over by what was kept, not what was received`, async () => {
    // 20.00 of 25.00 USDC arrived and was refunded (declined); 10.00 USDC arrived late and was
    // accepted: 10.00 kept, 15.00 short, nothing to refund.
    const short = paymentEvent('payment.succeeded', {
      reference: 'order_2113',
      labels: ['LATE', 'OVER'],
      amount_received: usdc('30.00'),
      amount_refunded: usdc('20.00'),
    });
    // 20.00 refunded (declined), then 30.00 late and accepted: 30.00 kept, 5.00 over amount_due.
    const over = paymentEvent('payment.succeeded', {
      reference: 'order_2114',
      labels: ['LATE', 'OVER'],
      amount_received: usdc('50.00'),
      amount_refunded: usdc('20.00'),
    });
    for (const event of [short, over]) expect((await target().post(event.body, event.headers)).status).toBe(200);
    await expect
      .poll(() => [...target().printed(short.eventId), ...target().printed(over.eventId)])
      .toEqual([
        `${short.eventId} fulfilled ${short.paymentId} for order_2113: 10.00 USDC on base (30.00 USDC received, 20.00 USDC of it refunded before you accepted it), accepted 15.00 USDC short of the 25.00 USDC due`,
        `${over.eventId} fulfilled ${over.paymentId} for order_2114: 30.00 USDC on base (50.00 USDC received, 20.00 USDC of it refunded before you accepted it); 5.00 USDC received over amount_due: run refund-overpayment, which refunds only what is still owed of it`,
      ]);
  });

  test(`${name}: refund.failed says what was not returned and what to do; refund.succeeded needs nothing`, async () => {
    const refundEvent = (type: string, status: string) => {
      const eventId = newEventId();
      const body = JSON.stringify({
        id: eventId,
        type,
        timestamp: '2025-01-01T11:00:00Z',
        data: {
          id: 'rf_6Nc1VbT8kW3qHs5LmZ0dJx2P',
          object: 'refund',
          livemode: false,
          payment: 'pay_2x7Q9mKfR4sLw8NvB3hTzYcE',
          status,
          amount: usdc('2.50'),
          reason: 'overpayment',
          asset: 'USDC',
          network: 'base',
          address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
          transaction_hash: null,
          network_fee: null,
          created_at: '2025-01-01T10:50:00Z',
          updated_at: '2025-01-01T11:00:00Z',
        },
      });
      return {eventId, body, headers: signedHeaders(secret, eventId, nowSeconds(), body)};
    };
    const failed = refundEvent('refund.failed', 'failed');
    const succeeded = refundEvent('refund.succeeded', 'succeeded');
    for (const event of [failed, succeeded]) expect((await target().post(event.body, event.headers)).status).toBe(200);
    await expect
      .poll(() => [...target().printed(failed.eventId), ...target().printed(succeeded.eventId)])
      .toEqual([
        `${failed.eventId} refund.failed for rf_6Nc1VbT8kW3qHs5LmZ0dJx2P of pay_2x7Q9mKfR4sLw8NvB3hTzYcE: 2.50 USDC to 0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42 on base not returned; confirm the address with the customer and refund again`,
        `${succeeded.eventId} refund.succeeded for rf_6Nc1VbT8kW3qHs5LmZ0dJx2P: nothing to do`,
      ]);
  });

  test(`${name}: the same delivery again is answered 200 but not fulfilled twice`, async () => {
    const first = delivery();
    expect((await target().post(first.body, first.headers)).status).toBe(200);
    await expect.poll(() => target().fulfilled(first.eventId)).toHaveLength(1);

    const again = await target().post(first.body, first.headers);
    expect(again).toEqual({status: 200, body: {received: true, duplicate: true}});
    await expect
      .poll(() => target().printed(first.eventId))
      .toContain(`${first.eventId} already processed: answered 200, nothing done`);
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
    // The refusal is printed, so a reader watching the receiver sees why.
    await expect.poll(() => target().printed(eventId)).toEqual([`${eventId} refused with 400: ${answer.body.error}`]);
    expect(target().fulfilled(eventId)).toEqual([]);
  });

  test(`${name}: the troubleshooting check, an unsigned '{}' with no webhook headers, is answered 400 and printed as refused`, async () => {
    // The webhook guide's check that an endpoint is reachable, as the guide words it.
    const guide = readFileSync('docs/payments/webhook-guide.mdx', 'utf8').replace(/\s+/g, ' ');
    expect(guide).toContain("`curl -i -X POST -H 'content-type: application/json' -d '{}' '<your endpoint URL>'`");
    expect(guide).toContain('Your receiver must answer `400` and print `(no webhook-id) refused with 400:`');
    const answer = await target().post('{}', {'content-type': 'application/json'});
    expect(answer.status).toBe(400);
    await expect
      .poll(() => target().printed('(no webhook-id)'))
      .toEqual([`(no webhook-id) refused with 400: ${answer.body.error}`]);
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
      // The flag before the URL, as a reader may type it, is a flag, not the URL.
      const flagFirst = await runScript(script, ['--tamper', target().url!], {COINWHARF_WEBHOOK_SECRET: secret});
      expect(flagFirst.stdout).toMatch(/→ 400 /);
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
  },
  {name: 'Fastify', file: 'examples/webhooks/fastify-receiver.ts'},
  {name: 'Flask', file: 'examples/webhooks/flask_receiver.py'},
] as const;
/** What each receiver prints once its socket is bound. */
const ready = /Listening for Coinwharf webhooks on http:\/\/127\.0\.0\.1:(\d+)\/webhooks\/coinwharf\n/;

for (const {name, file} of processReceivers) {
  test.describe(`${name} receiver (${file})`, () => {
    test.describe.configure({mode: 'serial', timeout: 120_000});
    let receiver: Receiver | undefined;
    let target: Target;
    let directory: string;

    test.beforeAll(async () => {
      directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-webhooks-'));
      const database = path.join(directory, 'webhooks.sqlite3');
      receiver = await Receiver.start(file, {COINWHARF_WEBHOOK_SECRET: secret, PROCESSED_EVENTS_DB: database}, ready);
      target = processTarget(receiver, database);
    });

    test.afterAll(() => {
      receiver?.stop();
      rmSync(directory, {recursive: true, force: true});
    });

    receiverContract(name, () => target);
    sendTestEventContract(name, () => target);

    test(`${name}: listens on this machine's 127.0.0.1 only, as it prints: its port on ::1 refuses`, async () => {
      expect(await acceptsConnection('127.0.0.1', receiver!.port)).toBe(true);
      expect(await acceptsConnection('::1', receiver!.port)).toBe(false);
    });
  });
}

test.describe('Next.js route handler (examples/webhooks/nextjs-route.ts)', () => {
  test.describe.configure({mode: 'serial'});
  let directory: string;
  let database: string;
  const printed: string[] = [];
  const realLog = console.log;
  const saved = {secret: process.env.COINWHARF_WEBHOOK_SECRET, database: process.env.PROCESSED_EVENTS_DB};
  let POST: NextjsRoute['POST'];

  test.beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-webhooks-'));
    database = path.join(directory, 'webhooks.sqlite3');
    process.env.COINWHARF_WEBHOOK_SECRET = secret;
    process.env.PROCESSED_EVENTS_DB = database;
    console.log = (...args: unknown[]) => printed.push(args.join(' '));
    ({POST} = tsxRequire('../../examples/webhooks/nextjs-route.ts', __filename) as NextjsRoute);
  });

  test.afterAll(() => {
    console.log = realLog;
    restoreEnv(saved);
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
    printed: (eventId) => printed.filter((line) => line.startsWith(`${eventId} `)),
    fulfilled: (eventId) => printed.filter((line) => line.startsWith(`${eventId} fulfilled`)),
    recorded: rowsFor(database),
    order: orderIn(database),
  }));

  test('saved in a Next.js app as its comment says, the route finds the files it imports and fulfils a delivery', async () => {
    // The comment at the top of the sample is what a reader follows: where route.ts goes, and where its imports go.
    const source = readFileSync('examples/webhooks/nextjs-route.ts', 'utf8');
    const comment = source
      .split('\n')
      .filter((line) => line.startsWith('//'))
      .map((line) => line.slice(3))
      .join(' ');
    const routeFile = /Save it as (\S+\/route\.ts);/.exec(comment)?.[1];
    const helpers = /Save the three files it imports next to it, in (\S+)\/: (\S+), (\S+) and (\S+)\./.exec(comment);
    expect(routeFile).toBe('app/api/webhooks/coinwharf/route.ts');
    expect(helpers?.[1]).toBe(path.dirname(routeFile!));
    const helperFiles = helpers!.slice(2, 5);
    expect(helperFiles.map((file) => `./${path.basename(file, '.ts')}`).sort()).toEqual(
      [...source.matchAll(/^import .* from '(\.\/[^']+)';$/gm)].map((match) => match[1]).sort(),
    );

    const app = mkdtempSync(path.join(tmpdir(), 'coinwharf-nextjs-'));
    try {
      symlinkSync(path.resolve('node_modules'), path.join(app, 'node_modules')); // what npm install gives the app
      for (const folder of [path.dirname(routeFile!), helpers![1]])
        mkdirSync(path.join(app, folder), {recursive: true});
      copyFileSync('examples/webhooks/nextjs-route.ts', path.join(app, routeFile!));
      for (const file of helperFiles) copyFileSync(`examples/webhooks/${file}`, path.join(app, helpers![1], file));
      const saved: NextjsRoute = tsxRequire(path.join(app, routeFile!), __filename);

      const {eventId, body, headers} = delivery('order_3200');
      const response = await saved.POST(
        new Request('http://127.0.0.1:3000/api/webhooks/coinwharf', {method: 'POST', headers, body}),
      );
      expect({status: response.status, body: await response.json()}).toEqual({status: 200, body: {received: true}});
      expect(printed.filter((line) => line.startsWith(`${eventId} `))).toEqual([
        `${eventId} fulfilled ${paymentIn({body}).id} for order_3200: 25.00 USDC on base`,
      ]);
    } finally {
      rmSync(app, {recursive: true, force: true});
    }
  });
});

/** A retry of a delivery: the same webhook-id and body, signed again later. */
const retryOf = ({eventId, body}: {eventId: string; body: string}) => ({
  body,
  headers: signedHeaders(secret, eventId, nowSeconds() + 1, body),
});

/**
 * Makes the next order write fail, as a constraint or a full disk does: a trigger on
 * the receiver's database that raises. Returns a function that removes it.
 */
function failOrderWrites(file: string): () => void {
  const db = new DatabaseSync(file);
  db.exec(`CREATE TRIGGER fulfilments_unavailable BEFORE INSERT ON fulfilments
           BEGIN SELECT RAISE(ABORT, 'The fulfilments table is unavailable'); END`);
  return () => {
    db.exec('DROP TRIGGER fulfilments_unavailable');
    db.close();
  };
}

test.describe('createApp(secret, store) of the Express and Fastify samples', () => {
  let directory: string;
  let database: string;
  test.beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-webhooks-'));
    database = path.join(directory, 'webhooks.sqlite3');
  });
  test.afterEach(() => rmSync(directory, {recursive: true, force: true}));

  /** Posts a delivery that fails while the order is written, then its retry once the database works. */
  async function failThenRetry(post: (d: {body: string; headers: Record<string, string>}) => Promise<number>) {
    const first = delivery('order_3100');
    const printed: string[] = [];
    const realLog = console.log;
    console.log = (...args: unknown[]) => printed.push(args.join(' '));
    const statuses: number[] = [];
    try {
      const repair = failOrderWrites(database);
      statuses.push(await post(first));
      expect(await rowsFor(database)(first.eventId)).toBe(0); // the id was rolled back with the order
      repair();
      statuses.push(await post(retryOf(first)));
    } finally {
      console.log = realLog;
    }
    expect(statuses).toEqual([500, 200]);
    expect(printed.filter((line) => line.startsWith(`${first.eventId} fulfilled`))).toEqual([
      expect.stringMatching(new RegExp(`^${first.eventId} fulfilled pay_\\w+ for order_3100: 25\\.00 USDC on base$`)),
    ]);
    expect(await rowsFor(database)(first.eventId)).toBe(1);
    expect(await orderIn(database)('order_3100')).toMatchObject({reference: 'order_3100'});
  }

  test('Express: when the order write fails, nothing is kept and the answer is 500; the retry is answered 200 and fulfilled once', async () => {
    const app = createExpressApp(secret, new EventStore(database));
    app.set('env', 'test'); // Express's default error handler then keeps the stack trace out of the output
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const {port} = server.address() as AddressInfo;
      await failThenRetry(
        async (d) =>
          (
            await fetch(`http://127.0.0.1:${port}/webhooks/coinwharf`, {
              method: 'POST',
              headers: d.headers,
              body: d.body,
            })
          ).status,
      );
    } finally {
      server.close();
    }
  });

  test('Fastify: when the order write fails, nothing is kept and the answer is 500; the retry is answered 200 and fulfilled once', async () => {
    const app = createFastifyApp(secret, new EventStore(database));
    try {
      await failThenRetry(
        async (d) =>
          (await app.inject({method: 'POST', url: '/webhooks/coinwharf', headers: d.headers, payload: d.body}))
            .statusCode,
      );
    } finally {
      await app.close();
    }
  });

  test('Fastify: JSON routes outside the webhook plugin still get parsed bodies', async () => {
    const app = createFastifyApp(secret, new EventStore(database));
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

test('the Node.js receivers apply events with examples/webhooks/webhook-event.ts, through the store, as the pages show them', () => {
  const importsOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/^import [^;]*? from '(\.\/[^']+)';$/gm)].map((match) => match[1]).sort();
  expect(importsOf('examples/webhooks/event-store.ts')).toEqual(['./webhook-event']);
  for (const receiver of ['express-receiver', 'fastify-receiver', 'nextjs-route']) {
    expect(importsOf(`examples/webhooks/${receiver}.ts`), receiver).toEqual(
      expect.arrayContaining(['./event-store', './verify-standardwebhooks', './webhook-event']),
    );
  }
});

test.describe('a secret that is missing, or not whsec_ and base64, stops each receiver at start-up, not at every delivery', () => {
  test.describe.configure({timeout: 120_000});

  for (const {name, file} of processReceivers) {
    test(`${name} (${file}) prints one line saying what to fix and exits 2, before it opens its database or listens`, async () => {
      const directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-webhooks-'));
      const database = path.join(directory, 'webhooks.sqlite3');
      try {
        for (const [bad, line] of [
          ...badSecrets.map((bad) => [bad, badSecretLine]),
          [undefined, missingSecretLine],
        ] as const) {
          const env: Record<string, string> = {PORT: '0', PROCESSED_EVENTS_DB: database};
          if (bad !== undefined) env.COINWHARF_WEBHOOK_SECRET = bad;
          const run = await runScript(file, [], env, 30_000); // a receiver that starts anyway is stopped
          expect({code: run.code, stdout: run.stdout, stderr: run.stderr}, bad).toEqual({
            code: 2,
            stdout: '',
            stderr: `${line}\n`,
          });
          expect(existsSync(database), bad).toBe(false);
        }
      } finally {
        rmSync(directory, {recursive: true, force: true});
      }
    });
  }

  test('createApp(secret, store) of Express and Fastify refuses a bad secret when the app is made', () => {
    const store = {} as EventStore; // never reached
    for (const createApp of [createExpressApp, createFastifyApp])
      for (const bad of badSecrets) expect(() => createApp(bad, store)).toThrow(badSecretLine);
  });

  test('the Next.js route loads without a good secret, as `next build` loads it, and throws that line at its first delivery (a 500, which Coinwharf retries)', async () => {
    const saved = {secret: process.env.COINWHARF_WEBHOOK_SECRET, database: process.env.PROCESSED_EVENTS_DB};
    const directory = mkdtempSync(path.join(tmpdir(), 'coinwharf-nextjs-'));
    process.env.PROCESSED_EVENTS_DB = path.join(directory, 'webhooks.sqlite3');
    try {
      symlinkSync(path.resolve('node_modules'), path.join(directory, 'node_modules'));
      for (const file of ['event-store.ts', 'verify-standardwebhooks.ts', 'webhook-event.ts'])
        copyFileSync(`examples/webhooks/${file}`, path.join(directory, file));
      let copies = 0;
      /** Loads a fresh copy of the route, as Next.js does in a new server, with this secret, and posts a delivery to it. */
      const deliver = (value: string | undefined) => {
        if (value === undefined) delete process.env.COINWHARF_WEBHOOK_SECRET;
        else process.env.COINWHARF_WEBHOOK_SECRET = value;
        const route = path.join(directory, `route-${(copies += 1)}.ts`);
        copyFileSync('examples/webhooks/nextjs-route.ts', route);
        let POST: NextjsRoute['POST'] | undefined;
        expect(() => ({POST} = tsxRequire(route, __filename) as NextjsRoute), `loading with ${value}`).not.toThrow();
        return POST!(new Request('http://127.0.0.1:3000/api/webhooks/coinwharf', {method: 'POST', body: '{}'}));
      };
      for (const bad of badSecrets) await expect(deliver(bad), bad).rejects.toThrow(badSecretLine);
      await expect(deliver(undefined)).rejects.toThrow(missingSecretLine);
      // With the secret right, the same unsigned delivery is refused as unsigned: the check passed.
      expect((await deliver(secret)).status).toBe(400);
    } finally {
      restoreEnv(saved);
      rmSync(directory, {recursive: true, force: true});
    }
  });
});
