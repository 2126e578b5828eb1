import {readFileSync} from 'node:fs';
import {chmod, mkdtemp, rm, writeFile} from 'node:fs/promises';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {expect} from '@playwright/test';
import {parse} from 'yaml';
import {nginx502, test as proxyTest} from '../support/fault-proxy';
import {descriptionPath, testSecretKey, type MockApi} from '../support/mock-api';
import {callMock, mockEnv, parseOutput, quickstartPayment, repoRoot, runSample, test} from '../support/run-sample';

// Every API sample a reader copies runs, in its own language, against
// the mock built from api/openapi.yaml. Each test asserts the sample's exit
// code, its printed JSON, the request the mock recorded, and that the mock saw
// nothing the description does not allow.

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const languages = ['curl', 'Node.js', 'Python'] as const;
const samples = {
  createPayment: ['examples/api/create-payment.sh', 'examples/api/create-payment.ts', 'examples/api/create_payment.py'],
  getPayment: ['examples/api/get-payment.sh', 'examples/api/get-payment.ts', 'examples/api/get_payment.py'],
  simulatePayment: [
    'examples/api/simulate-payment.sh',
    'examples/api/simulate-payment.ts',
    'examples/api/simulate_payment.py',
  ],
  registerWebhookEndpoint: [
    'examples/api/register-webhook-endpoint.sh',
    'examples/api/register-webhook-endpoint.ts',
    'examples/api/register_webhook_endpoint.py',
  ],
  createRefund: ['examples/api/create-refund.sh', 'examples/api/create-refund.ts', 'examples/api/create_refund.py'],
  cancelPayment: ['examples/api/cancel-payment.sh', 'examples/api/cancel-payment.ts', 'examples/api/cancel_payment.py'],
  acceptPayment: ['examples/api/accept-payment.sh', 'examples/api/accept-payment.ts', 'examples/api/accept_payment.py'],
  simulateRefund: [
    'examples/api/simulate-refund.sh',
    'examples/api/simulate-refund.ts',
    'examples/api/simulate_refund.py',
  ],
  listPayments: ['examples/api/list-payments.sh', 'examples/api/list-payments.ts', 'examples/api/list_payments.py'],
  getBalance: ['examples/api/get-balance.sh', 'examples/api/get-balance.ts', 'examples/api/get_balance.py'],
  listRefunds: ['examples/api/list-refunds.sh', 'examples/api/list-refunds.ts', 'examples/api/list_refunds.py'],
  getRefund: ['examples/api/get-refund.sh', 'examples/api/get-refund.ts', 'examples/api/get_refund.py'],
  findPayment: ['examples/api/find-payment.sh', 'examples/api/find-payment.ts', 'examples/api/find_payment.py'],
  listFailedEvents: [
    'examples/api/list-failed-events.sh',
    'examples/api/list-failed-events.ts',
    'examples/api/list_failed_events.py',
  ],
};

test.describe.configure({timeout: 120_000});

