import {describe, expect, test} from 'vitest';
import {
  anchorId,
  fullPath,
  operationSlug,
  operations,
  refName,
  resolveRef,
  schemaTitle,
} from '../../../plugins/api-reference/description';
import {op, tinyApi} from './tiny-api';

describe('reading references', () => {
  const api = tinyApi(
    {
      Money: {type: 'object', description: 'An amount.', properties: {amount: {type: 'string'}}},
      Price: {$ref: '#/components/schemas/Money'},
    },
    {paths: {'/payments/{id}': {get: op('getPayment', 'Payments')}}},
  );

  test('refName is the last segment of the reference', () => {
    expect(refName('#/components/schemas/Money')).toBe('Money');
    expect(refName('Money')).toBe('Money');
  });

  test('resolveRef follows a local reference, decoding ~1 as / and ~0 as ~', () => {
    expect(resolveRef(api, '#/components/schemas/Money')).toBe(api.components.schemas.Money);
    expect(resolveRef(api, '#/paths/~1payments~1{id}/get')).toBe(api.paths['/payments/{id}'].get);
    const tilde = tinyApi({'a~b': {type: 'string'}});
    expect(resolveRef(tilde, '#/components/schemas/a~0b')).toEqual({type: 'string'});
  });

  test('resolveRef refuses a reference to another file and one that points to nothing', () => {
    expect(() => resolveRef(api, 'other.yaml#/Money')).toThrow(
      'api/openapi.yaml: only local references are supported, not other.yaml#/Money',
    );
    expect(() => resolveRef(api, '#/components/schemas/Nothing')).toThrow(
      'api/openapi.yaml: #/components/schemas/Nothing points to nothing',
    );
    expect(() => resolveRef(api, '#/components/nowhere/Money')).toThrow('points to nothing');
  });
});

describe('operations', () => {
  test('by tag in the order tags are listed, methods get, post, put, patch, delete, webhooks after paths, untagged last', () => {
    const api = tinyApi(
      {},
      {
        tags: [{name: 'Refunds'}, {name: 'Payments'}],
        paths: {
          '/payments': {post: op('createPayment', 'Payments'), get: op('listPayments', 'Payments')},
          '/misc': {get: op('ping', 'Misc')},
          '/refunds/{id}': {
            delete: op('deleteRefund', 'Refunds'),
            patch: op('patchRefund', 'Refunds'),
            put: op('putRefund', 'Refunds'),
            get: op('getRefund', 'Refunds'),
          },
        },
        webhooks: {'refund.updated': {post: op('refundUpdated', 'Refunds')}},
      },
    );
    expect(operations(api).map((entry) => `${entry.method} ${entry.path} ${entry.webhook}`)).toEqual([
      'get /refunds/{id} false',
      'put /refunds/{id} false',
      'patch /refunds/{id} false',
      'delete /refunds/{id} false',
      'post refund.updated true',
      'get /payments false',
      'post /payments false',
      'get /misc false',
    ]);
  });

  test('a description without webhooks still lists its paths', () => {
    const api = tinyApi({}, {tags: [{name: 'Payments'}], paths: {'/payments': {get: op('listPayments', 'Payments')}}});
    delete (api as {webhooks?: unknown}).webhooks;
    expect(operations(api).map((entry) => entry.operation.operationId)).toEqual(['listPayments']);
  });
});

describe('names and paths', () => {
  test('operationSlug splits camel case into lower-case words', () => {
    expect(operationSlug('createPayment')).toBe('create-payment');
    expect(operationSlug('listWebhookEndpoints')).toBe('list-webhook-endpoints');
    expect(operationSlug('rotate2Secret')).toBe('rotate2-secret');
    expect(operationSlug('ping')).toBe('ping');
  });

  test('schemaTitle makes a heading of a schema name', () => {
    expect(schemaTitle('WebhookEndpoint')).toBe('Webhook endpoint');
    expect(schemaTitle('PaymentList')).toBe('Payment list');
    expect(schemaTitle('Sha256Hash')).toBe('Sha256 hash');
    expect(schemaTitle('Money')).toBe('Money');
  });

  test('anchorId: lower case, each run of other characters one dash, none at either end', () => {
    expect(anchorId('Webhook endpoints')).toBe('webhook-endpoints');
    expect(anchorId('createPayment', 'body', 'price')).toBe('create-payment-body-price');
    expect(anchorId('  x-idempotency__Key!! ')).toBe('x-idempotency-key');
    expect(anchorId('-a-')).toBe('a');
    expect(anchorId('Error', '')).toBe('error');
  });

  test("fullPath puts the server's path before an API path, and leaves a webhook's name alone", () => {
    const api = tinyApi({}, {servers: [{url: 'https://api.example.test/v2/'}]});
    const entry = {method: 'get', path: '/payments', webhook: false, operation: op('listPayments', 'Payments')};
    expect(fullPath(api, entry)).toBe('/v2/payments');
    expect(fullPath(tinyApi({}, {servers: [{url: 'https://api.example.test/v1'}]}), entry)).toBe('/v1/payments');
    expect(fullPath(api, {...entry, path: 'payment.succeeded', webhook: true})).toBe('payment.succeeded');
  });
});
