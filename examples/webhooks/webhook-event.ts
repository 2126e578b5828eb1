// The body of a Coinwharf webhook delivery, and what the sample receivers do with it.
import type {DatabaseSync} from 'node:sqlite';

export interface Money {
  amount: string; // a decimal string, never a float: "25.00", "0.00041234"
  currency: string;
}

// Coinwharf adds fields over time: read the ones you need and ignore the rest.
export interface Payment {
  id: string; // pay_…
  object: 'payment';
  livemode: boolean;
  status: 'awaiting_payment' | 'pending' | 'succeeded' | 'requires_action' | 'expired' | 'canceled' | 'failed';
  price: Money;
  asset: string;
  network: string;
  amount_due: Money;
  amount_received: Money; // confirmed funds only
  amount_pending?: Money; // seen on chain, not yet confirmed
  amount_refunded?: Money;
  address: string;
  payment_uri: string;
  hosted_url: string;
  expires_at: string;
  confirmations: number;
  required_confirmations: number;
  labels: ('LATE' | 'UNDER' | 'OVER')[];
  reference: string | null;
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string;
}

export interface Refund {
  id: string; // rf_…
  object: 'refund';
  livemode: boolean;
  payment: string; // pay_…
  status: 'pending' | 'succeeded' | 'failed';
  amount: Money;
  asset: string;
  network: string;
  address: string;
  created_at: string;
  updated_at: string;
}

export interface CoinwharfEvent {
  id: string; // evt_…, the same as the webhook-id header
  type: string; // payment.succeeded, payment.updated, refund.failed, …
  timestamp: string; // ISO 8601
  data: Payment | Refund;
}

/** a - b for decimal strings, exactly (no floats): minus("27.50", "25.00") is "2.50". */
export function minus(a: string, b: string): string {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const units = (value: string) => {
    const [whole, fraction = ''] = value.split('.');
    return BigInt(whole + fraction.padEnd(places, '0'));
  };
  const difference = units(a) - units(b);
  const sign = difference < 0n ? '-' : '';
  const digits = (difference < 0n ? -difference : difference).toString().padStart(places + 1, '0');
  return places === 0 ? sign + digits : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * Applies one event to your orders, inside the transaction that records its id
 * (event-store.ts), and says what it did. Keep it quick: send emails and ship
 * from a job queue, so the receiver answers Coinwharf within 15 seconds.
 */
export function applyEvent(db: DatabaseSync, event: CoinwharfEvent): string {
  if (event.data.object !== 'payment') return `${event.id} ${event.type} for ${event.data.id}: nothing to do`;
  const payment = event.data;
  const order = payment.reference ?? payment.id;
  const {amount, currency} = payment.amount_received;

  // Events arrive in any order: keep each payment's newest state (by updated_at), never an older one.
  // updated_at counts seconds: when two states share one, the later delivery wins. Where that
  // matters (the amount you refund), fetch GET /v1/payments/{id} before you act.
  db.prepare(
    `INSERT INTO payments (payment_id, reference, status, updated_at, amount_due, amount_received, amount_refunded)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (payment_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at,
       amount_received = excluded.amount_received, amount_refunded = excluded.amount_refunded
     WHERE excluded.updated_at >= payments.updated_at`,
  ).run(
    payment.id,
    order,
    payment.status,
    payment.updated_at,
    payment.amount_due.amount,
    amount,
    payment.amount_refunded?.amount ?? '0',
  );

  if (event.type === 'payment.succeeded') {
    // One order is fulfilled once, by the first payment that succeeds for it.
    const {changes} = db
      .prepare(`INSERT INTO orders (reference, status, payment_id) VALUES (?, 'paid', ?) ON CONFLICT DO NOTHING`)
      .run(order, payment.id);
    if (changes === 0)
      return `${event.id} ${payment.id}: ${order} is already paid, not fulfilled again${owed(db, payment.id, currency)}`;
    return `${event.id} fulfilled ${payment.id} for ${order}: ${amount} ${currency} on ${payment.network}${owed(db, payment.id, currency)}`;
  }
  if (event.type === 'payment.updated') {
    // Amounts or labels changed, the status did not: never fulfil again.
    return `${event.id} payment.updated for ${payment.id}: not fulfilled again${owed(db, payment.id, currency)}`;
  }
  // For any other status, act on the stored newest state, or fetch GET /v1/payments/{id}.
  return `${event.id} ${event.type} for ${payment.id}: nothing to do`;
}

/**
 * What the customer is owed back for a payment, from its newest stored state: for the payment that
 * paid the order, the confirmed funds over amount_due; for a second payment of an order already paid,
 * all of it. Less what was already refunded either way. Refund it as the refunds guide shows.
 */
function owed(db: DatabaseSync, paymentId: string, currency: string): string {
  const row = db
    .prepare(
      `SELECT p.status, p.amount_due, p.amount_received, p.amount_refunded, o.payment_id AS paid_by
       FROM payments p LEFT JOIN orders o ON o.reference = p.reference WHERE p.payment_id = ?`,
    )
    .get(paymentId) as Record<string, string | null>;
  if (row.status !== 'succeeded' || row.paid_by === null) return '';
  const kept = row.paid_by === paymentId ? (row.amount_due as string) : '0';
  const due = minus(minus(row.amount_received as string, kept), row.amount_refunded as string);
  return due.startsWith('-') || /^[0.]+$/.test(due) ? '' : `; ${due} ${currency} to refund`;
}
