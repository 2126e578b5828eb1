import {readFileSync} from 'node:fs';
import {dereference} from 'openapi-backend/refparser';
import {beforeAll, expect, test} from 'vitest';
import {networks, networkTable} from '../../../src/data/networks';
import {paymentFields} from '../../../src/data/paymentObject';
import {paymentStatuses, statusTransitions} from '../../../src/data/statuses';
import {eventTable, statusUnchanged, webhookEvents} from '../../../src/data/webhooks';

// The tables readers see are rendered from src/data; these tests hold that
// data to the API description, so a table and the API never disagree.

interface Schema {
  description?: string;
  enum?: string[];
  properties?: Record<string, Schema>;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  'x-sandbox-network'?: Record<string, string>;
}
let schemas: Record<string, Schema>;
beforeAll(async () => {
  const api = (await dereference('api/openapi.yaml')) as unknown as {components: {schemas: Record<string, Schema>}};
  schemas = api.components.schemas;
});
const schema = (name: string): Schema => {
  const found = schemas[name];
  expect(found, `components.schemas.${name}`).toBeDefined();
  return found;
};

test('payment statuses are the API’s, and every transition joins two of them', () => {
  const statuses = paymentStatuses.map((s) => s.status);
  expect([...statuses].sort()).toEqual([...schema('PaymentStatus').enum!].sort());
  for (const {from, to} of statusTransitions) {
    expect(statuses).toContain(from);
    expect(statuses).toContain(to);
  }
});

test('the statuses the docs mark final are the ones the API description calls final', () => {
  // PaymentStatus's description ends "Final: `succeeded`, `expired`, …": the API's own list.
  const sentence = /Final: ((?:`\w+`(?:, )?)+)\./.exec(schema('PaymentStatus').description ?? '');
  expect(sentence, 'a "Final: `…`, `…`." sentence in PaymentStatus.description').not.toBeNull();
  const fromApi = [...sentence![1].matchAll(/`(\w+)`/g)].map((match) => match[1]);
  expect(fromApi.length).toBeGreaterThan(0);
  const final = paymentStatuses.filter((s) => s.final).map((s) => s.status);
  expect([...final].sort()).toEqual([...fromApi].sort());
});

test('labels on transitions are the API’s labels, every one of them and no other', () => {
  const labels = new Set(statusTransitions.flatMap((t) => (t.label ? [t.label] : [])));
  expect([...labels].sort()).toEqual([...schema('PaymentLabel').enum!].sort());
});

test('the event catalog is the API’s event types, in order', () => {
  expect(webhookEvents.map((e) => e.type)).toEqual(schema('EventType').enum);
});

test('the status each event reflects is a status of its object in the API', () => {
  for (const event of webhookEvents) {
    const statuses =
      event.object === 'payment' ? schema('PaymentStatus').enum : schema('Refund').properties?.status.enum;
    // payment.updated is the one event that keeps whatever status the payment has.
    if (event.type === 'payment.updated') expect(event.status).toBe('unchanged');
    else expect(statuses, event.type).toContain(event.status);
    expect(event.type.startsWith(`${event.object}.`), event.type).toBe(true);
  }
});

test('the catalog shows each event’s status as code, and payment.updated’s in words that are no status', () => {
  const column = eventTable.columns.find((c) => c.header === 'Reflects status')!;
  const cells = Object.fromEntries(eventTable.rows.map((row) => [row.type, column.cell(row)]));
  expect(cells['payment.succeeded']).toBe('`succeeded`');
  expect(cells['refund.failed']).toBe('`failed`');
  expect(cells['payment.updated']).toBe('— (status unchanged)');
  expect(statusUnchanged).toBe('— (status unchanged)');
  expect(schema('PaymentStatus').enum).not.toContain('unchanged');
});