/** The one request a sample made, after asserting that it made exactly one. */
function onlyRequest(mock: MockApi, from: number) {
  const made = mock.requests.slice(from);
  expect(made.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
  return made[0];
}

async function createPayment(mock: MockApi) {
  return callMock(mock, 'POST', '/payments', quickstartPayment);
}

languages.forEach((language, i) => {
  test.describe(`${language} API samples`, () => {
    test(`${samples.createPayment[i]} creates the quickstart payment, a new order with a new idempotency key on each run`, async ({
      mock,
    }) => {
      const run = await runSample(samples.createPayment[i], mockEnv(mock, {ORDER_REFERENCE: undefined}));
      expect(run.code, run.stderr).toBe(0);
      const payment = parseOutput(run);
      const request = onlyRequest(mock, 0);
      const key = request.headers['idempotency-key'];
      expect(key).toMatch(uuidV4);
      // No ORDER_REFERENCE: a demo order id made from the key, printed under it.
      const reference = `order_${key.slice(0, 8)}`;
      expect(run.stderr).toContain(`Idempotency-Key: ${key}\nReference: ${reference}\n`);
      expect(payment).toMatchObject({
        object: 'payment',
        livemode: false,
        status: 'awaiting_payment',
        asset: 'USDC',
        network: 'base',
        price: {amount: '25.00', currency: 'USD'},
        amount_due: {amount: '25.00', currency: 'USDC'},
        reference,
        required_confirmations: 30,
      });
      expect(payment.id).toMatch(/^pay_/);
      expect(payment.hosted_url).toMatch(/^https:\/\//);
      expect(request).toMatchObject({method: 'POST', path: '/v1/payments', status: 201});
      expect(request.headers.authorization).toBe(`Bearer ${testSecretKey}`);
      expect(request.body).toEqual({...quickstartPayment, reference});

      // A second run is a second order: a key reused from the first would replay the first payment,
      // and a reference reused from it would make the receivers report that order as already paid.
      const second = await runSample(samples.createPayment[i], mockEnv(mock, {ORDER_REFERENCE: undefined}));
      expect(second.code, second.stderr).toBe(0);
      const keys = mock.requests.map((r) => r.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toMatch(uuidV4);
      expect(keys[1]).not.toBe(keys[0]);
      expect(parseOutput(second).id).not.toBe(payment.id);
      expect(parseOutput(second).reference).toBe(`order_${keys[1].slice(0, 8)}`);
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.createPayment[i]} sends ORDER_REFERENCE as the payment's reference when it is set`, async ({
      mock,
    }) => {
      const run = await runSample(samples.createPayment[i], mockEnv(mock, {ORDER_REFERENCE: 'order_7731'}));
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^Idempotency-Key: [0-9a-f-]{36}\nReference: order_7731$/m);
      expect(parseOutput(run).reference).toBe('order_7731');
      expect(onlyRequest(mock, 0).body).toEqual({...quickstartPayment, reference: 'order_7731'});
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.getPayment[i]} fetches the payment named by PAYMENT_ID`, async ({mock}) => {
      const created = await createPayment(mock);
      const from = mock.requests.length;
      const run = await runSample(samples.getPayment[i], mockEnv(mock, {PAYMENT_ID: created.id}));
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run)).toEqual(created);
      expect(onlyRequest(mock, from)).toMatchObject({method: 'GET', path: `/v1/payments/${created.id}`, status: 200});
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.getPayment[i]} exits non-zero and prints the API's error for an unknown payment`, async ({
      mock,
    }) => {
      const run = await runSample(samples.getPayment[i], mockEnv(mock, {PAYMENT_ID: 'pay_0000000000000000nosuch00'}));
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toContain('No payment pay_0000000000000000nosuch00');
      expect(mock.requests.map((r) => r.status)).toEqual([404]);
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.simulatePayment[i]} pays the payment exactly: succeeded after every confirmation`, async ({
      mock,
    }) => {
      const created = await createPayment(mock);
      const from = mock.requests.length;
      const run = await runSample(samples.simulatePayment[i], mockEnv(mock, {PAYMENT_ID: created.id}));
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run)).toMatchObject({
        id: created.id,
        status: 'succeeded',
        confirmations: 30,
        labels: [],
        amount_received: {amount: '25.00', currency: 'USDC'},
      });
      const request = onlyRequest(mock, from);
      expect(request).toMatchObject({
        method: 'POST',
        path: `/v1/sandbox/payments/${created.id}/simulate`,
        body: {outcome: 'exact'},
        status: 200,
      });
      expect(request.headers['idempotency-key']).toMatch(uuidV4);
      const events = await callMock(mock, 'GET', '/events');
      expect(events.data.map((e: any) => e.type).reverse()).toEqual([
        'payment.created',
        'payment.pending',
        'payment.succeeded',
      ]);
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.simulatePayment[i]} takes another outcome from OUTCOME`, async ({mock}) => {
      const created = await createPayment(mock);
      const run = await runSample(
        samples.simulatePayment[i],
        mockEnv(mock, {PAYMENT_ID: created.id, OUTCOME: 'underpay'}),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run)).toMatchObject({id: created.id, status: 'requires_action', labels: ['UNDER']});
      expect(mock.requests.at(-1)?.body).toEqual({outcome: 'underpay'});
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.registerWebhookEndpoint[i]} registers WEBHOOK_URL and prints the whsec_ secret once`, async ({
      mock,
    }) => {
      const url = 'https://shop.example.com/webhooks/coinwharf';
      const run = await runSample(samples.registerWebhookEndpoint[i], mockEnv(mock, {WEBHOOK_URL: url}));
      expect(run.code, run.stderr).toBe(0);
      const endpoint = parseOutput(run);
      expect(endpoint).toMatchObject({object: 'webhook_endpoint', url, status: 'enabled'});
      expect(endpoint.id).toMatch(/^we_/);
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
      const request = onlyRequest(mock, 0);
      expect(request).toMatchObject({method: 'POST', path: '/v1/webhook_endpoints', status: 201});
      expect(request.body).toEqual({
        url,
        enabled_events: [
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
        ],
      });
      // Printed before it was sent, as create-payment prints its key: a re-run after a lost answer needs it.
      expect(request.headers['idempotency-key']).toMatch(uuidV4);
      expect(run.stderr).toMatch(new RegExp(`^Idempotency-Key: ${request.headers['idempotency-key']}$`, 'm'));
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.registerWebhookEndpoint[i]} re-run with IDEMPOTENCY_KEY set to the key it printed gets the same endpoint and secret back: one endpoint`, async ({
      mock,
    }) => {
      const url = 'https://shop.example.com/webhooks/coinwharf';
      const first = await runSample(samples.registerWebhookEndpoint[i], mockEnv(mock, {WEBHOOK_URL: url}));
      expect(first.code, first.stderr).toBe(0);
      const printed = /^Idempotency-Key: (\S+)$/m.exec(first.stderr);
      expect(printed, first.stderr).not.toBeNull();
      const key = printed![1];
      expect(key).toMatch(uuidV4);
      // The reader's first run timed out after the API acted; they run it again with the printed key.
      const again = await runSample(
        samples.registerWebhookEndpoint[i],
        mockEnv(mock, {WEBHOOK_URL: url, IDEMPOTENCY_KEY: key}),
      );
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(new RegExp(`^Idempotency-Key: ${key}$`, 'm'));
      const [endpoint, replayed] = [parseOutput(first), parseOutput(again)];
      expect(replayed.id).toMatch(/^we_/);
      expect(replayed.id).toBe(endpoint.id);
      expect(replayed.secret).toMatch(/^whsec_/);
      expect(replayed.secret).toBe(endpoint.secret);
      const registers = mock.requests.filter((r) => r.operationId === 'createWebhookEndpoint');
      expect(registers.map((r) => [r.headers['idempotency-key'], r.status])).toEqual([
        [key, 201],
        [key, 201],
      ]);
      expect(registers[1].body).toEqual(registers[0].body);
      // The second answer is the stored first one, replayed, not a second registration.
      expect(registers.map((r) => r.responseHeaders['idempotent-replayed'])).toEqual([undefined, 'true']);
      // One endpoint: a payment's events go to it once each, not once per run.
      const created = await createPayment(mock);
      await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'});
      expect(mock.deliveries.map((d) => [d.type, d.url])).toEqual([
        ['payment.pending', url],
        ['payment.succeeded', url],
      ]);
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.createRefund[i]} refunds 25.00 USDC of a paid payment to the customer's address`, async ({
      mock,
    }) => {
      const created = await createPayment(mock);
      await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'});
      const from = mock.requests.length;
      const run = await runSample(
        samples.createRefund[i],
        mockEnv(mock, {
          PAYMENT_ID: created.id,
          REFUND_ADDRESS: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
          REFUND_AMOUNT: '25.00',
          REFUND_CURRENCY: 'USDC',
        }),
      );
      expect(run.code, run.stderr).toBe(0);
      const refund = parseOutput(run);
      expect(refund).toMatchObject({
        object: 'refund',
        payment: created.id,
        status: 'pending',
        amount: {amount: '25.00', currency: 'USDC'},
        asset: 'USDC',
        network: 'base',
        address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
      });
      expect(refund.id).toMatch(/^rf_/);
      const request = onlyRequest(mock, from);
      expect(request).toMatchObject({method: 'POST', path: '/v1/refunds', status: 201});
      expect(request.body).toMatchObject({payment: created.id, amount: {amount: '25.00', currency: 'USDC'}});
      expect(request.headers['idempotency-key']).toMatch(uuidV4);
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.listFailedEvents[i]} processes every failed event, one per line, following has_more past the first page of 100`, async ({
      mock,
    }) => {
      // A receiver that is down for three event types: 34 payments make 102 failed events.
      const down = createServer((_req, res) => res.writeHead(503).end());
      await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
      try {
        const {port} = down.address() as AddressInfo;
        await callMock(mock, 'POST', '/webhook_endpoints', {
          url: `http://127.0.0.1:${port}/webhooks`,
          enabled_events: ['payment.pending', 'payment.succeeded', 'payment.canceled'],
        });
        for (let n = 0; n < 34; n += 1) {
          const created = await createPayment(mock);
          await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'});
          await callMock(mock, 'POST', `/payments/${(await createPayment(mock)).id}/cancel`);
        }
      } finally {
        await new Promise((resolve) => down.close(resolve));
      }
      const from = mock.requests.length;
      const run = await runSample(samples.listFailedEvents[i], mockEnv(mock));
      expect(run.code, run.stderr).toBe(0);
      const printed = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(printed).toHaveLength(102);
      expect(new Set(printed.map((e: any) => e.id)).size).toBe(102);
      expect(new Set(printed.map((e: any) => `${e.type} ${e.delivery_status}`))).toEqual(
        new Set(['payment.pending failed', 'payment.succeeded failed', 'payment.canceled failed']),
      );
      const made = mock.requests.slice(from);
      expect(made.map((r) => [r.method, r.path, r.status])).toEqual([
        ['GET', '/v1/events', 200],
        ['GET', '/v1/events', 200],
      ]);
      expect(made[0].query).toEqual({delivery_status: 'failed', limit: '100'});
      expect(made[1].query).toEqual({delivery_status: 'failed', limit: '100', starting_after: printed[99].id});
      expect(printed.map((e: any) => e.id)).toEqual(made.flatMap((r: any) => r.response.data.map((e: any) => e.id)));
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.listPayments[i]} lists the payments in STATUS newest first, succeeded when STATUS is not set`, async ({
      mock,
    }) => {
      const byOutcome: Record<string, string[]> = {};
      for (const outcome of ['exact', 'underpay', 'exact', 'late', 'overpay', 'underpay']) {
        const created = await createPayment(mock);
        await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome});
        (byOutcome[outcome] ??= []).push(created.id);
      }
      const unpaid = await createPayment(mock);
      const paid = [byOutcome.exact[0], byOutcome.exact[1], byOutcome.overpay[0]];
      const from = mock.requests.length;
      const run = await runSample(samples.listPayments[i], mockEnv(mock, {STATUS: undefined}));
      expect(run.code, run.stderr).toBe(0);
      const list = parseOutput(run);
      expect(list).toMatchObject({object: 'list', has_more: false});
      expect(list.data.map((p: any) => p.id)).toEqual([...paid].reverse());
      expect(list.data.map((p: any) => p.id)).not.toContain(unpaid.id);
      const request = onlyRequest(mock, from);
      expect(request).toMatchObject({method: 'GET', path: '/v1/payments', status: 200});
      expect(request.query).toEqual({status: 'succeeded', limit: '100', 'created[gte]': expect.any(String)});

      // The daily sweep: the payments waiting for a decision, short (UNDER) and late (LATE), and no other.
      const waiting = [byOutcome.underpay[0], byOutcome.late[0], byOutcome.underpay[1]];
      const sweep = await runSample(samples.listPayments[i], mockEnv(mock, {STATUS: 'requires_action'}));
      expect(sweep.code, sweep.stderr).toBe(0);
      const found = parseOutput(sweep);
      expect(found).toMatchObject({object: 'list', has_more: false});
      expect(found.data.map((p: any) => [p.id, p.status, p.labels])).toEqual(
        [...waiting].reverse().map((id) => [id, 'requires_action', [id === byOutcome.late[0] ? 'LATE' : 'UNDER']]),
      );
      expect(mock.requests.at(-1)?.query).toEqual({status: 'requires_action', limit: '100'});
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.listPayments[i]} lists succeeded payments back 31 days only, the 30 days an ended payment is watched and one more; requires_action ones whatever their age`, async ({
      mock,
    }) => {
      const paid: Record<string, string> = {};
      for (const [name, days] of [
        ['a year ago', 365],
        ['32 days ago', 32],
        ['30 days ago', 30],
        ['today', 0],
      ] as const) {
        const created = await createPayment(mock);
        await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'});
        mock.backdate(created.id, days);
        paid[name] = created.id;
      }
      const waiting = await createPayment(mock);
      await callMock(mock, 'POST', `/sandbox/payments/${waiting.id}/simulate`, {outcome: 'underpay'});
      mock.backdate(waiting.id, 90);
      const from = mock.requests.length;
      const before = Date.now();
      const run = await runSample(samples.listPayments[i], mockEnv(mock, {STATUS: undefined}));
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run).data.map((p: any) => p.id)).toEqual([paid.today, paid['30 days ago']]);
      const since = Date.parse(onlyRequest(mock, from).query['created[gte]']);
      const day = 24 * 3600 * 1000;
      // 31 days before the run, in whole seconds: between the test's clock before and after it.
      expect(since).toBeGreaterThanOrEqual(before - 31 * day - 1000);
      expect(since).toBeLessThanOrEqual(Date.now() - 31 * day);
      const sweep = await runSample(samples.listPayments[i], mockEnv(mock, {STATUS: 'requires_action'}));
      expect(sweep.code, sweep.stderr).toBe(0);
      expect(parseOutput(sweep).data.map((p: any) => p.id)).toEqual([waiting.id]);
      expect(mock.requests.at(-1)?.query).toEqual({status: 'requires_action', limit: '100'});
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.listPayments[i]} follows has_more: 102 payments in STATUS are listed from two pages`, async ({
      mock,
    }) => {
      const waiting: string[] = [];
      for (let n = 0; n < 102; n += 1) {
        waiting.push((await createPayment(mock)).id);
        if (n % 25 === 0) {
          const paid = await createPayment(mock);
          await callMock(mock, 'POST', `/sandbox/payments/${paid.id}/simulate`, {outcome: 'exact'});
        }
      }
      const from = mock.requests.length;
      const run = await runSample(samples.listPayments[i], mockEnv(mock, {STATUS: 'awaiting_payment'}));
      expect(run.code, run.stderr).toBe(0);
      const list = parseOutput(run);
      expect(list).toMatchObject({object: 'list', has_more: false});
      // Newest first, every one once, the oldest two (on page 2) included.
      expect(list.data.map((p: any) => p.id)).toEqual([...waiting].reverse());
      const made = mock.requests.slice(from);
      expect(made.map((r) => [r.method, r.path, r.status])).toEqual([
        ['GET', '/v1/payments', 200],
        ['GET', '/v1/payments', 200],
      ]);
      expect(made[0].query).toEqual({status: 'awaiting_payment', limit: '100'});
      expect(made[1].query).toEqual({status: 'awaiting_payment', limit: '100', starting_after: waiting[2]});
      expect(made.map((r: any) => [r.response.data.length, r.response.has_more])).toEqual([
        [100, true],
        [2, false],
      ]);
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.getBalance[i]} shows available, reserved and pending funds per asset and network`, async ({
      mock,
    }) => {
      for (const outcome of ['exact', 'overpay', 'underpay']) {
        const created = await createPayment(mock);
        await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome});
      }
      const paidIds = (await callMock(mock, 'GET', '/payments?status=succeeded')).data.map((p: any) => p.id);
      await callMock(mock, 'POST', '/refunds', {
        payment: paidIds[0],
        amount: {amount: '10.00', currency: 'USDC'},
        address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
      });
      const from = mock.requests.length;
      const run = await runSample(samples.getBalance[i], mockEnv(mock));
      expect(run.code, run.stderr).toBe(0);
      // 25.00 and 27.50 received, less 0.25 and 0.275 in fees and the 10.00 refunded (for another
      // reason than the excess) of the overpaid one; the 2.50 it was paid over is kept back in that;
      // the underpaid 20.00 waits.
      expect(parseOutput(run)).toEqual({
        object: 'balance',
        livemode: false,
        available: [{asset: 'USDC', network: 'base', amount: {amount: '41.975', currency: 'USDC'}}],
        reserved: [{asset: 'USDC', network: 'base', amount: {amount: '2.50', currency: 'USDC'}}],
        pending: [{asset: 'USDC', network: 'base', amount: {amount: '20.00', currency: 'USDC'}}],
      });
      expect(onlyRequest(mock, from)).toMatchObject({method: 'GET', path: '/v1/balance', status: 200});
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.listRefunds[i]} lists the refunds of PAYMENT_ID, newest first, the failed one included`, async ({
      mock,
    }) => {
      const address = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';
      const [payment, other] = [await createPayment(mock), await createPayment(mock)];
      for (const {id} of [payment, other])
        await callMock(mock, 'POST', `/sandbox/payments/${id}/simulate`, {outcome: 'exact'});
      const refund = (amount: string, id = payment.id) =>
        callMock(mock, 'POST', '/refunds', {payment: id, amount: {amount, currency: 'USDC'}, address});
      const failed = await refund('5.00');
      await callMock(mock, 'POST', `/sandbox/refunds/${failed.id}/simulate`, {outcome: 'fail'});
      const second = await refund('7.00');
      await refund('1.00', other.id);
      const from = mock.requests.length;
      const run = await runSample(samples.listRefunds[i], mockEnv(mock, {PAYMENT_ID: payment.id}));
      expect(run.code, run.stderr).toBe(0);
      const list = parseOutput(run);
      expect(list).toMatchObject({object: 'list', has_more: false});
      expect(list.data.map((r: any) => [r.id, r.status, r.amount.amount])).toEqual([
        [second.id, 'pending', '7.00'],
        [failed.id, 'failed', '5.00'],
      ]);
      const request = onlyRequest(mock, from);
      expect(request).toMatchObject({method: 'GET', path: '/v1/refunds', status: 200});
      expect(request.query).toEqual({payment: payment.id, limit: '100'});
      expect((await callMock(mock, 'GET', `/payments/${payment.id}`)).amount_refunded).toEqual({
        amount: '7.00',
        currency: 'USDC',
      });
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.listRefunds[i]} follows has_more: a payment with 101 refunds has them all listed, from two pages`, async ({
      mock,
    }) => {
      const address = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';
      const payment = await createPayment(mock);
      await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'exact'});
      const made: string[] = [];
      for (let n = 0; n < 101; n += 1) {
        const refund = await callMock(mock, 'POST', '/refunds', {
          payment: payment.id,
          amount: {amount: '0.10', currency: 'USDC'},
          address,
        });
        made.push(refund.id);
      }
      const from = mock.requests.length;
      const run = await runSample(samples.listRefunds[i], mockEnv(mock, {PAYMENT_ID: payment.id}));
      expect(run.code, run.stderr).toBe(0);
      const list = parseOutput(run);
      expect(list).toMatchObject({object: 'list', has_more: false});
      expect(list.data.map((r: any) => r.id)).toEqual([...made].reverse());
      const requests = mock.requests.slice(from);
      expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
        ['GET', '/v1/refunds', 200],
        ['GET', '/v1/refunds', 200],
      ]);
      expect(requests[0].query).toEqual({payment: payment.id, limit: '100'});
      expect(requests[1].query).toEqual({payment: payment.id, limit: '100', starting_after: made[1]});
      // 101 refunds of 0.10: the payment's amount_refunded is their sum.
      expect((await callMock(mock, 'GET', `/payments/${payment.id}`)).amount_refunded).toEqual({
        amount: '10.10',
        currency: 'USDC',
      });
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.getRefund[i]} fetches the refund named by REFUND_ID, and names an unknown one`, async ({mock}) => {
      const created = await createPayment(mock);
      await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'exact'});
      const refund = await callMock(mock, 'POST', '/refunds', {
        payment: created.id,
        address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
      });
      await callMock(mock, 'POST', `/sandbox/refunds/${refund.id}/simulate`, {outcome: 'succeed'});
      const from = mock.requests.length;
      const run = await runSample(samples.getRefund[i], mockEnv(mock, {REFUND_ID: refund.id}));
      expect(run.code, run.stderr).toBe(0);
      const printed = parseOutput(run);
      expect(printed).toMatchObject({id: refund.id, object: 'refund', status: 'succeeded', payment: created.id});
      expect(printed.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(onlyRequest(mock, from)).toMatchObject({method: 'GET', path: `/v1/refunds/${refund.id}`, status: 200});
      const unknown = await runSample(samples.getRefund[i], mockEnv(mock, {REFUND_ID: 'rf_0000000000000000nosuch00'}));
      expect(unknown.code).not.toBe(0);
      expect(unknown.stdout + unknown.stderr).toContain('No refund rf_0000000000000000nosuch00');
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.findPayment[i]} finds the payment of REFERENCE created since CREATED_SINCE, and none before`, async ({
      mock,
    }) => {
      const since = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
      const wanted = await callMock(mock, 'POST', '/payments', {...quickstartPayment, reference: 'order_2001'});
      await callMock(mock, 'POST', '/payments', {...quickstartPayment, reference: 'order_2002'});
      const from = mock.requests.length;
      const run = await runSample(
        samples.findPayment[i],
        mockEnv(mock, {REFERENCE: 'order_2001', CREATED_SINCE: since}),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run)).toEqual({object: 'list', data: [wanted], has_more: false});
      const request = onlyRequest(mock, from);
      expect(request).toMatchObject({method: 'GET', path: '/v1/payments', status: 200});
      expect(request.query).toEqual({reference: 'order_2001', 'created[gte]': since, limit: '100'});

      // Created before the window: not found.
      const later = new Date(Date.now() + 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
      const none = await runSample(
        samples.findPayment[i],
        mockEnv(mock, {REFERENCE: 'order_2001', CREATED_SINCE: later}),
      );
      expect(none.code, none.stderr).toBe(0);
      expect(parseOutput(none).data).toEqual([]);
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.findPayment[i]} follows has_more: a reference used 102 times is found on the second page too`, async ({
      mock,
    }) => {
      const since = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
      const matches: string[] = [];
      for (let n = 0; n < 102; n += 1) {
        matches.push((await callMock(mock, 'POST', '/payments', {...quickstartPayment, reference: 'order_3001'})).id);
        if (n % 25 === 0) await callMock(mock, 'POST', '/payments', {...quickstartPayment, reference: 'order_3002'});
      }
      const from = mock.requests.length;
      const run = await runSample(
        samples.findPayment[i],
        mockEnv(mock, {REFERENCE: 'order_3001', CREATED_SINCE: since}),
      );
      expect(run.code, run.stderr).toBe(0);
      const found = parseOutput(run);
      expect(found).toMatchObject({object: 'list', has_more: false});
      // Newest first, every match once, the oldest (on page 2) included.
      expect(found.data.map((p: any) => p.id)).toEqual([...matches].reverse());
      expect(new Set(found.data.map((p: any) => p.reference))).toEqual(new Set(['order_3001']));
      const made = mock.requests.slice(from);
      expect(made.map((r) => [r.method, r.path, r.status])).toEqual([
        ['GET', '/v1/payments', 200],
        ['GET', '/v1/payments', 200],
      ]);
      expect(made[1].query).toEqual({
        reference: 'order_3001',
        'created[gte]': since,
        limit: '100',
        starting_after: found.data[99].id,
      });
      expect(mock.violations).toEqual([]);
    });

    test(`${samples.createPayment[i]} without COINWHARF_SECRET_KEY says what to set and calls nothing`, async ({
      mock,
    }) => {
      const run = await runSample(samples.createPayment[i], mockEnv(mock, {COINWHARF_SECRET_KEY: undefined}));
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('COINWHARF_SECRET_KEY');
      expect(mock.requests).toEqual([]);
    });
  });
});

test.describe('curl samples pick a UUID that works on macOS and Linux', () => {
  let bin: string;
  test.beforeEach(async () => {
    bin = await mkdtemp(path.join(os.tmpdir(), 'fake-uuidgen-'));
  });
  test.afterEach(async () => {
    await rm(bin, {recursive: true, force: true});
  });

  test('examples/api/create-payment.sh uses uuidgen where it exists (macOS)', async ({mock}) => {
    const key = '1B4E28BA-2FA1-4D3B-883F-0016D3CCA427'; // macOS prints upper case
    await writeFile(path.join(bin, 'uuidgen'), `#!/bin/sh\necho ${key}\n`);
    await chmod(path.join(bin, 'uuidgen'), 0o755);
    const run = await runSample('examples/api/create-payment.sh', mockEnv(mock, {PATH: `${bin}:${process.env.PATH}`}));
    expect(run.code, run.stderr).toBe(0);
    expect(mock.requests[0].headers['idempotency-key']).toBe(key);
    // The demo order id is the same whichever case the key comes in.
    expect(mock.requests[0].body).toMatchObject({reference: 'order_1b4e28ba'});
    expect(mock.violations).toEqual([]);
  });

  test('examples/api/create-payment.sh falls back to the kernel UUID where uuidgen is missing (Debian)', async ({
    mock,
  }) => {
    await writeFile(path.join(bin, 'uuidgen'), '#!/bin/sh\nexit 127\n');
    await chmod(path.join(bin, 'uuidgen'), 0o755);
    const first = await runSample(
      'examples/api/create-payment.sh',
      mockEnv(mock, {PATH: `${bin}:${process.env.PATH}`}),
    );
    const second = await runSample(
      'examples/api/create-payment.sh',
      mockEnv(mock, {PATH: `${bin}:${process.env.PATH}`}),
    );
    expect([first.code, second.code]).toEqual([0, 0]);
    const keys = mock.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    keys.forEach((key) => expect(key).toMatch(uuidV4));
    expect(keys[0]).not.toBe(keys[1]);
    expect(mock.violations).toEqual([]);
  });
});

