import type {ApiDescription, Operation, Schema} from '../../../plugins/api-reference/description';
import {apiModel, type ApiModel} from '../../../plugins/api-reference/model';

/** A description with only what a test gives it: schemas, and optionally paths, webhooks, tags. */
export function tinyApi(schemas: Record<string, Schema>, more: Partial<ApiDescription> = {}): ApiDescription {
  return {
    openapi: '3.1.0',
    info: {title: 'Tiny API', version: '2.1', description: 'Opening words.'},
    servers: [{url: 'https://api.example.test/v2/'}],
    tags: [],
    paths: {},
    webhooks: {},
    ...more,
    // The schemas given first win over any in `more.components`.
    components: {
      parameters: {},
      responses: {},
      headers: {},
      securitySchemes: {},
      ...more.components,
      schemas,
    },
  };
}

/** An operation with the fields every operation needs. */
export const op = (operationId: string, tag: string, more: Partial<Operation> = {}): Operation => ({
  operationId,
  summary: operationId,
  tags: [tag],
  responses: {},
  ...more,
});

/** The same description as the pages read it, every `$ref` followed (plugins/api-reference/model.ts). */
export const tinyModel = (...args: Parameters<typeof tinyApi>): ApiModel => apiModel(tinyApi(...args));
