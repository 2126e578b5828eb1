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

test('the quickstart and going live give the samples’ retries exactly: 6 attempts of 30 s (in curl 10 of them to connect; in Python 10 s to connect, then 30 s without a byte), 1, 2, 4, 8, 16 s apart', () => {
  expect(prose('docs/payments/quickstart.mdx')).toContain(
    'If an attempt gets no answer within 30 seconds (in curl, no connection within 10 of them; in Python, no connection within 10 seconds, ' +
      'or 30 seconds without a byte of the answer), or the API answers `429`, a `5xx` or ' +
      '`409 idempotency_in_progress`, the sample tries again with the same key: at most 6 attempts, ' +
      '1, 2, 4, 8 and 16 seconds apart, or as long as `Retry-After` asks.',
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'at most 6 attempts, each given 30 seconds (in curl, 10 of them to connect; in Python, 10 seconds to connect, then 30 without a byte ' +
      'of the answer), 1, 2, 4, 8 and 16 seconds apart unless `Retry-After` says otherwise. That is 31 seconds of waiting between ' +
      'attempts, and 3 minutes 31 seconds at worst when every attempt connects and then hangs. In Python an attempt can take longer: ' +
      'up to 10 seconds more when connecting is slow too',
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
      "a new refund to that address with a new `Idempotency-Key` and the failed refund's `reason`.",
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
    '`evt_… refund.failed for rf_… of pay_…: 2.50 USDC to 0x9F2B… on base not returned; confirm the address ' +
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

test('the webhook guide names exactly the events the quickstart’s registration leaves out of the catalogue', async () => {
  const {webhookEvents} = await import('../../../src/data/webhooks');
  for (const file of [
    'examples/api/register-webhook-endpoint.ts',
    'examples/api/register_webhook_endpoint.py',
    'examples/api/register-webhook-endpoint.sh',
  ]) {
    const subscribed = new Set(
      [...read(file).matchAll(/["'](payment|refund)\.([a-z_]+)["']/g)].map((m) => `${m[1]}.${m[2]}`),
    );
    expect(
      webhookEvents.map((e) => e.type).filter((type) => !subscribed.has(type)),
      file,
    ).toEqual(['payment.created']);
  }
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    'The quickstart’s registration subscribes to these four and to every other payment and refund event except `payment.created`;'.replace(
      '’',
      "'",
    ),
  );
});

test('going live fulfils each order once without a second refund: check the order before accepting, refund requires-action funds in full', () => {
  const live = prose('docs/payments/going-live.mdx');
  expect(live).not.toContain('refund the second payment');
  expect(live).toContain(
    'Before you accept the funds of a payment that requires action, check whether its order is already paid or cancelled (or unknown); ' +
      'if it is, refund those funds in full instead of accepting them. That refund, with `reason: declined`, takes no 1 % fee and never meets ' +
      '`409 balance_insufficient`',
  );
  // An existing orders table is updated, not inserted into; the samples' own table says what it is.
  for (const page of [live, prose('docs/payments/webhook-guide.mdx')]) {
    expect(page).toContain(
      '`UPDATE orders SET paid_by = $1 WHERE reference = $2 AND paid_by IS NULL AND canceled_at IS NULL`',
    );
    expect(page).toContain('`fulfilments` table, one row per fulfilled order, keyed by its `reference`');
    // A payment for a stale total is not fulfilled.
    expect(page).toContain(
      'compare the payment’s `price` with the order’s current total: a payment for an old total is refunded, not fulfilled.'.replaceAll(
        '’',
        "'",
      ),
    );
    expect(page).toContain(
      '[`POST /v1/payments/{id}/cancel`](/api/payments#cancel-payment) before you create a new one',
    );
  }
  expect(read('examples/webhooks/webhook-event.ts')).toContain('compare payment.price with the order');
  expect(read('examples/webhooks/flask_receiver.py')).toContain('compare payment["price"] with the');
});

test('going live says what a key stores as the table does, that the samples leave out jitter, and that a key is one operation’s own', () => {
  const live = prose('docs/payments/going-live.mdx');
  expect(live).not.toContain('unless that response says the request did not run');
  // What api/openapi.yaml's Idempotency section says, row by row.
  const description = prose('api/openapi.yaml');
  expect(description).toContain(
    'every `2XX` response and every `4XX` response except `401`, `409 idempotency_in_progress`, ' +
      '`409 idempotency_conflict` and `429`; a `404` is stored like any other `4XX`.',
  );
  expect(description).toContain('What is not stored: `401` answers');
  expect(description).toContain(
    "such as a proxy's `502` or `504`, or a timeout with no answer at all, can come after Coinwharf acted.",
  );
  expect(live).not.toContain('every `4xx` except `409 idempotency_in_progress` and `429`');
  expect(live).not.toContain('A `429` or a `5xx` is not stored');
  expect(live).toContain(
    'every `2xx`, and every `4xx` except `401`, `409 idempotency_in_progress`, `409 idempotency_conflict` and ' +
      '`429`, so a `400`, a `404` or ' +
      'a `409 balance_insufficient`, for which nothing was done, is stored too. A `401` is not stored: a request ' +
      'without a valid key never reached an account, so its key was never used. A `429` or a `5xx` from ' +
      'Coinwharf is not stored either, and a retry with the same key runs again.',
  );
  expect(live).toContain(
    'A `5xx` from Coinwharf itself, a JSON error with `type: api_error`, means nothing was done: the operation ' +
      'is all or nothing. But a `502` or `504` from a proxy between you and Coinwharf, or a timeout with no answer ' +
      'at all, can come after Coinwharf acted. Either way, retry with the same key: if the first attempt took ' +
      'effect, the retry gets its stored answer with `Idempotent-Replayed: true`; if it did not, the request runs now.',
  );
  const rows = read('docs/payments/going-live.mdx')
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) =>
      line
        .split(' | ')
        .slice(0, 2)
        .map((cell) => cell.replace(/^\| /, '')),
    );
  expect(rows).toEqual(
    expect.arrayContaining([
      ['Any `4xx` except the four below, `404` included', 'Yes'],
      ['`401 invalid_api_key`', 'No'],
      ['`409 idempotency_in_progress`', 'No'],
      ['`409 idempotency_conflict`', 'No'],
      ['`429 rate_limited`', 'No'],
      ['`5xx` from Coinwharf', 'No'],
      ["A proxy's `502` or `504`, or no answer", "Coinwharf's own response, if the request reached it"],
    ]),
  );
  expect(read('docs/payments/going-live.mdx')).toContain(
    '| `401 invalid_api_key` | No | A new attempt once the key is right: the request runs then |',
  );
  expect(live).toContain('The API samples retry this way, but without the jitter, as one process');
  expect(live).toContain('Where many processes or servers retry at once, add the random jitter');
  for (const file of apiSamples)
    expect(read(file), file).not.toMatch(/jitter|Math\.random|random\.(random|uniform)|\$RANDOM/);
  expect(live).not.toContain('fresh `Idempotency-Key`');
  expect(live).toContain(
    'Every `POST` carries its own `Idempotency-Key` (random, or derived from an id of your own for that one operation), reused only',
  );
  // Never from what the request contains: two refunds alike would share a key, and the second would not be sent.
  for (const page of [live, prose('docs/intro.mdx'), prose('src/pages/markdown-page.md')])
    expect(page).not.toContain('derived from what the request does');
  expect(live).toContain(
    'Never derive a key from what the request contains: two refunds of the same amount to the same address would share it',
  );
  const glossary = prose('src/pages/markdown-page.md');
  expect(glossary).not.toContain('A UUID v4 sent in the');
  expect(glossary).toContain(
    'random (such as a UUID v4) or derived from an id of your own that names that one operation',
  );
});

test('the webhook guide’s security checklist says what a verified payload is, and its troubleshooting covers an unreachable endpoint', () => {
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).not.toContain('Treat the payload as a hint');
  expect(guide).toContain(
    'A verified payload is authentic, but it is the payment as it was when the event happened: fetch the payment ' +
      'from the API when you need its current state',
  );
  expect(guide).toContain('### Deliveries never reach the receiver');
  for (const field of ['delivery_status', 'delivery_attempts']) {
    expect(guide).toContain(`\`${field}\``);
    expect(read('api/openapi.yaml')).toMatch(new RegExp(`^ {12}${field}:`, 'm'));
  }
  expect(guide).toContain('or the endpoint was disabled after a `410` answer or five days of failures');
  expect(read('api/openapi.yaml')).toContain(
    "'`disabled` after a 410 answer, or once every delivery attempt to it, over all events, has failed for 5 days in a row.'",
  );
  // Fastify is installed where its receiver is shown, as its own first lines say.
  expect(guide).toContain('`npm install fastify standardwebhooks tsx`');
  expect(read('examples/webhooks/fastify-receiver.ts').split('\n')[1]).toBe(
    '//   npm install fastify standardwebhooks tsx',
  );
});

test('the quickstart says ngrok needs an account and its token, and names every event its receiver reports', () => {
  const quickstart = prose('docs/payments/quickstart.mdx');
  // cspell:ignore authtoken (ngrok's own command)
  expect(quickstart).toContain(
    'it needs a free ngrok account, whose auth token you give it once with `ngrok config add-authtoken <token>`',
  );
  expect(quickstart).toContain(
    'The receiver acts on `payment.succeeded`; reports `payment.updated`, `payment.requires_action` (with what to do ' +
      'with the funds, refunding them when another payment has already paid their order) and `refund.failed`; and ' +
      'logs the others with `nothing to do`',
  );
});

test('no sample promises 31 s of waiting whatever Retry-After asks: the retry comments say a longer Retry-After is waited out', () => {
  for (const file of apiSamples) {
    const comment = read(file)
      .replace(/^\s*(#|\/\/) ?/gm, '')
      .replace(/\s+/g, ' ');
    expect(comment, file).not.toMatch(/at most 6 attempts and 31 s of waiting/);
    expect(comment, file).toContain('at most 6 attempts, and 31 s of waiting unless Retry-After asks for more');
  }
});
