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
  amount_pending: Money; // seen on chain, not yet confirmed
  amount_refunded: Money; // refunds that have not failed
  fee: Money | null; // null until the payment succeeds
  asset_contract: string | null; // null for the network's native coin
  transactions: Transaction[];
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

export interface Transaction {
  hash: string;
  amount: Money;
  confirmations: number;
  block_height: number | null; // null until it is mined
  seen_at: string;
}

export interface Refund {
  id: string; // rf_…
  object: 'refund';
  livemode: boolean;
  payment: string; // pay_…
  status: 'pending' | 'succeeded' | 'failed';
  amount: Money;
  reason: 'overpayment' | 'declined' | 'other';
  asset: string;
  network: string;
  address: string;
  transaction_hash: string | null; // null until it is sent
  network_fee: Money | null; // null until it is sent
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

/** True for a decimal string above zero: "2.50", not "0.00" or "-1.00". */
const positive = (amount: string) => !amount.startsWith('-') && /[1-9]/.test(amount);

/** The payment that fulfilled an order, or undefined while no payment has. */
function fulfilledBy(db: DatabaseSync, order: string): string | undefined {
  const row = db.prepare('SELECT payment_id FROM fulfilments WHERE reference = ?').get(order) as
    {payment_id: string} | undefined;
  return row?.payment_id;
}

/**
 * What to do with the funds of a payment that requires action (UNDER or LATE), given the payment
 * that fulfilled its order, if any. Accept them only for an order no other payment has paid:
 * accepting makes the payment succeed and takes the 1 % fee, and refunding it after that can meet
 * 409 balance_insufficient. Refunding funds that still require action takes no fee and never meets
 * that error.
 */
function decision(payment: Payment, order: string, paidBy: string | undefined): string {
  if (paidBy === undefined) return 'it waits until you accept it or refund it in full';
  // This payment succeeded and fulfilled the order since: the event is older than that.
  if (paidBy === payment.id) return `it has since succeeded and fulfilled ${order}: nothing to decide`;
  return `${order} is already paid by ${paidBy}: refund these funds in full, do not accept`;
}

/**
 * Applies one event to your orders, inside the transaction that records its id
 * (event-store.ts), and says what it did. Keep it quick: send emails and ship
 * from a job queue, so the receiver answers Coinwharf within 15 seconds.
 *
 * It reports what the event says, and what the fulfilments table says of its order; it stores no
 * payment state: events arrive in any order, and a stored state would go stale. Work out an
 * amount to refund when you refund, from GET /v1/payments/{id} (the refunds guide's
 * refund-overpayment sample does), never from an event.
 */
export function applyEvent(db: DatabaseSync, event: CoinwharfEvent): string {
  if (event.data.object === 'refund' && event.type === 'refund.failed') {
    // The customer is still owed the amount, which is refundable again. A refund does not say why it
    // failed, and an address that cannot receive the asset fails again: ask the customer to confirm
    // the address (with its network and asset) or give another, then create a new refund.
    const refund = event.data;
    return (
      `${event.id} refund.failed for ${refund.id} of ${refund.payment}: ` +
      `${refund.amount.amount} ${refund.amount.currency} to ${refund.address} on ${refund.network} not returned; ` +
      'confirm the address with the customer and refund again'
    );
  }
  if (event.data.object !== 'payment') return `${event.id} ${event.type} for ${event.data.id}: nothing to do`;
  const payment = event.data;
  // A payment without a reference (null or "") is an order of its own, keyed by its id.
  const order = payment.reference || payment.id;
  const received = payment.amount_received.amount;
  const due = payment.amount_due.amount;
  const asset = payment.amount_received.currency;
  // Left to refund: amount_received less amount_refunded. A payment you refunded in full while it
  // required action, that late funds reopened, has received both; only the late funds are left.
  const refunded = payment.amount_refunded.amount;
  const left = minus(received, refunded);
  const refundedPart = positive(refunded)
    ? ` (${refunded} ${asset} of it refunded, ${left} ${asset} left to refund)`
    : '';
  // OVER: more than amount_due arrived, at once or later. The note gives an amount over amount_due,
  // not what is still owed: a refund of the excess sends payment.updated too. The refunds guide's
  // refund-overpayment sample works out what is owed from the API, and refunds only that: running
  // it again is safe.
  const overNote = (excess: string) =>
    payment.labels.includes('OVER') && positive(excess)
      ? `; ${excess} ${asset} received over amount_due: ` +
        'run refund-overpayment, which refunds only what is still owed of it'
      : '';
  // payment.updated: what was received over amount_due, which refunds never change.
  const over = overNote(minus(received, due));

  if (event.type === 'payment.succeeded') {
    // Before a payment succeeds, its only refunds are declined ones: the full refund of funds that
    // required action, before late funds reopened it. What you kept is amount_received less
    // amount_refunded, and short or over is worked out from that, not from the gross amount.
    const kept = left;
    const keptOver = overNote(minus(kept, due));
    const keptPart = positive(refunded)
      ? `${kept} ${asset} on ${payment.network} (${received} ${asset} received, ${refunded} ${asset} of it refunded before you accepted it)`
      : `${received} ${asset} on ${payment.network}`;
    // One order is fulfilled once, by the first payment that succeeds for it: one row per
    // fulfilled order. Your own orders table already holds the order from checkout: mark it
    // instead, with UPDATE orders SET paid_by = ? WHERE reference = ? AND paid_by IS NULL AND
    // canceled_at IS NULL, and fulfil only when that changed one row (event-store.ts shows it):
    // an order you canceled before refunding it is never fulfilled, and a payment for it, like
    // one for an order another payment paid or for no order, is refunded in full.
    // Where an order's total can change after checkout, compare payment.price with the order's
    // current total here too: a payment for an old total is refunded, not fulfilled.
    const {changes} = db
      .prepare('INSERT INTO fulfilments (reference, payment_id) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .run(order, payment.id);
    if (changes === 1) {
      // Less than amount_due kept on a succeeded payment: you accepted its funds (POST /v1/payments/{id}/accept).
      const short = minus(due, kept);
      const accepted = positive(short) ? `, accepted ${short} ${asset} short of the ${due} ${asset} due` : '';
      return `${event.id} fulfilled ${payment.id} for ${order}: ${keptPart}${accepted}${keptOver}`;
    }
    const paidBy = fulfilledBy(db, order);
    // This payment's success again, under another event id: it paid the order already.
    if (paidBy === payment.id)
      return `${event.id} ${payment.id}: ${order} is already fulfilled by this payment, not fulfilled again${keptOver}`;
    // Another payment for an order already paid: the customer paid twice.
    return (
      `${event.id} ${payment.id}: ${order} is already paid by ${paidBy}, not fulfilled again; ` +
      `refund this payment in full (${left} ${asset})`
    );
  }
  if (event.type === 'payment.updated') {
    // Amounts or labels changed, the status did not: never fulfil on it. The line says what the
    // payment holds in the status it still has.
    const amounts = `${received} of ${due} ${asset} received${refundedPart} and ${payment.amount_pending.amount} ${asset} confirming`;
    if (payment.status === 'succeeded')
      return `${event.id} payment.updated for ${payment.id}: still succeeded, not fulfilled again${over}`;
    if (payment.status === 'pending')
      return `${event.id} payment.updated for ${payment.id}: still pending, ${amounts}; fulfilled only on payment.succeeded`;
    if (payment.status === 'requires_action')
      return (
        `${event.id} payment.updated for ${payment.id}: still requires_action (${payment.labels.join(', ')}), ` +
        `${amounts}; ${decision(payment, order, fulfilledBy(db, order))}`
      );
    return `${event.id} payment.updated for ${payment.id}: still ${payment.status}, nothing to do`;
  }
  if (event.type === 'payment.requires_action') {
    // UNDER or LATE: the funds wait for you, with no deadline, until you accept them or refund them
    // all. The line checks the fulfilments table: funds for an order another payment has paid are
    // refunded, never accepted. A payment for the order can still succeed after this event, so
    // check again before you accept: list the payments waiting with
    // GET /v1/payments?status=requires_action.
    // Three states, worded apart: yours to decide; an old event of a payment that has since
    // succeeded; funds of an order another payment paid.
    const paidBy = fulfilledBy(db, order);
    const state =
      paidBy === undefined
        ? 'needs your decision'
        : paidBy === payment.id
          ? 'no longer needs a decision'
          : 'must be refunded';
    return (
      `${event.id} ${payment.id} for ${order} ${state} (${payment.labels.join(', ')}): ` +
      `${received} of ${due} ${asset} received${refundedPart}; ${decision(payment, order, paidBy)}`
    );
  }
  return `${event.id} ${event.type} for ${payment.id}: nothing to do`;
}
