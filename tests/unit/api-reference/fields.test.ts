import {expect, test} from 'vitest';
import {
  fieldsOf,
  flattenFields,
  isObjectSchema,
  isResource,
  mergedObject,
  oneOfNames,
} from '../../../plugins/api-reference/fields';
import type {Schema} from '../../../plugins/api-reference/description';
import {apiModel, resolveSchema} from '../../../plugins/api-reference/model';
import {tinyApi} from './tiny-api';

const description = tinyApi({
  Money: {
    type: 'object',
    required: ['amount'],
    properties: {amount: {type: 'string'}, currency: {type: 'string'}},
  },
  Refund: {type: 'object', properties: {id: {type: 'string'}, amount: {$ref: '#/components/schemas/Money'}}},
  Base: {type: 'object', required: ['id'], properties: {id: {type: 'string'}}},
  Payment: {
    allOf: [
      {$ref: '#/components/schemas/Base'},
      {
        type: 'object',
        required: ['price'],
        properties: {
          price: {$ref: '#/components/schemas/Money', description: 'What the order costs.'},
          refunds: {type: 'array', items: {$ref: '#/components/schemas/Refund'}},
          last_refund: {$ref: '#/components/schemas/Refund'},
          metadata: {type: 'object', properties: {'order: ID': {type: 'string'}}},
        },
      },
    ],
  },
  Status: {type: 'string', enum: ['pending']},
});
const api = apiModel(description);
/** A schema written against the description above, its `$ref`s followed as the pages get it. */
const resolved = (schema: Schema) => resolveSchema(description, schema);

test('an object schema has properties or allOf parts', () => {
  expect(isObjectSchema(api.schemas.Money)).toBe(true);
  expect(isObjectSchema(api.schemas.Payment)).toBe(true);
  expect(isObjectSchema(api.schemas.Status)).toBe(false);
  expect(isObjectSchema({type: 'object'})).toBe(false);
});

test('a resource is an object with an id, its own or from an allOf part', () => {
  expect(isResource(api, 'Refund')).toBe(true);
  expect(isResource(api, 'Payment')).toBe(true);
  expect(isResource(api, 'Money')).toBe(false);
  expect(isResource(api, 'Status')).toBe(false);
});

test('mergedObject joins the properties and required names of allOf parts', () => {
  const merged = mergedObject(api.schemas.Payment);
  expect(merged.type).toBe('object');
  expect(merged.allOf).toBeUndefined();
  expect(Object.keys(merged.properties!)).toEqual(['id', 'price', 'refunds', 'last_refund', 'metadata']);
  expect(merged.required).toEqual(['id', 'price']);
  expect(mergedObject({allOf: [{type: 'string'}]})).toEqual({
    type: 'object',
    allOf: undefined,
    properties: {},
    required: [],
  });
  const plain = {type: 'object', properties: {}};
  expect(mergedObject(plain)).toBe(plain);
});

test('fieldsOf: every property with its path, anchor and required-ness; value objects expanded, resources linked', () => {
  const fields = fieldsOf(api, api.schemas.Payment, 'payment');
  expect(
    flattenFields(fields).map((field) => [field.path.join('.'), field.anchor, field.required, field.ref ?? '-']),
  ).toEqual([
    ['id', 'payment-id', true, '-'],
    ['price', 'payment-price', true, 'Money'],
    ['price.amount', 'payment-price-amount', true, '-'],
    ['price.currency', 'payment-price-currency', false, '-'],
    ['refunds', 'payment-refunds', false, 'Refund'],
    ['last_refund', 'payment-last-refund', false, 'Refund'],
    ['metadata', 'payment-metadata', false, '-'],
    ['metadata.order: ID', 'payment-metadata-order-id', false, '-'],
  ]);
  const price = fields[1];
  expect(price.name).toBe('price');
  // The description written beside the $ref is laid over Money's, and kept apart as its own.
  expect(price.schema.ref).toBe('Money');
  expect(price.schema.ownDescription).toBe('What the order costs.');
  expect(price.schema.description).toBe('What the order costs.');
  expect(price.schema.properties!.amount).toEqual({type: 'string'});
  expect(fields[3].children).toEqual([]);
  expect(fieldsOf(api, {type: 'object'}, 'x')).toEqual([]);
});

test('flattenFields lists each field before its children, depth first', () => {
  const leaf = (name: string, children: ReturnType<typeof fieldsOf> = []) => ({
    ...fieldsOf(api, api.schemas.Money, 'm')[0],
    name,
    children,
  });
  expect(flattenFields([leaf('a', [leaf('b', [leaf('c')])]), leaf('d')]).map((field) => field.name)).toEqual([
    'a',
    'b',
    'c',
    'd',
  ]);
});

test('oneOfNames lists the named options of a oneOf', () => {
  expect(
    oneOfNames(
      resolved({
        oneOf: [{$ref: '#/components/schemas/Payment'}, {type: 'string'}, {$ref: '#/components/schemas/Refund'}],
      }),
    ),
  ).toEqual(['Payment', 'Refund']);
  expect(oneOfNames({type: 'string'})).toEqual([]);
});
