import {dereference} from 'openapi-backend/refparser';
import {beforeAll, expect, test} from 'vitest';
import {assets} from '../../../src/data/networks';
import {simulatorOutcomes} from '../../../src/data/simulator';
import {paymentStatuses, statusTransitions} from '../../../src/data/statuses';

// The payment state machine the overview draws (src/data/statuses.ts), walked:
// no status is unreachable or a dead end, every move sends an event the API
// describes, and the simulator the testing guide documents follows the same
// moves. Expected values are written out as a reader of the docs sees them.

interface Schema {
  enum?: string[];
  properties?: Record<string, Schema>;
  'x-decimals'?: Record<string, number>;
}
interface Description {
  paths: Record<string, Record<string, {operationId: string}>>;
  components: {schemas: Record<string, Schema>};
}
let api: Description;
beforeAll(async () => {
  api = (await dereference('api/openapi.yaml')) as unknown as Description;
});
const enumOf = (schema: string, property?: string): string[] => {
  const found = api.components.schemas[schema];
  const values = property ? found?.properties?.[property]?.enum : found?.enum;
  expect(values, `${schema}${property ? `.${property}` : ''} enum`).toBeDefined();
  return values ?? [];
};

/** Every status reachable from `start` by the transitions. */
function reachableFrom(start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const from = queue.shift();
    for (const {to} of statusTransitions.filter((t) => t.from === from)) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

test('every payment status is reachable from awaiting_payment', () => {
  expect([...reachableFrom('awaiting_payment')].sort()).toEqual([
    'awaiting_payment',
    'canceled',
    'expired',
    'failed',
    'pending',
    'requires_action',
    'succeeded',
  ]);
});

test('every status that is not final has a way out, and each way out leads to a final status', () => {
  const nonFinal = paymentStatuses.filter((s) => !s.final).map((s) => s.status);
  expect(nonFinal).toEqual(['awaiting_payment', 'pending', 'requires_action']);
  const finals = ['succeeded', 'expired', 'canceled', 'failed'];
  for (const status of nonFinal) {
    expect(
      statusTransitions.filter((t) => t.from === status),
      `moves out of ${status}`,
    ).not.toEqual([]);
    const reached = [...reachableFrom(status)];
    expect(
      reached.some((s) => finals.includes(s)),
      `${status} can end in a final status`,
    ).toBe(true);
  }
});

test('requires_action is left by a top-up, by accepting the funds, or by refunding them all', () => {
  expect(statusTransitions.filter((t) => t.from === 'requires_action').map(({to, when}) => `${to}: ${when}`)).toEqual([
    'pending: the customer tops up an UNDER payment while the quote is valid',
    'succeeded: you accept the funds (the label stays)',
    'canceled: you refund everything that arrived',
  ]);
});

test('every transition sends an event the API describes, named after the new status', () => {
  const eventTypes = enumOf('EventType');
  for (const {from, to} of statusTransitions) {
    expect(eventTypes, `${from} → ${to}`).toContain(`payment.${to}`);
  }
  // The reorg back to awaiting_payment is a change the merchant must act on.
  expect(eventTypes).toContain('payment.awaiting_payment');
});

test('the simulator outcomes are the API’s, for payments and for refunds', () => {
  const payment = simulatorOutcomes.filter((o) => o.object === 'payment').map((o) => o.outcome);
  const refund = simulatorOutcomes.filter((o) => o.object === 'refund').map((o) => o.outcome);
  expect(payment).toEqual(enumOf('SimulatePaymentRequest', 'outcome'));
  expect(refund).toEqual(enumOf('SimulateRefundRequest', 'outcome'));
  expect(payment).toEqual(['exact', 'underpay', 'overpay', 'late', 'reorg', 'fail', 'expire', 'top_up']);
  expect(refund).toEqual(['succeed', 'fail']);
});

test('each payment outcome follows the transitions and sends one event per status it enters', () => {
  const eventTypes = enumOf('EventType');
  for (const outcome of simulatorOutcomes.filter((o) => o.object === 'payment')) {
    let at = outcome.from;
    for (const next of outcome.path) {
      expect(
        statusTransitions.some((t) => t.from === at && t.to === next),
        `${outcome.outcome}: ${at} → ${next} is a transition`,
      ).toBe(true);
      at = next;
    }
    expect(outcome.events).toEqual(outcome.path.map((status) => `payment.${status}`));
    for (const event of outcome.events) expect(eventTypes).toContain(event);
  }
});

test('every transition can be tested: by a simulator outcome, or else by the endpoint that makes it', () => {
  const simulated = new Set(
    simulatorOutcomes
      .filter((o) => o.object === 'payment')
      .flatMap((o) => o.path.map((to, i) => `${i === 0 ? o.from : o.path[i - 1]} → ${to}`)),
  );
  const notSimulated = statusTransitions.map((t) => `${t.from} → ${t.to}`).filter((edge) => !simulated.has(edge));
  expect(notSimulated).toEqual([
    'awaiting_payment → canceled',
    'requires_action → succeeded',
    'requires_action → canceled',
  ]);
  const operations = Object.values(api.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
  expect(operations).toEqual(expect.arrayContaining(['cancelPayment', 'acceptPayment', 'createRefund']));
});

test('refund outcomes end in the refund statuses whose events the API describes', () => {
  const refundStatuses = enumOf('Refund', 'status');
  const eventTypes = enumOf('EventType');
  for (const outcome of simulatorOutcomes.filter((o) => o.object === 'refund')) {
    expect(outcome.from).toBe('pending');
    for (const status of outcome.path) expect(refundStatuses).toContain(status);
    for (const event of outcome.events) expect(eventTypes).toContain(event);
  }
});

test('each asset’s decimals are the API’s: BTC 8, ETH 18, SOL 9, USDC 6, USDT 6', () => {
  const expected = {BTC: 8, ETH: 18, SOL: 9, USDC: 6, USDT: 6};
  expect(Object.fromEntries(assets.map((a) => [a.asset, a.decimals]))).toEqual(expected);
  expect(api.components.schemas.Asset['x-decimals']).toEqual(expected);
});
