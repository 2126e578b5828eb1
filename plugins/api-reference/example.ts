/**
 * The example value of a schema that a reference page shows: the schema's own
 * first `examples` entry when it has one, else one built from its parts (a
 * list from its items' example, an object from its properties'). The tests
 * validate every example a page shows against its schema.
 */
import {mergedObject} from './fields';
import type {Schema} from './model';

export function exampleOf(resolved: Schema): unknown {
  if (resolved.examples?.length) return resolved.examples[0];
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.oneOf?.length) return exampleOf(resolved.oneOf[0]);
  if (resolved.properties || resolved.allOf) {
    const object = mergedObject(resolved);
    if (object.examples?.length) return object.examples[0];
    const parts = (resolved.allOf ?? []).map(exampleOf);
    const own = Object.fromEntries(
      Object.entries(object.properties ?? {})
        .filter(([name]) => !parts.some((part) => typeof part === 'object' && part !== null && name in part))
        .map(([name, property]) => [name, exampleOf(property)]),
    );
    return Object.assign({}, ...parts.filter((part) => typeof part === 'object'), own) as unknown;
  }
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  if (types.includes('array')) return resolved.items ? [exampleOf(resolved.items)] : [];
  if (types.includes('boolean')) return false;
  if (types.includes('integer') || types.includes('number')) return resolved.minimum ?? 0;
  if (types.includes('null')) return null;
  if (types.includes('object')) return {};
  return '';
}
