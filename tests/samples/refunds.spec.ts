import {expect} from '@playwright/test';
import {test as proxyTest} from '../support/fault-proxy';
import {testSecretKey, type MockApi} from '../support/mock-api';
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
const customerAddress = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';

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
      // Nothing is left: a full refund asked for again is refused with the code the reference gives.
      const none = await runSample(createRefund[i], env);
      expect(none.code).not.toBe(0);
      expect(none.stdout + none.stderr).toContain('payment_invalid_state');
      expect(mock.violations).toEqual([]);
    });

    test(`${createRefund[i]} with REFUND_REASON=overpayment refunds an excess, and at most the excess`, async ({
      mock,
    }) => {
      const payment = await paidPayment(mock, 'overpay');
      const env = {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress, REFUND_REASON: 'overpayment'};
      const tooMuch = await runSample(
        createRefund[i],
        mockEnv(mock, {...env, REFUND_AMOUNT: '2.51', REFUND_CURRENCY: 'USDC'}),
      );
      expect(tooMuch.code).not.toBe(0);
      expect(tooMuch.stdout + tooMuch.stderr).toContain('refund_exceeds_excess');
      const run = await runSample(
        createRefund[i],
        mockEnv(mock, {...env, REFUND_AMOUNT: '2.50', REFUND_CURRENCY: 'USDC'}),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run)).toMatchObject({reason: 'overpayment', amount: {amount: '2.50', currency: 'USDC'}});
      expect(mock.requests.at(-1)?.body).toEqual({
        payment: payment.id,
        address: customerAddress,
        amount: {amount: '2.50', currency: 'USDC'},
        reason: 'overpayment',
      });
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
      expect(part.stdout + part.stderr).toContain(
        'A payment that requires action is refunded in full: everything still refundable (amount_received less amount_refunded), 20.00 USDC. Leave amount out to refund it all.',
      );
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

    test(`${createRefund[i]} refunds a late payment only once nothing is still confirming: 409 payment_invalid_state before`, async ({
      mock,
    }) => {
      const payment = await paidPayment(mock, 'late');
      // More funds reach it, seen but not confirmed: amount_pending is 5.00 USDC.
      await mock.chain.see(payment.id, '5.00');
      const env = mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress});
      const early = await runSample(createRefund[i], env);
      expect(early.code).not.toBe(0);
      expect(early.stdout + early.stderr).toContain('payment_invalid_state');
      expect(early.stdout + early.stderr).toContain(
        `Payment ${payment.id} has 5.00 USDC waiting for confirmations; refund it once amount_pending is zero.`,
      );
      await mock.chain.confirm(payment.id);
      const all = await runSample(createRefund[i], env);
      expect(all.code, all.stderr).toBe(0);
      expect(parseOutput(all).amount).toEqual({amount: '30.00', currency: 'USDC'});
      // 30.00 of the 25.00 due arrived: the labels follow the amounts, so OVER joins LATE.
      expect(await callMock(mock, 'GET', `/payments/${payment.id}`)).toMatchObject({
        status: 'canceled',
        labels: ['LATE', 'OVER'],
      });
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
      amount: {amount: '2.50', currency: 'USDC'},
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

/** The payment's refunds, newest first, as [amount, status]. */
const refundsOf = async (mock: MockApi, paymentId: string): Promise<string[][]> =>
  (await callMock(mock, 'GET', `/refunds?payment=${paymentId}`)).data.map((r: any) => [r.amount.amount, r.status]);
/** A promise the test settles with `release()`. */
function gate() {
  let release = () => {};
  const secondDone = new Promise<void>((resolve) => (release = resolve));
  return {secondDone, release};
}
const refundPosts = (mock: MockApi) => mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

for (const file of refundOverpayment) {
  test(`${file} run twice refunds once: the second run finds nothing left to refund`, async ({mock}) => {
    const payment = await paidPayment(mock, 'overpay');
    const env = mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress});
    const first = await runSample(file, env);
    expect(first.code, first.stderr).toBe(0);
    const second = await runSample(file, env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe('Nothing left to refund: the excess, 2.50 USDC, is refunded already');
    expect(await refundsOf(mock, payment.id)).toEqual([['2.50', 'pending']]);
    expect(refundPosts(mock)).toHaveLength(1);
    expect(mock.violations).toEqual([]);
  });

  proxyTest(
    `${file} run again while the first run's refund is still on its way replays it: one refund`,
    async ({mock, faultProxy}) => {
      const payment = await paidPayment(mock, 'overpay');
      // The first run's POST reaches the API only after the second run ends.
      const {secondDone, release} = gate();
      const slow = await faultProxy(['pass', 'pass', {hold: {until: secondDone}}]);
      const env = mockEnv(mock, {
        COINWHARF_API_BASE: slow.baseUrl,
        PAYMENT_ID: payment.id,
        REFUND_ADDRESS: customerAddress,
      });
      const first = runSample(file, env);
      await expect.poll(() => slow.attempts.length, {timeout: 60_000}).toBe(3);
      const second = await runSample(file, env);
      release();
      const runs = [await first, second];
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const [one, two] = runs.map((run) => parseOutput(run));
      expect(two.id).toBe(one.id);
      expect(one).toMatchObject({payment: payment.id, amount: {amount: '2.50', currency: 'USDC'}});
      const keys = refundPosts(mock).map((r) => r.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await refundsOf(mock, payment.id)).toEqual([['2.50', 'pending']]);
      expect(mock.violations).toEqual([]);
    },
  );

  test(`${file} still refunds the whole excess after a refund for returned goods (reason other)`, async ({mock}) => {
    const payment = await paidPayment(mock, 'overpay');
    // The customer sent back half the goods: 12.50 USDC refunded for them, which is not the excess.
    const goods = await callMock(mock, 'POST', '/refunds', {
      payment: payment.id,
      amount: {amount: '12.50', currency: 'USDC'},
      address: customerAddress,
    });
    expect(goods.reason).toBe('other');
    const run = await runSample(file, mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress}));
    expect(run.code, run.stderr).toBe(0);
    expect(parseOutput(run)).toMatchObject({reason: 'overpayment', amount: {amount: '2.50', currency: 'USDC'}});
    expect(await refundsOf(mock, payment.id)).toEqual([
      ['2.50', 'pending'],
      ['12.50', 'pending'],
    ]);
    expect(mock.violations).toEqual([]);
  });

  test(`${file} refunds no more than the payment has left when a refund for returned goods sent part of the excess`, async ({
    mock,
  }) => {
    const payment = await paidPayment(mock, 'overpay');
    // 26.00 of the 27.50 USDC refunded for returned goods: 1.50 is left, less than the 2.50 excess.
    await callMock(mock, 'POST', '/refunds', {
      payment: payment.id,
      amount: {amount: '26.00', currency: 'USDC'},
      address: customerAddress,
    });
    const env = mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress});
    const run = await runSample(file, env);
    expect(run.code, run.stderr).toBe(0);
    expect(parseOutput(run)).toMatchObject({reason: 'overpayment', amount: {amount: '1.50', currency: 'USDC'}});
    expect(run.stderr).toContain('Only 1.50 of the 2.50 USDC excess is left to refund: other refunds sent the rest');
    const again = await runSample(file, env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe('Nothing left to refund: everything the payment received is refunded already');
    expect(await refundsOf(mock, payment.id)).toEqual([
      ['1.50', 'pending'],
      ['26.00', 'pending'],
    ]);
    // The returned goods' refund, and the sample's one: the second run sent nothing.
    expect(refundPosts(mock)).toHaveLength(2);
    expect(mock.violations).toEqual([]);
  });

  test(`${file} after its refund failed, a re-run creates a new refund instead of replaying the failed one`, async ({
    mock,
  }) => {
    const payment = await paidPayment(mock, 'overpay');
    const env = mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress});
    const first = await runSample(file, env);
    expect(first.code, first.stderr).toBe(0);
    const failed = parseOutput(first);
    await callMock(mock, 'POST', `/sandbox/refunds/${failed.id}/simulate`, {outcome: 'fail'});
    const again = await runSample(file, env);
    expect(again.code, again.stderr).toBe(0);
    const refund = parseOutput(again);
    expect(refund.id).not.toBe(failed.id);
    expect(refund).toMatchObject({status: 'pending', amount: {amount: '2.50', currency: 'USDC'}});
    expect(await refundsOf(mock, payment.id)).toEqual([
      ['2.50', 'pending'],
      ['2.50', 'failed'],
    ]);
    expect(mock.violations).toEqual([]);
  });

  proxyTest(
    `${file} after a refusal stored under its key, asks again under the next key, the same for every run`,
    async ({mock, faultProxy}) => {
      const payment = await paidPayment(mock, 'overpay');
      // Each run's first POST gets the refusal an earlier run stored (409 balance_insufficient,
      // replayed). The first run's second POST then reaches the API only after the second run ends.
      const refusal = {
        reply: {
          status: 409,
          headers: {'Idempotent-Replayed': 'true'},
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'Your available USDC balance on base cannot cover this refund.',
              param: null,
              request_id: 'req_8fQ2mZ4xK7pL1vN9',
            },
          },
        },
      };
      const {secondDone, release} = gate();
      const faulty = await faultProxy(['pass', 'pass', refusal, {hold: {until: secondDone}}, 'pass', 'pass', refusal]);
      const env = mockEnv(mock, {
        COINWHARF_API_BASE: faulty.baseUrl,
        PAYMENT_ID: payment.id,
        REFUND_ADDRESS: customerAddress,
      });
      const first = runSample(file, env);
      await expect.poll(() => faulty.attempts.length, {timeout: 60_000}).toBe(4);
      const second = await runSample(file, env);
      release();
      const runs = [await first, second];
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain('409 balance_insufficient');
        expect(run.stderr).toContain('refused earlier, nothing refunded; asking again');
      }
      expect(parseOutput(runs[1]).id).toBe(parseOutput(runs[0]).id);
      const keys = faulty.attempts.filter((a) => a.method === 'POST').map((a) => a.headers['idempotency-key']);
      expect(keys).toHaveLength(4);
      expect(keys[0]).toMatch(/^overpayment-[0-9a-f]{64}$/);
      expect(keys[1]).toMatch(/^overpayment-[0-9a-f]{64}$/);
      expect(keys[1]).not.toBe(keys[0]);
      expect(keys).toEqual([keys[0], keys[1], keys[0], keys[1]]);
      expect(await refundsOf(mock, payment.id)).toEqual([['2.50', 'pending']]);
      expect(mock.violations).toEqual([]);
    },
  );

  proxyTest(
    `${file} reports a JSON answer that is not the API's error, a proxy's 403 {"message":"forbidden"}, by its status and body, without a stack trace`,
    async ({mock, faultProxy}) => {
      const payment = await paidPayment(mock, 'overpay');
      // The payment and its refunds are read; a proxy in front of the API refuses the POST.
      const faulty = await faultProxy([
        'pass',
        'pass',
        {reply: {status: 403, headers: {}, body: {message: 'forbidden'}}},
      ]);
      const run = await runSample(
        file,
        mockEnv(mock, {COINWHARF_API_BASE: faulty.baseUrl, PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress}),
      );
      expect(faulty.attempts.map((a) => a.method)).toEqual(['GET', 'GET', 'POST']);
      expect(run.stdout + run.stderr).not.toMatch(/Traceback|^\s+at /m);
      expect([run.code, run.stdout, run.stderr.trim().split('\n').at(-1)]).toEqual([
        1,
        '',
        '403 Forbidden: {"message":"forbidden"}',
      ]);
      expect(refundPosts(mock)).toEqual([]);
      expect(mock.violations).toEqual([]);
    },
  );

  proxyTest(
    `${file} waits out a 409 idempotency_in_progress and sends the same key again`,
    async ({mock, faultProxy}) => {
      const payment = await paidPayment(mock, 'overpay');
      const inProgress = {
        reply: {
          status: 409,
          headers: {},
          body: {
            error: {
              type: 'idempotency_error',
              code: 'idempotency_in_progress',
              message: 'A request with this Idempotency-Key is still being processed. Retry in a second.',
              param: null,
              request_id: 'req_3kD9wQ1zR5tY7uP2',
            },
          },
        },
      };
      const faulty = await faultProxy(['pass', 'pass', inProgress]);
      const run = await runSample(
        file,
        mockEnv(mock, {COINWHARF_API_BASE: faulty.baseUrl, PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress}),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('409: retrying in 1 s (attempt 2 of 6)');
      const posts = faulty.attempts.filter((a) => a.method === 'POST');
      expect(posts.map((a) => a.answer)).toEqual([inProgress, 'passed']);
      expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);
      expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(1000);
      expect(await refundsOf(mock, payment.id)).toEqual([['2.50', 'pending']]);
      expect(mock.violations).toEqual([]);
    },
  );

  test(`${file} after a partial refund of the excess by hand, refunds only the rest`, async ({mock}) => {
    const payment = await paidPayment(mock, 'overpay');
    await callMock(mock, 'POST', '/refunds', {
      payment: payment.id,
      reason: 'overpayment',
      amount: {amount: '1.00', currency: 'USDC'},
      address: customerAddress,
    });
    const run = await runSample(file, mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress}));
    expect(run.code, run.stderr).toBe(0);
    expect(parseOutput(run).amount).toEqual({amount: '1.50', currency: 'USDC'});
    expect(await refundsOf(mock, payment.id)).toEqual([
      ['1.50', 'pending'],
      ['1.00', 'pending'],
    ]);
    expect(mock.violations).toEqual([]);
  });

  test(`${file} refunds funds that arrive after the excess was refunded, as a new refund`, async ({mock}) => {
    const payment = await paidPayment(mock, 'overpay');
    const env = mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: customerAddress});
    const first = await runSample(file, env);
    expect(first.code, first.stderr).toBe(0);
    // Another 2.50 arrives at the succeeded payment: 30.00 received, 2.50 of it refunded.
    const late = await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'late'});
    expect(late).toMatchObject({status: 'succeeded', amount_received: {amount: '30.00'}});
    const again = await runSample(file, env);
    expect(again.code, again.stderr).toBe(0);
    expect(parseOutput(again).id).not.toBe(parseOutput(first).id);
    expect(await refundsOf(mock, payment.id)).toEqual([
      ['2.50', 'pending'],
      ['2.50', 'pending'],
    ]);
    expect(mock.violations).toEqual([]);
  });
}

