import {readFileSync} from 'node:fs';
import {createServer, type IncomingHttpHeaders} from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect} from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {dereference} from 'openapi-backend/refparser';
import {parse} from 'yaml';
import {descriptionPath, type MockApi} from '../support/mock-api';
import {callMock, mockEnv, quickstartPayment, runSample, test} from '../support/run-sample';
import {runScript} from '../support/webhook-samples';
import {closedSchemas} from '../support/closed-description';

// The request example each API reference page shows is the list of files in
// its operation's `x-sample-files` (api/openapi.yaml). Each file runs here
// against the mock, and must make exactly the call of the operation it
// illustrates, with a request the description allows.

type Json = Record<string, any>;
const raw: Json = parse(readFileSync(descriptionPath, 'utf8'));
const refundAddress = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';

const apiOperations = Object.values<Json>(raw.paths).flatMap((item) =>
  ['get', 'post', 'put', 'patch', 'delete'].filter((method) => item[method]).map((method) => item[method] as Json),
);

/** The state an operation's sample needs in the mock, and the variables that name it. */
const setUp: Record<string, (mock: MockApi) => Promise<Record<string, string>>> = {
  createPayment: () => Promise.resolve({}),
  listPayments: async (mock) => {
    const payment = await callMock(mock, 'POST', '/payments', quickstartPayment);
    await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'exact'});
    return {};
  },
  getPayment: async (mock) => ({PAYMENT_ID: (await callMock(mock, 'POST', '/payments', quickstartPayment)).id}),
  cancelPayment: async (mock) => ({PAYMENT_ID: (await callMock(mock, 'POST', '/payments', quickstartPayment)).id}),
  acceptPayment: async (mock) => {
    const payment = await callMock(mock, 'POST', '/payments', quickstartPayment);
    await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'underpay'});
    return {PAYMENT_ID: payment.id};
  },
  createRefund: async (mock) => {
    const payment = await callMock(mock, 'POST', '/payments', quickstartPayment);
    await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'exact'});
    return {PAYMENT_ID: payment.id, REFUND_ADDRESS: refundAddress};
  },
  listRefunds: async (mock) => {
    const payment = await callMock(mock, 'POST', '/payments', quickstartPayment);
    await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'exact'});
    await callMock(mock, 'POST', '/refunds', {payment: payment.id, address: refundAddress});
    return {PAYMENT_ID: payment.id};
  },
  getRefund: async (mock) => {
    const payment = await callMock(mock, 'POST', '/payments', quickstartPayment);
    await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'exact'});
    return {REFUND_ID: (await callMock(mock, 'POST', '/refunds', {payment: payment.id, address: refundAddress})).id};
  },
  getBalance: () => Promise.resolve({}),
  listEvents: () => Promise.resolve({}),
  createWebhookEndpoint: () => Promise.resolve({WEBHOOK_URL: 'https://shop.example.com/webhooks/coinwharf'}),
  simulatePayment: async (mock) => ({PAYMENT_ID: (await callMock(mock, 'POST', '/payments', quickstartPayment)).id}),
  simulateRefund: async (mock) => {
    const payment = await callMock(mock, 'POST', '/payments', quickstartPayment);
    await callMock(mock, 'POST', `/sandbox/payments/${payment.id}/simulate`, {outcome: 'exact'});
    const refund = await callMock(mock, 'POST', '/refunds', {payment: payment.id, address: refundAddress});
    return {REFUND_ID: refund.id};
  },
};

test.describe.configure({timeout: 120_000});

test('every operation names its request example files, one per language, and each file exists', () => {
  expect(apiOperations).toHaveLength(13);
  for (const operation of [...apiOperations, raw.webhooks.event.post]) {
    const files: string[] = operation['x-sample-files'] ?? [];
    const languages = files.map((file) => file.split('.').pop());
    const expected = operation === raw.webhooks.event.post ? ['ts', 'py'] : ['sh', 'ts', 'py'];
    expect(languages, `${operation.operationId}: x-sample-files`).toEqual(expected);
    for (const file of files) expect(() => readFileSync(file), file).not.toThrow();
  }
});

for (const operation of apiOperations) {
  for (const file of (operation['x-sample-files'] ?? []) as string[]) {
    test(`${file}, the example of ${operation.operationId}, makes that call and nothing the description forbids`, async ({
      mock,
    }) => {
      const prepare = setUp[operation.operationId];
      expect(prepare, `a set-up for ${operation.operationId} in this test`).toBeDefined();
      const env = await prepare(mock);
      const from = mock.requests.length;
      const run = await runSample(file, mockEnv(mock, env));
      expect(run.code, run.stderr).toBe(0);
      const made = mock.requests.slice(from);
      expect(made.map((request) => request.operationId)).toEqual([operation.operationId]);
      expect(made[0].status).toBeLessThan(300);
      expect(mock.violations).toEqual([]);
    });
  }
}

test('the webhook example sends what receiveEvent describes: its headers and an Event body', async () => {
  const api: Json = closedSchemas(await dereference(descriptionPath));
  const operation = api.webhooks.event.post;
  const ajv = new Ajv2020({strict: false, allErrors: true});
  addFormats(ajv);
  for (const file of raw.webhooks.event.post['x-sample-files'] as string[]) {
    const received: {headers: IncomingHttpHeaders; body: string}[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({headers: request.headers, body});
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const {port} = server.address() as AddressInfo;
      const run = await runScript(file, [`http://127.0.0.1:${port}/webhooks/coinwharf`], {
        COINWHARF_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      });
      expect(run.code, run.stderr).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(received, file).toHaveLength(1);
    const [{headers, body}] = received;
    for (const parameter of operation.parameters) {
      const value = headers[parameter.name];
      expect(value, `${file}: ${parameter.name}`).toBeDefined();
      expect(ajv.validate(parameter.schema, value), `${file}: ${parameter.name} ${ajv.errorsText(ajv.errors)}`).toBe(
        true,
      );
    }
    const schema = operation.requestBody.content['application/json'].schema;
    expect(ajv.validate(schema, JSON.parse(body)), `${file}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
  }
});
