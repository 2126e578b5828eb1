import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {dereference} from 'openapi-backend/refparser';
import {descriptionPath, startMockApi, testSecretKey} from '../support/mock-api';

// Api/openapi.yaml is the contract the API samples are tested
// against. It must say what the brief says, and the mock must serve all of it.
// Redocly's lint (recommended-strict, no errors or warnings) is `npm run lint:api`,
// a step of `npm run lint`; it is not repeated here.

test.describe.configure({timeout: 120_000});

test('the description says what the brief says', async () => {
  const api: any = await dereference(descriptionPath);
  const {schemas} = api.components;
  expect(api.openapi).toMatch(/^3\.1\./);
  expect(api.servers.map((s: any) => s.url)).toEqual(['https://api.coinwharf.com/v1']);
  expect(api.components.securitySchemes.bearerAuth).toMatchObject({type: 'http', scheme: 'bearer'});
  expect(Object.keys(api.paths).sort()).toEqual([
    '/balance',
    '/events',
    '/payments',
    '/payments/{id}',
    '/payments/{id}/accept',
    '/payments/{id}/cancel',
    '/refunds',
    '/refunds/{id}',
    '/sandbox/payments/{id}/simulate',
    '/sandbox/refunds/{id}/simulate',
    '/webhook_endpoints',
  ]);
  // Every POST accepts an Idempotency-Key of at most 255 characters.
  for (const [route, item] of Object.entries<any>(api.paths)) {
    if (!item.post) continue;
    const key = item.post.parameters.find((p: any) => p.name === 'Idempotency-Key');
    expect(key, route).toMatchObject({in: 'header', schema: {type: 'string', maxLength: 255}});
  }
  expect(schemas.Payment.required).toEqual([
    'id',
    'object',
    'livemode',
    'status',
    'price',
    'asset',
    'network',
    'amount_due',
    'amount_received',
    'amount_pending',
    'amount_refunded',
    'fee',
    'asset_contract',
    'transactions',
    'address',
    'payment_uri',
    'hosted_url',
    'expires_at',
    'confirmations',
    'required_confirmations',
    'labels',
    'reference',
    'metadata',
    'created_at',
    'updated_at',
  ]);
  expect(schemas.PaymentStatus.enum).toEqual([
    'awaiting_payment',
    'pending',
    'succeeded',
    'requires_action',
    'expired',
    'canceled',
    'failed',
  ]);
  expect(schemas.PaymentLabel.enum).toEqual(['LATE', 'UNDER', 'OVER']);
  expect(schemas.EventType.enum).toEqual([
    'payment.created',
    'payment.pending',
    'payment.awaiting_payment',
    'payment.succeeded',
    'payment.requires_action',
    'payment.expired',
    'payment.canceled',
    'payment.failed',
    'payment.updated',
    'refund.succeeded',
    'refund.failed',
  ]);
  expect(schemas.Network['x-sandbox-network']).toEqual({
    bitcoin: 'testnet4',
    ethereum: 'sepolia',
    base: 'base-sepolia',
    polygon: 'amoy',
    solana: 'devnet',
    tron: 'nile',
  });
  expect(schemas.CreatePaymentRequest.properties.expires_in).toMatchObject({minimum: 300, maximum: 3600, default: 900});
  expect(schemas.SimulatePaymentRequest.properties.outcome.enum).toEqual([
    'exact',
    'underpay',
    'overpay',
    'late',
    'reorg',
    'fail',
    'expire',
    'top_up',
  ]);
  expect(schemas.Error.properties.error.required).toEqual(['type', 'code', 'message', 'param', 'request_id']);
  expect(api.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
  // Model v2: transactions, readable refunds, the balance, and the list filters that find a payment again.
  expect(schemas.Transaction.required).toEqual(['hash', 'amount', 'confirmations', 'block_height', 'seen_at']);
  expect(schemas.Transaction.properties.block_height.type).toEqual(['integer', 'null']);
  expect(schemas.Refund.required).toContain('transaction_hash');
  expect(schemas.Balance.required).toEqual(['object', 'livemode', 'available', 'reserved', 'pending']);
  expect(api.paths['/payments'].get.parameters.map((p: any) => p.name)).toEqual([
    'limit',
    'starting_after',
    'status',
    'reference',
    'created',
  ]);
  expect(api.paths['/payments'].get.parameters.at(-1)).toMatchObject({style: 'deepObject', explode: true});
  expect(api.paths['/refunds'].get.parameters.map((p: any) => p.name)).toEqual(['limit', 'starting_after', 'payment']);
  // Every response of every operation carries the rate-limit headers; every POST's may say it was replayed.
  for (const [route, item] of Object.entries<any>(api.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        expect(headers, `${method} ${route} ${status}`).toEqual(
          expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
        );
        if (method === 'post' && /^(2|400|404|409|422)/.test(status))
          expect(headers, `${method} ${route} ${status}`).toContain('Idempotent-Replayed');
      }
    }
  }
  const codes = schemas.Error.properties.error.properties.code['x-error-codes'];
  expect(codes.idempotency_in_progress).toMatchObject({status: 409, type: 'idempotency_error'});
  expect(codes.balance_insufficient).toMatchObject({status: 409, type: 'invalid_request_error'});
  expect(codes.amount_too_small).toMatchObject({status: 400});
  expect(codes.amount_too_large).toMatchObject({status: 400});
  expect(codes.unsupported_currency.fix).toBe('Price the order in USD, EUR, GBP, CAD, AUD, JPY or CHF.');
  // Each success response shows the object the operation leaves: "The payment, now `canceled`." shows a canceled one.
  const outcomes: string[] = [];
  for (const item of Object.values<any>(api.paths)) {
    for (const operation of Object.values<any>(item)) {
      for (const response of Object.values<any>(operation.responses)) {
        const said = /now `(\w+)`|`(\w+)` or `\w+`/.exec(response.description ?? '');
        const example = response.content?.['application/json']?.example;
        if (said) outcomes.push(`${operation.operationId}: ${example?.status} (says ${said[1] ?? said[2]})`);
      }
    }
  }
  expect(outcomes).toEqual([
    'cancelPayment: canceled (says canceled)',
    'acceptPayment: succeeded (says succeeded)',
    'simulateRefund: succeeded (says succeeded)',
  ]);
  expect(
    api.paths['/sandbox/payments/{id}/simulate'].post.responses['200'].content['application/json'].example,
  ).toMatchObject({status: 'succeeded', amount_received: {amount: '25.00', currency: 'USDC'}});
  for (const [name, prefix] of [
    ['PaymentId', 'pay_'],
    ['RefundId', 'rf_'],
    ['EventId', 'evt_'],
    ['WebhookEndpointId', 'we_'],
  ]) {
    expect(schemas[name].pattern, name).toMatch(new RegExp(`^\\^${prefix}`));
  }
  // Amounts are never numbers: no schema anywhere declares type number.
  expect(JSON.stringify(api)).not.toMatch(/"type":\s*"number"/);
  const amount = new RegExp(schemas.DecimalString.pattern);
  for (const ok of ['25.00', '0.00041234', '1.000000000000000001', '0']) expect(ok).toMatch(amount);
  for (const bad of ['-1.00', '1e3', '.5', '25.', '01.00', '']) expect(bad).not.toMatch(amount);
});