for (const file of refundOverpayment) {
  test(`${file} refunds nothing more when late funds reopened a payment refunded in full and you accepted them: the declined funds are no excess`, async ({
    mock,
  }) => {
    // 20.00 of the 25.00 USDC due, refunded in full (declined): the payment is canceled.
    const short = await paidPayment(mock, 'underpay');
    const declined = await callMock(mock, 'POST', '/refunds', {payment: short.id, address: customerAddress});
    expect(declined).toMatchObject({reason: 'declined', amount: {amount: '20.00', currency: 'USDC'}});
    // The amount due arrives late and reopens it; you accept it.
    const reopened = await callMock(mock, 'POST', `/sandbox/payments/${short.id}/simulate`, {outcome: 'late'});
    expect([
      reopened.status,
      reopened.labels,
      reopened.amount_received.amount,
      reopened.amount_refunded.amount,
    ]).toEqual(['requires_action', ['LATE', 'OVER'], '45.00', '20.00']);
    const accepted = await callMock(mock, 'POST', `/payments/${short.id}/accept`);
    expect([accepted.status, accepted.fee]).toEqual(['succeeded', {amount: '0.25', currency: 'USDC'}]);
    const run = await runSample(file, mockEnv(mock, {PAYMENT_ID: short.id, REFUND_ADDRESS: customerAddress}));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(
      'Nothing left to refund: 20.00 USDC was declined while the payment required action, and the 25.00 USDC you kept is not over the 25.00 USDC due',
    );
    expect(await refundsOf(mock, short.id)).toEqual([['20.00', 'pending']]);
    expect(refundPosts(mock)).toHaveLength(1);
    expect((await callMock(mock, 'GET', '/balance')).reserved).toEqual([]);
    expect(mock.violations).toEqual([]);
  });
}

