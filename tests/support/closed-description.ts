/**
 * The API description as the tests hold the mock, the samples and the examples to it: every object
 * schema that lists its properties and says nothing of others is closed (`additionalProperties:
 * false`). The published file leaves response objects open, since within v1 Coinwharf adds fields
 * (the introduction's Versioning) and a client generated from it must accept them; what we send and
 * show today must still use only the fields it lists, so that a stray or misspelled field fails.
 * The branches of an `allOf` stay open: each holds only part of the object's fields.
 */
export function closedSchemas<T>(value: T, close = true): T {
  if (Array.isArray(value)) return value.map((item: unknown) => closedSchemas(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'allOf' && Array.isArray(item)
        ? item.map((branch: unknown) => closedSchemas(branch, false))
        : closedSchemas(item),
    ]),
  );
  const listsProperties = copy.type === 'object' && typeof copy.properties === 'object' && copy.properties !== null;
  if (close && listsProperties && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy as T;
}
