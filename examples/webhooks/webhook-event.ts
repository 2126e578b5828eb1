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
  // OVER: more than amount_due arrived. The excess goes back to the customer (see the refunds guide).
  const excess = payment.labels.includes('OVER') ? minus(amount, payment.amount_due.amount) : null;

  if (event.type === 'payment.succeeded') {
    db.prepare(
      `INSERT INTO orders (reference, status, payment_id, amount_received, excess_to_refund)
       VALUES (?, 'paid', ?, ?, ?)
       ON CONFLICT (reference) DO UPDATE SET status = 'paid', payment_id = excluded.payment_id,
         amount_received = excluded.amount_received, excess_to_refund = excluded.excess_to_refund`,
    ).run(order, payment.id, `${amount} ${currency}`, excess);
    return `${event.id} fulfilled ${payment.id} for ${order}: ${amount} ${currency} on ${payment.network}`;
  }

  if (event.type === 'payment.updated') {
    // Amounts or labels changed, the status did not: never fulfil again. Funds that came
    // after success (label OVER) raise amount_received: flag the excess for a refund.
    if (excess === null) return `${event.id} payment.updated for ${payment.id}: nothing to do`;
    db.prepare('UPDATE orders SET amount_received = ?, excess_to_refund = ? WHERE payment_id = ?').run(
      `${amount} ${currency}`,
      excess,
      payment.id,
    );
    return `${event.id} payment.updated for ${payment.id}: not fulfilled again; ${excess} ${currency} over, to refund`;
  }

  // Events can arrive out of order: before acting on any other status, compare
  // data.updated_at with what you stored, or fetch GET /v1/payments/{id}.
  return `${event.id} ${event.type} for ${payment.id}: nothing to do`;
}
