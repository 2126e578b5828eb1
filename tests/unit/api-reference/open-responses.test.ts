import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {parse} from 'yaml';
import {closedSchemas} from '../../support/closed-description';

// Within /v1 responses gain fields (the introduction's Versioning), so the published description
// leaves them open for the clients generated from it, and closes what a client sends. The tests
// hold the mock and the examples to a closed copy (tests/support/closed-description.ts).

type Schema = {additionalProperties?: unknown; properties?: object; allOf?: Schema[]; type?: string};
const description = parse(readFileSync('api/openapi.yaml', 'utf8')) as {components: {schemas: Record<string, Schema>}};
const schemas = description.components.schemas;

test('response objects are open to fields the description does not list; request bodies are closed', () => {
  for (const name of [
    'Payment',
    'Transaction',
    'PaymentList',
    'Refund',
    'RefundList',
    'Balance',
    'EventList',
    'WebhookEndpoint',
    'Error',
    // An amount, in responses (Payment.price, Refund.amount…) and in the two requests that send one.
    'Money',
  ])
    expect(schemas[name].additionalProperties, name).toBeUndefined();
  for (const name of [
    'CreatePaymentRequest',
    'CreateRefundRequest',
    'CreateWebhookEndpointRequest',
    'SimulatePaymentRequest',
    'SimulateRefundRequest',
  ])
    expect(schemas[name].additionalProperties, name).toBe(false);
});

test("the tests' copy closes every object that lists its properties, nested ones too, but not an allOf's parts", () => {
  const copy: Schema & {properties: Record<string, Schema>} = closedSchemas<
    Schema & {properties: Record<string, Schema>}
  >({
    type: 'object',
    properties: {
      inner: {type: 'object', properties: {a: {type: 'string'}}},
      open: {type: 'object', properties: {b: {type: 'string'}}, additionalProperties: true},
      free: {type: 'object'},
    },
    allOf: [{type: 'object', properties: {c: {type: 'string'}}}],
  });
  expect(copy.additionalProperties).toBe(false);
  expect(copy.properties.inner).toMatchObject({additionalProperties: false});
  expect(copy.properties.open.additionalProperties).toBe(true);
  expect(copy.properties.free).toEqual({type: 'object'});
  expect(copy.allOf?.[0]).toEqual({type: 'object', properties: {c: {type: 'string'}}});
});

test('an amount is open in what the API answers and closed in what a client sends: a field Money does not list passes in an amount the API answers with, and fails in a refund or payment request', () => {
  const ajv = new Ajv2020({strict: false, allErrors: true});
  addFormats(ajv);
  ajv.addSchema(description, 'api');
  const valid = (name: string, value: unknown) => {
    const validate = ajv.getSchema(`api#/components/schemas/${name}`)!;
    return validate(value) ? 'valid' : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ');
  };
  const usdc = {amount: '10.00', currency: 'USDC'};
  const request = {payment: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb', address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42'};
  expect(valid('Money', {...usdc, usd_value: '10.00'})).toBe('valid');
  expect(valid('CreateRefundRequest', {...request, amount: usdc})).toBe('valid');
  expect(valid('CreateRefundRequest', {...request, amount: {...usdc, usd_value: '10.00'}})).toBe(
    '/amount must NOT have unevaluated properties',
  );
  const price = {amount: '25.00', currency: 'USD'};
  const payment = {price, asset: 'USDC', network: 'base'};
  expect(valid('CreatePaymentRequest', payment)).toBe('valid');
  expect(valid('CreatePaymentRequest', {...payment, price: {...price, usd_value: '25.00'}})).toBe(
    '/price must NOT have unevaluated properties',
  );
});
