/**
 * The payment state machine (BRIEF.md, "Statuses"). The overview page draws
 * the diagram and the table from this file, and the tests compare the
 * statuses with the `status` enum of api/openapi.yaml.
 */
import {code, type DataTable} from './table';
export type PaymentStatus =
  'awaiting_payment' | 'pending' | 'succeeded' | 'requires_action' | 'expired' | 'canceled' | 'failed';

export type PaymentLabel = 'LATE' | 'UNDER' | 'OVER';

export interface StatusInfo {
  status: PaymentStatus;
  /** The payment's outcome is settled (an expired payment reopens only once late funds are confirmed). */
  final: boolean;
  meaning: string;
  /** What the merchant should do in this status. */
  yourMove: string;
}

export interface StatusTransition {
  from: PaymentStatus;
  to: PaymentStatus;
  when: string;
  /** The few words the diagram's arrow carries. */
  short: string;
  /** The label this move adds to the payment. */
  label?: PaymentLabel;
  /** The webhook event the move sends, when it is not `payment.<to>` (a move that keeps the status). */
  event?: string;
}

export const paymentStatuses: readonly StatusInfo[] = [
  {
    status: 'awaiting_payment',
    final: false,
    meaning: 'The quote is locked and the address is waiting for a transaction.',
    yourMove: 'Show the hosted page or the address, asset and network.',
  },
  {
    status: 'pending',
    final: false,
    meaning: 'A transaction was seen; confirmations are counting up to the network’s requirement.',
    yourMove: 'Tell the customer the payment is on its way. Do not ship yet.',
  },
  {
    status: 'requires_action',
    final: false,
    meaning:
      'Funds arrived short (UNDER), or after the payment ended (LATE): after the quote expired, or after it was canceled or failed. A reorg that drops a top-up brings a payment back here, its confirmed funds kept.',
    yourMove:
      'Once `amount_pending` is zero, accept the funds, or refund them all to an address the customer gives you. After UNDER, the customer may also top up while the quote is valid.',
  },
  {
    status: 'succeeded',
    final: true,
    meaning:
      'The required confirmations were reached for at least the amount due, or you accepted what arrived. Funds that arrive later keep it succeeded and send payment.updated; OVER is added once `amount_received` is more than `amount_due`.',
    yourMove: 'Fulfil the order, once. With the OVER label, refund the excess to an address the customer gives you.',
  },
  {
    status: 'expired',
    final: true,
    meaning:
      'The quote window ended with no transaction seen. Funds that still arrive reopen it as requires_action with the LATE label once they are confirmed.',
    yourMove: 'Create a new payment if the customer still wants to pay.',
  },
  {
    status: 'canceled',
    final: true,
    meaning:
      'You canceled it while it awaited payment, or refunded everything that arrived while it required action. Funds that still arrive reopen it as requires_action with the LATE label once they are confirmed. If that refund fails, it returns to requires_action with the label it had.',
    yourMove: 'Nothing: the customer can no longer pay it. If a refund made it `canceled`, watch for refund.failed.',
  },
  {
    status: 'failed',
    final: true,
    meaning:
      'A reorg removed the transaction after the quote was no longer valid, and no confirmed funds remained. Funds that still arrive reopen it as requires_action with the LATE label once they are confirmed.',
    yourMove:
      'Do not fulfil, and do not ask the customer to pay again at once: a dropped transaction is usually mined later, and its funds then reopen this payment as requires_action with LATE. Create a new payment only when the customer confirms their transaction is gone (for example, their wallet shows it dropped or replaced); if the old one’s funds still arrive, refund them.',
  },
];

export const statusTransitions: readonly StatusTransition[] = [
  {from: 'awaiting_payment', to: 'pending', when: 'a transaction is seen', short: 'transaction seen'},
  {from: 'awaiting_payment', to: 'expired', when: 'the quote window ends', short: 'window ends'},
  {from: 'awaiting_payment', to: 'canceled', when: 'you cancel it', short: 'you cancel'},
  {from: 'pending', to: 'succeeded', when: 'confirmations reach the requirement', short: 'confirmed'},
  {from: 'pending', to: 'succeeded', when: 'paid over, confirmations reached', short: 'paid over', label: 'OVER'},
  {from: 'pending', to: 'requires_action', when: 'paid short', short: 'paid short', label: 'UNDER'},
  {
    from: 'pending',
    to: 'requires_action',
    when: 'a reorg drops a transaction; confirmed funds remain (UNDER when short), whatever the quote',
    short: 'reorg, funds remain',
  },
  {
    from: 'pending',
    to: 'awaiting_payment',
    when: 'a reorg drops the transaction, no confirmed funds, quote still valid',
    short: 'reorg, quote valid',
  },
  {
    from: 'pending',
    to: 'failed',
    when: 'a reorg drops the transaction, no confirmed funds, quote expired',
    short: 'reorg, quote over',
  },
  {from: 'expired', to: 'requires_action', when: 'late funds are confirmed', short: 'late funds', label: 'LATE'},
  {
    from: 'canceled',
    to: 'requires_action',
    when: 'funds that arrive after it ended are confirmed',
    short: 'late funds',
    label: 'LATE',
  },
  {
    from: 'canceled',
    to: 'requires_action',
    when: 'the refund of everything it held fails (the funds are back)',
    short: 'refund failed',
  },
  {
    from: 'failed',
    to: 'requires_action',
    when: 'funds that arrive after it ended are confirmed',
    short: 'late funds',
    label: 'LATE',
  },
  {
    from: 'succeeded',
    to: 'succeeded',
    when: 'more funds arrive (payment.updated; never fulfil again)',
    short: 'more funds',
    label: 'OVER',
    event: 'payment.updated',
  },
  {
    from: 'requires_action',
    to: 'pending',
    when: 'the customer tops up an UNDER payment while the quote is valid',
    short: 'top-up',
  },
  {
    from: 'requires_action',
    to: 'succeeded',
    when: 'you accept the funds, nothing waiting for confirmations (the label stays)',
    short: 'you accept',
  },
  {
    from: 'requires_action',
    to: 'canceled',
    when: 'you refund everything that arrived, nothing waiting for confirmations',
    short: 'you refund all',
  },
];

