/**
 * The webhook contract (BRIEF.md, "Webhooks"): event catalog, signing
 * constants and retry schedule. Tests compare the event catalog with
 * api/openapi.yaml; the signing constants drive src/lib/webhookSignature.ts,
 * which tests/unit/webhook-toolkit holds to the official vector.
 */
import {code, type DataTable} from './table';
export interface WebhookEvent {
  type: string;
  object: 'payment' | 'refund';
  /**
   * The status of the object in `data` when this event is sent; `unchanged` for payment.updated,
   * which keeps whatever status the payment has (the table says so in words, not as a status).
   */
  status: string;
  when: string;
}

export const webhookEvents: readonly WebhookEvent[] = [
  {
    type: 'payment.created',
    object: 'payment',
    status: 'awaiting_payment',
    when: 'You created a payment; its status is awaiting_payment.',
  },
  {
    type: 'payment.pending',
    object: 'payment',
    status: 'pending',
    when: 'A transaction was seen; confirmations are counting.',
  },
  {
    type: 'payment.awaiting_payment',
    object: 'payment',
    status: 'awaiting_payment',
    when: 'A reorg dropped the transaction while the quote was valid, and the payment held no confirmed funds: it waits for funds again. Tell the customer the payment is no longer on its way, and to wait until their wallet shows it resent or confirmed before paying again: a dropped transaction is usually mined in a later block.',
  },
  {
    type: 'payment.succeeded',
    object: 'payment',
    status: 'succeeded',
    when: 'The required confirmations were reached, or you accepted the funds of a payment that required action. Fulfil the order.',
  },
  {
    type: 'payment.requires_action',
    object: 'payment',
    status: 'requires_action',
    when: 'Funds arrived short (UNDER), or after the payment ended (LATE); or a reorg dropped a transaction of a `pending` payment that still holds confirmed funds, such as a top-up of an UNDER payment (it is UNDER again, `amount_received` unchanged); or the refund of everything such a payment held failed, which moves it from `canceled` back to `requires_action` with the label it had. Accept the funds or refund them.',
  },
  {type: 'payment.expired', object: 'payment', status: 'expired', when: 'The quote window ended unpaid.'},
  {
    type: 'payment.canceled',
    object: 'payment',
    status: 'canceled',
    when: 'You canceled the payment, or refunded everything that arrived while it required action.',
  },
  {
    type: 'payment.failed',
    object: 'payment',
    status: 'failed',
    when: 'A reorg removed the transaction after the quote expired, and the payment held no confirmed funds.',
  },
  {
    type: 'payment.updated',
    object: 'payment',
    status: 'unchanged',
    when: 'The payment’s amounts or labels changed without a status change: more funds arrived at a pending payment, one that requires action or a succeeded one (which gains the OVER label once amount_received exceeds amount_due), funds reached an expired, canceled or failed payment and are still confirming (its status stays until they are confirmed), a reorg dropped funds still confirming on a payment that requires action or a succeeded one (they leave amount_pending and transactions; the status and amount_received do not change), or a refund of a succeeded payment was created or failed (amount_refunded changed). Never fulfil again on it.',
  },
  {type: 'refund.succeeded', object: 'refund', status: 'succeeded', when: 'A refund reached the customer’s address.'},
  {
    type: 'refund.failed',
    object: 'refund',
    status: 'failed',
    when: 'A refund could not be sent: the customer is still owed its amount, which is refundable again (a payment the refund made `canceled` requires action again). The refund does not say why: confirm the address with the customer, or get another, and refund again.',
  },
];

/** The id of an event's row in the catalog, for links such as `#event-payment-succeeded`. */
export const eventAnchor = (type: string) => `event-${type.replace(/[^a-z0-9]+/g, '-')}`;

export const webhookSigning = {
  version: 'v1',
  secretPrefix: 'whsec_',
  toleranceSeconds: 300,
  headers: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
  /** How long the old secret keeps signing after a rotation. */
  rotationOverlapHours: 24,
} as const;

/** The wait before each delivery attempt; jitter is added to every wait. */
export const retrySchedule: readonly string[] = [
  'immediately',
  '5 seconds',
  '5 minutes',
  '30 minutes',
  '2 hours',
  '5 hours',
  '10 hours',
  '14 hours',
  '20 hours',
  '24 hours',
];

export const retryTable: DataTable<{attempt: number; wait: string}> = {
  rows: retrySchedule.map((wait, index) => ({attempt: index + 1, wait})),
  key: (row) => String(row.attempt),
  columns: [
    {header: 'Attempt', cell: (row) => String(row.attempt)},
    {
      header: 'Wait after the previous attempt',
      cell: (row) => (row.attempt === 1 ? 'First delivery, right after the event' : row.wait),
    },
  ],
};

/** The status cell of payment.updated: words, so that no reader takes it for a status. */
export const statusUnchanged = '— (status unchanged)';

export const eventTable: DataTable<WebhookEvent> = {
  rows: webhookEvents,
  key: (row) => row.type,
  anchor: (row) => eventAnchor(row.type),
  columns: [
    {header: 'Event type', cell: (row) => code(row.type)},
    {header: `${code('data')} holds`, cell: (row) => `a ${row.object}`},
    {header: 'Reflects status', cell: (row) => (row.status === 'unchanged' ? statusUnchanged : code(row.status))},
    {header: 'Sent when', cell: (row) => row.when},
  ],
};
