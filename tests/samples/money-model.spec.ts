import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect} from '@playwright/test';
import {testSecretKey, type MockApi} from '../support/mock-api';
import {tokenContracts} from '../../src/data/networks';
import {callMock, mockEnv, parseOutput, quickstartPayment, runSample, test} from '../support/run-sample';

// Model v2 of the brief ("money never reaches a dead end"), as the mock of
// api/openapi.yaml plays it: every sample is tested against this mock, so it
// must move money exactly as the docs say. Each test drives the API the way an
// integrator's code would, and reads the outcome back from the API.

const customerAddress = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';

async function payment(mock: MockApi, outcome?: string, body: object = quickstartPayment) {
  const created = await callMock(mock, 'POST', '/payments', body);
  if (!outcome) return created;
  return callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome});
}

const simulate = (mock: MockApi, id: string, outcome: string) =>
  callMock(mock, 'POST', `/sandbox/payments/${id}/simulate`, {outcome});

/** The event types sent for one payment, oldest first. */
async function eventsOf(mock: MockApi, id: string): Promise<string[]> {
  const {data} = await callMock(mock, 'GET', '/events?limit=100');
  return data
    .filter((event: any) => event.data.id === id || event.data.payment === id)
    .map((event: any) => event.type)
    .reverse();
}

