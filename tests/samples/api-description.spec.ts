import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {expect, test} from '@playwright/test';
import {dereference} from 'openapi-backend/refparser';
import {descriptionPath, startMockApi} from '../support/mock-api';
import {repoRoot} from '../support/run-sample';

// Api/openapi.yaml is the contract the API samples are tested
// against. It must lint clean and say what the brief says.

test.describe.configure({timeout: 120_000});

test('api/openapi.yaml lints with no errors and no warnings (Redocly, recommended-strict)', async () => {
  const {stdout} = await promisify(execFile)(
    path.join(repoRoot, 'node_modules/.bin/redocly'),
    ['lint', 'api/openapi.yaml', '--format=json'],
    {
      cwd: repoRoot,
      env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    },
  );
  const report = JSON.parse(stdout);
  expect(report.problems).toEqual([]);
  expect(report.totals).toMatchObject({errors: 0, warnings: 0});
});

test('the description says what the brief says', async () => {
  const api: any = await dereference(descriptionPath);
  const {schemas} = api.components;
  expect(api.openapi).toMatch(/^3\.1\./);
  expect(api.servers.map((s: any) => s.url)).toEqual(['https://api.coinwharf.com/v1']);
  expect(api.components.securitySchemes.bearerAuth).toMatchObject({type: 'http', scheme: 'bearer'});
  expect(Object.keys(api.paths).sort()).toEqual([
    '/events',
    '/payments',
    '/payments/{id}',
    '/payments/{id}/cancel',
    '/refunds',
    '/sandbox/payments/{id}/simulate',
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
  expect(schemas.EventType.enum).toHaveLength(9);
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
  ]);
  expect(schemas.Error.properties.error.required).toEqual(['type', 'code', 'message', 'param', 'request_id']);
  expect(api.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
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

test('the mock loads the description and answers as it says', async () => {
  const mock = await startMockApi();
  try {
    const response = await fetch(`${mock.baseUrl}/payments?limit=1`, {
      headers: {Authorization: 'Bearer cw_test_51Hx9QeKz4mVb7NwR2tYcL8dPa'},
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({object: 'list', data: [], has_more: false});
    expect(mock.requests[0].operationId).toBe('listPayments');
    // The mock serves exactly the operations the description has.
    const operations = Object.values<any>(((await dereference(descriptionPath)) as any).paths)
      .flatMap((item) => Object.values<any>(item).map((op) => op.operationId))
      .sort();
    expect(operations).toEqual([
      'cancelPayment',
      'createPayment',
      'createRefund',
      'createWebhookEndpoint',
      'getPayment',
      'listEvents',
      'listPayments',
      'simulatePayment',
    ]);
    expect(mock.violations).toEqual([]);
  } finally {
    await mock.close();
  }
});
