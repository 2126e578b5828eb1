/**
 * The webhook contract (BRIEF.md, "Webhooks"): event catalog, signing
 * constants and retry schedule. Tests compare the event catalog with
 * api/openapi.yaml; the signing constants drive src/lib/webhookSignature.ts,
 * which tests/unit/webhook-toolkit holds to the official vector.
 */
export interface WebhookEvent {
  type: string;
  object: 'payment' | 'refund';
  /** The status of the object in `data` when this event is sent. */
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
    type: 'payment.succeeded',
    object: 'payment',
    status: 'succeeded',
    when: 'The required confirmations were reached. Fulfil the order.',
  },
  {
    type: 'payment.requires_action',
    object: 'payment',
    status: 'requires_action',
    when: 'Funds arrived short (UNDER) or late (LATE).',
  },
  {type: 'payment.expired', object: 'payment', status: 'expired', when: 'The quote window ended unpaid.'},
  {type: 'payment.canceled', object: 'payment', status: 'canceled', when: 'You canceled the payment.'},
  {
    type: 'payment.failed',
    object: 'payment',
    status: 'failed',
    when: 'A reorg removed the transaction after the quote expired.',
  },
  {type: 'refund.succeeded', object: 'refund', status: 'succeeded', when: 'A refund reached the customer’s address.'},
  {
    type: 'refund.failed',
    object: 'refund',
    status: 'failed',
    when: 'A refund could not be sent; check the address and create a new refund.',
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
