/**
 * The Markdown each MDX component stands for. A page that uses a component not
 * listed here fails the build, naming the file and line: add its renderer here.
 * Data tables are defined once, next to their data in src/data, for the page and the
 * twin; tests/e2e/llms.spec.ts compares each twin table with the page's.
 */
import {assetTable, explorerTable, networkTable, tokenContractTable} from '../../src/data/networks';
import {paymentFieldTable} from '../../src/data/paymentObject';
import {simulatorTable} from '../../src/data/simulator';
import {statusDiagramSource, statusTable, fundsArrivalTable} from '../../src/data/statuses';
import type {DataTable} from '../../src/data/table';
import {eventTable, retryTable} from '../../src/data/webhooks';

/** A JSX element as remark-mdx parses it. */
interface JsxElement {
  name: string | null;
  attributes: readonly unknown[];
}

/** A GFM table; cells are Markdown already, and pipes inside them are escaped. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A data table as the twin shows it: the same columns and cells as the page, list cells joined by "; ". */
export function dataTable<Row>({columns, rows}: DataTable<Row>): string {
  return markdownTable(
    columns.map((column) => column.header),
    rows.map((row) =>
      columns.map((column) => {
        const value = column.cell(row);
        return typeof value === 'string' ? value : value.items.join('; ') || value.empty;
      }),
    ),
  );
}

const renderers: Record<string, () => string> = {
  StatusDiagram: () => `\`\`\`mermaid\n${statusDiagramSource()}\n\`\`\``,
  StatusTable: () => dataTable(statusTable),
  FundsArrivalTable: () => dataTable(fundsArrivalTable),
  NetworkTable: () => dataTable(networkTable),
  TokenContractTable: () => dataTable(tokenContractTable),
  ExplorerTable: () => dataTable(explorerTable),
  AssetTable: () => dataTable(assetTable),
  SimulatorOutcomes: () => dataTable(simulatorTable),
  PaymentFields: () => dataTable(paymentFieldTable),
  RetrySchedule: () => dataTable(retryTable),
  EventCatalog: () => dataTable(eventTable),
  // MDX's <head>: tags for the browser (the API reference's pages have one), nothing to read.
  head: () => '',
  // The page's interactive tools: a twin can only say where they are.
  WebhookSignatureChecker: () =>
    '> **Interactive:** the web page has a signature checker here. It verifies a pasted delivery in the browser and names the step that fails.',
  WebhookEventGenerator: () =>
    '> **Interactive:** the web page has a signed test-event generator here. It signs a sample event with your secret in the browser and writes the curl command that sends it.',
};

/** The Markdown a component stands for; throws for a component without a renderer, or with props. */
export function renderComponent(element: JsxElement): string {
  const name = element.name ?? '';
  const render = Object.hasOwn(renderers, name) ? renderers[name] : undefined;
  if (!render) {
    throw new Error(`<${name}> has no Markdown renderer: add one to plugins/markdown-twins/components.ts`);
  }
  if (element.attributes.length > 0) {
    throw new Error(`<${name}> takes no props on a page: its content comes from src/data`);
  }
  return render();
}
