import {describe, expect, test} from 'vitest';
import type {Schema} from '../../../plugins/api-reference/description';
import {fieldsOf} from '../../../plugins/api-reference/fields';
import {apiModel, resolveSchema} from '../../../plugins/api-reference/model';
import {
  constraints,
  enumLine,
  renderFields,
  renderType,
  schemaLink,
  typeLabel,
} from '../../../plugins/api-reference/render-fields';
import {tinyApi} from './tiny-api';

const description = tinyApi({
  Money: {type: 'object', properties: {amount: {type: 'string'}}},
  Refund: {type: 'object', properties: {id: {type: 'string'}}},
  Status: {type: 'string', enum: ['open', 'paid'], description: 'Where it is.'},
  Long: {type: 'string', description: 'Para one.\n\nPara two.'},
  Short: {type: 'string', description: 'One line.\n\n'},
  Tab: {type: 'string', description: 'a | b'},
  Id: {type: 'string', pattern: '^pay_', examples: ['pay_1']},
  Networks: {
    type: 'object',
    additionalProperties: {type: 'integer'},
    maxProperties: 10,
    description: 'Confirmations per network.',
    'x-confirmations': {ethereum: 12, bitcoin: 2},
    'x-unit': 'blocks',
    'x-none': null,
    'x-error-codes': {},
  } as Schema,
  Free: {type: 'object', additionalProperties: true},
  // additionalProperties only describes an object's values.
  Odd: {type: 'string', additionalProperties: {type: 'integer'}},
  Order: {
    type: 'object',
    required: ['amount'],
    properties: {
      amount: {type: 'string', pattern: '^\\d+$', description: 'Decimal {text}.', examples: ['12.50']},
      status: {$ref: '#/components/schemas/Status'},
      kind: {type: 'string', const: 'order', examples: ['order']},
      tags: {type: 'array', items: {type: 'string', enum: ['a', 'b']}, maxItems: 3, uniqueItems: true},
      note: {$ref: '#/components/schemas/Long'},
      short: {$ref: '#/components/schemas/Short'},
      table: {$ref: '#/components/schemas/Tab'},
      meta: {type: 'object', examples: [{x: 1}], properties: {x: {type: 'integer', minimum: 0}}},
      // Its own long description is shown whole.
      about: {$ref: '#/components/schemas/Long', description: 'First.\n\nSecond | third.'},
    },
  },
});
const api = apiModel(description);
/** A schema written against the description above, its `$ref`s followed as the pages get it. */
const resolved = (schema: Schema) => resolveSchema(description, schema);

describe('typeLabel', () => {
  test('names the type, links a named schema, and reads oneOf, arrays and nullable types', () => {
    expect(typeLabel(api, resolved({type: 'string'}), undefined)).toBe('`string`');
    expect(typeLabel(api, resolved({type: ['string', 'null']}), undefined)).toBe('`string or null`');
    expect(typeLabel(api, resolved({}), undefined)).toBe('`any`');
    expect(typeLabel(api, resolved({const: 3}), undefined)).toBe('`number`');
    expect(typeLabel(api, resolved({$ref: '#/components/schemas/Status'}), 'Status')).toBe(
      '`string` ([`Status`](./objects.mdx#type-status))',
    );
    expect(typeLabel(api, resolved({$ref: '#/components/schemas/Money'}), 'Money')).toBe(
      '[`Money`](./objects.mdx#money) object',
    );
    expect(typeLabel(api, resolved({$ref: '#/components/schemas/Refund'}), 'Refund')).toBe(
      '[`Refund`](./objects.mdx#refund) object',
    );
    expect(typeLabel(api, resolved({type: 'array', items: {$ref: '#/components/schemas/Refund'}}), 'Refund')).toBe(
      'array of [`Refund`](./objects.mdx#refund)',
    );
    expect(typeLabel(api, resolved({type: 'array', items: {type: 'integer'}}), undefined)).toBe('array of `integer`');
    expect(typeLabel(api, resolved({type: 'array'}), undefined)).toBe('`array`');
    expect(typeLabel(api, resolved({type: 'string', items: {type: 'integer'}}), undefined)).toBe('`string`');
    expect(
      typeLabel(
        api,
        resolved({oneOf: [{$ref: '#/components/schemas/Money'}, {$ref: '#/components/schemas/Status'}]}),
        undefined,
      ),
    ).toBe('one of [`Money`](./objects.mdx#money), [`Status`](./objects.mdx#type-status)');
    // A nullable object (a payment's fee before it succeeds) says null, as `string or null` does.
    expect(typeLabel(api, resolved({oneOf: [{$ref: '#/components/schemas/Money'}, {type: 'null'}]}), undefined)).toBe(
      '[`Money`](./objects.mdx#money) object or `null`',
    );
    expect(
      typeLabel(
        api,
        resolved({
          oneOf: [{$ref: '#/components/schemas/Money'}, {$ref: '#/components/schemas/Status'}, {type: 'null'}],
        }),
        undefined,
      ),
    ).toBe('one of [`Money`](./objects.mdx#money), [`Status`](./objects.mdx#type-status) or `null`');
  });

  test('schemaLink points an object at its section, a value type at its type- section', () => {
    expect(schemaLink(api, 'Money')).toBe('[`Money`](./objects.mdx#money)');
    expect(schemaLink(api, 'Id')).toBe('[`Id`](./objects.mdx#type-id)');
  });
});

