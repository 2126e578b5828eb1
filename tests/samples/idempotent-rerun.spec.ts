import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {expect} from '@playwright/test';
import {testSecretKey} from '../support/mock-api';
import {callMock, mockEnv, parseOutput, quickstartPayment, repoRoot, runSample, test} from '../support/run-sample';

// A create sample that stopped before it printed an answer can be run again with the key it
// printed (IDEMPOTENCY_KEY): the API then acts once. If the first request is still running, the
// API answers 409 idempotency_in_progress, and the sample waits and asks again with the same key
// instead of failing (a new run with a new key would create a second payment or refund).

const createPayment = [
  'examples/api/create-payment.sh',
  'examples/api/create-payment.ts',
  'examples/api/create_payment.py',
];
const createRefund = [
  'examples/api/create-refund.sh',
  'examples/api/create-refund.ts',
  'examples/api/create_refund.py',
];
const customerAddress = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';

test.describe.configure({timeout: 120_000});

for (const file of createPayment) {
  test(`${file} prints its Idempotency-Key and order reference, and a re-run with IDEMPOTENCY_KEY sends the same body and gets the same payment back`, async ({
    mock,
  }) => {
    const first = await runSample(file, mockEnv(mock, {ORDER_REFERENCE: undefined}));
    expect(first.code, first.stderr).toBe(0);
    const printed = /^Idempotency-Key: ([0-9a-f-]{36})\nReference: (order_[0-9a-f]{8})$/m.exec(first.stderr);
    expect(printed, first.stderr).not.toBeNull();
    const [, key, reference] = printed!;
    // The demo reference comes from the key, so the re-run's body is the first's: no 409 idempotency_conflict.
    expect(reference).toBe(`order_${key.slice(0, 8)}`);
    const again = await runSample(file, mockEnv(mock, {IDEMPOTENCY_KEY: key, ORDER_REFERENCE: undefined}));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`Idempotency-Key: ${key}\nReference: ${reference}\n`);
    expect(parseOutput(again).id).toBe(parseOutput(first).id);
    expect(parseOutput(again).reference).toBe(reference);
    const creates = mock.requests.filter((r) => r.operationId === 'createPayment');
    expect(creates.map((r) => r.headers['idempotency-key'])).toEqual([key, key]);
    expect(creates.map((r) => r.status)).toEqual([201, 201]);
    expect(creates[1].body).toEqual(creates[0].body);
    expect((await callMock(mock, 'GET', '/payments')).data).toHaveLength(1);
    expect(mock.violations).toEqual([]);
  });
}

test('the quickstart tells a reader how to re-run create-payment after a lost answer, and that a new order needs a new key', () => {
  const quickstart = readFileSync(path.join(repoRoot, 'docs/payments/quickstart.mdx'), 'utf8').replace(/\s+/g, ' ');
  expect(quickstart).toContain(
    'If it stops before it prints an answer, run it again within 24 hours with `IDEMPOTENCY_KEY` set to the key it ' +
      "printed, for that run only, such as `IDEMPOTENCY_KEY='<the key it printed>' python3 create_payment.py`: the " +
      'same key sends the same order and gets the same payment back, not a second one. A new order needs a new ' +
      'key: the same key with another `ORDER_REFERENCE` gets `409 idempotency_conflict`, and nothing is created.',
  );
  // The variable the page names is the one each sample reads.
  for (const file of createPayment)
    expect(readFileSync(path.join(repoRoot, file), 'utf8'), file).toMatch(/IDEMPOTENCY_KEY/);
});

for (const file of createPayment) {
  test(`${file} re-run with IDEMPOTENCY_KEY for another ORDER_REFERENCE fails with 409 idempotency_conflict and creates nothing`, async ({
    mock,
  }) => {
    const first = await runSample(file, mockEnv(mock, {ORDER_REFERENCE: 'order_1042'}));
    expect(first.code, first.stderr).toBe(0);
    const key = /^Idempotency-Key: ([0-9a-f-]{36})$/m.exec(first.stderr)![1];
    const again = await runSample(file, mockEnv(mock, {IDEMPOTENCY_KEY: key, ORDER_REFERENCE: 'order_1043'}));
    expect(again.code).not.toBe(0);
    // curl prints the status on stderr and the API's error on stdout; the others print both on one line.
    expect(again.stderr).toContain('409');
    expect(again.stdout + again.stderr).toContain('idempotency_conflict');
    const payments = (await callMock(mock, 'GET', '/payments')).data;
    expect(payments.map((p: {reference: string}) => p.reference)).toEqual(['order_1042']);
    expect(mock.violations).toEqual([]);
  });
}

for (const file of createRefund) {
  test(`${file} re-run with IDEMPOTENCY_KEY while the first refund is still running waits out 409 idempotency_in_progress and refunds once`, async ({
    mock,
  }) => {
    // A receiver that holds its answer keeps the first refund request running: refunding an
    // underpaid payment cancels it, and the mock delivers payment.canceled before it answers.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const receiver = createServer((_request, response) => void held.then(() => response.end('ok')));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
    await callMock(mock, 'POST', '/webhook_endpoints', {url, enabled_events: ['payment.canceled']});
    const under = await callMock(mock, 'POST', '/payments', quickstartPayment);
    await callMock(mock, 'POST', `/sandbox/payments/${under.id}/simulate`, {outcome: 'underpay'});
    const key = crypto.randomUUID();
    const body = {payment: under.id, address: customerAddress};
    const firstRun = fetch(`${mock.baseUrl}/refunds`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${testSecretKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify(body),
    });
    const rerun = runSample(
      file,
      mockEnv(mock, {PAYMENT_ID: under.id, REFUND_ADDRESS: customerAddress, IDEMPOTENCY_KEY: key}),
    );
    // The re-run's first attempt meets the running request, then the first request finishes.
    await expect
      .poll(() => mock.requests.filter((r) => r.operationId === 'createRefund' && r.status === 409).length)
      .toBeGreaterThan(0);
    const inProgress = mock.requests.find((r) => r.operationId === 'createRefund' && r.status === 409);
    expect((inProgress?.response as {error: {code: string}}).error.code).toBe('idempotency_in_progress');
    release();
    const first = (await (await firstRun).json()) as {id: string};
    const run = await rerun;
    receiver.close();
    expect(run.code, run.stderr).toBe(0);
    expect(parseOutput(run).id).toBe(first.id);
    expect((await callMock(mock, 'GET', `/refunds?payment=${under.id}`)).data).toHaveLength(1);
    expect(mock.violations).toEqual([]);
  });
}
