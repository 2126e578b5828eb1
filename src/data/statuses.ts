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
  /** The payment's outcome is settled (an expired payment reopens only if funds arrive late). */
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
    meaning: 'Funds arrived short (UNDER) or after the quote expired (LATE).',
    yourMove:
      'Accept the funds, or refund them all to an address the customer gives you. After UNDER, the customer may also top up while the quote is valid.',
  },
  {
    status: 'succeeded',
    final: true,
    meaning: 'The required confirmations were reached for at least the amount due.',
    yourMove: 'Fulfil the order. With the OVER label, refund the excess to an address the customer gives you.',
  },
  {
    status: 'expired',
    final: true,
    meaning:
      'The quote window ended with no transaction seen. Funds that still arrive reopen it as requires_action with the LATE label.',
    yourMove: 'Create a new payment if the customer still wants to pay.',
  },
  {
    status: 'canceled',
    final: true,
    meaning: 'You canceled it while it awaited payment, or refunded everything that arrived while it required action.',
    yourMove: 'Nothing: the customer can no longer pay it. A refund that fails can be made again.',
  },
  {
    status: 'failed',
    final: true,
    meaning: 'A reorg removed the transaction after the quote was no longer valid.',
    yourMove: 'Do not fulfil. Create a new payment if the customer still wants to pay.',
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
    to: 'awaiting_payment',
    when: 'a reorg drops the transaction, quote still valid',
    short: 'reorg, quote valid',
  },
  {from: 'pending', to: 'failed', when: 'a reorg drops the transaction, quote expired', short: 'reorg, quote over'},
  {from: 'expired', to: 'requires_action', when: 'funds arrive late', short: 'late funds', label: 'LATE'},
  {
    from: 'requires_action',
    to: 'pending',
    when: 'the customer tops up an UNDER payment while the quote is valid',
    short: 'top-up',
  },
  {
    from: 'requires_action',
    to: 'succeeded',
    when: 'you accept the funds (the label stays)',
    short: 'you accept',
  },
  {
    from: 'requires_action',
    to: 'canceled',
    when: 'you refund everything that arrived',
    short: 'you refund all',
  },
];

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
