import {afterAll, beforeAll, expect, test} from 'vitest';
import {networks} from '../../../src/data/networks';
import {fundsArriving, paymentStatuses, statusTransitions} from '../../../src/data/statuses';
import {webhookEvents} from '../../../src/data/webhooks';
import {startMockApi, testSecretKey, type MockApi} from '../../support/mock-api';

// The mock the samples run against plays the API description; these tests hold
// the data modules' statements to what it does.

let mock: MockApi;
beforeAll(async () => {
  mock = await startMockApi();
});
afterAll(() => mock.close());

interface Answer {
  id: string;
  status: string;
  labels: string[];
  required_confirmations: number;
  amount_refunded: {amount: string};
  data: {type: string; data: {id: string}}[];
}

async function call(method: string, path: string, body?: unknown): Promise<{status: number; body: Answer}> {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${testSecretKey}`,
      'Content-Type': 'application/json',
      ...(method === 'POST' ? {'Idempotency-Key': crypto.randomUUID()} : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {status: response.status, body: (await response.json()) as Answer};
}

test('a payment on each network requires the confirmations the networks table gives', async () => {
  const required: Record<string, number> = {};
  for (const network of networks) {
    const created = await call('POST', '/payments', {
      price: {amount: '25.00', currency: 'USD'},
      asset: network.assets[0],
      network: network.network,
    });
    expect(created.status, network.network).toBe(201);
    required[network.network] = created.body.required_confirmations;
  }
  expect(required).toEqual(Object.fromEntries(networks.map((n) => [n.network, n.requiredConfirmations])));
  expect(required.solana).toBe(32);
  expect(mock.violations).toEqual([]);
});

test('a failed refund of everything an UNDER payment held moves it from canceled back to requires_action, label kept, with payment.requires_action', async () => {
  const {body: payment} = await call('POST', '/payments', {
    price: {amount: '25.00', currency: 'USD'},
    asset: 'USDC',
    network: 'base',
  });
  await call('POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'underpay'});
  const refund = await call('POST', '/refunds', {
    payment: payment.id,
    address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
  });
  expect(refund.status).toBe(201);
  expect((await call('GET', `/payments/${payment.id}`)).body.status).toBe('canceled');
  await call('POST', `/sandbox/refunds/${refund.body.id}/simulate`, {outcome: 'fail'});
  const after = (await call('GET', `/payments/${payment.id}`)).body;
  expect([after.status, after.labels, after.amount_refunded.amount]).toEqual(['requires_action', ['UNDER'], '0.00']);
  const events = (await call('GET', '/events?limit=100')).body.data;
  expect(
    events
      .filter((e) => e.data.id === payment.id || e.data.id === refund.body.id)
      .map((e) => e.type)
      .reverse()
      .slice(-3),
  ).toEqual(['payment.canceled', 'refund.failed', 'payment.requires_action']);
  // What the status table and the event catalog say about it.
  expect(paymentStatuses.find((s) => s.status === 'canceled')?.meaning).toContain(
    'If that refund fails, it returns to requires_action with the label it had.',
  );
  expect(webhookEvents.find((e) => e.type === 'payment.requires_action')?.when).toContain(
    'moves it from `canceled` back to `requires_action` with the label it had',
  );
  expect(mock.violations).toEqual([]);
});

test('a payment that requires action is accepted or refunded only once nothing is still confirming, as the status table says', async () => {
  const {body: payment} = await call('POST', '/payments', {
    price: {amount: '25.00', currency: 'USD'},
    asset: 'USDC',
    network: 'base',
  });
  await call('POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'late'});
  await mock.chain.see(payment.id, '5.00');
  const refused = (answer: {status: number; body: unknown}) => [
    answer.status,
    (answer.body as {error?: {code: string}}).error?.code,
  ];
  expect(refused(await call('POST', `/payments/${payment.id}/accept`))).toEqual([409, 'payment_invalid_state']);
  const refund = {payment: payment.id, address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42'};
  expect(refused(await call('POST', '/refunds', refund))).toEqual([409, 'payment_invalid_state']);
  await mock.chain.confirm(payment.id);
  expect((await call('POST', '/refunds', refund)).status).toBe(201);
  // What the status table and the table of funds arriving say about it.
  expect(paymentStatuses.find((s) => s.status === 'requires_action')?.yourMove).toBe(
    'Once `amount_pending` is zero, accept the funds, or refund them all to an address the customer gives you. ' +
      'After UNDER, the customer may also top up while the quote is valid.',
  );
  expect(fundsArriving.find((f) => f.withLabel === 'LATE')?.what).toBe(
    'Added to the late funds; once `amount_pending` is zero, accept them or refund everything.',
  );
  expect(mock.violations).toEqual([]);
});

test('a reorg that drops the top-up of an UNDER payment moves it back to requires_action with UNDER, as the state machine says', async () => {
  const {body: payment} = await call('POST', '/payments', {
    price: {amount: '25.00', currency: 'USD'},
    asset: 'USDC',
    network: 'base',
  });
  await call('POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'underpay'});
  await mock.chain.topUp(payment.id, '5.00');
  await mock.chain.drop(payment.id, {quoteValid: false});
  const after = (await call('GET', `/payments/${payment.id}`)).body;
  expect([after.status, after.labels]).toEqual(['requires_action', ['UNDER']]);
  expect(
    statusTransitions
      .filter((t) => t.from === 'pending' && t.short.startsWith('reorg'))
      .map((t) => `${t.to}: ${t.when}`),
  ).toEqual([
    'requires_action: a reorg drops a transaction; confirmed funds remain (UNDER when short), whatever the quote',
    'awaiting_payment: a reorg drops the transaction, no confirmed funds, quote still valid',
    'failed: a reorg drops the transaction, no confirmed funds, quote expired',
  ]);
  expect(webhookEvents.find((e) => e.type === 'payment.requires_action')?.when).toContain(
    'a reorg dropped a transaction of a `pending` payment that still holds confirmed funds',
  );
  expect(mock.violations).toEqual([]);
});
