/**
 * Fields as the reference shows them: a heading per field (its dotted path, its
 * own id), then its type, required-ness and constraints on one line, its
 * description, and its enum values. Headings rather than tables, so a nested
 * field reads on a 375 px phone without scrolling sideways.
 */
import {anchorId} from './description';
import {isObjectSchema, isResource, oneOfNames, type Field} from './fields';
import type {ApiModel, Header, Schema} from './model';
import {blocks, code, heading, mdxText} from './mdx';

/** The objects page, as a file link that Docusaurus and the Markdown twins resolve. */
export const objectsPage = './objects.mdx';

/** The id of a named object's section on the objects page. */
export const objectAnchor = (name: string): string => anchorId(name);
/** The id of a named value type's section (an enum, an id format) on the objects page. */
export const typeAnchor = (name: string): string => `type-${anchorId(name)}`;

/** A link to a named schema's section. */
export function schemaLink(api: ApiModel, name: string): string {
  const schema = api.schemas[name];
  const anchor = isObjectSchema(schema) ? objectAnchor(name) : typeAnchor(name);
  return `[\`${name}\`](${objectsPage}#${anchor})`;
}

const typeName = (schema: Schema): string => {
  if (schema.const !== undefined) return typeof schema.const;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.oneOf ? '' : 'any')];
  return types.filter(Boolean).join(' or ');
};

/** What a value is: `string`, `array of EventType`, `Payment object` (linked), `string or null`, `Money object or null`. */
export function typeLabel(api: ApiModel, schema: Schema, ref: string | undefined): string {
  if (schema.oneOf) {
    const names = oneOfNames(schema);
    const orNull = schema.oneOf.some((option) => option.type === 'null') ? ' or `null`' : '';
    if (names.length === 1) return `${typeLabel(api, api.schemas[names[0]], names[0])}${orNull}`;
    return `one of ${names.map((name) => schemaLink(api, name)).join(', ')}${orNull}`;
  }
  if (schema.type === 'array' && schema.items) {
    return ref ? `array of ${schemaLink(api, ref)}` : `array of \`${typeName(schema.items)}\``;
  }
  if (ref && (isResource(api, ref) || isObjectSchema(api.schemas[ref]))) {
    return `${schemaLink(api, ref)} object`;
  }
  const base = `\`${typeName(schema)}\``;
  return ref ? `${base} (${schemaLink(api, ref)})` : base;
}

/** A response header as one line: its name, its type and what it says. */
export function headerLine(api: ApiModel, name: string, header: Header): string {
  const type = header.schema ? ` (${typeLabel(api, header.schema, undefined)})` : '';
  return `Header ${code(name)}${type}${header.description ? `: ${mdxText(header.description)}` : '.'}`;
}

/** Constraints worth knowing before sending or reading a value, as short phrases. */
export function constraints(schema: Schema): string[] {
  const phrases: string[] = [];
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) phrases.push(`${low} to ${high}${unit}`);
    else if (low !== undefined) phrases.push(`at least ${low}${unit}`);
    else if (high !== undefined) phrases.push(`at most ${high}${unit}`);
  };
  if (schema.format) phrases.push(`format ${code(schema.format)}`);
  if (schema.const !== undefined) phrases.push(`always ${code(schema.const)}`);
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.maxProperties !== undefined) phrases.push(`at most ${schema.maxProperties} keys`);
  if (schema.uniqueItems) phrases.push('no duplicates');
  if (schema.pattern) phrases.push(`pattern ${code(schema.pattern)}`);
  if (schema.default !== undefined) phrases.push(`default ${code(schema.default)}`);
  return phrases;
}

/**
 * The enum values a reader may send or get, written out: its own, or its items' when they are
 * written in place (items of a named type list their values on that type's section, linked).
 */
export function enumLine(schema: Schema): string | undefined {
  const values = schema.enum ?? (schema.type === 'array' && !schema.items?.ref ? schema.items?.enum : undefined);
  return values ? `One of: ${values.map(code).join(', ')}.` : undefined;
}

/** An example value, when the description gives one and it says more than the type. */
function exampleLine(schema: Schema): string | undefined {
  const example = schema.examples?.[0];
  if (example === undefined || typeof example === 'object' || schema.enum || schema.const !== undefined)
    return undefined;
  return `Example: ${code(example)}.`;
}

/**
 * The description shown for a field: its own; else the named type's when that
 * is one short paragraph (a long one, with a table, stays on the type's section).
 */
function fieldDescription(field: Field): string | undefined {
  const own = field.schema.ref === undefined ? field.schema.description : field.schema.ownDescription;
  if (own) return own;
  const description = field.schema.description;
  if (!description || description.includes('|') || description.trim().includes('\n\n')) return undefined;
  return description;
}

/** One field and its children, headings from `level` down. */
export function renderField(api: ApiModel, field: Field, level: number): string {
  const meta = [
    typeLabel(api, field.schema, field.ref),
    field.required ? '**required**' : 'optional',
    ...constraints(field.schema),
  ].join(' · ');
  const description = fieldDescription(field);
  return blocks(
    heading(level, code(field.path.join('.')), field.anchor),
    meta,
    description && mdxText(description),
    enumLine(field.schema),
    exampleLine(field.schema),
    ...field.children.map((child) => renderField(api, child, level + 1)),
  );
}

export const renderFields = (api: ApiModel, fields: Field[], level: number): string =>
  blocks(...fields.map((field) => renderField(api, field, level)));

/** A named value type's section: what it is, its constraints, its values. */
export function renderType(api: ApiModel, name: string, level: number): string {
  const schema = api.schemas[name];
  const extras = Object.entries(schema)
    .filter(([key]) => key.startsWith('x-') && key !== 'x-error-codes')
    .map(([key, value]) =>
      typeof value === 'object' && value !== null
        ? `${code(key)}: ${Object.entries(value as Record<string, unknown>)
            .map(([k, v]) => `${code(k)} → ${code(v)}`)
            .join(', ')}.`
        : `${code(key)}: ${code(value)}.`,
    );
  const valueType =
    schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? `\`object\` of \`${typeName(schema.additionalProperties)}\` values`
      : `\`${typeName(schema)}\``;
  return blocks(
    heading(level, code(name), typeAnchor(name)),
    [valueType, ...constraints(schema)].join(' · '),
    schema.description && mdxText(schema.description),
    enumLine(schema),
    exampleLine(schema),
    ...extras,
  );
}