/** A raw call, for the status, the headers and the error code. */
async function raw(mock: MockApi, method: string, path: string, body?: object, key?: string) {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${testSecretKey}`,
      ...(body ? {'Content-Type': 'application/json'} : {}),
      ...(key ? {'Idempotency-Key': key} : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {status: response.status, headers: response.headers, body: await response.json()};
}

/** POST /payments as sent on the wire: its Idempotency-Key, the secret key and the body's text. */
function postPayment(
  mock: MockApi,
  key: string,
  {secret = testSecretKey, body = JSON.stringify(quickstartPayment)} = {},
) {
  return fetch(`${mock.baseUrl}/payments`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', 'Idempotency-Key': key},
    body,
  });
}

test.describe.configure({timeout: 60_000});

test('a new payment has no pending, received, refunded money, no fee and no transaction, and names its token contract', async ({
  mock,
}) => {
  const created = await payment(mock);
  expect(created).toMatchObject({
    amount_pending: {amount: '0.00', currency: 'USDC'},
    amount_received: {amount: '0.00', currency: 'USDC'},
    amount_refunded: {amount: '0.00', currency: 'USDC'},
    fee: null,
    transactions: [],
    asset_contract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  });
  const native = await payment(mock, undefined, {...quickstartPayment, asset: 'ETH'});
  expect(native.asset_contract).toBeNull();
  expect(mock.violations).toEqual([]);
});

test('amount_received counts confirmed funds only; a succeeded payment carries its transaction, the 1 % fee and the balance shows the rest', async ({
  mock,
}) => {
  const paid = await payment(mock, 'exact');
  expect(paid.status).toBe('succeeded');
  expect(paid.amount_received).toEqual({amount: '25.00', currency: 'USDC'});
  expect(paid.amount_pending).toEqual({amount: '0.00', currency: 'USDC'});
  expect(paid.fee).toEqual({amount: '0.25', currency: 'USDC'});
  expect(paid.transactions).toHaveLength(1);
  expect(paid.transactions[0]).toMatchObject({amount: {amount: '25.00', currency: 'USDC'}, confirmations: 30});
  expect(paid.transactions[0].hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(paid.transactions[0].block_height).toEqual(expect.any(Number));
  // The pending event carried the funds as pending, not received.
  const {data} = await callMock(mock, 'GET', '/events?type=payment.pending');
  expect(data[0].data.amount_pending).toEqual({amount: '25.00', currency: 'USDC'});
  expect(data[0].data.amount_received).toEqual({amount: '0.00', currency: 'USDC'});
  const balance = await callMock(mock, 'GET', '/balance');
  expect(balance).toEqual({
    object: 'balance',
    livemode: false,
    available: [{asset: 'USDC', network: 'base', amount: {amount: '24.75', currency: 'USDC'}}],
    reserved: [],
    pending: [],
  });
  expect(mock.violations).toEqual([]);
});

test('the balance shows the excess of an OVER payment not yet refunded as reserved, part of available, until refund-overpayment refunds it', async ({
  mock,
}) => {
  const usdcOnBase = (amount: string) => [{asset: 'USDC', network: 'base', amount: {amount, currency: 'USDC'}}];
  const balance = () => callMock(mock, 'GET', '/balance');
  const over = await payment(mock, 'overpay');
  // 27.50 received less the 0.275 fee is available; the 2.50 over the 25.00 due is kept back in it.
  expect(await balance()).toEqual({
    object: 'balance',
    livemode: false,
    available: usdcOnBase('27.225'),
    reserved: usdcOnBase('2.50'),
    pending: [],
  });
  // Part of the excess refunded: the rest stays reserved; if that refund fails, all of it is again.
  const part = await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    reason: 'overpayment',
    amount: {amount: '1.00', currency: 'USDC'},
    address: customerAddress,
  });
  expect(await balance()).toMatchObject({available: usdcOnBase('26.225'), reserved: usdcOnBase('1.50')});
  await callMock(mock, 'POST', `/sandbox/refunds/${part.id}/simulate`, {outcome: 'fail'});
  expect(await balance()).toMatchObject({available: usdcOnBase('27.225'), reserved: usdcOnBase('2.50')});
  // A refund for another reason (returned goods) leaves the excess owed, so it stays reserved.
  await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    amount: {amount: '5.00', currency: 'USDC'},
    address: customerAddress,
  });
  expect(await balance()).toMatchObject({available: usdcOnBase('22.225'), reserved: usdcOnBase('2.50')});
  // refund-overpayment refunds what is left of the excess: nothing is reserved any more.
  const run = await runSample(
    'examples/refunds/refund-overpayment.ts',
    mockEnv(mock, {PAYMENT_ID: over.id, REFUND_ADDRESS: customerAddress}),
  );
  expect(run.code, run.stderr).toBe(0);
  expect(parseOutput(run)).toMatchObject({reason: 'overpayment', amount: {amount: '2.50', currency: 'USDC'}});
  expect(await balance()).toMatchObject({available: usdcOnBase('19.725'), reserved: []});
  expect(mock.violations).toEqual([]);
});

test('reserved is never more than the available balance of its asset and network, nor than what is left to refund', async ({
  mock,
}) => {
  const usdcOnBase = (amount: string) => [{asset: 'USDC', network: 'base', amount: {amount, currency: 'USDC'}}];
  const over = await payment(mock, 'overpay');
  // A refund for another reason of all but the excess: 2.225 is available, less than the 2.50 excess.
  await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    amount: {amount: '25.00', currency: 'USDC'},
    address: customerAddress,
  });
  expect(await callMock(mock, 'GET', '/balance')).toMatchObject({
    available: usdcOnBase('2.225'),
    reserved: usdcOnBase('2.225'),
  });
  // Another payment brings 24.75 more: the whole excess fits in available again.
  await payment(mock, 'exact');
  expect(await callMock(mock, 'GET', '/balance')).toMatchObject({
    available: usdcOnBase('26.975'),
    reserved: usdcOnBase('2.50'),
  });
  // The rest refunded too, though not as an overpayment: nothing of the payment is left to refund, so
  // nothing is kept back for it.
  await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    amount: {amount: '2.50', currency: 'USDC'},
    address: customerAddress,
  });
  expect(await callMock(mock, 'GET', '/balance')).toMatchObject({available: usdcOnBase('24.475'), reserved: []});
  // An OVER payment on another network is reserved in that network's balance only.
  const onPolygon = await payment(mock, 'overpay', {...quickstartPayment, network: 'polygon'});
  expect(onPolygon.labels).toEqual(['OVER']);
  expect((await callMock(mock, 'GET', '/balance')).reserved).toEqual([
    {asset: 'USDC', network: 'polygon', amount: {amount: '2.50', currency: 'USDC'}},
  ]);
  expect(mock.violations).toEqual([]);
});

for (const ending of ['expire', 'fail'] as const) {
  test(`funds arriving at a payment that ended (${ending}) reopen it as requires_action with LATE`, async ({mock}) => {
    const ended = await payment(mock, ending);
    expect(['expired', 'failed']).toContain(ended.status);
    const reopened = await simulate(mock, ended.id, 'late');
    expect(reopened).toMatchObject({status: 'requires_action', labels: ['LATE']});
    expect(reopened.amount_received).toEqual({amount: '25.00', currency: 'USDC'});
    expect((await eventsOf(mock, ended.id)).at(-1)).toBe('payment.requires_action');
    // Not yours until accepted: pending in the balance.
    const balance = await callMock(mock, 'GET', '/balance');
    expect(balance.pending).toEqual([{asset: 'USDC', network: 'base', amount: {amount: '25.00', currency: 'USDC'}}]);
    expect(balance.available).toEqual([]);
    expect(mock.violations).toEqual([]);
  });
}

test('funds arriving at a canceled payment reopen it too, and can be refunded', async ({mock}) => {
  const created = await payment(mock);
  await callMock(mock, 'POST', `/payments/${created.id}/cancel`);
  const reopened = await simulate(mock, created.id, 'late');
  expect(reopened).toMatchObject({status: 'requires_action', labels: ['LATE']});
  expect((await eventsOf(mock, created.id)).slice(-3)).toEqual([
    'payment.canceled',
    'payment.updated',
    'payment.requires_action',
  ]);
  const refund = await callMock(mock, 'POST', '/refunds', {payment: created.id, address: customerAddress});
  expect(refund.amount).toEqual({amount: '25.00', currency: 'USDC'});
  expect(refund.transaction_hash).toBeNull();
  const after = await callMock(mock, 'GET', `/payments/${created.id}`);
  expect(after).toMatchObject({status: 'canceled', amount_refunded: {amount: '25.00', currency: 'USDC'}});
  expect(mock.violations).toEqual([]);
});

for (const end of ['expire', 'cancel'] as const) {
  test(`funds reaching a payment that ended (${end}) reopen it only once confirmed: until then they are pending, its status stays and accept answers 409`, async ({
    mock,
  }) => {
    const created = await payment(mock);
    const ended =
      end === 'expire'
        ? await simulate(mock, created.id, 'expire')
        : await callMock(mock, 'POST', `/payments/${created.id}/cancel`);
    const status = end === 'expire' ? 'expired' : 'canceled';
    expect(ended.status).toBe(status);
    // Seen on chain, one confirmation: counted as pending and listed, the status unchanged.
    await mock.chain.see(created.id, '25.00');
    const seen = await callMock(mock, 'GET', `/payments/${created.id}`);
    expect([seen.status, seen.labels, seen.amount_received.amount, seen.amount_pending.amount]).toEqual([
      status,
      [],
      '0.00',
      '25.00',
    ]);
    expect(seen.transactions).toHaveLength(1);
    expect(seen.transactions[0]).toMatchObject({amount: {amount: '25.00', currency: 'USDC'}, confirmations: 1});
    expect((await eventsOf(mock, created.id)).at(-1)).toBe('payment.updated');
    // Nothing confirmed, nothing to accept.
    const accept = await raw(mock, 'POST', `/payments/${created.id}/accept`);
    expect([accept.status, accept.body.error?.code, accept.body.error?.message]).toEqual([
      409,
      'payment_invalid_state',
      `Payment ${created.id} is ${status}; only requires_action payments can be accepted.`,
    ]);
    // Confirmed: reopened as requires_action with LATE, and now it can be accepted.
    await mock.chain.confirm(created.id);
    const reopened = await callMock(mock, 'GET', `/payments/${created.id}`);
    expect([reopened.status, reopened.labels, reopened.amount_received.amount, reopened.amount_pending.amount]).toEqual(
      ['requires_action', ['LATE'], '25.00', '0.00'],
    );
    expect((await eventsOf(mock, created.id)).at(-1)).toBe('payment.requires_action');
    const accepted = await callMock(mock, 'POST', `/payments/${created.id}/accept`);
    expect(accepted).toMatchObject({status: 'succeeded', labels: ['LATE'], fee: {amount: '0.25', currency: 'USDC'}});
    expect(mock.violations).toEqual([]);
  });
}

test('funds arriving at a succeeded payment keep it succeeded, add OVER, raise amount_received and send payment.updated', async ({
  mock,
}) => {
  const paid = await payment(mock, 'exact');
  const more = await simulate(mock, paid.id, 'late');
  expect(more).toMatchObject({status: 'succeeded', labels: ['OVER']});
  expect(more.amount_received).toEqual({amount: '27.50', currency: 'USDC'});
  expect(more.fee).toEqual({amount: '0.275', currency: 'USDC'});
  expect(more.transactions).toHaveLength(2);
  // Seen (amount_pending rises), then confirmed (amount_received rises): payment.updated each time.
  expect(await eventsOf(mock, paid.id)).toEqual([
    'payment.created',
    'payment.pending',
    'payment.succeeded',
    'payment.updated',
    'payment.updated',
  ]);
  expect(mock.violations).toEqual([]);
});

test('accept keeps the confirmed funds and takes the 1 % fee of them', async ({mock}) => {
  const under = await payment(mock, 'underpay');
  expect(under).toMatchObject({status: 'requires_action', labels: ['UNDER']});
  expect(under.amount_received).toEqual({amount: '20.00', currency: 'USDC'});
  const accepted = await callMock(mock, 'POST', `/payments/${under.id}/accept`);
  expect(accepted).toMatchObject({status: 'succeeded', fee: {amount: '0.20', currency: 'USDC'}});
});

test('while funds are still confirming, a payment that requires action is neither accepted nor refunded: 409 payment_invalid_state until amount_pending is zero', async ({
  mock,
}) => {
  const late = await payment(mock, 'late');
  expect(late).toMatchObject({status: 'requires_action', labels: ['LATE']});
  // More funds reach it; seen on chain, not yet confirmed (the simulator has no outcome for this).
  await mock.chain.see(late.id, '5.00');
  const seen = await callMock(mock, 'GET', `/payments/${late.id}`);
  expect([seen.status, seen.amount_received.amount, seen.amount_pending.amount]).toEqual([
    'requires_action',
    '25.00',
    '5.00',
  ]);
  const accept = await raw(mock, 'POST', `/payments/${late.id}/accept`);
  expect([accept.status, accept.body.error?.code, accept.body.error?.message]).toEqual([
    409,
    'payment_invalid_state',
    `Payment ${late.id} has 5.00 USDC waiting for confirmations; accept it once amount_pending is zero.`,
  ]);
  const refund = await raw(mock, 'POST', '/refunds', {payment: late.id, address: customerAddress});
  expect([refund.status, refund.body.error?.code, refund.body.error?.message]).toEqual([
    409,
    'payment_invalid_state',
    `Payment ${late.id} has 5.00 USDC waiting for confirmations; refund it once amount_pending is zero.`,
  ]);
  expect((await callMock(mock, 'GET', `/refunds?payment=${late.id}`)).data).toEqual([]);
  // Confirmed: nothing is pending, and the refund takes everything, the later funds included.
  await mock.chain.confirm(late.id);
  const refunded = await callMock(mock, 'POST', '/refunds', {payment: late.id, address: customerAddress});
  expect(refunded).toMatchObject({status: 'pending', amount: {amount: '30.00', currency: 'USDC'}});
  expect(await callMock(mock, 'GET', `/payments/${late.id}`)).toMatchObject({
    status: 'canceled',
    amount_pending: {amount: '0.00', currency: 'USDC'},
    amount_refunded: {amount: '30.00', currency: 'USDC'},
  });
  expect(mock.violations).toEqual([]);
});

test('a pending payment cannot be refunded, even one holding confirmed funds after a top-up: 409 payment_invalid_state until it is succeeded or requires_action', async ({
  mock,
}) => {
  const short = await payment(mock, 'underpay');
  // The customer tops up; the top-up is seen, not yet confirmed (the simulator's top_up confirms at once).
  await mock.chain.topUp(short.id, '3.00');
  const topping = await callMock(mock, 'GET', `/payments/${short.id}`);
  expect([topping.status, topping.amount_received.amount, topping.amount_pending.amount]).toEqual([
    'pending',
    '20.00',
    '3.00',
  ]);
  const refund = await raw(mock, 'POST', '/refunds', {payment: short.id, address: customerAddress});
  expect([refund.status, refund.body.error?.code, refund.body.error?.message]).toEqual([
    409,
    'payment_invalid_state',
    `Payment ${short.id} is pending: a transaction to it is still confirming. Refund it once it is succeeded or requires_action.`,
  ]);
  expect((await callMock(mock, 'GET', `/refunds?payment=${short.id}`)).data).toEqual([]);
  expect(await eventsOf(mock, short.id)).toEqual([
    'payment.created',
    'payment.pending',
    'payment.requires_action',
    'payment.pending',
  ]);
  expect(mock.violations).toEqual([]);
});

for (const quoteValid of [true, false]) {
  test(`a reorg that drops a top-up returns the payment to requires_action UNDER with its confirmed funds, whatever the quote (quote ${quoteValid ? 'valid' : 'over'}); it can then be refunded or accepted`, async ({
    mock,
  }) => {
    const settle = async (short: {id: string}) => {
      await mock.chain.topUp(short.id, '5.00');
      await mock.chain.drop(short.id, {quoteValid});
      return callMock(mock, 'GET', `/payments/${short.id}`);
    };
    const refunded = await payment(mock, 'underpay');
    const back = await settle(refunded);
    expect(back).toMatchObject({
      status: 'requires_action',
      labels: ['UNDER'],
      amount_received: {amount: '20.00', currency: 'USDC'},
      amount_pending: {amount: '0.00', currency: 'USDC'},
    });
    expect(back.transactions).toHaveLength(1); // the dropped top-up is gone, the confirmed payment stays
    expect(await eventsOf(mock, refunded.id)).toEqual([
      'payment.created',
      'payment.pending',
      'payment.requires_action',
      'payment.pending',
      'payment.requires_action',
    ]);
    const refund = await callMock(mock, 'POST', '/refunds', {payment: refunded.id, address: customerAddress});
    expect(refund.amount).toEqual({amount: '20.00', currency: 'USDC'});
    expect((await callMock(mock, 'GET', `/payments/${refunded.id}`)).status).toBe('canceled');

    const accepted = await settle(await payment(mock, 'underpay'));
    expect(accepted).toMatchObject({status: 'requires_action', labels: ['UNDER']});
    const done = await callMock(mock, 'POST', `/payments/${accepted.id}/accept`);
    expect(done).toMatchObject({status: 'succeeded', amount_received: {amount: '20.00', currency: 'USDC'}});
    expect(mock.violations).toEqual([]);
  });
}

test('while a payment requires action with UNDER, payment_uri carries what is still due for a top-up; otherwise the amount due', async ({
  mock,
}) => {
  const created = await payment(mock);
  expect(created.payment_uri).toBe(
    `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${created.address}&uint256=25000000`,
  );
  // 20.00 of the 25.00 USDC arrived: the top-up is 5.00 USDC, 5,000,000 units.
  const short = await simulate(mock, created.id, 'underpay');
  expect(short).toMatchObject({status: 'requires_action', labels: ['UNDER']});
  expect(short.payment_uri).toBe(
    `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${created.address}&uint256=5000000`,
  );
  const {data} = await callMock(mock, 'GET', '/events?type=payment.requires_action');
  expect(data[0].data.payment_uri).toBe(short.payment_uri);
  // Topped up in full: succeeded, and the URI names the amount due again.
  const paid = await simulate(mock, created.id, 'top_up');
  expect(paid.status).toBe('succeeded');
  expect(paid.payment_uri).toBe(created.payment_uri);
  // On Bitcoin the URI carries the decimal amount.
  const btc = await payment(mock, 'underpay', {...quickstartPayment, asset: 'BTC', network: 'bitcoin'});
  const satoshis = (amount: string) => BigInt(amount.replace(/^(\d+)\.?(\d*)$/, (_m, w, f) => w + f.padEnd(8, '0')));
  const left = (satoshis(btc.amount_due.amount) - satoshis(btc.amount_received.amount)).toString().padStart(9, '0');
  expect(btc.payment_uri).toBe(
    `bitcoin:${btc.address}?amount=${left.slice(0, -8)}.${left.slice(-8).replace(/0+$/, '')}`,
  );
  expect(mock.violations).toEqual([]);
});

test('a reorg of a payment with no confirmed funds sends it back to awaiting_payment, or to failed once the quote is over', async ({
  mock,
}) => {
  expect(await payment(mock, 'reorg')).toMatchObject({status: 'awaiting_payment', labels: []});
  expect(await payment(mock, 'fail')).toMatchObject({status: 'failed', labels: []});
  expect(mock.violations).toEqual([]);
});

test('amount_refunded counts refunds that have not failed; refunds are readable one by one and listed per payment', async ({
  mock,
}) => {
  const paid = await payment(mock, 'exact');
  const first = await callMock(mock, 'POST', '/refunds', {
    payment: paid.id,
    amount: {amount: '10.00', currency: 'USDC'},
    address: customerAddress,
  });
  expect((await callMock(mock, 'GET', `/payments/${paid.id}`)).amount_refunded).toEqual({
    amount: '10.00',
    currency: 'USDC',
  });
  const failed = await callMock(mock, 'POST', `/sandbox/refunds/${first.id}/simulate`, {outcome: 'fail'});
  expect(failed).toMatchObject({status: 'failed', transaction_hash: null});
  expect((await callMock(mock, 'GET', `/payments/${paid.id}`)).amount_refunded).toEqual({
    amount: '0.00',
    currency: 'USDC',
  });
  const second = await callMock(mock, 'POST', '/refunds', {payment: paid.id, address: customerAddress});
  expect(second.amount).toEqual({amount: '25.00', currency: 'USDC'});
  const sent = await callMock(mock, 'POST', `/sandbox/refunds/${second.id}/simulate`, {outcome: 'succeed'});
  expect(sent.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(sent.network_fee).toEqual({amount: '0.00', currency: 'USDC'}); // the sandbox's chains charge nothing
  expect(first.network_fee).toBeNull();
  expect(await callMock(mock, 'GET', `/refunds/${second.id}`)).toEqual(sent);
  const other = await payment(mock, 'exact');
  await callMock(mock, 'POST', '/refunds', {payment: other.id, address: customerAddress});
  const listed = await callMock(mock, 'GET', `/refunds?payment=${paid.id}`);
  expect(listed.data.map((r: any) => r.id)).toEqual([second.id, first.id]);
  expect(listed.has_more).toBe(false);
  expect((await raw(mock, 'GET', '/refunds/rf_0000000000000000nosuch00')).body.error.code).toBe('resource_missing');
  expect(mock.violations).toEqual([]);
});

test('a payment is found again by its reference and a creation window', async ({mock}) => {
  const before = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const wanted = await payment(mock, undefined, {...quickstartPayment, reference: 'order_2001'});
  await payment(mock, undefined, {...quickstartPayment, reference: 'order_2002'});
  const found = await callMock(
    mock,
    'GET',
    `/payments?reference=order_2001&created[gte]=${encodeURIComponent(before)}`,
  );
  expect(found.data.map((p: any) => p.id)).toEqual([wanted.id]);
  const none = await callMock(mock, 'GET', `/payments?reference=order_2001&created[lt]=${encodeURIComponent(before)}`);
  expect(none.data).toEqual([]);
  expect(mock.violations).toEqual([]);
});

test('prices: the seven currencies with their minor units, and at least 1.00 USD or its equivalent', async ({mock}) => {
  const priced = (amount: string, currency: string) =>
    raw(mock, 'POST', '/payments', {...quickstartPayment, price: {amount, currency}}, crypto.randomUUID());
  for (const [amount, currency] of [
    ['25.00', 'GBP'],
    ['25.00', 'CAD'],
    ['25.00', 'AUD'],
    ['2500', 'JPY'],
    ['25.00', 'CHF'],
    ['1.00', 'USD'],
  ])
    expect((await priced(amount, currency)).status, `${amount} ${currency}`).toBe(201);
  expect((await priced('25.5', 'JPY')).body.error).toMatchObject({code: 'parameter_invalid', param: 'price.amount'});
  expect((await priced('25.001', 'EUR')).body.error.code).toBe('parameter_invalid');
  expect((await priced('0.99', 'USD')).body.error).toMatchObject({code: 'amount_too_small', param: 'price.amount'});
  expect((await priced('25.00', 'SEK')).status).toBe(422);
  expect((await priced('25.00', 'SEK')).body.error.code).toBe('unsupported_currency');
});

test('idempotency: a replay says so in Idempotent-Replayed, a request still running answers 409 idempotency_in_progress', async ({
  mock,
}) => {
  const key = crypto.randomUUID();
  const first = await raw(mock, 'POST', '/payments', quickstartPayment, key);
  expect(first.status).toBe(201);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const again = await raw(mock, 'POST', '/payments', quickstartPayment, key);
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body.id).toBe(first.body.id);
  // A 4xx is stored too: the same bad request replays its error.
  const badKey = crypto.randomUUID();
  const bad = {...quickstartPayment, price: {amount: '0.50', currency: 'USD'}};
  expect((await raw(mock, 'POST', '/payments', bad, badKey)).headers.get('idempotent-replayed')).toBeNull();
  const replayedError = await raw(mock, 'POST', '/payments', bad, badKey);
  expect(replayedError.status).toBe(400);
  expect(replayedError.headers.get('idempotent-replayed')).toBe('true');
  // Two requests with one key at once: a receiver that holds its answer keeps the first one running.
  let release = () => {};
  let delivered = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (delivered = resolve));
  const receiver = createServer((_req, res) => {
    delivered();
    void held.then(() => res.end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  await callMock(mock, 'POST', '/webhook_endpoints', {url, enabled_events: ['payment.pending']});
  const created = await payment(mock);
  const simulateKey = crypto.randomUUID();
  const running = raw(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'}, simulateKey);
  await reached; // the first request is now inside the mock, waiting on its webhook
  const second = await raw(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'}, simulateKey);
  expect(second.status).toBe(409);
  expect(second.body.error.code).toBe('idempotency_in_progress');
  release();
  expect((await running).status).toBe(200);
  receiver.close();
  // Not stored: after it, the same key gets the first request's stored response.
  const after = await raw(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'}, simulateKey);
  expect(after.status).toBe(200);
  expect(after.headers.get('idempotent-replayed')).toBe('true');
  expect(mock.violations).toEqual([]);
});

test('idempotency: a 401 is not stored under the key, a 404 is stored like any other 4xx', async ({mock}) => {
  const key = crypto.randomUUID();
  const post = (secret: string) => postPayment(mock, key, {secret});
  // A key that is not valid never reaches an account: the Idempotency-Key stays unused.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const refused = await post('cw_test_notAValidKey');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('idempotent-replayed')).toBeNull();
  }
  const created = await post(testSecretKey);
  expect(created.status).toBe(201);
  expect(created.headers.get('idempotent-replayed')).toBeNull();
  // A 404 is stored: the retry replays it.
  const missingKey = crypto.randomUUID();
  const cancelMissing = () => raw(mock, 'POST', '/payments/pay_0000000000000000nosuch00/cancel', undefined, missingKey);
  const first = await cancelMissing();
  expect([first.status, first.body.error.code, first.headers.get('idempotent-replayed')]).toEqual([
    404,
    'resource_missing',
    null,
  ]);
  const again = await cancelMissing();
  expect([again.status, again.body.error.request_id, again.headers.get('idempotent-replayed')]).toEqual([
    404,
    first.body.error.request_id,
    'true',
  ]);
  // The violations are the two 401s the mock records as requests outside the description.
  expect(mock.violations.filter((v) => !v.includes('missing or malformed cw_test_ bearer key'))).toEqual([]);
});

test('idempotency: a key is kept per account and mode, so a retry with a rolled secret key gets the stored answer', async ({
  mock,
}) => {
  const key = crypto.randomUUID();
  const post = (secret: string) => postPayment(mock, key, {secret});
  const first = await post(testSecretKey);
  expect(first.status).toBe(201);
  // The same account's new key, after a roll: the retry replays the first payment, it makes no second one.
  const retried = await post('cw_test_R0lledKey7mVb7NwR2tYcL8dPq');
  expect(retried.status).toBe(201);
  expect(retried.headers.get('idempotent-replayed')).toBe('true');
  expect(((await retried.json()) as {id: string}).id).toBe(((await first.json()) as {id: string}).id);
  expect(mock.violations).toEqual([]);
});

test('a page cursor is a place in the whole list: accepting the last payment of a requires_action page neither repeats nor skips one', async ({
  mock,
}) => {
  const [oldest, middle, newest] = [
    await payment(mock, 'underpay'),
    await payment(mock, 'underpay'),
    await payment(mock, 'underpay'),
  ];
  const sweep = (query: string) => callMock(mock, 'GET', `/payments?status=requires_action&limit=2${query}`);
  const first = await sweep('');
  expect(first.data.map((p: {id: string}) => p.id)).toEqual([newest.id, middle.id]);
  // The integrator accepts the page's last payment, which then no longer matches the filter.
  await callMock(mock, 'POST', `/payments/${middle.id}/accept`);
  const next = await sweep(`&starting_after=${middle.id}`);
  expect(next.data.map((p: {id: string}) => p.id)).toEqual([oldest.id]);
  expect(next.has_more).toBe(false);
  expect(mock.violations).toEqual([]);
});

test('idempotency: a retry is compared as parsed JSON, so another key order or white space replays', async ({mock}) => {
  const key = crypto.randomUUID();
  const post = (body: string) => postPayment(mock, key, {body});
  const first = await post(JSON.stringify(quickstartPayment));
  expect(first.status).toBe(201);
  const reordered = Object.fromEntries(Object.entries(quickstartPayment).reverse());
  const retried = await post(JSON.stringify(reordered, null, 2));
  expect(retried.status).toBe(201);
  expect(retried.headers.get('idempotent-replayed')).toBe('true');
  expect(mock.violations).toEqual([]);
});

test('every response carries the sandbox rate-limit headers', async ({mock}) => {
  const answer = await raw(mock, 'GET', '/balance');
  expect(answer.headers.get('ratelimit-limit')).toBe('25');
  expect(Number(answer.headers.get('ratelimit-remaining'))).toBeLessThan(25);
  expect(answer.headers.get('ratelimit-reset')).toBe('1');
  const missing = await raw(mock, 'GET', '/payments/pay_0000000000000000nosuch00');
  expect(missing.status).toBe(404);
  expect(missing.headers.get('ratelimit-limit')).toBe('25');
});

test('a sandbox payment names the token contract the networks table gives for its sandbox network, or none', async ({
  mock,
}) => {
  const pairs = [
    ['USDC', 'ethereum', '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'],
    ['USDC', 'base', '0x036CbD53842c5426634e7929541eC2318f3dCF7e'],
    ['USDC', 'polygon', '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582'],
    ['USDC', 'solana', '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'],
    ['USDT', 'ethereum', null],
    ['USDT', 'polygon', null],
    ['USDT', 'tron', null],
    ['BTC', 'bitcoin', null],
    ['SOL', 'solana', null],
  ] as const;
  for (const [asset, network, contract] of pairs) {
    const created = await payment(mock, undefined, {...quickstartPayment, asset, network});
    expect(created.asset_contract, `${asset} on ${network}`).toBe(contract);
  }
  // The table the overview renders says the same.
  expect(tokenContracts.map((row) => [row.asset, row.network, row.sandbox])).toEqual(
    pairs.filter(([asset]) => asset === 'USDC' || asset === 'USDT'),
  );
});

test('funds after an accepted short payment raise amount_received with payment.updated, and add OVER only past amount_due', async ({
  mock,
}) => {
  const under = await payment(mock, 'underpay');
  await callMock(mock, 'POST', `/payments/${under.id}/accept`);
  const more = await simulate(mock, under.id, 'late');
  expect(more).toMatchObject({
    status: 'succeeded',
    labels: ['UNDER'],
    amount_received: {amount: '22.50', currency: 'USDC'},
  });
  expect((await eventsOf(mock, under.id)).at(-1)).toBe('payment.updated');
});

test('events created while an endpoint is disabled stay failed, so replaying the failed events finds them', async ({
  mock,
}) => {
  const gone = createServer((_request, response) => {
    response.statusCode = 410; // Gone: the endpoint is disabled
    response.end();
  });
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/webhooks`;
  await callMock(mock, 'POST', '/webhook_endpoints', {url, enabled_events: ['payment.created', 'payment.succeeded']});
  const created = await payment(mock); // payment.created: answered 410, the endpoint is now disabled
  await simulate(mock, created.id, 'exact'); // payment.succeeded: not attempted, the endpoint is disabled
  gone.close();
  const {data} = await callMock(mock, 'GET', '/events?delivery_status=failed');
  expect(data.map((event: any) => [event.type, event.delivery_attempts])).toEqual([
    ['payment.succeeded', 0],
    ['payment.created', 1],
  ]);
  expect(mock.deliveries.map((d) => [d.type, d.status])).toEqual([['payment.created', 410]]);
});

