/**
 * A schema's fields as the reference lists them: one entry per property,
 * nested properties included, each with its anchor and everything a reader
 * needs to send or read it. An object that has an `id` of its own (a payment,
 * a refund) is linked to its section instead of being repeated; a value object
 * without one (Money, the error's `error`) is expanded in place, so
 * `#payment-price-amount` exists.
 */
import type {ApiModel, Schema} from './model';

export interface Field {
  /** The property's name. */
  name: string;
  /** Its names from the top, `['price', 'amount']`. */
  path: string[];
  /** Its own id on the page. */
  anchor: string;
  required: boolean;
  /** The schema. */
  schema: Schema;
  /** The named schema it points to (`Money`), or its items do, if any. */
  ref?: string;
  children: Field[];
}

/** A named schema that is an object with fields of its own. */
export const isObjectSchema = (schema: Schema): boolean =>
  schema.properties !== undefined || schema.allOf !== undefined;

/** An object with an identity of its own: linked to its section, never expanded inside another. */
export function isResource(api: ApiModel, name: string): boolean {
  return mergedObject(api.schemas[name]).properties?.id !== undefined;
}

/** An object schema with `allOf` parts merged into one set of properties and required names. */
export function mergedObject(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(mergedObject);
  return {
    ...schema,
    allOf: undefined,
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<string, Schema>,
    required: parts.flatMap((part) => part.required ?? []),
  };
}

/** The named schema a property or its array items point to. */
const pointsTo = (schema: Schema): string | undefined => schema.ref ?? schema.items?.ref;

/** The fields of an object schema, depth first, with anchors `prefix-path-…`. */
export function fieldsOf(api: ApiModel, schema: Schema, prefix: string, parentPath: string[] = []): Field[] {
  const object = mergedObject(schema);
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const path = [...parentPath, name];
    const resolved = mergedObject(property);
    const ref = pointsTo(property);
    const expand = isObjectSchema(resolved) && !(ref && isResource(api, ref));
    return {
      name,
      path,
      anchor: [prefix, ...path]
        .join('-')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-'),
      required: (object.required ?? []).includes(name),
      schema: resolved,
      ref,
      children: expand ? fieldsOf(api, resolved, prefix, path) : [],
    };
  });
}

/** Every field of a list, nested ones included, in reading order. */
export const flattenFields = (fields: Field[]): Field[] =>
  fields.flatMap((field) => [field, ...flattenFields(field.children)]);

/** The named schemas a `oneOf` offers, `['Payment', 'Refund']`. */
export const oneOfNames = (schema: Schema): string[] => (schema.oneOf ?? []).flatMap((option) => option.ref ?? []);