test('going live’s daily sweep types the list-payments samples run above with STATUS=requires_action, one per language', () => {
  const live = readFileSync(path.join(repoRoot, 'docs/payments/going-live.mdx'), 'utf8').replace(/\s+/g, ' ');
  const sweep = live.slice(live.indexOf('Once a day, you list every payment in `requires_action`'));
  const commands = [...sweep.matchAll(/`STATUS=requires_action (npx tsx|python3|bash) ([\w-]+\.(?:ts|py|sh))`/g)];
  expect(commands.map((c) => `${c[1]} examples/api/${c[2]}`)).toEqual([
    `npx tsx ${samples.listPayments[1]}`,
    `python3 ${samples.listPayments[2]}`,
    `bash ${samples.listPayments[0]}`,
  ]);
});

test('fees and settlement says what GET /v1/refunds lists: every refund newest first, or one payment’s, and no date filter', async ({
  mock,
}) => {
  const fees = readFileSync(path.join(repoRoot, 'docs/payments/fees-and-settlement.mdx'), 'utf8').replace(/\s+/g, ' ');
  expect(fees).not.toContain('refunds are listed per payment');
  expect(fees).toContain(
    'And [`GET /v1/refunds`](/api/refunds#list-refunds) lists all your refunds, newest first, or with `payment` ' +
      'the refunds of one payment, as the [list refunds example](/api/refunds#list-refunds-example-request) does; ' +
      'it has no date filter.',
  );
  const description = parse(readFileSync(descriptionPath, 'utf8'));
  const names = description.paths['/refunds'].get.parameters.map((p: any) =>
    p.$ref ? description.components.parameters[p.$ref.split('/').at(-1)].name : p.name,
  );
  expect(names).toEqual(['limit', 'starting_after', 'payment']);
  // Without `payment`, the refunds of every payment.
  const address = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';
  const [one, two] = [await createPayment(mock), await createPayment(mock)];
  for (const {id} of [one, two]) await callMock(mock, 'POST', `/sandbox/payments/${id}/simulate`, {outcome: 'exact'});
  const made = [];
  for (const {id} of [one, two, one])
    made.push(
      await callMock(mock, 'POST', '/refunds', {payment: id, amount: {amount: '1.00', currency: 'USDC'}, address}),
    );
  const all = await callMock(mock, 'GET', '/refunds');
  expect(all.data.map((r: any) => [r.id, r.payment])).toEqual([...made].reverse().map((r: any) => [r.id, r.payment]));
  expect(mock.violations).toEqual([]);
});

