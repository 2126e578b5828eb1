import type {ApiDescription, Operation, Schema} from '../../../plugins/api-reference/description';

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
