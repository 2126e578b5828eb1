/**
 * api/openapi.yaml as written: parsed synchronously (the config generates the
 * pages before the docs plugin reads docs/), its types with their `$ref`s, and
 * every operation, webhook included, in the order the reference lists them.
 * ./model.ts follows the `$ref`s once; the pages read the model.
 */
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: (string | number)[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  allOf?: Schema[];
  'x-error-codes'?: Record<string, ErrorCode>;
  /** An optional request-body field shown with the required ones, not folded (leaving it out matters). */
  'x-shown-unfolded'?: boolean;
}

export interface ErrorCode {
  status: number;
  type: string;
  cause: string;
  fix: string;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema: Schema;
}

interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, {summary?: string; value: unknown}>;
}

export interface Response {
  $ref?: string;
  description: string;
  headers?: Record<string, {$ref?: string; description?: string; schema?: Schema}>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: {required?: boolean; content: Record<string, MediaType>};
  responses: Record<string, Response>;
  security?: unknown[];
  'x-sample-files'?: string[];
  /** The error codes it can return besides those every operation can (401, 429, 5XX). */
  'x-error-codes'?: string[];
  /** Local files the sample files import, shown whole below them so the page is self-contained. */
  'x-sample-imports'?: string[];
  /**
   * The summary of the description's fold: the page shows the description's first paragraph and folds
   * the rest behind a toggle with this summary, so the operation stays a few phone screens long.
   */
  'x-more'?: string;
}

export interface ApiDescription {
  openapi: string;
  info: {title: string; version: string; description: string};
  servers: {url: string; description?: string}[];
  tags: {name: string; description?: string}[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
    headers: Record<string, {description?: string; schema?: Schema}>;
    securitySchemes: Record<string, {type: string; scheme?: string; description?: string}>;
  };
}

/** An operation with where it lives: `path` is the API path, or the webhook's name for a webhook. */
export interface OperationEntry {
  method: string;
  path: string;
  webhook: boolean;
  operation: Operation;
}

export const readDescription = (file: string): ApiDescription => parse(readFileSync(file, 'utf8')) as ApiDescription;

/** The last segment of a local `$ref`: `#/components/schemas/Money` → `Money`. */
export const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

/** What a local `$ref` points to; throws for a reference the description does not hold. */
export function resolveRef<T>(api: ApiDescription, ref: string): T {
  if (!ref.startsWith('#/')) throw new Error(`api/openapi.yaml: only local references are supported, not ${ref}`);
  let node: unknown = api;
  for (const key of ref.slice(2).split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`api/openapi.yaml: ${ref} points to nothing`);
  return node as T;
}

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation, webhooks included: by tag (in the order `tags` lists them), then as the description lists them. */
export function operations(api: ApiDescription): OperationEntry[] {
  const entries: OperationEntry[] = [];
  const collect = (items: Record<string, Record<string, Operation>> | undefined, webhook: boolean) => {
    for (const [path, item] of Object.entries(items ?? {})) {
      for (const method of methodOrder) {
        const operation = item[method];
        if (operation) entries.push({method, path, webhook, operation});
      }
    }
  };
  collect(api.paths, false);
  collect(api.webhooks, true);
  const tagIndex = (entry: OperationEntry) => {
    const index = api.tags.findIndex((tag) => tag.name === entry.operation.tags[0]);
    return index === -1 ? api.tags.length : index;
  };
  // Array.prototype.sort is stable: within a tag, the description's order stays.
  return entries.sort((a, b) => tagIndex(a) - tagIndex(b));
}

/** The URL slug of an operation's page: `createPayment` → `create-payment`. */
export const operationSlug = (operationId: string): string =>
  operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** A schema name as a heading: `WebhookEndpoint` → `Webhook endpoint`. */
export const schemaTitle = (name: string): string =>
  name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);

/** An anchor id: lower case, runs of anything but letters and digits become one `-`. */
export const anchorId = (...parts: string[]): string =>
  parts
    .join('-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The full path a reader calls: the server's path prefix and the operation's path, `/v1/payments`. */
export const fullPath = (
  api: Pick<ApiDescription, 'servers'>,
  entry: Pick<OperationEntry, 'path' | 'webhook'>,
): string => (entry.webhook ? entry.path : `${new URL(api.servers[0].url).pathname.replace(/\/$/, '')}${entry.path}`);
