import {mkdtempSync, rmSync} from 'node:fs';
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
    expect(rows(file, 'SELECT * FROM orders')).toEqual([
      {reference: 'order_1042', status: 'paid', payment_id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'},
    ]);
  }));

test('when applying the event throws, neither the id nor the order is kept, and the next try succeeds', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const admin = new DatabaseSync(file);
    admin.exec(`CREATE TRIGGER fail BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'orders are locked'); END`);
    expect(() => store.processOnce('evt_2', event('evt_2', 'payment.succeeded'))).toThrow('orders are locked');
    expect(rows(file, 'SELECT * FROM processed_events')).toEqual([]);
    admin.exec('DROP TRIGGER fail');
    admin.close();
    expect(store.processOnce('evt_2', event('evt_2', 'payment.succeeded'))).toMatch(/^evt_2 fulfilled /);
    expect(rows(file, 'SELECT status FROM orders')).toEqual([{status: 'paid'}]);
  }));

test('two connections to one database, as two processes have, still record an id once', () =>
  withDatabase((file) => {
    const first = new EventStore(file);
    const second = new EventStore(file);
    expect(first.processOnce('evt_3', event('evt_3', 'payment.succeeded'))).not.toBeNull();
    expect(second.processOnce('evt_3', event('evt_3', 'payment.succeeded'))).toBeNull();
  }));

test('payment.updated never fulfils; after more funds arrive it says what is owed back, less what was refunded', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    store.processOnce('evt_4', event('evt_4', 'payment.succeeded'));
    expect(store.processOnce('evt_5', event('evt_5', 'payment.updated', overLater))).toBe(
      'evt_5 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: not fulfilled again; 2.50 USDC to refund',
    );
    const partlyRefunded = {
      ...overLater,
      amount_refunded: {amount: '1.00', currency: 'USDC'},
      updated_at: '2025-01-01T11:00:00Z',
    };
    expect(store.processOnce('evt_6', event('evt_6', 'payment.updated', partlyRefunded))).toBe(
      'evt_6 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: not fulfilled again; 1.50 USDC to refund',
    );
    expect(rows(file, 'SELECT status FROM orders')).toEqual([{status: 'paid'}]);
  }));

test('events out of order: an older payment.succeeded after a newer payment.updated keeps the newer amounts', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    expect(store.processOnce('evt_7', event('evt_7', 'payment.updated', overLater))).toBe(
      'evt_7 payment.updated for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: not fulfilled again',
    );
    expect(store.processOnce('evt_8', event('evt_8', 'payment.succeeded'))).toBe(
      'evt_8 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042: 25.00 USDC on base; 2.50 USDC to refund',
    );
    expect(rows(file, 'SELECT amount_received, updated_at FROM payments')).toEqual([
      {amount_received: '27.50', updated_at: '2025-01-01T10:30:00Z'},
    ]);
  }));

test('a second payment that succeeds for an order already paid is not fulfilled: all of it is owed back', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    store.processOnce('evt_9', event('evt_9', 'payment.succeeded'));
    const second = {...payment, id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc', labels: ['LATE']};
    expect(store.processOnce('evt_10', event('evt_10', 'payment.succeeded', second))).toBe(
      'evt_10 pay_8Jd3RoY0tLe5MnQ2wSu9XaZc: order_1042 is already paid, not fulfilled again; 25.00 USDC to refund',
    );
    expect(rows(file, 'SELECT payment_id FROM orders')).toEqual([{payment_id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'}]);
  }));

test('an overpaid payment.succeeded is fulfilled and its excess named; a payment without reference is keyed by its id', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    const overpaid = {
      ...payment,
      reference: null,
      labels: ['OVER'],
      amount_received: {amount: '26.00', currency: 'USDC'},
    };
    expect(store.processOnce('evt_11', event('evt_11', 'payment.succeeded', overpaid))).toBe(
      'evt_11 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: 26.00 USDC on base; 1.00 USDC to refund',
    );
    expect(rows(file, 'SELECT reference FROM orders')).toEqual([{reference: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'}]);
  }));

for (const [name, type, data] of [
  ['another payment event', 'payment.pending', payment],
  ['a refund event', 'refund.succeeded', {id: 'rf_1', object: 'refund'}],
  ['a payment.succeeded whose data is a refund', 'payment.succeeded', {id: 'rf_2', object: 'refund'}],
] as const) {
  test(`${name} is recorded and logged, and changes no order`, () =>
    withDatabase((file) => {
      const store = new EventStore(file);
      expect(store.processOnce('evt_8', event('evt_8', type, data))).toBe(
        `evt_8 ${type} for ${data.id}: nothing to do`,
      );
      expect(rows(file, 'SELECT * FROM orders')).toEqual([]);
      expect(rows(file, 'SELECT event_id FROM processed_events')).toEqual([{event_id: 'evt_8'}]);
    }));
}

test('a status it does not act on fulfils nothing: only the newest state of the payment is kept', () =>
  withDatabase((file) => {
    const store = new EventStore(file);
    expect(store.processOnce('evt_12', event('evt_12', 'payment.expired', {...payment, status: 'expired'}))).toBe(
      'evt_12 payment.expired for pay_7Hc2QnX9sKd4LmP1vRt8WzYb: nothing to do',
    );
    expect(rows(file, 'SELECT * FROM orders')).toEqual([]);
    expect(rows(file, 'SELECT status FROM payments')).toEqual([{status: 'expired'}]);
  }));
