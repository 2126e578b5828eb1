/**
 * A data table as pages show it, defined once next to its data: its columns
 * and how each cell reads. The page renders it with src/internal/DataTable,
 * the Markdown twin with plugins/markdown-twins/components.ts, so the two
 * cannot drift. Cell text is Markdown-like: `backticks` mark code; a list
 * cell is several lines.
 */
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

/** Text as code, in a cell. */
export const code = (text: string | number) => `\`${text}\``;
