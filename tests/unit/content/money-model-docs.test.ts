import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';

// What the overview and the refunds guide tell an integrator about money the
// API cannot show them, held to the lead's decisions word for word.

/** A page's text with every run of white space made one space, as a reader sees it. */
const prose = (file: string) => readFileSync(file, 'utf8').replace(/\s+/g, ' ');

test('the overview says once what happens to another token sent on the right network, and the refunds guide points to it', () => {
  const overview = prose('docs/payments/index.mdx');
  const said =
    'A customer who sends another token on the right network, such as USDT on Base to a payment that ' +
    'expects USDC on Base, has not paid either. The payment does not count it: `amount_received` stays ' +
    'as it was, and no webhook is sent. The funds are not lost: write to ' +
    "[support@coinwharf.com](mailto:support@coinwharf.com) with the transaction hash and the payment's " +
    'id, and Coinwharf returns them to the address they were sent from within 10 business days, less ' +
    'the network fee. Only support can do this; there is no API for it.';
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
