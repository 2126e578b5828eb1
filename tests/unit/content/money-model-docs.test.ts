import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import {parse} from 'yaml';
import {referencePages} from '../../../plugins/api-reference/generate';
import {simulatorOutcomes} from '../../../src/data/simulator';

// What the overview and the refunds guide tell an integrator about money the
// API cannot show them, held to the lead's decisions word for word.

interface Description {
  paths: Record<string, Record<string, {description: string}>>;
  components: {
    schemas: Record<
      string,
      {required?: string[]; description: string; properties: Record<string, {default?: unknown; description: string}>}
    >;
  };
}
const description = () => parse(readFileSync('api/openapi.yaml', 'utf8')) as Description;

/** A page's text with every run of white space made one space, as a reader sees it. */
const prose = (file: string) => readFileSync(file, 'utf8').replace(/\s+/g, ' ');

test('the overview says once what happens to another token sent on the right network, and the refunds guide points to it', () => {
  const overview = prose('docs/payments/index.mdx');
  const said =
    'A customer who sends another token on the right network, such as USDT on Base to a payment that ' +
    'expects USDC on Base, has not paid either. The payment does not count it: `amount_received` stays ' +
    'as it was, and no webhook is sent. The funds are not lost: write to ' +
    "[support@coinwharf.com](mailto:support@coinwharf.com) with the transaction hash, the payment's id " +
    'and an address the customer gives you for that token on that network, collected as the ' +
    '[refunds guide](./refunds.mdx#collect-the-customers-address) says, and Coinwharf returns them to ' +
    'that address within 10 business days, less the network fee. Support never sends them to the address ' +
    'they were sent from, which may belong to an exchange, and never credits them to the payment or to ' +
    'your balance, so never fulfil the order from them. Only support can do this; there is no API for it.';
  expect(overview).toContain(`#### Wrong token ${said}`);
  expect(overview.split('within 10 business days')).toHaveLength(2);
  const refunds = prose('docs/payments/refunds.mdx');
  expect(refunds).toContain('as [wrong token](./index.mdx#wrong-token) explains.');
  expect(refunds).not.toContain('10 business days');
});

test('the overview says updated_at counts whole seconds and sends the reader to fetch the payment, as the webhook guide does', () => {
  expect(prose('docs/payments/index.mdx')).toContain(
    "Every change also sets the payment's `updated_at`, in whole seconds, so two changes within one second " +
      'share the same `updated_at` and it cannot always tell which came last. Events can arrive in any ' +
      'order: to know where a payment stands, fetch it with ' +
      '[`GET /v1/payments/{id}`](/api/payments#get-payment) and act on its current state, as the webhook ' +
      "guide's [no guaranteed order](./webhook-guide.mdx#no-guaranteed-order) says.",
  );
  // The section it links to exists and gives the same advice.
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).toContain('### No guaranteed order');
  expect(guide).toContain('it counts whole seconds, so two states can share one');
  expect(guide).toContain('and act on its current state.');
});

test('every example in the API reference gives an amount in the asset, and only a price in fiat', () => {
  const fiat = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF'];
  const found: string[] = [];
  /** Every {amount, currency} in an example, with the key it sits under. */
  const walk = (value: unknown, key: string, where: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${key}[${i}]`, where));
    else if (value && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      if (typeof object.currency === 'string' && 'amount' in object) found.push(`${where} ${key}: ${object.currency}`);
      for (const [name, child] of Object.entries(object)) walk(child, name, where);
    }
  };
  for (const page of referencePages(process.cwd())) {
    const blocks = [...page.content.matchAll(/^### (.+)\n\n```json[^\n]*\n([\s\S]*?)\n```/gm)];
    for (const [, heading, json] of blocks) walk(JSON.parse(json), '(top)', `${page.file} ${heading}`);
  }
  const inFiat = found.filter((f) => fiat.some((c) => f.endsWith(`: ${c}`)));
  // A price is fiat; so is the Money type's own example, which shows the type for both uses.
  expect(inFiat.filter((f) => !/ price: /.test(f) && !f.includes('Example money'))).toEqual([]);
  expect(found).toContain('objects.mdx Example transaction {/* #transaction-example */} amount: USDC');
});

test('the sandbox reference says outcome is required with no default, which outcomes need a new payment, and when late adds OVER', () => {
  const api = description();
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  const {schemas} = api.components;
  for (const name of ['SimulatePaymentRequest', 'SimulateRefundRequest']) {
    expect(schemas[name].required, name).toEqual(['outcome']);
    expect(schemas[name].properties.outcome.default, name).toBeUndefined();
    expect(schemas[name].properties.outcome.description, name).toMatch(/Required, with no default\.$/);
  }
  const refund = words(api.paths['/sandbox/refunds/{id}/simulate'].post.description);
  expect(refund).toContain('naming the `outcome`, which is required and has no default');
  const payment = words(api.paths['/sandbox/payments/{id}/simulate'].post.description);
  expect(payment).not.toContain('each outcome needs a new payment');
  expect(payment).toContain(
    'Most need a new payment, in `awaiting_payment`; two do not: `top_up` continues a payment that `underpay` left in `requires_action` with `UNDER` (not one that also has `LATE`: funds after the quote are late funds, not a top-up), and `late` also plays funds reaching a payment that has ended.',
  );
  // The late row for a succeeded payment says what the mock does: OVER only past amount_due.
  expect(payment).toContain(
    '| `late` | `succeeded` | stays `succeeded`, another 10 % of `amount_due` arrives, sends `payment.updated` when it is seen and again when it is confirmed (refund any excess yourself) | `OVER` once `amount_received` is more than `amount_due`, and `UNDER` goes once it reaches it; a payment you accepted short may stay below and keeps its labels |',
  );
  expect(simulatorOutcomes.find((o) => o.outcome === 'late' && o.from === 'succeeded')?.plays).toBe(
    'Another 10% of the amount due arrives after the payment succeeded. UNDER goes once `amount_received` reaches `amount_due`, and OVER comes once it is more: a payment you accepted short may stay below and keep its labels.',
  );
});

test('the status type names every way out of a final status, a failed full refund of a canceled payment included', () => {
  const api = description();
  const status = api.components.schemas.PaymentStatus.description.replace(/\s+/g, ' ');
  expect(status).toContain(
    'A payment `canceled` by refunding everything it held returns to `requires_action`, with the label it had, if that refund fails.',
  );
  expect(status).toContain(
    'it returns to `requires_action` with the label those funds call for (`UNDER` when short), whatever the quote, and `amount_received` is unchanged.',
  );
});
