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
interface Operation {
  description?: string;
  parameters?: {name: string; description?: string}[];
}
interface Api {
  info: {description: string};
  paths: Record<string, Record<string, Operation>>;
  components: {schemas: Record<string, Schema>};
}
let api: Api;
let schemas: Record<string, Schema>;
beforeAll(async () => {
  api = (await dereference('api/openapi.yaml')) as unknown as Api;
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
      'amount_due), funds reached an expired, canceled or failed payment and are still confirming (its status ' +
      'stays until they are confirmed), a reorg dropped funds still confirming on a payment that requires action ' +
      'or a succeeded one (they leave amount_pending and transactions; the status and amount_received do not ' +
      'change), or a refund of a succeeded payment was created or failed (amount_refunded changed). ' +
      'Never fulfil again on it.',
  );
});

test('the catalog row of payment.requires_action gives every cause the API describes: short, late, a reorg that leaves confirmed funds, and a failed refund of everything', async () => {
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
    'Funds arrived short (UNDER), or after the payment ended (LATE); or a reorg dropped a transaction of a ' +
      '`pending` payment that still holds confirmed funds, such as a top-up of an UNDER payment (it is UNDER ' +
      'again, `amount_received` unchanged); or the refund of everything such a payment ' +
      'held failed, which moves it from `canceled` back to `requires_action` with the label it had. ' +
      'Accept the funds or refund them.',
  );
  expect(webhookEvents.find((e) => e.type === 'refund.failed')?.when).toContain(
    'a payment the refund made `canceled` requires action again',
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

// What the guides promise about money, held to what the API description offers.

/** A page's text with every run of white space made one space, as a reader sees it. */
const prose = (file: string) => readFileSync(file, 'utf8').replace(/\s+/g, ' ');
const oneLine = (text = '') => text.replace(/\s+/g, ' ').trim();

test('the served description opens with a neutral header, with no internal notes in any comment', () => {
  const source = readFileSync('api/openapi.yaml', 'utf8');
  const header = source.slice(0, source.indexOf('\ninfo:'));
  expect(header).toBe(
    [
      'openapi: 3.1.0',
      '# Coinwharf Payments API, as OpenAPI 3.1. The API reference at',
      '# https://docs.coinwharf.com is generated from this file, and its request',
      '# samples are tested against it.',
      '#',
      '# Extensions used here:',
      '# - `x-sample-files` on an operation: its request samples, in curl, Node.js and',
      '#   Python (`x-sample-imports`: local files a sample imports).',
      '# - `x-shown-unfolded: true` on an optional request-body field: shown with the required ones, not',
      '#   folded with the other optional fields, because leaving it out does something a reader must see.',
      "# - `x-more` on an operation: a title for its description's paragraphs after the first, which give",
      '#   its rules (the first says what it does); the reference folds them under that title.',
      "# - `x-error-codes` on the error object's `code`: every error code with its HTTP",
      '#   status, type, cause and fix; on an operation: the codes it can return besides',
      '#   those every operation can (401, 429 and 5XX).',
      "# - `x-sandbox-network` on the Network schema: the test network each network's",
      '#   sandbox payments use.',
    ].join('\n'),
  );
  const comments = source.split('\n').filter((line) => /^\s*#/.test(line));
  for (const line of comments) expect(line).not.toMatch(/BRIEF|Model v2|decided|\b20\d\d-\d\d-\d\d\b/i);
});

test('a reference names one order, never reused, and an order may have several payments: in the API and the guides', () => {
  const create = oneLine(schema('CreatePaymentRequest').properties?.reference?.description);
  expect(create).toContain(
    'A reference names one order: never reuse it for another order. One order may have several payments, all ' +
      'with its reference, for example a new payment after the first one expired.',
  );
  const filter = api.paths['/payments'].get.parameters?.find((p) => p.name === 'reference');
  expect(oneLine(filter?.description)).toBe(
    'Only payments created with exactly this `reference`: the payments of one order. A reference names one ' +
      'order and is never reused for another, but an order may have several payments, for example a new one ' +
      'after the first expired.',
  );
  const fees = prose('docs/payments/fees-and-settlement.mdx');
  expect(fees).toContain(
    'Give each order its own reference and never reuse it for another (the API does not check this); one order ' +
      'can have several payments, all with its reference, for example a new one after the first expired.',
  );
  expect(fees).not.toMatch(/reference you reuse|reuse[sd]? (a|the|your) reference|across orders/i);
  expect(prose('changelog/2026-11-25-money-never-reaches-a-dead-end.md')).toContain(
    'A `reference` names one order and is never reused for another; every payment of an order, such as a new ' +
      'one after the first expired, carries it.',
  );
});

test('the fees page promises only the reconciliation the API allows: no settlement is listed, so the transfer is the record', () => {
  // The API has no settlement operation, and lists refunds by payment only, with no date filter.
  expect(Object.keys(api.paths).filter((path) => /settle/i.test(path))).toEqual([]);
  expect((api.paths['/refunds'].get.parameters ?? []).map((p) => p.name)).toEqual([
    'limit',
    'starting_after',
    'payment',
  ]);
  expect(oneLine(api.info.description)).toContain(
    'The API does not list settlements: each one is an on-chain transfer to your withdrawal address, and that ' +
      'transfer is its record.',
  );
  const fees = prose('docs/payments/fees-and-settlement.mdx');
  for (const promise of [
    'shows how to check every step',
    'Reconciling means matching every order',
    'Match a settlement against',
    'holds only what has succeeded since then',
  ])
    expect(fees).not.toContain(promise);
  expect(fees).toContain(
    'The API does not list settlements: no endpoint says when one was sent, how much it sent or which payments ' +
      'it covered',
  );
  expect(fees).toContain(
    "1. Shortly before 00:00 UTC, read your balance and note the pair's `available` less `reserved`.",
  );
  expect(fees).toContain(
    'The settlement sends at most `available` less `reserved` as it stands at 00:00 UTC, and nothing when that ' +
      'is zero or less.',
  );
  expect(fees).toContain(
    'Two balances are not settled and carry over instead: a pair with no withdrawal address keeps its funds, ' +
      "and a negative `available`, after a refund's network fee it could not cover, stays negative",
  );
  expect(fees).toContain(
    'And [`GET /v1/refunds`](/api/refunds#list-refunds) lists all your refunds, newest first, or with `payment` ' +
      'the refunds of one payment',
  );
  expect(fees).toContain(
    "it has no date filter. To see a day's refunds, page through all of them from the newest until their " +
      '`created_at` is before that day',
  );
});

test('an overpayment’s excess is refunded in full, at the merchant’s cost, and no page promises a network fee in advance', () => {
  const refunds = prose('docs/payments/refunds.mdx');
  expect(refunds).not.toContain('refund a smaller amount and tell them why');
  expect(refunds).toContain(
    "The excess of an overpayment is the customer's money, and sending it back is your cost: refund what is " +
      'left of the excess in full, with `reason: overpayment`, and let the network fee come out of your balance. ' +
      'A smaller `overpayment` refund does not close the excess: the rest is still owed, settlement keeps it back ' +
      'in `reserved` for 30 days from its arrival',
  );
  // network_fee is null until the refund is sent: the API says so, and so do both pages.
  expect(oneLine(schema('Refund').properties?.network_fee?.description)).toContain('Null until the refund is sent');
  expect(oneLine(api.paths['/refunds'].post.description)).toContain(
    "It is not known in advance: the refund's `network_fee` is null until the refund is sent.",
  );
  expect(refunds).toContain(
    "Nothing tells you the fee in advance: a refund's `network_fee` is `null` until the refund is sent.",
  );
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(
    'Nothing tells you the fee in advance: `network_fee` is `null` until the refund is sent.',
  );
});

test('a refund of a payment in any other status answers 409, a pending one included, in the API and the refunds guide alike', () => {
  const description = oneLine(api.paths['/refunds'].post.description);
  expect(description).not.toContain('Other payments hold no funds');
  expect(description).toContain(
    '- A payment in any other status gets `409 payment_invalid_state`. An `awaiting_payment`, `expired`, ' +
      '`canceled` or `failed` payment holds no funds (funds that reach an ended payment move it to ' +
      '`requires_action` first). A `pending` payment is confirming a transaction, and may already hold confirmed ' +
      'funds, as when the customer tops up an `UNDER` payment: refund it once it is `succeeded`, or ' +
      '`requires_action` again.',
  );
  expect(prose('docs/payments/refunds.mdx')).toContain(
    '- A payment in any other status gets `409 payment_invalid_state`. An `awaiting_payment`, `expired`, ' +
      '`canceled` or `failed` payment holds no funds: funds that reach an ended payment move it to ' +
      '`requires_action` first. A `pending` payment is confirming a transaction and may already hold confirmed ' +
      'funds, as when the customer tops up an `UNDER` payment: refund it once it is `succeeded`, or ' +
      '`requires_action` again.',
  );
});

test('the refunds guide claims a format check by mode, not the API’s own checks', () => {
  const refunds = prose('docs/payments/refunds.mdx');
  expect(refunds).not.toContain('The API runs the same checks');
  expect(refunds).toContain(
    'The module below checks formats only, not the checksums some addresses carry, so one mistyped character ' +
      'can pass it',
  );
  expect(refunds).toContain('where Bitcoin addresses start with `tb1`, `m`, `n` or `2` instead of `bc1`, `1` or `3`.');
  expect(oneLine(api.paths['/refunds'].post.description)).toContain(
    "The address must be valid for the payment's network, in the payment's mode (a sandbox payment is refunded " +
      'on its sandbox network, so a `bitcoin` one to a testnet address)',
  );
});

test('the overview’s daily sweep runs the list-payments samples with STATUS=requires_action, and stablecoins keep dollar value only', () => {
  const overview = prose('docs/payments/index.mdx');
  const commands = [...overview.matchAll(/`STATUS=requires_action (npx tsx|python3|bash) ([\w-]+\.(?:ts|py|sh))`/g)];
  expect(commands.map((c) => c[2])).toEqual(['list-payments.ts', 'list_payments.py', 'list-payments.sh']);
  for (const [, , file] of commands) {
    const sample = readFileSync(`examples/api/${file}`, 'utf8');
    expect(sample, file).toMatch(/STATUS/);
    expect(sample, file).toMatch(/has_more/);
  }
  expect(overview).not.toContain('the amount you receive keep their value while');
  expect(overview).toContain(
    'For a price in another currency, such as `EUR`, `GBP` or `JPY`, they hold their dollar value, not the ' +
      "price's: what you receive is worth the price when the quote is locked, and then moves with the exchange " +
      'rate between the dollar and your currency.',
  );
});

test('where a guide names the status, it writes `canceled`; British “cancelled” is left to the verb', () => {
  for (const page of [
    'docs/payments/index.mdx',
    'docs/payments/refunds.mdx',
    'docs/payments/fees-and-settlement.mdx',
    'docs/payments/testing.mdx',
    'docs/intro.mdx',
  ])
    expect(prose(page), page).not.toMatch(/\b(is|was|were|been|be|are|became|becomes) (cancelled|canceled)\b/i);
});
