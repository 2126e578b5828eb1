/**
 * api/openapi.yaml as the pages read it: every local `$ref` followed once, here,
 * so no page function meets one. A schema that was a `$ref` keeps the name it
 * pointed to (`ref: 'Money'`) and the description written beside the `$ref`
 * (OpenAPI 3.1 allows one), laid over the named schema's; parameters,
 * responses and headers are the objects they point to; operations come in the
 * order the reference lists them.
 */
import {
  operations as writtenOperations,
  refName,
  resolveRef,
  type ApiDescription,
  type Operation as WrittenOperation,
  type Parameter as WrittenParameter,
  type Response as WrittenResponse,
  type Schema as WrittenSchema,
} from './description';

type Nested = 'properties' | 'items' | 'oneOf' | 'allOf' | 'additionalProperties';

export interface Schema extends Omit<WrittenSchema, '$ref' | Nested> {
  /** The named schema this one pointed to with a `$ref` (`Money`); undefined for a schema written in place. */
  ref?: string;
  /** For a `$ref`, the description written beside it (undefined when none was), not the named schema's. */
  ownDescription?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
}

export interface Parameter extends Omit<WrittenParameter, '$ref' | 'schema'> {
  schema: Schema;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, {summary?: string; value: unknown}>;
}

export interface Header {
  description?: string;
  schema?: Schema;
}

export interface Response {
  description: string;
  headers: Record<string, Header>;
  content?: Record<string, MediaType>;
}

export interface Operation extends Omit<WrittenOperation, 'parameters' | 'requestBody' | 'responses'> {
  parameters: Parameter[];
  requestBody?: {required?: boolean; content: Record<string, MediaType>};
  responses: Record<string, Response>;
}

/** An operation with where it lives: `path` is the API path, or the webhook's name for a webhook. */
export interface OperationEntry {
  method: string;
  path: string;
  webhook: boolean;
  operation: Operation;
}

export interface ApiModel extends Pick<ApiDescription, 'openapi' | 'info' | 'servers' | 'tags'> {
  /** Every named schema, `$ref`s followed. */
  schemas: Record<string, Schema>;
  /** The named responses (`BadRequest`), `$ref`s followed. */
  responses: Record<string, Response>;
  /** Every operation, webhooks included, in the reference's order. */
  operations: OperationEntry[];
}

const mapValues = <A, B>(record: Record<string, A> | undefined, f: (value: A) => B): Record<string, B> | undefined =>
  record && Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));

/** Follows every `$ref` of a description's schemas, each named schema once. */
function schemaResolver(api: ApiDescription): (schema: WrittenSchema) => Schema {
  const named = new Map<string, Schema>();
  const resolving = new Set<string>();
  const resolve = (schema: WrittenSchema): Schema => {
    if (schema.$ref) {
      const {$ref, ...own} = schema;
      const name = refName($ref);
      if (!named.has($ref)) {
        if (resolving.has($ref))
          throw new Error(`api/openapi.yaml: ${$ref} refers to itself, which the reference cannot show`);
        resolving.add($ref);
        named.set($ref, resolve(resolveRef<WrittenSchema>(api, $ref)));
        resolving.delete($ref);
      }
      return {...named.get($ref), ...resolve(own), ref: name, ownDescription: own.description};
    }
    const {properties, items, oneOf, allOf, additionalProperties, ...keywords} = schema;
    return {
      ...keywords,
      ...(properties && {properties: mapValues(properties, resolve)}),
      ...(items && {items: resolve(items)}),
      ...(oneOf && {oneOf: oneOf.map(resolve)}),
      ...(allOf && {allOf: allOf.map(resolve)}),
      ...(additionalProperties !== undefined && {
        additionalProperties:
          typeof additionalProperties === 'object' ? resolve(additionalProperties) : additionalProperties,
      }),
    };
  };
  return resolve;
}

/** A schema of `api` with every `$ref` in it followed (for one written outside the description, as tests do). */
export const resolveSchema = (api: ApiDescription, schema: WrittenSchema): Schema => schemaResolver(api)(schema);

/** The description as the pages read it: see the module's comment. */
export function apiModel(api: ApiDescription): ApiModel {
  const schema = schemaResolver(api);
  const follow = <T extends {$ref?: string}>(value: T): T => (value.$ref ? resolveRef<T>(api, value.$ref) : value);
  const media = (content: Record<string, {schema?: WrittenSchema}> | undefined) =>
    mapValues(content, (type) => ({...type, schema: type.schema && schema(type.schema)}));
  const response = (written: WrittenResponse): Response => {
    const {headers, content, $ref: _ref, ...rest} = follow(written);
    return {
      ...rest,
      headers:
        mapValues(headers, (header) => {
          const {description, schema: headerSchema} = follow(header);
          return {description, schema: headerSchema && schema(headerSchema)};
        }) ?? {},
      ...(content && {content: media(content)}),
    };
  };
  const parameter = (written: WrittenParameter): Parameter => {
    const {$ref: _ref, schema: parameterSchema, ...rest} = follow(written);
    return {...rest, schema: schema(parameterSchema)};
  };
  const operation = (written: WrittenOperation): Operation => ({
    ...written,
    parameters: (written.parameters ?? []).map(parameter),
    requestBody: written.requestBody && {...written.requestBody, content: media(written.requestBody.content) ?? {}},
    responses: mapValues(written.responses, response) ?? {},
  });
  return {
    openapi: api.openapi,
    info: api.info,
    servers: api.servers,
    tags: api.tags,
    schemas: mapValues(api.components.schemas, schema) ?? {},
    responses: mapValues(api.components.responses, response) ?? {},
    operations: writtenOperations(api).map((entry) => ({...entry, operation: operation(entry.operation)})),
  };
}
