import {expect} from '@playwright/test';
import type {MockApi} from '../support/mock-api';
import {callMock, mockEnv, parseOutput, quickstartPayment, runSample, test} from '../support/run-sample';
import {runScript} from '../support/webhook-samples';

// The refunds guide's samples, each in every language it is shown in, against
// the mock of api/openapi.yaml: full and partial refunds, refunds of over-,
// under- and late payments, the address checks, and the sandbox settling a
// refund with the refund.* events.

const languages = ['curl', 'Node.js', 'Python'] as const;
const createRefund = [
  'examples/api/create-refund.sh',
  'examples/api/create-refund.ts',
  'examples/api/create_refund.py',
];
const simulateRefund = [
  'examples/api/simulate-refund.sh',
  'examples/api/simulate-refund.ts',
  'examples/api/simulate_refund.py',
];
const refundOverpayment = ['examples/refunds/refund-overpayment.ts', 'examples/refunds/refund_overpayment.py'];
const refundAddress = ['examples/refunds/refund-address.ts', 'examples/refunds/refund_address.py'];

/** The address the customer gave, on Base. */
const customerAddress = '0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d42';

test.describe.configure({timeout: 120_000});

async function paidPayment(mock: MockApi, outcome: string) {
  const created = await callMock(mock, 'POST', '/payments', quickstartPayment);
  return callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome});
}

const eventTypes = async (mock: MockApi): Promise<string[]> =>
  (await callMock(mock, 'GET', '/events?limit=100')).data.map((e: {type: string}) => e.type).reverse();

languages.forEach((language, i) => {
  test.describe(`${language} refund samples`, () => {
    test(`${createRefund[i]} without an amount refunds everything received; the payment stays succeeded`, async ({
      mock,
    }) => {
      const payment = await paidPayment(mock, 'exact');
      const run = await runSample(
        createRefund[i],
        mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress}),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run)).toMatchObject({
        object: 'refund',
        payment: payment.id,
        status: 'pending',
        amount: {amount: '25.00', currency: 'USDC'},
        asset: 'USDC',
        network: 'base',
        address: customerAddress,
      });
      expect(mock.requests.at(-1)?.body).toEqual({payment: payment.id, address: customerAddress});
      expect((await callMock(mock, 'GET', `/payments/${payment.id}`)).status).toBe('succeeded');
      expect(mock.violations).toEqual([]);
    });

    test(`${createRefund[i]} refunds a part with REFUND_AMOUNT and REFUND_CURRENCY, then the rest`, async ({mock}) => {
      const payment = await paidPayment(mock, 'exact');
      const env = mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress});
      const part = await runSample(createRefund[i], {...env, REFUND_AMOUNT: '10.00', REFUND_CURRENCY: 'USDC'});
      expect(part.code, part.stderr).toBe(0);
      expect(parseOutput(part).amount).toEqual({amount: '10.00', currency: 'USDC'});
      const tooMuch = await runSample(createRefund[i], {...env, REFUND_AMOUNT: '20.00', REFUND_CURRENCY: 'USDC'});
      expect(tooMuch.code).not.toBe(0);
      expect(tooMuch.stdout + tooMuch.stderr).toContain('refund_exceeds_payment');
      const rest = await runSample(createRefund[i], env);
      expect(rest.code, rest.stderr).toBe(0);
      expect(parseOutput(rest).amount).toEqual({amount: '15.00', currency: 'USDC'});
      expect(mock.violations).toEqual([]);
    });

    test(`${createRefund[i]} refunds an underpaid payment in full only, and the payment becomes canceled`, async ({
      mock,
    }) => {
      const payment = await paidPayment(mock, 'underpay');
      const env = mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress});
      const part = await runSample(createRefund[i], {...env, REFUND_AMOUNT: '5.00', REFUND_CURRENCY: 'USDC'});
      expect(part.code).not.toBe(0);
      expect(part.stdout + part.stderr).toContain('refund_must_be_full');
      const all = await runSample(createRefund[i], env);
      expect(all.code, all.stderr).toBe(0);
      expect(parseOutput(all).amount).toEqual({amount: '20.00', currency: 'USDC'});
      expect(await callMock(mock, 'GET', `/payments/${payment.id}`)).toMatchObject({
        status: 'canceled',
        labels: ['UNDER'],
      });
      expect((await eventTypes(mock)).slice(-1)).toEqual(['payment.canceled']);
      expect(mock.violations).toEqual([]);
    });

    test(`${createRefund[i]} refuses an address that is not the network's, or the payment's own`, async ({mock}) => {
      const payment = await paidPayment(mock, 'exact');
      for (const address of ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', payment.address as string]) {
        const run = await runSample(createRefund[i], mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: address}));
        expect(run.code, address).not.toBe(0);
        expect(run.stdout + run.stderr).toContain('refund_address_invalid');
      }
      expect(mock.violations).toEqual([]);
    });

    test(`${simulateRefund[i]} settles a refund: succeed sends refund.succeeded, fail sends refund.failed and frees the amount`, async ({
      mock,
    }) => {
      const payment = await paidPayment(mock, 'exact');
      const first = await callMock(mock, 'POST', '/refunds', {
        payment: payment.id,
        amount: {amount: '10.00', currency: 'USDC'},
        address: customerAddress,
      });
      const succeeded = await runSample(simulateRefund[i], mockEnv(mock, {REFUND_ID: first.id}));
      expect(succeeded.code, succeeded.stderr).toBe(0);
      expect(parseOutput(succeeded)).toMatchObject({id: first.id, status: 'succeeded'});
      const again = await runSample(simulateRefund[i], mockEnv(mock, {REFUND_ID: first.id}));
      expect(again.code).not.toBe(0);
      expect(again.stdout + again.stderr).toContain('refund_invalid_state');

      const second = await callMock(mock, 'POST', '/refunds', {payment: payment.id, address: customerAddress});
      expect(second.amount).toEqual({amount: '15.00', currency: 'USDC'});
      const failed = await runSample(simulateRefund[i], mockEnv(mock, {REFUND_ID: second.id, OUTCOME: 'fail'}));
      expect(failed.code, failed.stderr).toBe(0);
      expect(parseOutput(failed)).toMatchObject({id: second.id, status: 'failed'});
      expect(mock.requests.at(-1)?.body).toEqual({outcome: 'fail'});
      // The failed refund's 15.00 is refundable again.
      const retry = await callMock(mock, 'POST', '/refunds', {payment: payment.id, address: customerAddress});
      expect(retry.amount).toEqual({amount: '15.00', currency: 'USDC'});
      expect((await eventTypes(mock)).filter((t) => t.startsWith('refund.'))).toEqual([
        'refund.succeeded',
        'refund.failed',
      ]);
      expect(mock.violations).toEqual([]);
    });
  });
});

