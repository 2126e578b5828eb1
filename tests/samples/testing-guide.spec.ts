import {readFileSync} from 'node:fs';
import {expect} from '@playwright/test';
import {parse} from 'yaml';
import {simulatorOutcomes} from '../../src/data/simulator';
import {descriptionPath, type MockApi} from '../support/mock-api';
import {callMock, mockEnv, parseOutput, quickstartPayment, runSample, test} from '../support/run-sample';

// The testing guide, run against the mock of api/openapi.yaml: every
// simulator outcome moves a new payment through the statuses and sends the
// events the guide's table lists, and the cancel and accept samples force the
// moves the simulator leaves to real endpoints. The expected rows are written
// out here, as the guide's table reads; the table's data must say the same.

const languages = ['curl', 'Node.js', 'Python'] as const;
const simulatePayment = [
  'examples/api/simulate-payment.sh',
  'examples/api/simulate-payment.ts',
  'examples/api/simulate_payment.py',
];
const simulateRefund = [
  'examples/api/simulate-refund.sh',
  'examples/api/simulate-refund.ts',
  'examples/api/simulate_refund.py',
];
const cancelPayment = [
  'examples/api/cancel-payment.sh',
  'examples/api/cancel-payment.ts',
  'examples/api/cancel_payment.py',
];
const acceptPayment = [
  'examples/api/accept-payment.sh',
  'examples/api/accept-payment.ts',
  'examples/api/accept_payment.py',
];

/**
 * Each row of the guide's table, as a reader sees it: the outcome, the status it starts from (set up
 * by `setUp`: a simulator outcome, or `cancel`), the status it ends in, the labels after, the
 * events in order.
 */
const outcomes: {
  outcome: string;
  from: string;
  setUp?: string;
  status: string;
  labels: string[];
  events: string[];
}[] = [
  {
    outcome: 'exact',
    from: 'awaiting_payment',
    status: 'succeeded',
    labels: [],
    events: ['payment.pending', 'payment.succeeded'],
  },
  {
    outcome: 'underpay',
    from: 'awaiting_payment',
    status: 'requires_action',
    labels: ['UNDER'],
    events: ['payment.pending', 'payment.requires_action'],
  },
  {
    outcome: 'overpay',
    from: 'awaiting_payment',
    status: 'succeeded',
    labels: ['OVER'],
    events: ['payment.pending', 'payment.succeeded'],
  },
  {
    outcome: 'late',
    from: 'awaiting_payment',
    status: 'requires_action',
    labels: ['LATE'],
    events: ['payment.expired', 'payment.updated', 'payment.requires_action'],
  },
  {
    outcome: 'late',
    from: 'expired',
    setUp: 'expire',
    status: 'requires_action',
    labels: ['LATE'],
    events: ['payment.updated', 'payment.requires_action'],
  },
  {
    outcome: 'late',
    from: 'canceled',
    setUp: 'cancel',
    status: 'requires_action',
    labels: ['LATE'],
    events: ['payment.updated', 'payment.requires_action'],
  },
  {
    outcome: 'late',
    from: 'failed',
    setUp: 'fail',
    status: 'requires_action',
    labels: ['LATE'],
    events: ['payment.updated', 'payment.requires_action'],
  },
  {
    outcome: 'late',
    from: 'succeeded',
    setUp: 'exact',
    status: 'succeeded',
    labels: ['OVER'],
    events: ['payment.updated', 'payment.updated'],
  },
  {
    outcome: 'reorg',
    from: 'awaiting_payment',
    status: 'awaiting_payment',
    labels: [],
    events: ['payment.pending', 'payment.awaiting_payment'],
  },
  {
    outcome: 'fail',
    from: 'awaiting_payment',
    status: 'failed',
    labels: [],
    events: ['payment.pending', 'payment.failed'],
  },
  {outcome: 'expire', from: 'awaiting_payment', status: 'expired', labels: [], events: ['payment.expired']},
  {
    outcome: 'top_up',
    from: 'requires_action',
    setUp: 'underpay',
    status: 'succeeded',
    labels: [],
    events: ['payment.pending', 'payment.succeeded'],
  },
];

test.describe.configure({timeout: 120_000});

const newPayment = (mock: MockApi) => callMock(mock, 'POST', '/payments', quickstartPayment);
const eventTypes = async (mock: MockApi): Promise<string[]> =>
  (await callMock(mock, 'GET', '/events?limit=100')).data.map((e: {type: string}) => e.type).reverse();

