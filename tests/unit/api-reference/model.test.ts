import {describe, expect, test} from 'vitest';
import type {Parameter, Response} from '../../../plugins/api-reference/description';
import {apiModel, resolveSchema} from '../../../plugins/api-reference/model';
import {op, tinyApi} from './tiny-api';

// The description as the pages read it: every $ref followed once, each schema
// that was one keeping the name it pointed to and its own description apart.

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});
const description = tinyApi(
  {
    Money: {type: 'object', description: 'An amount.', properties: {amount: {type: 'string'}}},
    Price: ref('Money'),
    Status: {type: 'string', enum: ['open', 'paid']},
    Order: {
      type: 'object',
      properties: {
        total: {...ref('Money'), description: 'What it costs.'},
        statuses: {type: 'array', items: ref('Status')},
        either: {oneOf: [ref('Money'), {type: 'null'}]},
        parts: {allOf: [ref('Money')]},
        byNetwork: {type: 'object', additionalProperties: ref('Status')},
        open: {type: 'object', additionalProperties: true},
      },
    },
  },
  {
    tags: [{name: 'Orders'}],
    paths: {
      '/orders/{id}': {
        get: op('getOrder', 'Orders', {
          parameters: [
            {$ref: '#/components/parameters/Id'} as Parameter,
            {name: 'expand', in: 'query', schema: ref('Status')},
          ],
          responses: {
            '200': {description: 'The order.', content: {'application/json': {schema: ref('Order')}}},
            '400': {$ref: '#/components/responses/BadRequest'} as Response,
          },
        }),
        post: op('updateOrder', 'Orders', {
          requestBody: {content: {'application/json': {schema: ref('Order')}}},
          responses: {'200': {description: 'Updated.', headers: {'X-Trace': {$ref: '#/components/headers/Trace'}}}},
        }),
      },
    },
    components: {
      schemas: {},
      parameters: {Id: {name: 'id', in: 'path', required: true, schema: ref('Status')}},
      responses: {BadRequest: {description: 'Bad.', content: {'application/json': {example: {error: {}}}}}},
      headers: {Trace: {description: 'A trace id.', schema: {type: 'string'}}},
      securitySchemes: {},
    },
  },
);

describe('resolveSchema', () => {
  test("follows a chain of $refs, naming the first, and lays the $ref's own description over the target's", () => {
    expect(resolveSchema(description, ref('Price'))).toEqual({
      type: 'object',
      description: 'An amount.',
      properties: {amount: {type: 'string'}},
      ref: 'Price',
      ownDescription: undefined,
    });
    expect(resolveSchema(description, {...ref('Money'), description: 'The price.'})).toEqual({
      type: 'object',
      description: 'The price.',
      properties: {amount: {type: 'string'}},
      ref: 'Money',
      ownDescription: 'The price.',
    });
    expect(resolveSchema(description, {type: 'string'})).toEqual({type: 'string'});
  });

  test('follows the $refs inside properties, items, oneOf, allOf and additionalProperties', () => {
    const {properties} = resolveSchema(description, ref('Order'));
    expect(properties!.total).toMatchObject({
      ref: 'Money',
      description: 'What it costs.',
      ownDescription: 'What it costs.',
    });
    expect(properties!.statuses.items).toEqual({type: 'string', enum: ['open', 'paid'], ref: 'Status'});
    expect(properties!.either.oneOf!.map((option) => option.ref ?? option.type)).toEqual(['Money', 'null']);
    expect(properties!.parts.allOf![0].properties).toEqual({amount: {type: 'string'}});
    expect(properties!.byNetwork.additionalProperties).toMatchObject({ref: 'Status', enum: ['open', 'paid']});
    expect(properties!.open.additionalProperties).toBe(true);
  });

  test('refuses a schema that refers to itself, rather than looping', () => {
    const looped = tinyApi({Node: {type: 'object', properties: {next: ref('Node')}}});
    expect(() => resolveSchema(looped, ref('Node'))).toThrow(
      'api/openapi.yaml: #/components/schemas/Node refers to itself, which the reference cannot show',
    );
  });
});

describe('apiModel', () => {
  const api = apiModel(description);

  test('names every schema, response and operation, $refs followed', () => {
    expect(api.schemas.Price).toMatchObject({ref: 'Money', description: 'An amount.'});
    expect(api.responses.BadRequest).toEqual({
      description: 'Bad.',
      headers: {},
      content: {'application/json': {example: {error: {}}, schema: undefined}},
    });
    expect(api.operations.map(({method, path, operation}) => `${method} ${path} ${operation.operationId}`)).toEqual([
      'get /orders/{id} getOrder',
      'post /orders/{id} updateOrder',
    ]);
  });

  test("an operation's parameters, request body, responses and headers are the objects their $refs point to", () => {
    const [get, post] = api.operations.map((entry) => entry.operation);
    expect(get.parameters).toEqual([
      {name: 'id', in: 'path', required: true, schema: {type: 'string', enum: ['open', 'paid'], ref: 'Status'}},
      {name: 'expand', in: 'query', schema: {type: 'string', enum: ['open', 'paid'], ref: 'Status'}},
    ]);
    expect(get.responses['200'].content!['application/json'].schema!.ref).toBe('Order');
    expect(get.responses['400'].description).toBe('Bad.');
    expect(post.parameters).toEqual([]);
    expect(post.requestBody!.content['application/json'].schema!.ref).toBe('Order');
    expect(post.responses['200'].headers).toEqual({'X-Trace': {description: 'A trace id.', schema: {type: 'string'}}});
  });
});