test('a refund of a succeeded payment sends payment.updated when created and when it fails; a failed full refund of a payment that required action puts it back in requires_action', async ({
  mock,
}) => {
  const paid = await payment(mock, 'exact');
  const partial = await callMock(mock, 'POST', '/refunds', {
    payment: paid.id,
    amount: {amount: '10.00', currency: 'USDC'},
    address: customerAddress,
  });
  await callMock(mock, 'POST', `/sandbox/refunds/${partial.id}/simulate`, {outcome: 'fail'});
  expect((await eventsOf(mock, paid.id)).slice(3)).toEqual(['payment.updated', 'refund.failed', 'payment.updated']);

  const under = await payment(mock, 'underpay');
  const all = await callMock(mock, 'POST', '/refunds', {payment: under.id, address: customerAddress});
  expect((await callMock(mock, 'GET', `/payments/${under.id}`)).status).toBe('canceled');
  await callMock(mock, 'POST', `/sandbox/refunds/${all.id}/simulate`, {outcome: 'fail'});
  const back = await callMock(mock, 'GET', `/payments/${under.id}`);
  expect(back).toMatchObject({
    status: 'requires_action',
    labels: ['UNDER'],
    amount_refunded: {amount: '0.00', currency: 'USDC'},
  });
  expect((await eventsOf(mock, under.id)).slice(-3)).toEqual([
    'payment.canceled',
    'refund.failed',
    'payment.requires_action',
  ]);
  // Out of the dead end: it can be accepted now.
  expect((await callMock(mock, 'POST', `/payments/${under.id}/accept`)).status).toBe('succeeded');
  expect(mock.violations).toEqual([]);
});