/** What happens when funds reach a payment's address, in each status (Model v2: no dead end). */
export interface FundsArrival {
  status: PaymentStatus;
  /** Only for a payment with this label. */
  withLabel?: PaymentLabel;
  becomes: PaymentStatus;
  label?: PaymentLabel;
  /** When the move adds `label`, if not always. */
  labelWhen?: string;
  event: string;
  what: string;
}

export const fundsArriving: readonly FundsArrival[] = [
  {
    status: 'awaiting_payment',
    becomes: 'pending',
    event: 'payment.pending',
    what: 'Counted in `amount_pending` until confirmed. At the required confirmations: the full amount succeeds (OVER when more), a short one moves to `requires_action` with UNDER.',
  },
  {
    status: 'pending',
    becomes: 'pending',
    event: 'payment.updated',
    what: 'Added to `amount_pending` and judged with the rest once confirmed.',
  },
  {
    status: 'requires_action',
    withLabel: 'UNDER',
    becomes: 'pending',
    event: 'payment.pending',
    what: 'A top-up while the quote is valid: once confirmed, the payment succeeds if the total is enough. After the quote ended, it stays `requires_action`, gains LATE and sends `payment.updated` instead.',
  },
  {
    status: 'requires_action',
    withLabel: 'LATE',
    becomes: 'requires_action',
    event: 'payment.updated',
    what: 'Added to the late funds; once `amount_pending` is zero, accept them or refund everything.',
  },
  {
    status: 'succeeded',
    becomes: 'succeeded',
    label: 'OVER',
    labelWhen: 'once `amount_received` is more than `amount_due`',
    event: 'payment.updated',
    what: '`amount_received` rises; UNDER goes once it reaches `amount_due`, and OVER is added once it is more (a payment you accepted short may stay below). Never fulfil again: refund any excess, which refund-overpayment works out.',
  },
  {
    status: 'expired',
    becomes: 'requires_action',
    label: 'LATE',
    event: 'payment.requires_action',
    what: 'Once confirmed: reopened, accept the funds or refund them. Until then they are in `amount_pending` and `transactions`, the status stays and Coinwharf sends `payment.updated`.',
  },
  {
    status: 'canceled',
    becomes: 'requires_action',
    label: 'LATE',
    event: 'payment.requires_action',
    what: 'Once confirmed: reopened, accept the funds or refund them. Until then they are in `amount_pending` and `transactions`, the status stays and Coinwharf sends `payment.updated`.',
  },
  {
    status: 'failed',
    becomes: 'requires_action',
    label: 'LATE',
    event: 'payment.requires_action',
    what: 'Once confirmed: reopened, accept the funds or refund them. Until then they are in `amount_pending` and `transactions`, the status stays and Coinwharf sends `payment.updated`.',
  },
];

/** How long an ended payment's address is still watched for funds. */
export const watchDaysAfterEnd = 30;

export const fundsArrivalTable: DataTable<FundsArrival> = {
  rows: fundsArriving,
  key: (row) => `${row.status}-${row.withLabel ?? ''}`,
  columns: [
    {
      header: 'Funds arrive at',
      cell: (row) => `${code(row.status)}${row.withLabel ? ` with ${code(row.withLabel)}` : ''}`,
    },
    {
      header: 'It becomes',
      cell: (row) =>
        `${code(row.becomes)}${row.label ? `, label ${code(row.label)}${row.labelWhen ? ` ${row.labelWhen}` : ''}` : ''}`,
    },
    {header: 'Webhook event', cell: (row) => code(row.event)},
    {header: 'What to know', cell: (row) => row.what},
  ],
};

/**
 * The state machine as Mermaid source: drawn on the overview page and kept as
 * a `mermaid` fence in its Markdown twin.
 */
export function statusDiagramSource(): string {
  const edges = statusTransitions.map(
    ({from, to, short, label}) => `  ${from} --> ${to}: ${short}${label ? ` (${label})` : ''}`,
  );
  const finals = paymentStatuses.filter((s) => s.final).map((s) => `  ${s.status} --> [*]`);
  return ['stateDiagram-v2', '  [*] --> awaiting_payment', ...edges, ...finals].join('\n');
}

export const statusTable: DataTable<StatusInfo> = {
  rows: paymentStatuses,
  key: (row) => row.status,
  columns: [
    {header: 'Status', cell: (row) => code(row.status)},
    {header: 'Final', cell: (row) => (row.final ? 'Yes' : 'No')},
    {
      header: 'Moves to',
      cell: (row) => ({
        items: statusTransitions
          .filter((transition) => transition.from === row.status)
          .map(({to, when, label}) => `${code(to)} when ${when}${label ? `, label ${code(label)}` : ''}`),
        empty: 'None',
      }),
    },
    {header: 'Meaning', cell: (row) => row.meaning},
    {header: 'Your move', cell: (row) => row.yourMove},
  ],
};
