import {dereference} from 'openapi-backend/refparser';
import {beforeAll, expect, test} from 'vitest';
import {assets} from '../../../src/data/networks';
import {simulatorOutcomes} from '../../../src/data/simulator';
import {fundsArriving, paymentStatuses, statusTransitions, watchDaysAfterEnd} from '../../../src/data/statuses';
import {webhookEvents} from '../../../src/data/webhooks';

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
    'succeeded: you accept the funds, nothing waiting for confirmations (the label stays)',
    'canceled: you refund everything that arrived, nothing waiting for confirmations',
  ]);
});

test('every transition sends an event the API describes: payment.<new status>, or payment.updated when the status stays', () => {
  const eventTypes = enumOf('EventType');
  for (const {from, to, event} of statusTransitions) {
    expect(eventTypes, `${from} → ${to}`).toContain(event ?? `payment.${to}`);
    expect(event === undefined || (event === 'payment.updated' && from === to), `${from} → ${to} sends ${event}`).toBe(
      true,
    );
  }
  expect(statusTransitions.filter((t) => t.from === t.to).map((t) => `${t.from}: ${t.when}`)).toEqual([
    'succeeded: more funds arrive (payment.updated; never fulfil again)',
  ]);
  // The reorg back to awaiting_payment is a change the merchant must act on.
  expect(eventTypes).toContain('payment.awaiting_payment');
});

test('the simulator outcomes are the API’s, for payments and for refunds', () => {
  const payment = [...new Set(simulatorOutcomes.filter((o) => o.object === 'payment').map((o) => o.outcome))];
  const refund = simulatorOutcomes.filter((o) => o.object === 'refund').map((o) => o.outcome);
  expect(payment).toEqual(enumOf('SimulatePaymentRequest', 'outcome'));
  expect(refund).toEqual(enumOf('SimulateRefundRequest', 'outcome'));
  expect(payment).toEqual(['exact', 'underpay', 'overpay', 'late', 'reorg', 'fail', 'expire', 'top_up']);
  expect(refund).toEqual(['succeed', 'fail']);
});

test('each payment outcome follows the transitions and sends one event per status it enters, and late funds payment.updated while they confirm', () => {
  const eventTypes = enumOf('EventType');
  for (const outcome of simulatorOutcomes.filter((o) => o.object === 'payment')) {
    let at = outcome.from;
    const sent: string[] = [];
    for (const next of outcome.path) {
      const move = statusTransitions.find((t) => t.from === at && t.to === next);
      expect(move, `${outcome.outcome}: ${at} → ${next} is a transition`).toBeDefined();
      // Late funds are seen before they are confirmed: the status stays while they confirm (payment.updated).
      if (outcome.outcome === 'late' && move?.label) sent.push('payment.updated');
      sent.push(move?.event ?? `payment.${next}`);
      at = next;
    }
    expect(outcome.events, `${outcome.outcome} from ${outcome.from}`).toEqual(sent);
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

test('the simulator plays funds after the end on every ended status: late from expired, canceled, failed and succeeded', () => {
  expect(
    simulatorOutcomes
      .filter((o) => o.outcome === 'late')
      .map((o) => `${o.from} → ${o.path.join(' → ')} [${o.labels.join(', ')}] ${o.events.join(', ')}`),
  ).toEqual([
    'awaiting_payment → expired → requires_action [LATE] payment.expired, payment.updated, payment.requires_action',
    'expired → requires_action [LATE] payment.updated, payment.requires_action',
    'canceled → requires_action [LATE] payment.updated, payment.requires_action',
    'failed → requires_action [LATE] payment.updated, payment.requires_action',
    'succeeded → succeeded [OVER] payment.updated, payment.updated',
  ]);
});

test('money reaching a payment has a defined outcome and event in every status, and no status is a dead end for it', () => {
  const statuses = paymentStatuses.map((s) => s.status);
  const covered = fundsArriving.map((f) => `${f.status}${f.withLabel ? ` ${f.withLabel}` : ''}`);
  expect(covered).toEqual([
    'awaiting_payment',
    'pending',
    'requires_action UNDER',
    'requires_action LATE',
    'succeeded',
    'expired',
    'canceled',
    'failed',
  ]);
  for (const status of statuses)
    expect(
      covered.some((c) => c.startsWith(status)),
      status,
    ).toBe(true);
  const eventTypes = enumOf('EventType');
  for (const arrival of fundsArriving) {
    const where = `funds at ${arrival.status} ${arrival.withLabel ?? ''}`;
    expect(eventTypes, where).toContain(arrival.event);
    if (arrival.becomes === arrival.status) {
      // The status stays: only the amounts or labels change, which is what payment.updated says.
      expect(arrival.event, where).toBe('payment.updated');
    } else {
      expect(
        statusTransitions.some((t) => t.from === arrival.status && t.to === arrival.becomes),
        where,
      ).toBe(true);
      expect(arrival.event, where).toBe(`payment.${arrival.becomes}`);
    }
    // Wherever funds land, the merchant can still act: the status they leave it in is not a final one, or it is succeeded.
    expect(['pending', 'requires_action', 'succeeded'], where).toContain(arrival.becomes);
  }
  // Ended payments keep their address watched.
  expect(watchDaysAfterEnd).toBe(30);
  expect(
    fundsArriving.filter((f) => f.becomes === 'requires_action' && f.status !== 'requires_action').map((f) => f.label),
  ).toEqual(['LATE', 'LATE', 'LATE']);
});

test('every event the docs name is in the description, and every event the description has is in the docs', () => {
  expect(webhookEvents.map((e) => e.type).sort()).toEqual([...enumOf('EventType')].sort());
  expect(webhookEvents.map((e) => e.type)).toContain('payment.updated');
});
