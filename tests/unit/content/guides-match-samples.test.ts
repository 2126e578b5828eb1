import {readdirSync, readFileSync} from 'node:fs';
import {expect, test} from 'vitest';

// What the guides say the samples do, held to the samples themselves: how they
// retry, and which events the quickstart's endpoint subscribes to.

const read = (file: string) => readFileSync(file, 'utf8');
/** A page's text with every run of white space made one space, as a reader sees it. */
const prose = (file: string) => read(file).replace(/\s+/g, ' ');

const apiSamples = [
  ...readdirSync('examples/api')
    .filter((name) => /\.(ts|py|sh)$/.test(name))
    .map((name) => `examples/api/${name}`),
  'examples/refunds/refund-overpayment.ts',
  'examples/refunds/refund_overpayment.py',
];
const language = (file: string) => (file.endsWith('.ts') ? 'ts' : file.endsWith('.py') ? 'py' : 'sh');
/** A sample that sends a POST, with an Idempotency-Key. */
const sendsPost = (file: string) =>
  language(file) === 'sh'
    ? /--data\s|--request POST/.test(read(file))
    : /method: ['"]POST['"]|["']POST["'],/.test(read(file));

test('the quickstart and going live give the samples’ retries exactly: 6 attempts of 30 s (10 s to connect), 1, 2, 4, 8, 16 s apart', () => {
  expect(prose('docs/payments/quickstart.mdx')).toContain(
    'If an attempt gets no answer within 30 seconds (10 to connect), or the API answers `429`, a `5xx` or ' +
      '`409 idempotency_in_progress`, the sample tries again with the same key: at most 6 attempts, ' +
      '1, 2, 4, 8 and 16 seconds apart, or as long as `Retry-After` asks.',
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'at most 6 attempts, each given 30 seconds (10 to connect), 1, 2, 4, 8 and 16 seconds apart unless ' +
      '`Retry-After` says otherwise. That is 31 seconds of waiting between attempts, and 3 minutes 31 seconds ' +
      'at worst, when every attempt hangs.',
  );
  // 6 attempts of 30 s and the 5 waits between them.
  expect(6 * 30 + (1 + 2 + 4 + 8 + 16)).toBe(3 * 60 + 31);
  const limits = {
    ts: ['const attempts = 6;', 'AbortSignal.timeout(30_000)', '2 ** (attempt - 1)', "get('Retry-After')"],
    py: ['ATTEMPTS = 6', 'timeout=(10, 30)', '2 ** (attempt - 1)', '"Retry-After"'],
    sh: ['for attempt in 1 2 3 4 5 6', '--connect-timeout 10 --max-time 30', '1 << (attempt - 1)', 'retry-after'],
  };
  expect(apiSamples.length).toBeGreaterThan(40);
  for (const file of apiSamples) {
    for (const literal of limits[language(file)]) expect(read(file), file).toContain(literal);
    // Only a POST can meet 409 idempotency_in_progress, and every POST sample retries it.
    expect(read(file).includes('_in_progress'), file).toBe(sendsPost(file));
  }
  expect(apiSamples.filter(sendsPost)).toContain('examples/api/create-payment.sh');
});

/** The event types the webhook guide says every production integration handles. */
function eventsEveryIntegrationHandles(): string[] {
  const page = read('docs/payments/webhook-guide.mdx');
  const start = page.search(/Every\s+production\s+integration\s+handles/);
  expect(start, 'the webhook guide’s list of events every integration handles').toBeGreaterThan(0);
  const list = page.slice(start).split('\n\n')[1];
  return [...list.matchAll(/^- `([a-z_.]+)`:/gm)].map((match) => match[1]);
}

test('the events every integration must handle are in the quickstart’s registration, in every language, and going live checks them', () => {
  const mustHandle = eventsEveryIntegrationHandles();
  expect(mustHandle).toEqual(['payment.succeeded', 'payment.requires_action', 'payment.updated', 'refund.failed']);
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    'Every production integration handles these four, even one that only fulfils orders',
  );
  for (const file of [
    'examples/api/register-webhook-endpoint.ts',
    'examples/api/register_webhook_endpoint.py',
    'examples/api/register-webhook-endpoint.sh',
  ]) {
    const subscribed = [...read(file).matchAll(/["'](payment|refund)\.([a-z_]+)["']/g)].map((m) => `${m[1]}.${m[2]}`);
    for (const type of mustHandle) expect(subscribed, file).toContain(type);
  }
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'The live endpoint subscribes to `payment.succeeded`, `payment.requires_action`, `payment.updated` and ' +
      '`refund.failed`, and your receiver handles each',
  );
});

test('after a failed refund the refunds guide asks for a confirmed address, and the sandbox walkthrough says why it reuses one', () => {
  const refunds = prose('docs/payments/refunds.mdx');
  expect(refunds).not.toContain('never retry with the same address');
  expect(refunds).toContain(
    'So ask the customer to confirm the address, with its network and asset, or to give another, then create ' +
      'a new refund to that address with a new `Idempotency-Key`.',
  );
  expect(refunds).toContain(
    'in the sandbox the failure was simulated and says nothing about the address, so refund to the same one again.',
  );
  expect(prose('docs/payments/testing.mdx')).toContain(
    'In live mode you would first confirm the address with the customer; in the sandbox the failure is ' +
      'simulated and says nothing about the address, so the same address does.',
  );
  // The sample receivers' refund.failed line (tests/samples/webhook-receivers.spec.ts holds them to it).
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).not.toContain('only log it');
  expect(guide).toContain(
    '`evt_… refund.failed for rf_… of pay_…: 2.50 USDC to 0x9F2b… on base not returned; confirm the address ' +
      'with the customer and refund again`.',
  );
});

test('the refunds guide and the changelog say what reserved is and when a payment that requires action can be refunded', () => {
  const refunds = prose('docs/payments/refunds.mdx');
  expect(refunds).toContain(
    'Part of that balance is a reserve for excesses you have not refunded yet, shown as `reserved` in ' +
      '[`GET /v1/balance`](/api/balance#get-balance), which only a refund with `reason: overpayment` may spend',
  );
  expect(refunds).toContain('Any other refund may spend only `available` less `reserved`.');
  expect(refunds).toContain(
    "While the payment's `amount_pending` is not zero, for example because more funds are on their way to a " +
      'late payment, creating the refund answers `409 payment_invalid_state` and nothing is sent.',
  );
  const changelog = prose('changelog/2026-11-25-money-never-reaches-a-dead-end.md');
  expect(changelog).toContain(
    '`GET /v1/balance` returns what is `available`, how much of it is `reserved` for excesses not yet refunded, ' +
      'and what is `pending`, per asset and network.',
  );
  expect(changelog).toContain(
    'Accepting a payment, or refunding one that requires action, answers `409 payment_invalid_state` while ' +
      '`amount_pending` is not zero.',
  );
});
