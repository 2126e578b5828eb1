/**
 * The objects page: a section per named object (payment, refund, event,
 * webhook endpoint, lists, money, error) with every field under its own
 * heading and id (`#payment-price-amount`) and an example, then the value
 * types fields point to (enums, id formats, the network table).
 */
import {schemaTitle} from '../description';
import {exampleOf} from '../example';
import {fieldsOf, isObjectSchema, isResource} from '../fields';
import {blocks, heading, jsonBlock, mdxText} from '../mdx';
import type {ApiModel} from '../model';
import {objectAnchor, renderFields, renderType} from '../render-fields';

/** The named schemas the objects page shows as objects: objects the API returns or sends (not request bodies). */
export function objectNames(api: ApiModel, requestBodies: Set<string>): string[] {
  const names = Object.keys(api.schemas).filter(
    (name) => isObjectSchema(api.schemas[name]) && !requestBodies.has(name),
  );
  // Objects with an identity first (payment, refund, …), then lists and value objects, each in the description's order.
  return [...names.filter((name) => isResource(api, name)), ...names.filter((name) => !isResource(api, name))];
}

/** The named value types: schemas that are not objects with fields. */
export const typeNames = (api: ApiModel): string[] =>
  Object.keys(api.schemas).filter((name) => !isObjectSchema(api.schemas[name]));

export function objectsPage(api: ApiModel, objects: string[]): string {
  return blocks(
    'Every object the API returns or sends, field by field. Each field has a link of its own: copy it from the `#` beside its name.',
    ...objects.map((name) => {
      const schema = api.schemas[name];
      const anchor = objectAnchor(name);
      return blocks(
        heading(2, schemaTitle(name), anchor),
        schema.description && mdxText(schema.description),
        heading(3, `Fields of ${schemaTitle(name).toLowerCase()}`, `${anchor}-fields`),
        renderFields(api, fieldsOf(api, schema, anchor), 4),
        heading(3, `Example ${schemaTitle(name).toLowerCase()}`, `${anchor}-example`),
        jsonBlock(exampleOf(schema)),
      );
    }),
    heading(2, 'Value types', 'value-types'),
    'The types that fields above refer to by name: their format and every value they take.',
    ...typeNames(api).map((name) => renderType(api, name, 3)),
  );
}