test('an API sample run without what it needs prints one line saying what is missing and exits 2, sending nothing, in every language', async ({
  mock,
}) => {
  const all = Object.values(samples).flat();
  expect(all).toHaveLength(3 * 14);
  const refused = async (file: string, env: Record<string, string | undefined>, line: string) => {
    const run = await runSample(file, mockEnv(mock, env));
    expect({code: run.code, stdout: run.stdout, stderr: run.stderr}, file).toEqual({
      code: 2,
      stdout: '',
      stderr: `${line}\n`,
    });
  };
  // No key: every sample.
  for (const file of all)
    await refused(file, {COINWHARF_SECRET_KEY: undefined}, 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  for (const i of languages.keys()) {
    // A key but no id, the second kind: get-payment stands for the others.
    await refused(samples.getPayment[i], {}, 'Set PAYMENT_ID to the id of a payment (pay_...)');
    // A variable another one makes necessary: an amount needs its currency.
    await refused(
      samples.createRefund[i],
      {
        PAYMENT_ID: 'pay_0000000000000000nosuch00',
        REFUND_ADDRESS: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
        REFUND_AMOUNT: '1.00',
      },
      "Set REFUND_CURRENCY to the payment's asset, such as USDC",
    );
  }
  expect(mock.requests).toEqual([]);
});

test('find-payment says, in every language alike, what a match in each payment status of the API means', () => {
  const description = parse(readFileSync(descriptionPath, 'utf8'));
  const statuses: string[] = description.components.schemas.PaymentStatus.enum;
  expect(statuses).toContain('failed');
  // The header's advice, from "Every match" to the Usage line, without comment markers.
  const advice = samples.findPayment.map((file) => {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    const from = text.indexOf('Every match');
    expect(from, file).toBeGreaterThan(0);
    return text
      .slice(from, text.indexOf('Usage:', from))
      .replace(/^(#|\/\/) ?/gm, '')
      .replace(/\s+/g, ' ')
      .trim();
  });
  expect(advice[1]).toBe(advice[0]);
  expect(advice[2]).toBe(advice[0]);
  for (const status of statuses) expect(advice[0], status).toMatch(new RegExp(`\\b${status}\\b`));
  // Past the key's 24 hours a create cannot still be running: no "wait a minute, look again".
  expect(advice[0]).toContain('No match (past 24 hours, the create never reached Coinwharf)');
  expect(advice[0]).not.toContain('wait a minute');
});

test.describe('the mock holds requests to api/openapi.yaml', () => {
  const post = (mock: MockApi, apiPath: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${mock.baseUrl}${apiPath}`, {
      method: 'POST',
      headers: {Authorization: `Bearer ${testSecretKey}`, 'Content-Type': 'application/json', ...headers},
      body: JSON.stringify(body),
    });

  test('an amount sent as a JSON number gets 400 and is recorded as a violation', async ({mock}) => {
    const response = await post(mock, '/payments', {...quickstartPayment, price: {amount: 25, currency: 'USD'}});
    expect(response.status).toBe(400);
    const {error} = await response.json();
    expect(error).toMatchObject({type: 'invalid_request_error', code: 'parameter_invalid', param: 'price.amount'});
    expect(error.request_id).toMatch(/^req_/);
    expect(mock.violations).toHaveLength(1);
    expect(mock.violations[0]).toContain('/requestBody/price/amount must be string');
  });

  test('an unknown field, a bad enum value and an unknown query parameter are violations', async ({mock}) => {
    expect((await post(mock, '/payments', {...quickstartPayment, amount: '25.00'})).status).toBe(400);
    expect((await post(mock, '/payments', {...quickstartPayment, network: 'base-sepolia'})).status).toBe(400);
    const list = await fetch(`${mock.baseUrl}/events?failed=true`, {
      headers: {Authorization: `Bearer ${testSecretKey}`},
    });
    expect(list.status).toBe(400);
    expect(mock.violations).toHaveLength(3);
  });

  test('a body sent without Content-Type: application/json gets 400, is a violation and creates nothing', async ({
    mock,
  }) => {
    const response = await post(mock, '/payments', quickstartPayment, {'Content-Type': 'text/plain'});
    expect(response.status).toBe(400);
    expect(mock.violations).toEqual([expect.stringContaining('without Content-Type: application/json')]);
    expect((await callMock(mock, 'GET', '/payments')).data).toEqual([]);
  });

  test('a missing or live key gets 401 and is a violation', async ({mock}) => {
    expect((await fetch(`${mock.baseUrl}/events`)).status).toBe(401);
    const live = await fetch(`${mock.baseUrl}/events`, {
      headers: {Authorization: 'Bearer cw_live_51Hx9QeKz4mVb7NwR2tYcL8dPa'},
    });
    expect(live.status).toBe(401);
    expect((await live.json()).error.code).toBe('invalid_api_key');
    expect(mock.violations).toHaveLength(2);
  });

  test('a path the description does not have is a violation', async ({mock}) => {
    const response = await fetch(`${mock.baseUrl}/charges`, {headers: {Authorization: `Bearer ${testSecretKey}`}});
    expect(response.status).toBe(404);
    expect(mock.violations).toEqual([expect.stringContaining('GET /v1/charges')]);
  });

  test('the same Idempotency-Key replays the payment; with other parameters it is a 409 conflict', async ({mock}) => {
    const key = crypto.randomUUID();
    const first = await (await post(mock, '/payments', quickstartPayment, {'Idempotency-Key': key})).json();
    const again = await (await post(mock, '/payments', quickstartPayment, {'Idempotency-Key': key})).json();
    expect(again).toEqual(first);
    const changed = await post(
      mock,
      '/payments',
      {...quickstartPayment, reference: 'order_1043'},
      {'Idempotency-Key': key},
    );
    expect(changed.status).toBe(409);
    expect((await changed.json()).error).toMatchObject({type: 'idempotency_error', code: 'idempotency_conflict'});
    expect((await callMock(mock, 'GET', '/payments')).data).toHaveLength(1);
    expect(mock.violations).toEqual([]);
  });

  test('an asset the network does not carry gets 422 unsupported_asset_network', async ({mock}) => {
    const response = await post(mock, '/payments', {...quickstartPayment, asset: 'BTC'});
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatchObject({code: 'unsupported_asset_network', param: 'asset'});
    expect(mock.violations).toEqual([]);
  });

  test('every simulated outcome moves the payment as the brief says', async ({mock}) => {
    const expected = {
      exact: {status: 'succeeded', labels: [], received: '25.00'},
      underpay: {status: 'requires_action', labels: ['UNDER'], received: '20.00'},
      overpay: {status: 'succeeded', labels: ['OVER'], received: '27.50'},
      late: {status: 'requires_action', labels: ['LATE'], received: '25.00'},
      reorg: {status: 'awaiting_payment', labels: [], received: '0.00'},
    };
    for (const [outcome, {status, labels, received}] of Object.entries(expected)) {
      const created = await createPayment(mock);
      const payment = await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome});
      expect(payment, outcome).toMatchObject({status, labels, amount_received: {amount: received, currency: 'USDC'}});
      const again = await post(
        mock,
        `/sandbox/payments/${created.id}/simulate`,
        {outcome},
        {'Idempotency-Key': crypto.randomUUID()},
      );
      expect(again.status, `${outcome} twice`).toBe(outcome === 'reorg' ? 200 : 409);
    }
    expect(mock.violations).toEqual([]);
  });
});

// Samples that change something: each POSTs once, with an Idempotency-Key, after this set-up.
const refundAddress = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';
const paid = async (mock: MockApi, outcome: string) => {
  const created = await createPayment(mock);
  return callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome});
};
const changing: {files: string[]; setUp: (mock: MockApi) => Promise<Record<string, string>>}[] = [
  {files: samples.createPayment, setUp: () => Promise.resolve({})},
  {files: samples.registerWebhookEndpoint, setUp: () => Promise.resolve({WEBHOOK_URL: 'https://shop.example.com/wh'})},
  {
    files: samples.createRefund,
    setUp: async (mock) => ({PAYMENT_ID: (await paid(mock, 'exact')).id, REFUND_ADDRESS: refundAddress}),
  },
  {files: samples.cancelPayment, setUp: async (mock) => ({PAYMENT_ID: (await createPayment(mock)).id})},
  {files: samples.acceptPayment, setUp: async (mock) => ({PAYMENT_ID: (await paid(mock, 'underpay')).id})},
  {files: samples.simulatePayment, setUp: async (mock) => ({PAYMENT_ID: (await createPayment(mock)).id})},
  {
    files: samples.simulateRefund,
    setUp: async (mock) => {
      const payment = await paid(mock, 'exact');
      return {REFUND_ID: (await callMock(mock, 'POST', '/refunds', {payment: payment.id, address: refundAddress})).id};
    },
  },
];

/** What each language prints last when the API's answer is a proxy's HTML 502 page. */
const htmlErrorLine = {
  curl: 'curl: (22) The requested URL returned error: 502',
  'Node.js': '502 Bad Gateway: the answer is not JSON (text/html)',
  Python: '502 Bad Gateway: the answer is not JSON (text/html)',
};
const stackTrace = /Traceback|^\s+at /m;

/**
 * These samples wait seconds between attempts and 30 s for an answer. Their
 * clock runs this many times faster (runSample's clockSpeed): a wait of 2 s
 * takes 0.25 s, and the gaps the proxy sees are checked against the seconds the
 * code asks for, divided by it. What the samples print is unchanged. At 4 times
 * faster, these waits were 85 of the file's 110 s.
 */
const clockSpeed = 8;
/** The real milliseconds a wait of `ms` on the sample's clock takes. */
const onSampleClock = (ms: number) => ms / clockSpeed;

languages.forEach((language, i) => {
  proxyTest.describe(`${language} samples retry what may succeed later`, () => {
    for (const {files, setUp} of changing) {
      proxyTest(
        `${files[i]} retries a 429 after its Retry-After and a lost answer, with one Idempotency-Key: the API acts once`,
        async ({mock, faultProxy}) => {
          const env = await setUp(mock);
          const from = mock.requests.length;
          // A 429 asking for 2 s (more than the first backoff, 1 s), then an answer lost after the API acted.
          const faulty = await faultProxy([
            {status: 429, retryAfter: 2},
            {status: 502, afterMock: true},
          ]);
          const run = await runSample(files[i], mockEnv(mock, {...env, COINWHARF_API_BASE: faulty.baseUrl}), {
            clockSpeed,
          });
          expect(run.code, run.stderr).toBe(0);
          const printed = parseOutput(run);
          expect(faulty.attempts.map((a) => [a.method, a.answer])).toEqual([
            ['POST', {status: 429, retryAfter: 2}],
            ['POST', {status: 502, afterMock: true}],
            ['POST', 'passed'],
          ]);
          const keys = faulty.attempts.map((a) => a.headers['idempotency-key']);
          expect(keys[0]).toMatch(uuidV4);
          expect(keys).toEqual([keys[0], keys[0], keys[0]]);
          expect(faulty.attempts[1].at - faulty.attempts[0].at).toBeGreaterThanOrEqual(onSampleClock(2000));
          // The mock saw the last two attempts: it acted on the first and replayed it for the second.
          const made = mock.requests.slice(from);
          expect(made.map((r) => [r.method, r.headers['idempotency-key']])).toEqual([
            ['POST', keys[0]],
            ['POST', keys[0]],
          ]);
          expect(made[1].response).toEqual(made[0].response);
          expect(printed).toEqual(made[0].response);
          expect(run.stderr).toContain('429: retrying in 2 s (attempt 2 of 6)');
          expect(run.stderr).toContain('502: retrying in 2 s (attempt 3 of 6)');
          expect(mock.violations).toEqual([]);
        },
      );
    }

    proxyTest(
      `${samples.createPayment[i]} retries a 503 and a dropped connection after 1 then 2 s, and creates one payment`,
      async ({mock, faultProxy}) => {
        const faulty = await faultProxy([{status: 503}, 'drop']);
        const run = await runSample(samples.createPayment[i], mockEnv(mock, {COINWHARF_API_BASE: faulty.baseUrl}), {
          clockSpeed,
        });
        expect(run.code, run.stderr).toBe(0);
        expect(parseOutput(run).object).toBe('payment');
        expect(faulty.attempts).toHaveLength(3);
        expect(new Set(faulty.attempts.map((a) => a.headers['idempotency-key'])).size).toBe(1);
        const [first, second, third] = faulty.attempts.map((a) => a.at);
        expect(second - first).toBeGreaterThanOrEqual(onSampleClock(1000));
        expect(third - second).toBeGreaterThanOrEqual(onSampleClock(2000));
        expect(run.stderr).toContain('503: retrying in 1 s (attempt 2 of 6)');
        expect(run.stderr).toMatch(/: retrying in 2 s \(attempt 3 of 6\)$/m);
        expect(mock.requests.map((r) => [r.method, r.path, r.status])).toEqual([['POST', '/v1/payments', 201]]);
        expect(mock.violations).toEqual([]);
      },
    );

    // The first attempt gets no answer (none at all, or a 201 whose body stops after a few bytes); the second passes.
    for (const [fault, what] of [
      [{hold: {until: new Promise<void>(() => {})}}, 'gives up on an attempt with no answer'],
      ['stall', 'takes a body that stops coming for no answer'],
    ] as const) {
      proxyTest(
        `${samples.createPayment[i]} ${what} after 30 s and sends it again: one payment`,
        async ({mock, faultProxy}) => {
          const faulty = await faultProxy([fault, 'pass']);
          const run = await runSample(samples.createPayment[i], mockEnv(mock, {COINWHARF_API_BASE: faulty.baseUrl}), {
            clockSpeed,
          });
          expect(run.code, run.stderr).toBe(0);
          expect(parseOutput(run).object).toBe('payment');
          expect(faulty.attempts).toHaveLength(2);
          expect(new Set(faulty.attempts.map((a) => a.headers['idempotency-key'])).size).toBe(1);
          // 30 s for the answer (counted from a little before the proxy saw the request), then the first backoff,
          // 1 s: 31 s on the sample's clock, less what a busy machine delays the proxy's note of the first
          // attempt (0.5 s seen, in real time). Any other limit (10 s to connect, 60 s, or none) falls outside.
          const waited = faulty.attempts[1].at - faulty.attempts[0].at;
          expect(waited).toBeGreaterThanOrEqual(onSampleClock(31_000) - 500);
          expect(waited).toBeLessThan(onSampleClock(40_000));
          expect(run.stderr).toMatch(/: retrying in 1 s \(attempt 2 of 6\)$/m);
          if (language === 'curl')
            expect(run.stderr).toMatch(/^curl: \(28\) Operation timed out after \d+ milliseconds/m);
          expect(mock.requests.map((r) => [r.method, r.path, r.status])).toEqual([['POST', '/v1/payments', 201]]);
          expect(mock.violations).toEqual([]);
        },
      );
    }

    if (language !== 'curl') {
      for (const file of [samples.createPayment[i], samples.getPayment[i]]) {
        proxyTest(
          `${file} stops at once on a COINWHARF_API_BASE that is no http(s) URL, saying so, without a retry or a stack trace`,
          async ({mock}) => {
            // No scheme at all, and a host read as a scheme (`localhost:`).
            for (const base of ['api.coinwharf.test/v1', 'localhost:4010/v1']) {
              const run = await runSample(
                file,
                mockEnv(mock, {COINWHARF_API_BASE: base, PAYMENT_ID: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'}),
                {clockSpeed},
              );
              expect(run.code, base).toBe(1);
              expect(run.stderr).toMatch(
                new RegExp(`^Cannot send the request: .*${base.replace('.', '\\.')}/payments`, 'm'),
              );
              expect(run.stderr).not.toContain('retrying');
              expect(run.stderr).not.toMatch(/^\s+at |Traceback/m);
            }
            expect(mock.requests).toEqual([]);
          },
        );
      }

      proxyTest(
        `${samples.createPayment[i]} takes a redirect for the answer it is, never following it: no payment, no GET`,
        async ({mock, faultProxy}) => {
          // Following a 301 would turn the POST into a GET of the payment list, which creates nothing.
          const faulty = await faultProxy([{redirect: `${mock.baseUrl}/payments`}]);
          const run = await runSample(samples.createPayment[i], mockEnv(mock, {COINWHARF_API_BASE: faulty.baseUrl}), {
            clockSpeed,
          });
          expect(run.code).toBe(1);
          expect(run.stderr).toMatch(/^301 Moved Permanently: the answer is not JSON/m);
          expect(faulty.attempts).toHaveLength(1);
          expect(mock.requests).toEqual([]);
        },
      );

      proxyTest(
        `${samples.createPayment[i]} sends a secret key read with its line break without it`,
        async ({mock}) => {
          const run = await runSample(
            samples.createPayment[i],
            mockEnv(mock, {COINWHARF_SECRET_KEY: `${testSecretKey}\n`}),
            {clockSpeed},
          );
          expect(run.code, run.stderr).toBe(0);
          expect(mock.requests.map((r) => [r.method, r.path, r.status])).toEqual([['POST', '/v1/payments', 201]]);
        },
      );
    }

    if (language !== 'curl') {
      for (const file of [samples.createPayment[i], samples.getPayment[i]]) {
        proxyTest(
          `${file} stops at once on a secret key with a line break inside, never printing the key`,
          async ({mock}) => {
            const key = `${testSecretKey.slice(0, 12)}\n${testSecretKey.slice(12)}`;
            const run = await runSample(
              file,
              mockEnv(mock, {COINWHARF_SECRET_KEY: key, PAYMENT_ID: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb'}),
              {clockSpeed},
            );
            expect(run.code).toBe(1);
            expect(run.stderr).toMatch(
              /^Cannot send the request: a header is not valid; check COINWHARF_SECRET_KEY for spaces or line breaks$/m,
            );
            expect(run.stderr).not.toContain('retrying');
            expect(run.stderr + run.stdout).not.toContain(testSecretKey.slice(12));
            expect(mock.requests).toEqual([]);
          },
        );
      }
    }

    for (const file of [samples.createPayment[i], samples.getPayment[i]]) {
      proxyTest(
        `${file} backs off 1, 2, 4 s, else waits the Retry-After, and gives up after 6 attempts at a proxy's HTML 502 page, naming the status, without a stack trace`,
        async ({mock, faultProxy}, testInfo) => {
          // Retry-After: 1 stands in for the backoff of 8 and 16 s: the sample's clock shows 9 s, not 31.
          const faulty = await faultProxy(
            [
              {status: 503},
              'drop',
              {status: 503},
              {status: 429, retryAfter: 1},
              {status: 429, retryAfter: 1},
              {status: 502},
            ],
            {forever: true},
          );
          const run = await runSample(
            file,
            mockEnv(mock, {COINWHARF_API_BASE: faulty.baseUrl, PAYMENT_ID: 'pay_0000000000000000nosuch00'}),
            {clockSpeed, clockLog: testInfo.outputPath('sleeps.log')},
          );
          expect(run.code).not.toBe(0);
          expect(run.stderr.trim().split('\n').at(-1)).toBe(htmlErrorLine[language]);
          expect(run.stdout + run.stderr).not.toMatch(stackTrace);
          expect(run.stdout).toBe(language === 'curl' ? `${nginx502}\n` : '');
          expect(faulty.attempts).toHaveLength(6);
          const waits = faulty.attempts.slice(1).map((a, n) => a.at - faulty.attempts[n].at);
          [1000, 2000, 4000, 1000, 1000].forEach((least, n) =>
            expect(waits[n], `wait ${n + 1}`).toBeGreaterThanOrEqual(onSampleClock(least)),
          );
          // The Retry-After of 1 s, not the backoff of 8 s, as the sample asked its clock: the real time between
          // attempts has no upper bound a busy machine keeps (1,178 ms seen for a wait of 125).
          expect(readFileSync(testInfo.outputPath('sleeps.log'), 'utf8').split('\n')).toEqual([
            '1',
            '2',
            '4',
            '1',
            '1',
            '',
          ]);
          for (const line of [
            '503: retrying in 1 s (attempt 2 of 6)',
            ': retrying in 2 s (attempt 3 of 6)',
            '503: retrying in 4 s (attempt 4 of 6)',
            '429: retrying in 1 s (attempt 5 of 6)',
            '429: retrying in 1 s (attempt 6 of 6)',
          ])
            expect(run.stderr).toContain(line);
          expect(mock.requests).toEqual([]);
        },
      );
    }

    proxyTest(
      `${samples.getPayment[i]} reports a JSON answer that is not the API's error, a proxy's 502 {"message":"bad gateway"}, by its status and body, without a stack trace`,
      async ({mock, faultProxy}) => {
        const faulty = await faultProxy(
          [{reply: {status: 502, headers: {'retry-after': '1'}, body: {message: 'bad gateway'}}}],
          {forever: true},
        );
        const run = await runSample(
          samples.getPayment[i],
          mockEnv(mock, {COINWHARF_API_BASE: faulty.baseUrl, PAYMENT_ID: 'pay_0000000000000000nosuch00'}),
          {clockSpeed},
        );
        expect(faulty.attempts).toHaveLength(6);
        expect(run.stdout + run.stderr).not.toMatch(stackTrace);
        const lines = run.stderr.trim().split('\n');
        expect(lines.filter((line) => line.includes('retrying'))).toEqual(
          [2, 3, 4, 5, 6].map((n) => `502: retrying in 1 s (attempt ${n} of 6)`),
        );
        // curl prints the body as it came, and says the status itself; Node.js and Python say both, on one line.
        expect([run.code, run.stdout, lines.at(-1)]).toEqual(
          language === 'curl'
            ? [22, '{"message":"bad gateway"}\n', 'curl: (22) The requested URL returned error: 502']
            : [1, '', '502 Bad Gateway: {"message":"bad gateway"}'],
        );
        expect(mock.requests).toEqual([]);
      },
    );
  });
});