for (const file of refundOverpayment) {
  test(`${file} refunds exactly the excess of an overpayment to the customer's address`, async ({mock}) => {
    const payment = await paidPayment(mock, 'overpay');
    expect(payment.amount_received).toEqual({amount: '27.50', currency: 'USDC'});
    const run = await runSample(file, mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: ` ${customerAddress}\n`}));
    expect(run.code, run.stderr).toBe(0);
    expect(parseOutput(run)).toMatchObject({
      payment: payment.id,
      amount: {amount: '2.5', currency: 'USDC'},
      address: customerAddress,
      status: 'pending',
    });
    expect(mock.violations).toEqual([]);
  });

  test(`${file} refuses a payment that was not overpaid, and the payment's own address, creating nothing`, async ({
    mock,
  }) => {
    const exact = await paidPayment(mock, 'exact');
    const notOver = await runSample(file, mockEnv(mock, {PAYMENT_ID: exact.id, REFUND_ADDRESS: customerAddress}));
    expect(notOver.code).not.toBe(0);
    expect(notOver.stderr).toContain('was not overpaid');
    const over = await paidPayment(mock, 'overpay');
    const own = await runSample(file, mockEnv(mock, {PAYMENT_ID: over.id, REFUND_ADDRESS: over.address}));
    expect(own.code).not.toBe(0);
    expect(own.stderr).toContain('deposit address');
    expect(mock.requests.filter((r) => r.path === '/v1/refunds')).toEqual([]);
    expect(mock.violations).toEqual([]);
  });
}

const addressCases = [
  {network: 'base', address: customerAddress, ok: true},
  {network: 'base', address: `  ${customerAddress}  `, ok: true},
  {network: 'polygon', address: '0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d4', ok: false},
  {network: 'bitcoin', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', ok: true},
  {network: 'bitcoin', address: customerAddress, ok: false},
  {network: 'solana', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', ok: true},
  {network: 'solana', address: '0OIl7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCF', ok: false},
  {network: 'tron', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', ok: true},
  {network: 'tron', address: 'AXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', ok: false},
  {network: 'cosmos', address: 'cosmos1vqpjljwsynsn58dugz0w8ut7kun7t8ls2qkmsq', ok: false},
];

for (const file of refundAddress) {
  test(`${file} accepts each network's address format and names what is wrong with the others`, async () => {
    for (const {network, address, ok} of addressCases) {
      const run = await runScript(file, [network, address], {});
      expect({network, address, code: run.code}).toEqual({network, address, code: ok ? 0 : 1});
      expect(run.stdout.trim()).toMatch(ok ? `OK: a ${network} address` : /^(Not a|Unknown network)/);
    }
  });

  test(`${file} refuses the payment's own deposit address, whatever its letter case`, async () => {
    const deposit = '0x7d3A1f9c2B84e5F06a19C3d7E2b5a8F1c4D9e603';
    const run = await runScript(file, ['base', deposit.toLowerCase(), deposit], {});
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("That is the payment's own deposit address");
  });
}