test('a refund with reason overpayment refunds only what is left of the excess, whatever other refunds were made', async ({
  mock,
}) => {
  const exact = await payment(mock, 'exact');
  const noExcess = await raw(mock, 'POST', '/refunds', {
    payment: exact.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect(noExcess.status).toBe(400);
  expect(noExcess.body.error).toMatchObject({code: 'refund_exceeds_excess', param: 'reason'});

  const over = await payment(mock, 'overpay');
  expect(over.amount_received.amount).toBe('27.50');
  // Returned goods first: reason other, 10.00 of the 27.50. The 2.50 excess is still owed.
  const goods = await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    amount: {amount: '10.00', currency: 'USDC'},
    address: customerAddress,
  });
  expect(goods.reason).toBe('other');
  const tooMuch = await raw(mock, 'POST', '/refunds', {
    payment: over.id,
    reason: 'overpayment',
    amount: {amount: '2.51', currency: 'USDC'},
    address: customerAddress,
  });
  expect(tooMuch.status).toBe(400);
  expect(tooMuch.body.error).toMatchObject({code: 'refund_exceeds_excess', param: 'amount.amount'});
  expect(tooMuch.body.error.message).toContain('2.50 USDC');
  const excess = await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect(excess).toMatchObject({reason: 'overpayment', amount: {amount: '2.50', currency: 'USDC'}});
  const again = await raw(mock, 'POST', '/refunds', {
    payment: over.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect(again.status).toBe(400);
  expect(again.body.error.code).toBe('refund_exceeds_excess');
  // A failed excess refund gives the excess back.
  await callMock(mock, 'POST', `/sandbox/refunds/${excess.id}/simulate`, {outcome: 'fail'});
  const retry = await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect(retry.amount).toEqual({amount: '2.50', currency: 'USDC'});
  expect(mock.violations).toEqual([]);
});

test('an empty reference is refused, so that no two orders share the reference ""', async ({mock}) => {
  const empty = await raw(mock, 'POST', '/payments', {...quickstartPayment, reference: ''});
  expect(empty.status).toBe(400);
  expect(empty.body.error).toMatchObject({code: 'parameter_invalid', param: 'reference'});
});

test('a sandbox balance never shows less than zero, even after a full refund once the fee was taken', async ({
  mock,
}) => {
  const paid = await payment(mock, 'exact');
  // A full refund after the fee: the sandbox covers the 0.25 the balance lacks, and shows zero.
  await callMock(mock, 'POST', '/refunds', {payment: paid.id, address: customerAddress});
  const balance = await callMock(mock, 'GET', '/balance');
  expect(balance.available).toEqual([{asset: 'USDC', network: 'base', amount: {amount: '0.00', currency: 'USDC'}}]);
  expect(mock.violations).toEqual([]);
});

test('labels follow the amounts: late funds that lift an accepted UNDER payment to amount_due remove UNDER, and past it add OVER, whose excess is refunded as an overpayment and reserved', async ({
  mock,
}) => {
  const usdcOnBase = (amount: string) => [{asset: 'USDC', network: 'base', amount: {amount, currency: 'USDC'}}];
  const short = await payment(mock, 'underpay');
  await callMock(mock, 'POST', `/payments/${short.id}/accept`);
  // 20.00 accepted; each late outcome brings 2.50 more.
  const labelsAt = async () => {
    const more = await simulate(mock, short.id, 'late');
    return `${more.amount_received.amount}: ${more.status} ${more.labels.join(',')}`;
  };
  expect([await labelsAt(), await labelsAt(), await labelsAt()]).toEqual([
    '22.50: succeeded UNDER',
    '25.00: succeeded ',
    '27.50: succeeded OVER',
  ]);
  // 27.50 less its 0.275 fee is available; the 2.50 excess is reserved and refunded as an overpayment.
  expect(await callMock(mock, 'GET', '/balance')).toMatchObject({
    available: usdcOnBase('27.225'),
    reserved: usdcOnBase('2.50'),
  });
  const refund = await callMock(mock, 'POST', '/refunds', {
    payment: short.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect(refund.amount).toEqual({amount: '2.50', currency: 'USDC'});
  expect((await callMock(mock, 'GET', '/balance')).reserved).toEqual([]);
  expect(mock.violations).toEqual([]);
});

test('labels follow the amounts while a payment requires action: late funds past amount_due make an UNDER payment LATE and OVER; it is refunded only in full until accepted, then its excess as an overpayment', async ({
  mock,
}) => {
  const short = await payment(mock, 'underpay');
  await mock.chain.see(short.id, '7.50');
  await mock.chain.confirm(short.id);
  const lifted = await callMock(mock, 'GET', `/payments/${short.id}`);
  expect([lifted.status, lifted.labels, lifted.amount_received.amount]).toEqual([
    'requires_action',
    ['LATE', 'OVER'],
    '27.50',
  ]);
  const partial = await raw(mock, 'POST', '/refunds', {
    payment: short.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect([partial.status, partial.body.error?.code, partial.body.error?.param]).toEqual([
    400,
    'refund_reason_invalid',
    'reason',
  ]);
  const accepted = await callMock(mock, 'POST', `/payments/${short.id}/accept`);
  expect([accepted.status, accepted.labels, accepted.fee.amount]).toEqual(['succeeded', ['LATE', 'OVER'], '0.275']);
  const refund = await callMock(mock, 'POST', '/refunds', {
    payment: short.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect(refund.amount).toEqual({amount: '2.50', currency: 'USDC'});
  // A payment without OVER has no excess, whatever its status.
  const exact = await payment(mock, 'exact');
  const none = await raw(mock, 'POST', '/refunds', {
    payment: exact.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect([none.status, none.body.error?.code, none.body.error?.message]).toEqual([
    400,
    'refund_exceeds_excess',
    `Payment ${exact.id} has no OVER label: it has no excess to refund.`,
  ]);
  expect(mock.violations).toEqual([]);
});

test('a reorg that drops funds still confirming on a requires_action or succeeded payment takes them out of amount_pending and transactions, keeps the status and amount_received, and sends payment.updated', async ({
  mock,
}) => {
  const late = await payment(mock, 'late');
  await mock.chain.see(late.id, '5.00');
  const blocked = await raw(mock, 'POST', `/payments/${late.id}/accept`);
  expect([blocked.status, blocked.body.error?.code]).toEqual([409, 'payment_invalid_state']);
  await mock.chain.drop(late.id, {quoteValid: false});
  const dropped = await callMock(mock, 'GET', `/payments/${late.id}`);
  expect([
    dropped.status,
    dropped.labels,
    dropped.amount_received.amount,
    dropped.amount_pending.amount,
    dropped.transactions.length,
  ]).toEqual(['requires_action', ['LATE'], '25.00', '0.00', 1]);
  expect((await eventsOf(mock, late.id)).slice(-2)).toEqual(['payment.updated', 'payment.updated']);
  // Nothing confirming any more: accept works again.
  expect((await callMock(mock, 'POST', `/payments/${late.id}/accept`)).status).toBe('succeeded');

  const paid = await payment(mock, 'exact');
  await mock.chain.see(paid.id, '5.00');
  await mock.chain.drop(paid.id, {quoteValid: false});
  const kept = await callMock(mock, 'GET', `/payments/${paid.id}`);
  expect([kept.status, kept.labels, kept.amount_received.amount, kept.amount_pending.amount, kept.fee.amount]).toEqual([
    'succeeded',
    [],
    '25.00',
    '0.00',
    '0.25',
  ]);
  expect(kept.transactions).toHaveLength(1);
  expect((await eventsOf(mock, paid.id)).slice(-3)).toEqual([
    'payment.succeeded',
    'payment.updated',
    'payment.updated',
  ]);
  expect(mock.violations).toEqual([]);
});

test('while an UNDER payment is pending again for its top-up, its confirmed funds and the top-up are both pending in the balance, none available', async ({
  mock,
}) => {
  const short = await payment(mock, 'underpay');
  await mock.chain.topUp(short.id, '3.00');
  expect(await callMock(mock, 'GET', '/balance')).toMatchObject({
    available: [],
    pending: [{asset: 'USDC', network: 'base', amount: {amount: '23.00', currency: 'USDC'}}],
  });
  expect(mock.violations).toEqual([]);
});

test('reserved is zero when the available balance is zero or less, however much excess is left to refund', async ({
  mock,
}) => {
  const over = await payment(mock, 'overpay');
  // All but the 2.50 excess refunded for another reason: 2.225 available, all of it reserved.
  await callMock(mock, 'POST', '/refunds', {
    payment: over.id,
    amount: {amount: '25.00', currency: 'USDC'},
    address: customerAddress,
  });
  // Nine payments refunded in full each leave their 0.25 fee owing: available falls to -0.025.
  for (let i = 0; i < 9; i++) {
    const paid = await payment(mock, 'exact');
    await callMock(mock, 'POST', '/refunds', {payment: paid.id, address: customerAddress});
  }
  const balance = await callMock(mock, 'GET', '/balance');
  expect(balance.available).toEqual([{asset: 'USDC', network: 'base', amount: {amount: '0.00', currency: 'USDC'}}]);
  expect(balance.reserved).toEqual([]);
  expect(mock.violations).toEqual([]);
});

test('a refund of a payment that requires action is declined: reason declined by default and only there; any other reason, or declined elsewhere, is refund_reason_invalid', async ({
  mock,
}) => {
  const short = await payment(mock, 'underpay');
  for (const reason of ['other', 'overpayment']) {
    const refused = await raw(mock, 'POST', '/refunds', {payment: short.id, reason, address: customerAddress});
    expect([refused.status, refused.body.error?.code, refused.body.error?.param], reason).toEqual([
      400,
      'refund_reason_invalid',
      'reason',
    ]);
  }
  const declined = await callMock(mock, 'POST', '/refunds', {payment: short.id, address: customerAddress});
  expect(declined).toMatchObject({reason: 'declined', amount: {amount: '20.00', currency: 'USDC'}});
  const paid = await payment(mock, 'exact');
  const notDeclined = await raw(mock, 'POST', '/refunds', {
    payment: paid.id,
    reason: 'declined',
    address: customerAddress,
  });
  expect([notDeclined.status, notDeclined.body.error?.code]).toEqual([400, 'refund_reason_invalid']);
  expect((await callMock(mock, 'POST', '/refunds', {payment: paid.id, address: customerAddress})).reason).toBe('other');
  expect(mock.violations).toEqual([]);
});

test('funds declined while a payment required action are never kept: when late funds reopen it and you accept them, the fee, the excess and the reserve count only the late funds', async ({
  mock,
}) => {
  const usdcOnBase = (amount: string) => [{asset: 'USDC', network: 'base', amount: {amount, currency: 'USDC'}}];
  // 20.00 received, declined (refunded in full); then 27.50 arrives late and is accepted.
  const short = await payment(mock, 'underpay');
  await callMock(mock, 'POST', '/refunds', {payment: short.id, address: customerAddress});
  await mock.chain.see(short.id, '27.50');
  await mock.chain.confirm(short.id);
  const accepted = await callMock(mock, 'POST', `/payments/${short.id}/accept`);
  expect([
    accepted.status,
    accepted.labels,
    accepted.amount_received.amount,
    accepted.amount_refunded.amount,
    accepted.fee.amount,
  ]).toEqual(['succeeded', ['LATE', 'OVER'], '47.50', '20.00', '0.275']);
  // Kept: 27.50 less the 0.275 fee; the excess is 27.50 over the 25.00 due, not 22.50 over it.
  expect(await callMock(mock, 'GET', '/balance')).toMatchObject({
    available: usdcOnBase('27.225'),
    reserved: usdcOnBase('2.50'),
  });
  const tooMuch = await raw(mock, 'POST', '/refunds', {
    payment: short.id,
    reason: 'overpayment',
    amount: {amount: '2.51', currency: 'USDC'},
    address: customerAddress,
  });
  expect([tooMuch.status, tooMuch.body.error?.code]).toEqual([400, 'refund_exceeds_excess']);
  const excess = await callMock(mock, 'POST', '/refunds', {
    payment: short.id,
    reason: 'overpayment',
    address: customerAddress,
  });
  expect(excess.amount).toEqual({amount: '2.50', currency: 'USDC'});
  expect((await callMock(mock, 'GET', '/balance')).reserved).toEqual([]);
  expect(mock.violations).toEqual([]);
});
