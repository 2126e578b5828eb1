// Processes each webhook event once: its webhook-id and its effect on your orders (the
// fulfilments table) are written in ONE database transaction. If the process dies half-way,
// neither is kept, and Coinwharf's retry processes the event; a repeat changes nothing.
import {DatabaseSync} from 'node:sqlite'; // built into Node.js 24
import {applyEvent, type CoinwharfEvent} from './webhook-event';

// In production, do the same in the database that holds your orders. With Postgres (`pg`):
//
//   CREATE TABLE processed_events (event_id text PRIMARY KEY, processed_at timestamptz NOT NULL DEFAULT now());
//
//   const client = await pool.connect();
//   try {
//     await client.query('BEGIN');
//     const inserted = await client.query(
//       'INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING', [eventId]);
//     if (inserted.rowCount === 1) await applyEventWithPostgres(client, event); // as applyEvent does
//     await client.query('COMMIT'); // rowCount 0: a repeat, and nothing was changed
//   } catch (error) {
//     await client.query('ROLLBACK');
//     throw error;
//   } finally {
//     client.release();
//   }
//
// The samples keep a table of their own, fulfilments, with one row per fulfilled order, keyed by
// its reference, because they have no orders. Your orders table already holds each order from
// checkout, so an INSERT of the order would always conflict: mark the order paid instead, in the
// same transaction, and fulfil only when that changed one row (0 rows: a payment paid it already,
// you canceled the order, or no order has that reference). Where a total can change after
// checkout, first compare the payment's price with the order's current total: a payment for an old
// total is refunded.
//
//   ALTER TABLE orders ADD COLUMN paid_by text; -- the payment that paid the order
//   ALTER TABLE orders ADD COLUMN canceled_at timestamptz; -- set before you refund an unfulfilled order
//
//   const marked = await client.query(
//     'UPDATE orders SET paid_by = $1 WHERE reference = $2 AND paid_by IS NULL AND canceled_at IS NULL',
//     [payment.id, reference]);
//   if (marked.rowCount === 1) { /* fulfil: queue the shipping and the email */ }
//   // 0 rows: read the order. Paid by this payment: a repeat, nothing to do. Paid by another
//   // payment, canceled, or no such order: fetch the payment; unless it is refunded in full
//   // (the refund that went with a cancel), queue a refund of what is left, or flag it.
//
// Before you refund an order you have not fulfilled, cancel it, and refund only when that changed
// one row (0 rows: a payment paid it meanwhile, so it is being fulfilled): then a payment.succeeded
// that comes later, by a retry, a resend, a replay or the daily check, fulfils nothing. That is for
// an order you give up: declining the funds of a payment that requires action, so that the customer
// pays again, refunds that payment, not the order, so leave the order open for the new payment.
//
//   'UPDATE orders SET canceled_at = now() WHERE reference = $1 AND paid_by IS NULL AND canceled_at IS NULL'
//
// A set of ids in memory would not do: it is lost on restart and not shared between servers.

export class EventStore {
  private readonly db: DatabaseSync;

  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec(`
      PRAGMA busy_timeout = 5000; -- several processes may share the file: wait for the other's transaction
      CREATE TABLE IF NOT EXISTS processed_events (
        event_id TEXT PRIMARY KEY,
        processed_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
      );
      CREATE TABLE IF NOT EXISTS fulfilments ( -- one row per fulfilled order
        reference TEXT PRIMARY KEY, -- the order's reference (a payment's id when it has none)
        payment_id TEXT NOT NULL -- the payment that paid it
      );`);
  }

  /**
   * Records the event id and applies the event in one transaction. Returns what was
   * done, or null when the id was already processed (then nothing changes).
   */
  processOnce(eventId: string, event: CoinwharfEvent): string | null {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      // The PRIMARY KEY is the unique constraint: a second insert of the same id changes no row.
      const {changes} = this.db
        .prepare('INSERT INTO processed_events (event_id) VALUES (?) ON CONFLICT DO NOTHING')
        .run(eventId);
      if (changes === 0) {
        this.db.exec('ROLLBACK');
        return null;
      }
      const done = applyEvent(this.db, event);
      this.db.exec('COMMIT');
      return done;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK'); // nothing kept: the retry starts again
      throw error;
    }
  }
}
