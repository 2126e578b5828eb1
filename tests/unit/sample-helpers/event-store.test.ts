import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DatabaseSync} from 'node:sqlite';
import {expect, test} from 'vitest';
import {EventStore} from '../../../examples/webhooks/event-store';
import {minus, type CoinwharfEvent} from '../../../examples/webhooks/webhook-event';

// The two modules every Node.js receiver sample shares: event-store.ts records an
// event id and applies the event (webhook-event.ts) in one SQLite transaction.
// The receivers run as servers in webhook-receivers.spec.ts, and are killed
// mid-transaction in tests/samples/webhook-crash.spec.ts.

const payment = {
  id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb',
  object: 'payment',
  status: 'succeeded',
  reference: 'order_1042',
  network: 'base',
  labels: [] as string[],
  amount_due: {amount: '25.00', currency: 'USDC'},
  amount_received: {amount: '25.00', currency: 'USDC'},
  amount_pending: {amount: '0.00', currency: 'USDC'},
  amount_refunded: {amount: '0.00', currency: 'USDC'},
  updated_at: '2025-01-01T10:04:12Z',
};
/** The same payment after 2.50 USDC more arrived, later. */
const overLater = {
  ...payment,
  labels: ['OVER'],
  amount_received: {amount: '27.50', currency: 'USDC'},
  updated_at: '2025-01-01T10:30:00Z',
};
const event = (id: string, type: string, data: object = payment) =>
  ({id, type, timestamp: '2025-01-01T10:04:12Z', data}) as CoinwharfEvent;

/** Runs `body` with a new database file, removed afterwards. */
function withDatabase(body: (file: string) => void): void {
  const directory = mkdtempSync(path.join(tmpdir(), 'event-store-'));
  try {
    body(path.join(directory, 'webhooks.sqlite3'));
  } finally {
    rmSync(directory, {recursive: true, force: true});
  }
}

const rows = (file: string, sql: string) => {
  const db = new DatabaseSync(file, {readOnly: true});
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

test('minus() subtracts decimal strings exactly, whatever their places', () => {
  expect(minus('27.50', '25.00')).toBe('2.50');
  expect(minus('0.00041234', '0.0004')).toBe('0.00001234');
  expect(minus('25', '25.00')).toBe('0.00');
  expect(minus('25.00', '27.5')).toBe('-2.50');
  expect(minus('100000000000000000000.000000000000000001', '0.000000000000000001')).toBe(
    '100000000000000000000.000000000000000000',
  );
  expect(minus('3', '1')).toBe('2');
});

test('processOnce records an id once and marks the order paid; a repeat returns null and changes nothing', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    expect(store.processOnce('evt_1', event('evt_1', 'payment.succeeded'))).toBe(
      'evt_1 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042: 25.00 USDC on base',
    );
    const other = event('evt_1', 'payment.succeeded', {...payment, reference: 'order_9'});
    expect(store.processOnce('evt_1', other)).toBe(null);
    expect(rows(file, 'SELECT event_id FROM processed_events')).toEqual([{event_id: 'evt_1'}]);
    expect(rows(file, 'SELECT * FROM fulfilments')).toEqual([
      {reference: 'order_1042', payment_id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'},
    ]);
  }));

test('when applying the event throws, neither the id nor the order is kept, and the next try succeeds', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const admin = new DatabaseSync(file);
    admin.exec(`CREATE TRIGGER fail BEFORE INSERT ON fulfilments BEGIN SELECT RAISE(ABORT, 'orders are locked'); END`);
    expect(() => store.processOnce('evt_2', event('evt_2', 'payment.succeeded'))).toThrow('orders are locked');
    expect(rows(file, 'SELECT * FROM processed_events')).toEqual([]);
    admin.exec('DROP TRIGGER fail');
    admin.close();
    expect(store.processOnce('evt_2', event('evt_2', 'payment.succeeded'))).toMatch(/^evt_2 fulfilled /);
    expect(rows(file, 'SELECT reference FROM fulfilments')).toEqual([{reference: 'order_1042'}]);
  }));

test('two connections to one database, as two processes have, still record an id once', () =>
  withDatabase((file) => {
    const first = new EventStore(file);
    const second = new EventStore(file);
    expect(first.processOnce('evt_3', event('evt_3', 'payment.succeeded'))).not.toBeNull();
    expect(second.processOnce('evt_3', event('evt_3', 'payment.succeeded'))).toBeNull();
  }));