test('the guide’s outcome table says what the simulator does', () => {
  expect(
    simulatorOutcomes
      .filter((o) => o.object === 'payment')
      .map((o) => ({outcome: o.outcome, from: o.from, status: o.path.at(-1), labels: o.labels, events: o.events})),
  ).toEqual(outcomes.map(({outcome, from, status, labels, events}) => ({outcome, from, status, labels, events})));
  expect(simulatorOutcomes.filter((o) => o.object === 'refund').map((o) => [o.outcome, o.events])).toEqual([
    ['succeed', ['refund.succeeded']],
    ['fail', ['refund.failed', 'payment.updated']],
  ]);
});

/** A sample's opening comment (the shell's and TypeScript's comment lines, Python's docstring), as one line of prose. */
function openingComment(file: string): string {
  const source = readFileSync(file, 'utf8');
  const lines = file.endsWith('.py')
    ? source.split('"""')[1].split('\n')
    : source
        .split('\n')
        .filter((line) => !line.startsWith('#!'))
        .filter((line, n, all) => all.slice(0, n + 1).every((l) => /^(#|\/\/)/.test(l)))
        .map((line) => line.replace(/^(#|\/\/) ?/, ''));
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}

test('the simulate-payment samples name every outcome the API takes, and the ended payments late also plays on', () => {
  const description = parse(readFileSync(descriptionPath, 'utf8'));
  const apiOutcomes: string[] = description.components.schemas.SimulatePaymentRequest.properties.outcome.enum;
  const ended = outcomes.filter((o) => o.outcome === 'late' && o.from !== 'awaiting_payment').map((o) => o.from);
  expect(ended).toEqual(['expired', 'canceled', 'failed', 'succeeded']);
  for (const file of simulatePayment) {
    const comment = openingComment(file);
    expect(comment).toContain(
      "OUTCOME is exact (this sample's default; the API has none), underpay, overpay, late, reorg, fail or expire, " +
        'each on a new payment; ' +
        'late also on one that has ended: expired, canceled or failed (it then requires action, LATE) ' +
        'or succeeded (it stays succeeded, OVER); top_up on a payment that requires action with UNDER, not LATE.',
    );
    for (const outcome of apiOutcomes) expect(comment.split(/[^\w]+/), `${file}: ${outcome}`).toContain(outcome);
  }
});

test('the API has no default outcome: the guide and the simulate samples say the default is the sample’s', () => {
  const description = parse(readFileSync(descriptionPath, 'utf8'));
  for (const name of ['SimulatePaymentRequest', 'SimulateRefundRequest']) {
    const schema = description.components.schemas[name];
    expect([schema.required, schema.properties.outcome.default], name).toEqual([['outcome'], undefined]);
  }
  const guide = readFileSync('docs/payments/testing.mdx', 'utf8').replace(/\s+/g, ' ');
  expect(guide).not.toContain('`succeed`, the default');
  expect(guide).not.toContain('Without `OUTCOME` the simulator pays exactly');
  expect(guide).toContain(
    'Settle it with the simulator. The API requires an `outcome` and has no default: `succeed` sends ' +
      '`refund.succeeded`, and `fail` sends `refund.failed` and makes the amount refundable again. The sample ' +
      'sends `outcome: succeed` unless `OUTCOME=fail`.',
  );
  expect(guide).toContain(
    'The API requires an `outcome` and has no default; without `OUTCOME` the sample sends `outcome: exact`, ' +
      'which pays exactly.',
  );
  expect(guide).toContain('without `OUTCOME`, the sample sends `outcome: exact`, which pays exactly:');
  for (const file of simulateRefund) {
    expect(openingComment(file), file).toContain(
      'OUTCOME is succeed or fail: the API has no default outcome, and this sample sends succeed when OUTCOME is not set.',
    );
    expect(readFileSync(file, 'utf8'), file).toMatch(/OUTCOME(:-| \|\| |"\) or )['"]?succeed/);
  }
  for (const file of simulatePayment)
    expect(readFileSync(file, 'utf8'), file).toMatch(/OUTCOME(:-| \|\| |"\) or )['"]?exact/);
});

outcomes.forEach(({outcome, from, setUp, status, labels, events}, index) => {
  const file = simulatePayment[index % languages.length];
  test(`${file} with OUTCOME=${outcome} on a payment ${from} ends ${status} and sends ${events.join(', ')}`, async ({
    mock,
  }) => {
    const payment = await newPayment(mock);
    if (setUp === 'cancel') await callMock(mock, 'POST', `/payments/${payment.id}/cancel`);
    else if (setUp) await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: setUp});
    expect((await callMock(mock, 'GET', `/payments/${payment.id}`)).status).toBe(from);
    const before = (await eventTypes(mock)).length;
    const run = await runSample(file, mockEnv(mock, {PAYMENT_ID: payment.id, OUTCOME: outcome}));
    expect(run.code, run.stderr).toBe(0);
    expect(parseOutput(run)).toMatchObject({id: payment.id, status, labels});
    expect((await eventTypes(mock)).slice(before)).toEqual(events);
    expect(mock.violations).toEqual([]);
  });
});

test('every outcome but top_up needs a new payment: on a used one the simulator answers 409', async ({mock}) => {
  const payment = await newPayment(mock);
  await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'overpay'});
  for (const outcome of ['exact', 'expire', 'top_up']) {
    const run = await runSample(simulatePayment[2], mockEnv(mock, {PAYMENT_ID: payment.id, OUTCOME: outcome}));
    expect(run.code, outcome).not.toBe(0);
    expect(run.stderr).toContain('409 payment_invalid_state');
  }
  // A late payment requires action too, but only an UNDER one can be topped up.
  const late = await newPayment(mock);
  await callMock(mock, 'POST', `/sandbox/payments/${late.id}/simulate`, {outcome: 'late'});
  const run = await runSample(simulatePayment[1], mockEnv(mock, {PAYMENT_ID: late.id, OUTCOME: 'top_up'}));
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('409 payment_invalid_state');
  expect(run.stderr).toContain('only an UNDER payment that is not LATE can be topped up');
  // Nor one that is UNDER and LATE: funds after its quote are late funds, not a top-up.
  const shortLate = await newPayment(mock);
  await callMock(mock, 'POST', `/sandbox/payments/${shortLate.id}/simulate`, {outcome: 'underpay'});
  await mock.chain.see(shortLate.id, '1.00');
  await mock.chain.confirm(shortLate.id);
  expect((await callMock(mock, 'GET', `/payments/${shortLate.id}`)).labels).toEqual(['UNDER', 'LATE']);
  const refused = await runSample(simulatePayment[0], mockEnv(mock, {PAYMENT_ID: shortLate.id, OUTCOME: 'top_up'}));
  expect(refused.code).not.toBe(0);
  expect(refused.stdout + refused.stderr).toContain('only an UNDER payment that is not LATE can be topped up');
  expect(mock.violations).toEqual([]);
});

languages.forEach((language, i) => {
  test(`${cancelPayment[i]} cancels a payment awaiting payment and sends payment.canceled; a paid one answers 409`, async ({
    mock,
  }) => {
    const payment = await newPayment(mock);
    const run = await runSample(cancelPayment[i], mockEnv(mock, {PAYMENT_ID: payment.id}));
    expect(run.code, run.stderr).toBe(0);
    expect(parseOutput(run)).toMatchObject({id: payment.id, status: 'canceled'});
    expect(mock.requests.at(-1)).toMatchObject({method: 'POST', path: `/v1/payments/${payment.id}/cancel`});
    expect((await eventTypes(mock)).at(-1)).toBe('payment.canceled');
    const paid = await newPayment(mock);
    await callMock(mock, 'POST', `/sandbox/payments/${paid.id}/simulate`, {outcome: 'exact'});
    const refused = await runSample(cancelPayment[i], mockEnv(mock, {PAYMENT_ID: paid.id}));
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('payment_invalid_state');
    expect(mock.violations).toEqual([]);
  });

  test(`${acceptPayment[i]} accepts an underpaid or late payment: succeeded, label kept, payment.succeeded sent`, async ({
    mock,
  }) => {
    for (const [outcome, label, received] of [
      ['underpay', 'UNDER', '20.00'],
      ['late', 'LATE', '25.00'],
    ]) {
      const payment = await newPayment(mock);
      await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome});
      const run = await runSample(acceptPayment[i], mockEnv(mock, {PAYMENT_ID: payment.id}));
      expect(run.code, run.stderr).toBe(0);
      expect(parseOutput(run)).toMatchObject({
        id: payment.id,
        status: 'succeeded',
        labels: [label],
        amount_received: {amount: received, currency: 'USDC'},
      });
      expect((await eventTypes(mock)).at(-1)).toBe('payment.succeeded');
    }
    const waiting = await newPayment(mock);
    const refused = await runSample(acceptPayment[i], mockEnv(mock, {PAYMENT_ID: waiting.id}));
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('payment_invalid_state');
    expect(mock.violations).toEqual([]);
  });
});
