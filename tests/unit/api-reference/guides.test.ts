import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {guidesUsing, referenceLinks} from '../../../plugins/api-reference/guides';

let docs: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(docs, file)), {recursive: true});
  writeFileSync(path.join(docs, file), text);
};

beforeAll(() => {
  docs = mkdtempSync(path.join(os.tmpdir(), 'api-guides-'));
  write(
    'payments/quickstart.mdx',
    [
      '---',
      'title: Quickstart',
      '---',
      'Create it with [`POST /v1/payments`](/api/payments#create-payment), set',
      '[the price](../api/payments.mdx#create-payment-body-price), refund it ([refunds](/api/refunds/)),',
      'list [events](../../api/events/#list-events), not [a look-alike](/apis/x#y) nor [upper](/api/Payments#z).',
    ].join('\n'),
  );
  write('a-first.md', 'Also [creates](/api/payments#create-payment) and [reads](/api/payments.md#get-payment).\n');
  write('api/payments.mdx', '---\ntitle: Payments API\n---\n[self](/api/payments#create-payment)\n');
  write('notes.txt', '[text](/api/payments#create-payment)\n');
  write('draft.mdx.orig', '[text](/api/payments#create-payment)\n');
});
afterAll(() => rmSync(docs, {recursive: true, force: true}));

test('every link from a guide to a reference page, absolute or relative, in file order; the reference itself left out', () => {
  expect(referenceLinks(docs, 'api')).toEqual([
    {file: 'a-first.md', title: 'a-first.md', page: 'payments', fragment: 'create-payment'},
    {file: 'a-first.md', title: 'a-first.md', page: 'payments', fragment: 'get-payment'},
    {file: 'payments/quickstart.mdx', title: 'Quickstart', page: 'payments', fragment: 'create-payment'},
    {file: 'payments/quickstart.mdx', title: 'Quickstart', page: 'payments', fragment: 'create-payment-body-price'},
    {file: 'payments/quickstart.mdx', title: 'Quickstart', page: 'refunds', fragment: ''},
    {file: 'payments/quickstart.mdx', title: 'Quickstart', page: 'events', fragment: 'list-events'},
  ]);
});

test("an operation's guides: links to its section or a field inside it, on its page, each guide once", () => {
  const links = referenceLinks(docs, 'api');
  expect(guidesUsing(links, 'payments', 'create-payment')).toEqual([
    {file: 'a-first.md', title: 'a-first.md'},
    {file: 'payments/quickstart.mdx', title: 'Quickstart'},
  ]);
  expect(guidesUsing(links, 'payments', 'create-payment-body')).toEqual([
    {file: 'payments/quickstart.mdx', title: 'Quickstart'},
  ]);
  expect(guidesUsing(links, 'payments', 'create-pay')).toEqual([]);
  expect(guidesUsing(links, 'refunds', 'get-payment')).toEqual([]);
  expect(guidesUsing(links, 'events', 'list-events')).toEqual([{file: 'payments/quickstart.mdx', title: 'Quickstart'}]);
});