test('payment.updated never fulfils; with OVER it names the excess from the event, and each event says only what it holds', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    store.processOnce('evt_4', event('evt_4', 'payment.succeeded'));
    expect(store.processOnce('evt_5', event('evt_5', 'payment.updated', overLater))).toBe(
      'evt_5 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still succeeded, not fulfilled again; 2.50 USDC received over amount_due: run refund-overpayment, which refunds only what is still owed of it',
    );
    // A refund of the excess changes amount_refunded and sends payment.updated: the line still gives what
    // was received over amount_due, and leaves what is left of it to refund-overpayment, run at refund time.
    const partlyRefunded = {...overLater, amount_refunded: {amount: '1.00', currency: 'USDC'}};
    expect(store.processOnce('evt_6', event('evt_6', 'payment.updated', partlyRefunded))).toBe(
      'evt_6 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still succeeded, not fulfilled again; 2.50 USDC received over amount_due: run refund-overpayment, which refunds only what is still owed of it',
    );
    const refundedOnly = {...payment, amount_refunded: {amount: '5.00', currency: 'USDC'}};
    expect(store.processOnce('evt_7', event('evt_7', 'payment.updated', refundedOnly))).toBe(
      'evt_7 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still succeeded, not fulfilled again',
    );
    expect(rows(file, 'SELECT reference FROM fulfilments')).toEqual([{reference: 'order_1042'}]);
  }));

test('events out of order: a payment.succeeded after the payment.updated that followed it is fulfilled once, and no payment state is kept', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    expect(store.processOnce('evt_7', event('evt_7', 'payment.updated', overLater))).toBe(
      'evt_7 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still succeeded, not fulfilled again; 2.50 USDC received over amount_due: run refund-overpayment, which refunds only what is still owed of it',
    );
    expect(store.processOnce('evt_8', event('evt_8', 'payment.succeeded'))).toBe(
      'evt_8 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042: 25.00 USDC on base',
    );
    expect(rows(file, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).toEqual([
      {name: 'fulfilments'},
      {name: 'processed_events'},
    ]);
  }));

test('a second payment that succeeds for an order already paid is not fulfilled: refund it in full; the same payment again is not to be refunded', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    store.processOnce('evt_9', event('evt_9', 'payment.succeeded'));
    const second = {...payment, id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc', labels: ['LATE']};
    expect(store.processOnce('evt_10', event('evt_10', 'payment.succeeded', second))).toBe(
      'evt_10 pay_8Jd3RoY0tLe5MnQ2wSu9XaZc: order_1042 is already paid by pay_7Hc2QnX9sKd4LmP1vRt8WzYb, not fulfilled again; refund this payment in full (25.00 USDC)',
    );
    expect(store.processOnce('evt_11', event('evt_11', 'payment.succeeded'))).toBe(
      'evt_11 pay_7Hc2QnX9sKd4LmP1vRt8WzYb: order_1042 is already fulfilled by this payment, not fulfilled again',
    );
    expect(store.processOnce('evt_12', event('evt_12', 'payment.succeeded', overLater))).toBe(
      'evt_12 pay_7Hc2QnX9sKd4LmP1vRt8WzYb: order_1042 is already fulfilled by this payment, not fulfilled again; 2.50 USDC received over amount_due: run refund-overpayment, which refunds only what is still owed of it',
    );
    expect(rows(file, 'SELECT payment_id FROM fulfilments')).toEqual([{payment_id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'}]);
  }));

test('an overpaid payment.succeeded is fulfilled and its excess named exactly; a payment without reference is keyed by its id', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const overpaid = {
      ...payment,
      reference: null,
      network: 'ethereum',
      labels: ['OVER'],
      amount_due: {amount: '0.010000000000000000', currency: 'ETH'},
      amount_received: {amount: '0.010000000000000001', currency: 'ETH'},
    };
    expect(store.processOnce('evt_13', event('evt_13', 'payment.succeeded', overpaid))).toBe(
      'evt_13 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: 0.010000000000000001 ETH on ethereum; 0.000000000000000001 ETH received over amount_due: run refund-overpayment, which refunds only what is still owed of it',
    );
    expect(rows(file, 'SELECT reference FROM fulfilments')).toEqual([{reference: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'}]);
  }));

test('payments whose reference is "" are orders of their own, keyed by their ids, and each is fulfilled', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const first = {...payment, reference: ''};
    const second = {...payment, id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc', reference: ''};
    expect(store.processOnce('evt_17', event('evt_17', 'payment.succeeded', first))).toBe(
      'evt_17 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: 25.00 USDC on base',
    );
    expect(store.processOnce('evt_18', event('evt_18', 'payment.succeeded', second))).toBe(
      'evt_18 fulfilled pay_8Jd3RoY0tLe5MnQ2wSu9XaZc for pay_8Jd3RoY0tLe5MnQ2wSu9XaZc: 25.00 USDC on base',
    );
    expect(rows(file, 'SELECT reference FROM fulfilments ORDER BY reference')).toEqual([
      {reference: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'},
      {reference: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc'},
    ]);
  }));

test('an accepted underpayment is fulfilled with how short it was; UNDER with nothing short adds nothing', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const accepted = {...payment, labels: ['UNDER'], amount_received: {amount: '20', currency: 'USDC'}};
    expect(store.processOnce('evt_14', event('evt_14', 'payment.succeeded', accepted))).toBe(
      'evt_14 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042: 20 USDC on base, accepted 5.00 USDC short of the 25.00 USDC due',
    );
    // Short at first, then late funds made up the rest before you accepted: labels UNDER and LATE.
    const madeUp = {...payment, reference: 'order_1043', labels: ['UNDER', 'LATE']};
    expect(store.processOnce('evt_15', event('evt_15', 'payment.succeeded', madeUp))).toBe(
      'evt_15 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1043: 25.00 USDC on base',
    );
  }));

test('payment.requires_action names the labels and amounts and both ways out, and changes no order', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const waiting = {
      ...payment,
      status: 'requires_action',
      labels: ['UNDER', 'LATE'],
      amount_received: {amount: '20.00', currency: 'USDC'},
    };
    expect(store.processOnce('evt_16', event('evt_16', 'payment.requires_action', waiting))).toBe(
      'evt_16 pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042 needs your decision (UNDER, LATE): 20.00 of 25.00 USDC received; it waits until you accept it or refund it in full',
    );
    expect(rows(file, 'SELECT * FROM fulfilments')).toEqual([]);
  }));