/** An id its path parameter's pattern accepts and no resource has: `pay_` + 24 characters for `^pay_[0-9A-Za-z]{8,64}$`. */
function unknownId(parameter: any): string {
  const prefix = /^\^([a-z]+_)/.exec(parameter.schema?.pattern ?? '')?.[1];
  if (!prefix) throw new Error(`No id prefix in the pattern of path parameter ${parameter.name}`);
  return `${prefix}0000000000000000nosuch00`;
}

test('the mock has a handler for every operation of the description, and answers each as it says', async () => {
  const api: any = await dereference(descriptionPath);
  const mock = await startMockApi();
  try {
    const called: string[] = [];
    for (const [route, item] of Object.entries<any>(api.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const pathParameters = (operation.parameters ?? []).filter((p: any) => p.in === 'path');
        const apiPath = route.replace(/\{(\w+)\}/g, (_match: string, name: string) =>
          unknownId(pathParameters.find((p: any) => p.name === name)),
        );
        const content = operation.requestBody?.content?.['application/json'];
        const example = content && Object.values<any>(content.examples ?? {})[0]?.value;
        if (content) expect(example, `${operation.operationId} has a request example to send`).toBeDefined();
        const response = await fetch(`${mock.baseUrl}${apiPath}`, {
          method: method.toUpperCase(),
          headers: {
            Authorization: `Bearer ${testSecretKey}`,
            ...(content ? {'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID()} : {}),
          },
          body: content ? JSON.stringify(example) : undefined,
        });
        const answer = await response.json();
        const recorded = mock.requests.at(-1)!;
        called.push(recorded.operationId ?? `${method} ${route}: no operation`);
        // A missing handler makes the mock throw (500, "the mock has no handler for …"); an unknown route says "No such endpoint."
        expect(response.status, operation.operationId).toBeLessThan(500);
        expect(answer.error?.message ?? '', operation.operationId).not.toBe('No such endpoint.');
      }
    }
    expect(called.sort()).toEqual(
      Object.values<any>(api.paths)
        .flatMap((item) => Object.values<any>(item).map((op) => op.operationId))
        .sort(),
    );
    expect(called.length).toBeGreaterThanOrEqual(12);
    expect(mock.violations).toEqual([]);
  } finally {
    await mock.close();
  }
});

test("what a 401, a 404 and a 5xx leave under an Idempotency-Key, and that a proxy's 5xx may follow a request that took effect", async () => {
  const api: any = await dereference(descriptionPath);
  const words = (text: string) => text.replace(/\s+/g, ' ');
  const intro = words(api.info.description);
  expect(intro).toContain(
    'every `2XX` response and every `4XX` response except `401`, `409 idempotency_in_progress`, `409 idempotency_conflict` and `429`; a `404` is stored like any other `4XX`.',
  );
  expect(intro).toContain(
    'What is not stored: `401` answers (a request without a valid key never reached an account, so its key was never used), `429` and `5XX` responses',
  );
  expect(intro).toContain(
    'A `5XX` answer from Coinwharf (a JSON error with `type: api_error`) means the request was not finished and its answer was not stored: the operation is all or nothing, so nothing it started remains. ' +
      "But a `5XX` from something between you and Coinwharf, such as a proxy's `502` or `504`, or a timeout with no answer at all, can come after Coinwharf acted. " +
      'Either way, retry with the same `Idempotency-Key`: if the first attempt took effect, you get its stored answer with `Idempotent-Replayed: true`; if it did not, the request runs now.',
  );
  // A 401 is never replayed, so it does not declare the header.
  expect(Object.keys(api.components.responses.Unauthorized.headers)).not.toContain('Idempotent-Replayed');
  // Every place that says a 5xx left nothing done also says a proxy's may follow a request that took effect.
  const codes = api.components.schemas.Error.properties.error.properties.code['x-error-codes'];
  for (const [where, text] of [
    ['ServerError', api.components.responses.ServerError.description],
    ['IdempotencyKey', api.components.parameters.IdempotencyKey.description],
    ['internal_error', `${codes.internal_error.cause} ${codes.internal_error.fix}`],
  ])
    expect(words(text), where).toMatch(/proxy/);
  const welcome = words(readFileSync('docs/intro.mdx', 'utf8'));
  expect(welcome).toContain(
    '| `5xx` | From Coinwharf (a JSON `error` with `type` `api_error`): the request was not finished, nothing it started remains and its answer was not stored. From a proxy on the way (a `502` or `504` page) or a timeout: Coinwharf may already have acted | Either way, retry with exponential backoff and the same idempotency key: if the first attempt took effect you get its stored answer, marked `Idempotent-Replayed: true`; if not, the request runs now. |',
  );
  expect(welcome).toContain(
    '`401`, `429` and `5xx` answers are not kept, so their retry runs again (a `401` never reached an account), nor is `409 idempotency_in_progress`, whose retry, once the first request has finished, gets its stored answer, or runs again if that was not stored',
  );
});
