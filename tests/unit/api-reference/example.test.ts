import {expect, test} from 'vitest';
import type {Schema} from '../../../plugins/api-reference/description';
import {exampleOf} from '../../../plugins/api-reference/example';
import {resolveSchema} from '../../../plugins/api-reference/model';
import {tinyApi} from './tiny-api';

const api = tinyApi({
  Money: {
    type: 'object',
    properties: {amount: {type: 'string', examples: ['12.50']}, currency: {type: 'string', enum: ['EUR', 'USD']}},
  },
  Id: {type: 'string', examples: ['pay_1']},
  Base: {type: 'object', properties: {id: {$ref: '#/components/schemas/Id'}, livemode: {type: 'boolean'}}},
  Payment: {
    allOf: [
      {$ref: '#/components/schemas/Base'},
      {type: 'object', properties: {price: {$ref: '#/components/schemas/Money'}}},
    ],
  },
  Documented: {type: 'object', examples: [{whole: true}], properties: {part: {type: 'string'}}},
  Merged: {allOf: [{type: 'object', properties: {a: {type: 'integer'}}}], examples: [{a: 7}]},
});

/** The example of a schema written against the description above, its `$ref`s followed as the pages get it. */
const example = (schema: Schema) => exampleOf(resolveSchema(api, schema));

test("a schema's own first example wins, then const, default and the first enum value", () => {
  expect(example({type: 'string', examples: ['first', 'second'], const: 'c'})).toBe('first');
  expect(example({type: 'string', const: 'list', default: 'd'})).toBe('list');
  expect(example({type: 'integer', default: 10, enum: [1, 2]})).toBe(10);
  expect(example({type: 'string', enum: ['pending', 'paid']})).toBe('pending');
  expect(example({type: 'string', examples: []})).toBe('');
});

test("a $ref gives its target's example, a oneOf its first option's", () => {
  expect(example({$ref: '#/components/schemas/Id'})).toBe('pay_1');
  expect(example({oneOf: [{$ref: '#/components/schemas/Id'}, {type: 'integer'}]})).toBe('pay_1');
});

test('an object is built from its properties, allOf parts first, unless it has an example of its own', () => {
  expect(example({$ref: '#/components/schemas/Money'})).toEqual({amount: '12.50', currency: 'EUR'});
  expect(example({$ref: '#/components/schemas/Payment'})).toEqual({
    id: 'pay_1',
    livemode: false,
    price: {amount: '12.50', currency: 'EUR'},
  });
  expect(Object.keys(example({$ref: '#/components/schemas/Payment'}) as object)).toEqual(['id', 'livemode', 'price']);
  expect(example({$ref: '#/components/schemas/Documented'})).toEqual({whole: true});
  expect(example({$ref: '#/components/schemas/Merged'})).toEqual({a: 7});
  // A part whose example is not an object adds nothing.
  expect(
    example({
      allOf: [
        {type: 'string', examples: ['s']},
        {type: 'object', properties: {b: {type: 'null'}}},
      ],
    }),
  ).toEqual({b: null});
});

test('otherwise a value of the type: a list of one item, false, the minimum or 0, null, {} or ""', () => {
  expect(example({type: 'array', items: {$ref: '#/components/schemas/Id'}})).toEqual(['pay_1']);
  expect(example({type: 'array'})).toEqual([]);
  expect(example({type: 'boolean'})).toBe(false);
  expect(example({type: 'integer', minimum: 1})).toBe(1);
  expect(example({type: 'number'})).toBe(0);
  expect(example({type: 'integer'})).toBe(0);
  expect(example({type: ['null', 'string']})).toBe(null);
  expect(example({type: ['string', 'null']})).toBe(null);
  expect(example({type: 'object'})).toEqual({});
  expect(example({type: 'string'})).toBe('');
  expect(example({})).toBe('');
});