describe('constraints and values', () => {
  test('each constraint as a phrase, in a fixed order', () => {
    expect(
      constraints({
        format: 'date-time',
        const: 'x',
        minimum: 0,
        maximum: 100,
        minLength: 1,
        maxLength: 64,
        minItems: 2,
        maxItems: 5,
        maxProperties: 50,
        uniqueItems: true,
        pattern: '^a$',
        default: 10,
      }),
    ).toEqual([
      'format `date-time`',
      'always `x`',
      '0 to 100',
      '1 to 64 characters',
      '2 to 5 items',
      'at most 50 keys',
      'no duplicates',
      'pattern `^a$`',
      'default `10`',
    ]);
  });

  test('one bound alone reads "at least" or "at most"; none gives no phrase', () => {
    expect(constraints({minimum: 0})).toEqual(['at least 0']);
    expect(constraints({maximum: 0})).toEqual(['at most 0']);
    expect(constraints({minLength: 3})).toEqual(['at least 3 characters']);
    expect(constraints({maxItems: 1})).toEqual(['at most 1 items']);
    expect(constraints({const: false, default: false, uniqueItems: false})).toEqual([
      'always `false`',
      'default `false`',
    ]);
    expect(constraints({type: 'string'})).toEqual([]);
  });

  test("enumLine writes out an enum's values, or its array items' written in place, not a named type's", () => {
    expect(enumLine({type: 'string', enum: ['open', 'paid']})).toBe('One of: `open`, `paid`.');
    expect(enumLine({type: 'array', items: {type: 'integer', enum: [1, 2]}})).toBe('One of: `1`, `2`.');
    expect(enumLine({type: 'object', items: {enum: ['x']}})).toBeUndefined();
    expect(enumLine({type: 'string'})).toBeUndefined();
    expect(enumLine({type: 'array'})).toBeUndefined();
    // Items of a named type list their values on its section, which the type label links.
    expect(enumLine(resolved({type: 'array', items: {$ref: '#/components/schemas/Status'}}))).toBeUndefined();
    expect(enumLine(resolved({$ref: '#/components/schemas/Status'}))).toBe('One of: `open`, `paid`.');
  });
});

test('renderFields: a heading per field, then its type line, description, values and example; children one level down', () => {
  expect(renderFields(api, fieldsOf(api, api.schemas.Order, 'order'), 4)).toBe(
    [
      '#### `amount` {/* #order-amount */}',
      '`string` · **required** · pattern `^\\d+$`',
      'Decimal \\{text\\}.',
      'Example: `12.50`.',
      '#### `status` {/* #order-status */}',
      '`string` ([`Status`](./objects.mdx#type-status)) · optional',
      'Where it is.',
      'One of: `open`, `paid`.',
      '#### `kind` {/* #order-kind */}',
      '`string` · optional · always `order`',
      '#### `tags` {/* #order-tags */}',
      'array of `string` · optional · at most 3 items · no duplicates',
      'One of: `a`, `b`.',
      // A long description (two paragraphs, or a table) stays on the type's own section.
      '#### `note` {/* #order-note */}',
      '`string` ([`Long`](./objects.mdx#type-long)) · optional',
      '#### `short` {/* #order-short */}',
      '`string` ([`Short`](./objects.mdx#type-short)) · optional',
      'One line.',
      '#### `table` {/* #order-table */}',
      '`string` ([`Tab`](./objects.mdx#type-tab)) · optional',
      '#### `meta` {/* #order-meta */}',
      '`object` · optional',
      '##### `meta.x` {/* #order-meta-x */}',
      '`integer` · optional · at least 0',
      '#### `about` {/* #order-about */}',
      '`string` ([`Long`](./objects.mdx#type-long)) · optional',
      'First.\n\nSecond | third.',
    ].join('\n\n'),
  );
});

test('renderType: the value type, its constraints, description, values, example and x- extensions', () => {
  expect(renderType(api, 'Networks', 3)).toBe(
    [
      '### `Networks` {/* #type-networks */}',
      '`object` of `integer` values · at most 10 keys',
      'Confirmations per network.',
      '`x-confirmations`: `ethereum` → `12`, `bitcoin` → `2`.',
      '`x-unit`: `blocks`.',
      '`x-none`: `null`.',
    ].join('\n\n'),
  );
  expect(renderType(api, 'Status', 3)).toBe(
    ['### `Status` {/* #type-status */}', '`string`', 'Where it is.', 'One of: `open`, `paid`.'].join('\n\n'),
  );
  expect(renderType(api, 'Id', 5)).toBe(
    ['##### `Id` {/* #type-id */}', '`string` · pattern `^pay_`', 'Example: `pay_1`.'].join('\n\n'),
  );
  expect(renderType(api, 'Free', 3)).toBe(['### `Free` {/* #type-free */}', '`object`'].join('\n\n'));
  expect(renderType(api, 'Odd', 3)).toBe(['### `Odd` {/* #type-odd */}', '`string`'].join('\n\n'));
});
