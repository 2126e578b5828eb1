/**
 * The sandbox simulator (api/openapi.yaml, simulatePayment and simulateRefund):
 * each outcome, the status it starts from, the statuses it moves through and
 * the webhook events it sends. The testing guide renders the table;
 * tests/unit/content/state-machine.test.ts walks each path along the
 * transitions of statuses.ts.
 */
import type {PaymentLabel, PaymentStatus} from './statuses';
import {code, type DataTable} from './table';

export interface SimulatorOutcome {
  /** The endpoint: `payments` for POST /v1/sandbox/payments/{id}/simulate, `refunds` for the refund one. */
  object: 'payment' | 'refund';
  outcome: string;
  plays: string;
  /** The status the object must be in; anything else answers 409. */
  from: string;
  fromLabel?: PaymentLabel;
  /** Every status the object enters, in order. */
  path: readonly string[];
  /** The labels the payment carries afterwards. */
  labels: readonly PaymentLabel[];
  events: readonly string[];
}

const payment = (
  outcome: string,
  plays: string,
  path: readonly PaymentStatus[],
  labels: readonly PaymentLabel[] = [],
  from: PaymentStatus = 'awaiting_payment',
  fromLabel?: PaymentLabel,
): SimulatorOutcome => ({
  object: 'payment',
  outcome,
  plays,
  from,
  fromLabel,
  path,
  labels,
  events: path.map((status) => `payment.${status}`),
});

export const simulatorOutcomes: readonly SimulatorOutcome[] = [
  payment('exact', 'The customer pays the amount due.', ['pending', 'succeeded']),
  payment('underpay', 'The customer pays 80% of the amount due.', ['pending', 'requires_action'], ['UNDER']),
  payment('overpay', 'The customer pays 110% of the amount due.', ['pending', 'succeeded'], ['OVER']),
  // Late funds are seen before they are confirmed: the status stays while they confirm (payment.updated).
  {
    ...payment('late', 'The quote window ends, then the amount due arrives.', ['expired', 'requires_action'], ['LATE']),
    events: ['payment.expired', 'payment.updated', 'payment.requires_action'],
  },
  ...(['expired', 'canceled', 'failed'] as const).map((ended) => ({
    ...payment('late', 'The amount due arrives after the payment ended.', ['requires_action'], ['LATE'], ended),
    events: ['payment.updated', 'payment.requires_action'],
  })),
  {
    ...payment(
      'late',
      'Another 10% of the amount due arrives after the payment succeeded. UNDER goes once `amount_received` reaches `amount_due`, and OVER comes once it is more: a payment you accepted short may stay below and keep its labels.',
      ['succeeded'],
      ['OVER'],
      'succeeded',
    ),
    events: ['payment.updated', 'payment.updated'],
  },
  payment('reorg', 'A reorg drops the transaction while the quote is valid.', ['pending', 'awaiting_payment']),
  payment('fail', 'A reorg drops the transaction after the quote ended.', ['pending', 'failed']),
  payment('expire', 'The quote window ends with nothing paid.', ['expired']),
  payment(
    'top_up',
    'The customer sends the rest of an underpayment while its quote is valid; a payment that is also LATE cannot be topped up.',
    ['pending', 'succeeded'],
    [],
    'requires_action',
    'UNDER',
  ),
  {
    object: 'refund',
    outcome: 'succeed',
    plays: 'The refund reaches the customer’s address.',
    from: 'pending',
    path: ['succeeded'],
    labels: [],
    events: ['refund.succeeded'],
  },
  {
    object: 'refund',
    outcome: 'fail',
    plays:
      'The refund cannot be sent; its amount is refundable again. For a full refund of a payment that required action, the payment requires action again: `payment.requires_action` instead of `payment.updated`.',
    from: 'pending',
    path: ['failed'],
    labels: [],
    events: ['refund.failed', 'payment.updated'],
  },
];

export const simulatorTable: DataTable<SimulatorOutcome> = {
  rows: simulatorOutcomes,
  key: (row) => `${row.object}-${row.outcome}-${row.from}`,
  columns: [
    {header: 'Simulate', cell: (row) => `${row.object === 'payment' ? 'payment' : 'refund'} ${code(row.outcome)}`},
    {header: 'What it plays', cell: (row) => row.plays},
    {
      header: 'Starts from',
      cell: (row) => `${code(row.from)}${row.fromLabel ? ` with ${code(row.fromLabel)}` : ''}`,
    },
    {header: 'Moves to', cell: (row) => row.path.map(code).join(' → ')},
    {header: 'Labels after', cell: (row) => (row.labels.length ? row.labels.map(code).join(', ') : 'None')},
    {header: 'Webhook events, in order', cell: (row) => ({items: row.events.map(code), empty: 'None'})},
  ],
};
