/**
 * The data tables pages show, each defined once: its columns and how each cell
 * reads. The page renders them with src/internal/DataTable, the Markdown twin
 * with plugins/markdown-twins/components.ts, so the two cannot drift. Cell
 * text is Markdown-like: `backticks` mark code; a list cell is several lines.
 */
import {networks, type Network} from './networks';
import {paymentFields, type Field} from './paymentObject';
import {paymentStatuses, statusTransitions, type StatusInfo} from './statuses';
import {eventAnchor, retrySchedule, webhookEvents, type WebhookEvent} from './webhooks';

export interface Column<Row> {
  header: string;
  /** A cell: text, or a list of items (a list with no item reads as `empty`). */
  cell: (row: Row) => string | {items: string[]; empty: string};
}

export interface DataTable<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  key: (row: Row) => string;
  /** The row's anchor: it gets the id, and its first cell links to it. */
  anchor?: (row: Row) => string;
}

const code = (text: string | number) => `\`${text}\``;

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

export const networkTable: DataTable<Network> = {
  rows: networks,
  key: (row) => row.network,
  columns: [
    {header: 'Network', cell: (row) => code(row.network)},
    {header: 'Assets', cell: (row) => row.assets.join(', ')},
    {header: 'Sandbox network', cell: (row) => code(row.sandboxNetwork)},
    {header: 'Confirmations', cell: (row) => row.confirmationsNote ?? String(row.requiredConfirmations)},
    {header: 'Typical time', cell: (row) => row.typicalTime},
  ],
};

export const paymentFieldTable: DataTable<Field> = {
  rows: paymentFields,
  key: (row) => row.name,
  columns: [
    {header: 'Field', cell: (row) => code(row.name)},
    {header: 'Type', cell: (row) => row.type},
    {header: 'Description', cell: (row) => row.description},
  ],
};

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

export const eventTable: DataTable<WebhookEvent> = {
  rows: webhookEvents,
  key: (row) => row.type,
  anchor: (row) => eventAnchor(row.type),
  columns: [
    {header: 'Event type', cell: (row) => code(row.type)},
    {header: `${code('data')} holds`, cell: (row) => `a ${row.object}`},
    {header: 'Reflects status', cell: (row) => code(row.status)},
    {header: 'Sent when', cell: (row) => row.when},
  ],
};
