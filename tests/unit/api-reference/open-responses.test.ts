import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import {parse} from 'yaml';
import {closedSchemas} from '../../support/closed-description';

// Within /v1 responses gain fields (the introduction's Versioning), so the published description
// leaves them open for the clients generated from it, and closes what a client sends. The tests
// hold the mock and the examples to a closed copy (tests/support/closed-description.ts).

type Schema = {additionalProperties?: unknown; properties?: object; allOf?: Schema[]; type?: string};
const schemas = (parse(readFileSync('api/openapi.yaml', 'utf8')) as {components: {schemas: Record<string, Schema>}})
  .components.schemas;

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