for (const [name, type, data] of [
  ['another payment event', 'payment.pending', payment],
  ['an expired payment', 'payment.expired', {...payment, status: 'expired'}],
  ['a refund event', 'refund.succeeded', {id: 'rf_1', object: 'refund'}],
  ['a payment.succeeded whose data is a refund', 'payment.succeeded', {id: 'rf_2', object: 'refund'}],
] as const) {
  test(`${name} is recorded and logged, and changes no order`, () =>
    withDatabase((file) => {
      const store = new EventStore(file);
      expect(store.processOnce('evt_8', event('evt_8', type, data))).toBe(
        `evt_8 ${type} for ${data.id}: nothing to do`,
      );
      expect(rows(file, 'SELECT * FROM fulfilments')).toEqual([]);
      expect(rows(file, 'SELECT event_id FROM processed_events')).toEqual([{event_id: 'evt_8'}]);
    }));
}

test('payment.requires_action for an order another payment has paid says to refund the funds in full, never to accept them', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    // A new payment paid order_1042 after the first expired; then late funds reached the first.
    const paid = {...payment, id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc'};
    store.processOnce('evt_20', event('evt_20', 'payment.succeeded', paid));
    const late = {...payment, status: 'requires_action', labels: ['LATE']};
    expect(store.processOnce('evt_21', event('evt_21', 'payment.requires_action', late))).toBe(
      'evt_21 pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042 must be refunded (LATE): 25.00 of 25.00 USDC received; order_1042 is already paid by pay_8Jd3RoY0tLe5MnQ2wSu9XaZc: refund these funds in full, do not accept',
    );
    // Out of order: the payment's own success (you accepted its funds) came first.
    const accepted = {
      ...payment,
      reference: 'order_1043',
      labels: ['UNDER'],
      amount_received: {amount: '20.00', currency: 'USDC'},
    };
    store.processOnce('evt_22', event('evt_22', 'payment.succeeded', accepted));
    const before = {...accepted, status: 'requires_action'};
    expect(store.processOnce('evt_23', event('evt_23', 'payment.requires_action', before))).toBe(
      'evt_23 pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1043 no longer needs a decision (UNDER): 20.00 of 25.00 USDC received; it has since succeeded and fulfilled order_1043: nothing to decide',
    );
    expect(rows(file, 'SELECT * FROM fulfilments ORDER BY reference')).toEqual([
      {reference: 'order_1042', payment_id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc'},
      {reference: 'order_1043', payment_id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'},
    ]);
  }));

test('payment.updated says what the payment holds in the status it keeps, and says "not fulfilled again" only of a succeeded one', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const confirming = {
      ...payment,
      status: 'pending',
      amount_received: {amount: '0.00', currency: 'USDC'},
      amount_pending: {amount: '25.00', currency: 'USDC'},
    };
    expect(store.processOnce('evt_30', event('evt_30', 'payment.updated', confirming))).toBe(
      'evt_30 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still pending, 0.00 of 25.00 USDC received and 25.00 USDC confirming; fulfilled only on payment.succeeded',
    );
    const short = {
      ...payment,
      status: 'requires_action',
      labels: ['UNDER'],
      amount_received: {amount: '20.00', currency: 'USDC'},
      amount_pending: {amount: '5.00', currency: 'USDC'},
    };
    expect(store.processOnce('evt_31', event('evt_31', 'payment.updated', short))).toBe(
      'evt_31 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still requires_action (UNDER), 20.00 of 25.00 USDC received and 5.00 USDC confirming; it waits until you accept it or refund it in full',
    );
    store.processOnce('evt_32', event('evt_32', 'payment.succeeded', {...payment, id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc'}));
    expect(store.processOnce('evt_33', event('evt_33', 'payment.updated', short))).toBe(
      'evt_33 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still requires_action (UNDER), 20.00 of 25.00 USDC received and 5.00 USDC confirming; order_1042 is already paid by pay_8Jd3RoY0tLe5MnQ2wSu9XaZc: refund these funds in full, do not accept',
    );
    expect(store.processOnce('evt_34', event('evt_34', 'payment.updated', {...payment, status: 'canceled'}))).toBe(
      'evt_34 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: still canceled, nothing to do',
    );
    expect(rows(file, 'SELECT payment_id FROM fulfilments')).toEqual([{payment_id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc'}]);
  }));

test('a payment accepted below amount_due says how short it was whatever its labels, LATE alone included', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const lateShort = {...payment, labels: ['LATE'], amount_received: {amount: '24.00', currency: 'USDC'}};
    expect(store.processOnce('evt_40', event('evt_40', 'payment.succeeded', lateShort))).toBe(
      'evt_40 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042: 24.00 USDC on base, accepted 1.00 USDC short of the 25.00 USDC due',
    );
  }));

test('the existing-orders-table statements event-store.ts gives mark an order paid once, never after it was canceled, and cancel only an order not paid', () => {
  // The Postgres statements from the comment a reader copies, run in SQLite (?1 for $1, a fixed time for now()).
  const comment = readFileSync('examples/webhooks/event-store.ts', 'utf8');
  const update =
    /'(UPDATE orders SET paid_by = \$1 WHERE reference = \$2 AND paid_by IS NULL AND canceled_at IS NULL)',\s*\/\/\s*\[payment\.id, reference\]/.exec(
      comment,
    )?.[1];
  expect(update).toBeDefined();
  const cancel =
    /'(UPDATE orders SET canceled_at = now\(\) WHERE reference = \$1 AND paid_by IS NULL AND canceled_at IS NULL)'/.exec(
      comment,
    )?.[1];
  expect(cancel).toBeDefined();
  expect(comment).toContain('if (marked.rowCount === 1) { /* fulfil: queue the shipping and the email */ }');
  const db = new DatabaseSync(':memory:');
  db.exec(`CREATE TABLE orders (reference text PRIMARY KEY, total text NOT NULL);
           INSERT INTO orders (reference, total) VALUES ('order_1042', '25.00'), ('order_1043', '25.00');`);
  db.exec(/ALTER TABLE orders ADD COLUMN paid_by text;/.exec(comment)![0]);
  db.exec(/ALTER TABLE orders ADD COLUMN canceled_at timestamptz;/.exec(comment)![0]);
  const sqlite = (statement: string) =>
    db.prepare(statement.replace(/\$(\d)/g, '?$1').replace('now()', "'2026-11-25T10:00:00Z'"));
  const mark = sqlite(update!);
  const cancelOrder = sqlite(cancel!);
  expect(mark.run('pay_7Hc2QnX9sKd4LmP1vRt8WzYb', 'order_1042').changes).toBe(1);
  expect(mark.run('pay_8Jd3RoY0tLe5MnQ2wSu9XaZc', 'order_1042').changes).toBe(0);
  expect(mark.run('pay_8Jd3RoY0tLe5MnQ2wSu9XaZc', 'order_9999').changes).toBe(0);
  // A paid order is not canceled (refund it as a fulfilled one); an unpaid one is, and is never paid after.
  expect(cancelOrder.run('order_1042').changes).toBe(0);
  expect(cancelOrder.run('order_1043').changes).toBe(1);
  expect(mark.run('pay_9Ke4SpZ1uMf6NoR3xTv0YbAd', 'order_1043').changes).toBe(0);
  expect(db.prepare('SELECT reference, paid_by, canceled_at FROM orders ORDER BY reference').all()).toEqual([
    {reference: 'order_1042', paid_by: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb', canceled_at: null},
    {reference: 'order_1043', paid_by: null, canceled_at: '2026-11-25T10:00:00Z'},
  ]);
  db.close();
});
