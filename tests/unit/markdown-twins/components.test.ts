import {expect, test} from 'vitest';
import {dataTable, renderComponent} from '../../../plugins/markdown-twins/components';

// What a twin says where its page shows a component.

const element = (name: string | undefined, attributes: unknown[] = []) =>
  ({name, attributes}) as unknown as Parameters<typeof renderComponent>[0];

test('the interactive tools become a note saying what the page has there', () => {
  expect(renderComponent(element('WebhookSignatureChecker'))).toBe(
    '> **Interactive:** the web page has a signature checker here. It verifies a pasted delivery in the browser and names the step that fails.',
  );
  expect(renderComponent(element('WebhookEventGenerator'))).toBe(
    '> **Interactive:** the web page has a signed test-event generator here. It signs a sample event with your secret in the browser and writes the curl command that sends it.',
  );
});

test('a data table keeps the page columns; a list cell is joined by "; ", an empty one says so', () => {
  const table = renderComponent(element('StatusTable')).split('\n');
  expect(table.slice(0, 2)).toEqual([
    '| Status | Final | Moves to | Meaning | Your move |',
    '| --- | --- | --- | --- | --- |',
  ]);
  expect(table.find((line) => line.startsWith('| `awaiting_payment` |'))).toContain(
    ' | No | `pending` when a transaction is seen; `expired` when the quote window ends; `canceled` when you cancel it | ',
  );
  // Funds after the end move even a final status (Model v2): no row is empty, so an empty list is shown on a table of its own.
  expect(table.find((line) => line.startsWith('| `succeeded` |'))).toMatch(
    /^\| `succeeded` \| Yes \| `succeeded` when more funds arrive \(payment.updated; never fulfil again\), label `OVER` \| /,
  );
  const lists = dataTable({
    rows: [
      {name: 'a', items: ['x', 'y']},
      {name: 'b', items: []},
    ],
    key: (row) => row.name,
    columns: [
      {header: 'Name', cell: (row) => row.name},
      {header: 'Items', cell: (row) => ({items: row.items, empty: 'None'})},
    ],
  });
  expect(lists).toBe('| Name | Items |\n| --- | --- |\n| a | x; y |\n| b | None |');
});

test('an unknown component, a fragment and a component with props are refused by name', () => {
  expect(() => renderComponent(element('Chart'))).toThrow(
    '<Chart> has no Markdown renderer: add one to plugins/markdown-twins/components.ts',
  );
  expect(() => renderComponent(element(undefined))).toThrow(
    '<> has no Markdown renderer: add one to plugins/markdown-twins/components.ts',
  );
  expect(() => renderComponent(element('toString'))).toThrow('<toString> has no Markdown renderer');
  expect(() => renderComponent(element('StatusTable', [{type: 'mdxJsxAttribute', name: 'x'}]))).toThrow(
    '<StatusTable> takes no props on a page: its content comes from src/data',
  );
});