/** Each network's addresses in each mode (a sandbox payment is refunded on its test network), and what the check prints. */
const sandboxBitcoin = 'a bitcoin sandbox (testnet4) address';
const addressCases = [
  {key: 'test', network: 'base', address: customerAddress, ok: true, kind: 'a base sandbox (base-sepolia) address'},
  {key: 'live', network: 'base', address: `  ${customerAddress}  `, ok: true, kind: 'a base address'},
  {
    key: 'test',
    network: 'polygon',
    address: customerAddress.slice(0, -1),
    ok: false,
    kind: 'a polygon sandbox (amoy) address',
  },
  {
    key: 'test',
    network: 'bitcoin',
    address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    ok: true,
    kind: sandboxBitcoin,
  },
  {key: 'test', network: 'bitcoin', address: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', ok: true, kind: sandboxBitcoin},
  {key: 'test', network: 'bitcoin', address: '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', ok: true, kind: sandboxBitcoin},
  {
    key: 'test',
    network: 'bitcoin',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ok: false,
    kind: sandboxBitcoin,
  },
  {key: 'test', network: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', ok: false, kind: sandboxBitcoin},
  {key: 'test', network: 'bitcoin', address: customerAddress, ok: false, kind: sandboxBitcoin},
  {
    key: 'live',
    network: 'bitcoin',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ok: true,
    kind: 'a bitcoin address',
  },
  {key: 'live', network: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', ok: true, kind: 'a bitcoin address'},
  {key: 'live', network: 'bitcoin', address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', ok: true, kind: 'a bitcoin address'},
  {
    key: 'live',
    network: 'bitcoin',
    address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    ok: false,
    kind: 'a bitcoin address',
  },
  {
    key: 'live',
    network: 'bitcoin',
    address: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    ok: false,
    kind: 'a bitcoin address',
  },
  {
    key: 'live',
    network: 'bitcoin',
    address: '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
    ok: false,
    kind: 'a bitcoin address',
  },
  {
    key: 'test',
    network: 'solana',
    address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    ok: true,
    kind: 'a solana sandbox (devnet) address',
  },
  {
    key: 'live',
    network: 'solana',
    address: '0OIl7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCF',
    ok: false,
    kind: 'a solana address',
  },
  {key: 'live', network: 'tron', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', ok: true, kind: 'a tron address'},
  {
    key: 'test',
    network: 'tron',
    address: 'AXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    ok: false,
    kind: 'a tron sandbox (nile) address',
  },
];
const keys: Record<string, string> = {test: testSecretKey, live: 'cw_live_51Hx9QeKz4mVb7NwR2tYcL8dPa'};

for (const file of refundAddress) {
  test(`${file} accepts each network's address format in the key's mode and names what is wrong with the others`, async () => {
    for (const {key, network, address, ok, kind} of addressCases) {
      const run = await runScript(file, [network, address], {COINWHARF_SECRET_KEY: keys[key]});
      expect({key, network, address, code: run.code, printed: run.stdout.trim()}).toEqual({
        key,
        network,
        address,
        code: ok ? 0 : 1,
        printed: ok ? `OK: ${kind}` : `Not ${kind}: ask the customer to copy it again`,
      });
    }
    const unknown = await runScript(file, ['cosmos', 'cosmos1vqpjljwsynsn58dugz0w8ut7kun7t8ls2qkmsq'], {
      COINWHARF_SECRET_KEY: keys.live,
    });
    expect([unknown.code, unknown.stdout.trim()]).toEqual([1, 'Unknown network cosmos']);
  });

  test(`${file} needs a key to know live addresses from sandbox ones`, async () => {
    const run = await runScript(file, ['bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'], {});
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(
      'Set COINWHARF_SECRET_KEY: a cw_live_ key checks live addresses, a cw_test_ key sandbox ones',
    );
  });

  test(`${file} refuses the payment's own deposit address, whatever its letter case`, async () => {
    const deposit = '0x7D3a1f9C2b84E5F06A19c3D7e2b5a8f1C4d9e603';
    const run = await runScript(file, ['base', deposit.toLowerCase(), deposit], {COINWHARF_SECRET_KEY: testSecretKey});
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("That is the payment's own deposit address");
  });
}

const btcPayment = {price: {amount: '25.00', currency: 'USD'}, asset: 'BTC', network: 'bitcoin'};

for (const file of refundOverpayment) {
  test(`${file} refunds a sandbox Bitcoin payment to a testnet address only, as the API does`, async ({mock}) => {
    const created = await callMock(mock, 'POST', '/payments', btcPayment);
    const payment = await callMock(mock, 'POST', `/sandbox/payments/${created.id}/simulate`, {outcome: 'overpay'});
    const mainnet = await runSample(
      file,
      mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'}),
    );
    expect(mainnet.code).not.toBe(0);
    expect(mainnet.stderr).toContain('Not a bitcoin sandbox (testnet4) address: ask the customer to copy it again');
    expect(refundPosts(mock)).toEqual([]);
    // The API refuses it too.
    const refused = await fetch(`${mock.baseUrl}/refunds`, {
      method: 'POST',
      headers: {Authorization: `Bearer ${testSecretKey}`, 'Content-Type': 'application/json'},
      body: JSON.stringify({payment: payment.id, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'}),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as {error: {code: string}}).error.code).toBe('refund_address_invalid');
    const testnet = await runSample(
      file,
      mockEnv(mock, {PAYMENT_ID: payment.id, REFUND_ADDRESS: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'}),
    );
    expect(testnet.code, testnet.stderr).toBe(0);
    expect(parseOutput(testnet)).toMatchObject({
      payment: payment.id,
      reason: 'overpayment',
      network: 'bitcoin',
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    });
    expect(mock.violations).toEqual([]);
  });
}