test('the catalog row of payment.updated gives what sends it, as the API describes: more funds, and a refund created or failed', async () => {
  const api = (await dereference('api/openapi.yaml')) as unknown as {
    paths: Record<string, Record<string, {operationId?: string; description?: string}>>;
  };
  const createRefund = Object.values(api.paths)
    .flatMap((path) => Object.values(path))
    .find((operation) => operation.operationId === 'createRefund');
  expect(createRefund?.description?.replace(/\s+/g, ' ')).toContain(
    'Coinwharf sends `payment.updated` when the refund is created and again if it fails.',
  );
  expect(schema('PaymentLabel').description).toContain('`OVER`: confirmed funds exceed `amount_due`');
  expect(webhookEvents.find((e) => e.type === 'payment.updated')?.when).toBe(
    'The payment’s amounts or labels changed without a status change: more funds arrived at a pending payment, ' +
      'one that requires action or a succeeded one (which gains the OVER label once amount_received exceeds ' +
      'amount_due), or a refund of a succeeded payment was created or failed (amount_refunded changed). ' +
      'Never fulfil again on it.',
  );
});

test('the catalog row of payment.requires_action gives every cause the API describes: short, late, and a failed refund of everything', async () => {
  const api = (await dereference('api/openapi.yaml')) as unknown as {
    paths: Record<string, Record<string, {operationId?: string; description?: string}>>;
  };
  const createRefund = Object.values(api.paths)
    .flatMap((path) => Object.values(path))
    .find((operation) => operation.operationId === 'createRefund');
  expect(createRefund?.description?.replace(/\s+/g, ' ')).toContain(
    'A payment canceled by refunding everything returns to `requires_action` (and sends ' +
      '`payment.requires_action`) if that refund fails',
  );
  expect(webhookEvents.find((e) => e.type === 'payment.requires_action')?.when).toBe(
    'Funds arrived short (UNDER), or after the payment ended (LATE); or the refund of everything such a payment ' +
      'held failed, which moves it from `canceled` back to `requires_action` with the label it had. ' +
      'Accept the funds or refund them.',
  );
  expect(webhookEvents.find((e) => e.type === 'refund.failed')?.when).toContain(
    'a payment the refund cancelled requires action again',
  );
});

test('each network’s required confirmations are the API’s Network table’s, Solana’s count included', () => {
  // The Network schema's description holds a table: | `network` | assets | sandbox network | required confirmations |
  const rows = [...(schema('Network').description ?? '').matchAll(/^\| `([a-z]+)` \|[^|]*\|[^|]*\| ([^|]+?) \|$/gm)];
  const fromApi = Object.fromEntries(rows.map((row) => [row[1], row[2]]));
  const column = networkTable.columns.find((c) => c.header === 'Confirmations')!;
  expect(Object.fromEntries(networks.map((n) => [n.network, column.cell(n)]))).toEqual(fromApi);
  expect(fromApi).toEqual({
    bitcoin: '3',
    ethereum: '12',
    base: '30',
    polygon: '64',
    solana: 'finalized (slot rooted), shown as 32',
    tron: '20',
  });
  // Where the table gives words, the count a payment's required_confirmations carries is the one in them.
  for (const network of networks.filter((n) => n.confirmationsNote))
    expect(network.confirmationsNote, network.network).toContain(`shown as ${network.requiredConfirmations}`);
  // Solana reports a count only up to 31, then `finalized`: the description says 32 means finalized.
  expect(schema('Network').description?.replace(/\s+/g, ' ')).toContain(
    "On `solana`, a transaction's `confirmations` count up to 31, as Solana reports them, and read 32 once " +
      'the transaction is finalized (its slot is rooted)',
  );
});

test('networks, their sandbox networks and assets are the API’s', () => {
  const network = schema('Network');
  expect(networks.map((n) => n.network)).toEqual(network.enum);
  expect(Object.fromEntries(networks.map((n) => [n.network, n.sandboxNetwork]))).toEqual(network['x-sandbox-network']);
  expect(new Set(networks.flatMap((n) => n.assets))).toEqual(new Set(schema('Asset').enum));
});

test('the payment object table lists exactly the fields of the Payment schema, in order', () => {
  expect(paymentFields.map((f) => f.name)).toEqual(Object.keys(schema('Payment').properties ?? {}));
});

test('the quote window the docs state is the API’s expires_in range', () => {
  const expiresIn = schema('CreatePaymentRequest').properties?.expires_in;
  expect(expiresIn).toMatchObject({minimum: 300, maximum: 3600, default: 900});
  const overview = readFileSync('docs/payments/index.mdx', 'utf8').replace(/\s+/g, ' ');
  expect(overview).toContain('900 (15 minutes) unless you ask for anything from 300 to 3600');
});
