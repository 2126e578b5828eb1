import {describe, expect, test} from 'vitest';
import type {Schema} from '../../../plugins/api-reference/description';
import {apiModel, resolveSchema} from '../../../plugins/api-reference/model';
import {errorCodes} from '../../../plugins/api-reference/pages/errors';
import {introPage} from '../../../plugins/api-reference/pages/intro';
import {objectNames, objectsPage, typeNames} from '../../../plugins/api-reference/pages/objects';
import {operationSection, sampleTabs, tagPage} from '../../../plugins/api-reference/pages/operation';
import {op, tinyApi, tinyModel} from './tiny-api';

const ref = (name: string): Schema => ({$ref: `#/components/schemas/${name}`});

const description = tinyApi(
  {
    Error: {
      type: 'object',
      properties: {
        error: {
          type: 'object',
          properties: {
            code: {
              type: 'string',
              'x-error-codes': {
                rate_limited: {
                  status: 429,
                  type: 'rate_limit_error',
                  cause: 'Too many\n  requests.',
                  fix: 'Wait {a bit}.',
                },
                invalid_amount: {
                  status: 400,
                  type: 'invalid_request_error',
                  cause: 'Bad amount.',
                  fix: 'Send a decimal.',
                },
                internal: {status: 500, type: 'api_error', cause: 'Our fault.', fix: 'Retry.'},
                unavailable: {status: 503, type: 'api_error', cause: 'Down.', fix: 'Retry later.'},
              },
            },
          },
        },
      },
    },
    Payment: {
      type: 'object',
      description: 'A payment.',
      properties: {id: {type: 'string', examples: ['pay_1']}, status: ref('Status')},
    },
    Status: {type: 'string', enum: ['open', 'paid']},
    UpdatePayment: {type: 'object', required: ['amount'], properties: {amount: {type: 'string', examples: ['9.99']}}},
    Event: {type: 'object', properties: {id: {type: 'string', examples: ['evt_1']}, data: {oneOf: [ref('Payment')]}}},
  },
  {
    info: {title: 'Tiny <API>', version: '2.1', description: 'Opening {words}.\n\n## Authentication\n\nUse a key.\n'},
    servers: [
      {url: 'https://api.example.test/v2', description: 'Live\n  and test'},
      {url: 'https://sandbox.example.test/v2'},
    ],
    tags: [{name: 'Payments', description: 'Take {money}.'}, {name: 'Empty'}],
    paths: {
      '/payments/{id}': {
        post: op('updatePayment', 'Payments', {
          summary: 'Update a <payment>',
          description: 'Changes {it}.',
          parameters: [
            {$ref: '#/components/parameters/Id'} as never,
            {
              name: 'expand',
              in: 'query',
              schema: {type: 'array', items: {type: 'string', enum: ['refunds']}, maxItems: 1},
            },
          ],
          requestBody: {required: true, content: {'application/json': {schema: ref('UpdatePayment')}}},
          responses: {
            '200': {
              description: 'The payment.',
              headers: {
                'Idempotent-Replayed': {description: 'Whether {replayed}.', schema: {type: 'boolean'}},
                'X-Plain': {},
              },
              content: {'application/json': {schema: ref('Payment')}},
            },
            '202': {description: 'Accepted.'},
            '400': {$ref: '#/components/responses/BadRequest'} as never,
            '5XX': {description: 'Our side.'},
          },
          'x-sample-files': ['examples/payments/update.sh', 'examples/payments/update.py'],
          'x-sample-imports': ['examples/lib/client.ts'],
          'x-error-codes': ['invalid_amount'],
        }),
      },
    },
    webhooks: {
      'payment.paid': {
        post: op('paymentPaid', 'Payments', {
          summary: 'Payment paid',
          parameters: [{name: 'webhook-id', in: 'header', required: true, schema: {type: 'string'}}],
          requestBody: {
            content: {
              'application/json': {schema: ref('Event'), examples: {paid: {summary: 'Paid', value: {id: 'evt_9'}}}},
            },
          },
          responses: {'2XX': {description: 'Received.'}},
          'x-sample-files': ['examples/webhooks/send.ts'],
        }),
      },
    },
    components: {
      schemas: {},
      parameters: {
        Id: {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The {id}.',
          schema: {type: 'string', pattern: '^pay_'},
        },
      },
      responses: {
        BadRequest: {
          description: 'Bad.',
          content: {'application/json': {schema: ref('Error'), example: {error: {code: 'invalid_amount'}}}},
        },
      },
      headers: {},
      securitySchemes: {},
    },
  },
);

const api = apiModel(description);
const [update, paid] = api.operations;
const lines = (...parts: string[]) => parts.join('\n\n');

describe('an operation section', () => {
  test('an API call: where to send it, guides, tested examples, parameters, body fields and every response', () => {
    expect(operationSection(api, update, [{file: 'payments/quickstart.mdx', title: 'Quick {start}'}])).toBe(
      lines(
        '## Update a \\<payment> {/* #update-payment */}',
        '`POST /v2/payments/{id}`',
        // The examples first: beside the fields on a wide screen, right under the endpoint on a phone.
        '### Example request {/* #update-payment-example-request */}',
        // What `send` and the API base are is said once, on the introduction's Examples section.
        'From a [tested sample](./index.mdx#examples), the whole file under it:',
        ':::code-tabs',
        '```bash file=examples/payments/update.sh region=request\n```',
        '```python file=examples/payments/update.py region=request\n```',
        ':::',
        'The Node.js example imports this file, shown whole:',
        '```ts file=examples/lib/client.ts\n```',
        // The first success's example, not repeated under its response.
        '### Example response {/* #update-payment-example-response */}',
        '```json title="200 response"\n{\n  "id": "pay_1",\n  "status": "open"\n}\n```',
        '{/* end of the examples */}',
        'Changes \\{it\\}.',
        'Used in [Quick \\{start\\}](../payments/quickstart.mdx).',
        '### Parameters {/* #update-payment-parameters */}',
        '#### `id` {/* #update-payment-parameter-id */}',
        'path · `string` · **required** · pattern `^pay_`',
        'The \\{id\\}.',
        '#### `expand` {/* #update-payment-parameter-expand */}',
        'query · array of `string` · optional · at most 1 items',
        'One of: `refunds`.',
        '### Request body {/* #update-payment-request-body */}',
        '#### `amount` {/* #update-payment-body-amount */}',
        '`string` · **required**',
        'Example: `9.99`.',
        // The call beside the fields sends a body already: the body's example is folded.
        '{/* fold: Example request body */}',
        '```json title="Request body"\n{\n  "amount": "9.99"\n}\n```',
        '{/* end of the fold */}',
        '### Responses {/* #update-payment-responses */}',
        // A response's description and what it returns: one paragraph, a line each.
        '#### `200` OK {/* #update-payment-response-200 */}',
        'The payment.\nReturns a [`Payment`](./objects.mdx#payment) object.',
        'Header `X-Plain`.',
        '#### `202` {/* #update-payment-response-202 */}',
        'Accepted.',
        // An error with codes: only the codes the operation lists, each linked to its cause and fix;
        // its shared description ("Bad.") and the error object are on the introduction.
        '#### `400` Bad Request {/* #update-payment-response-400 */}',
        'Error codes: [`invalid_amount`](./index.mdx#error-invalid-amount).',
        // The errors any operation can return, linked once, and Idempotent-Replayed, explained once on
        // the introduction: one paragraph instead of a header per response.
        'It can also answer [`5XX`](./index.mdx#error-status-5xx), [as every operation can](./index.mdx#errors-every-operation-can-return).\nA replayed response carries [`Idempotent-Replayed: true`](./index.mdx#idempotency).',
      ),
    );
  });

  test('a webhook: sent by Coinwharf, a delivery script, headers, the body as its object and the first example', () => {
    expect(operationSection(api, paid, [])).toBe(
      lines(
        '## Payment paid {/* #payment-paid */}',
        '`POST` to the URL of your webhook endpoint: a webhook (`payment.paid`), sent by Coinwharf',
        '### Example delivery {/* #payment-paid-example-delivery */}',
        'How Coinwharf signs and posts an event, from a script that sends one to your receiver:',
        ':::code-tabs',
        '```ts file=examples/webhooks/send.ts region=request\n```',
        ':::',
        // No success returns a body: no example response.
        '{/* end of the examples */}',
        '### Headers {/* #payment-paid-headers */}',
        '#### `webhook-id` {/* #payment-paid-parameter-webhook-id */}',
        'header · `string` · **required**',
        '### Request body {/* #payment-paid-request-body */}',
        'JSON, [`Event`](./objects.mdx#event): every field is on its section.',
        '{/* fold: Example request body */}',
        '```json title="Request body"\n{\n  "id": "evt_9"\n}\n```',
        '{/* end of the fold */}',
        '### Responses {/* #payment-paid-responses */}',
        '#### `2XX` Any success {/* #payment-paid-response-2xx */}',
        'Received.',
      ),
    );
  });

  test('a body that is no named object is shown as written, its own example first', () => {
    const inline = {
      ...update,
      operation: {
        ...update.operation,
        parameters: [],
        requestBody: {
          content: {'application/json': {schema: {type: 'object'}, example: {note: 'x'}}},
        },
        responses: {},
      },
    };
    expect(operationSection(api, inline, [])).toContain(
      lines(
        '### Request body {/* #update-payment-request-body */}',
        'JSON, an object: every field is on its section.',
        '{/* fold: Example request body */}',
        '```json title="Request body"\n{\n  "note": "x"\n}\n```',
        '{/* end of the fold */}',
        '### Responses {/* #update-payment-responses */}',
      ),
    );
    expect(operationSection(api, inline, [])).not.toContain('### Parameters');
  });

  test('a success whose status holds a 4 or a 5 is no error; two guides are listed with a comma', () => {
    const created = {
      ...update,
      operation: {
        ...update.operation,
        responses: {
          '204': {
            description: 'Done.',
            headers: {},
            content: {'application/json': {schema: resolveSchema(description, ref('Payment'))}},
          },
        },
      },
    };
    expect(
      operationSection(api, created, [
        {file: 'a.mdx', title: 'A'},
        {file: 'b.mdx', title: 'B'},
      ]),
    ).toContain('Used in [A](../a.mdx), [B](../b.mdx).');
    expect(operationSection(api, created, [])).toContain(
      lines(
        '### Example response {/* #update-payment-example-response */}',
        '```json title="204 response"\n{\n  "id": "pay_1",\n  "status": "open"\n}\n```',
      ),
    );
    expect(operationSection(api, created, [])).toContain(
      lines(
        '#### `204` {/* #update-payment-response-204 */}',
        'Done.\nReturns a [`Payment`](./objects.mdx#payment) object.',
      ),
    );
  });

  test('Idempotency-Key, explained once on the introduction: what it is for in one sentence and a link there', () => {
    const keyed = {
      ...update,
      operation: {
        ...update.operation,
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header' as const,
            description: 'A key for one operation,\nsaved before the first attempt. Keys are kept 24 hours.',
            schema: {type: 'string' as const},
          },
        ],
      },
    };
    expect(operationSection(api, keyed, [])).toContain(
      lines(
        '#### `Idempotency-Key` {/* #update-payment-parameter-idempotency-key */}',
        'header · `string` · optional',
        'One key per operation: a random UUID v4 saved before the first attempt, sent again with every retry. See [how keys work](./index.mdx#idempotency).',
      ),
    );
    expect(operationSection(api, keyed, [])).not.toContain('24 hours');
  });

  test("a body's required fields (and those marked x-shown-unfolded) first, then its optional ones between the comments the page folds them at", () => {
    const withOptional = {
      ...update,
      operation: {
        ...update.operation,
        requestBody: {
          content: {
            'application/json': {
              schema: {
                ref: 'UpdatePayment',
                type: 'object' as const,
                required: ['amount'],
                properties: {
                  note: {type: 'string' as const},
                  amount: {type: 'string' as const},
                  reason: {type: 'string' as const, 'x-shown-unfolded': true},
                },
              },
            },
          },
        },
      },
    };
    expect(operationSection(api, withOptional, [])).toContain(
      lines(
        '### Request body {/* #update-payment-request-body */}',
        '#### `amount` {/* #update-payment-body-amount */}',
        '`string` · **required**',
        // Optional, but leaving it out does something a reader must see: shown, not folded.
        '#### `reason` {/* #update-payment-body-reason */}',
        '`string` · optional',
        '{/* optional fields */}',
        '#### `note` {/* #update-payment-body-note */}',
        '`string` · optional',
        '{/* end of the optional fields */}',
      ),
    );
    // Only required fields, or only optional ones: nothing to fold.
    expect(operationSection(api, update, [])).not.toContain('{/* optional fields */}');
  });

  test('an operation with no sample file fails, naming it', () => {
    expect(() => sampleTabs({...paid, operation: {...paid.operation, 'x-sample-files': []}})).toThrow(
      'api/openapi.yaml: operation paymentPaid has no x-sample-files; add its examples/ files',
    );
  });

  test("a tag's page: its first frame waits for the first operation, then the tag's words, then a section per operation with its own guides", () => {
    const page = tagPage(api, api.tags[0], [paid, update], (entry) =>
      entry === update ? [{file: 'a.mdx', title: 'A'}] : [],
    );
    expect(
      page.startsWith(
        '<head>\n  <link rel="expect" href="#payment-paid" blocking="render" />\n</head>\n\nTake \\{money\\}.\n\n## Payment paid {/* #payment-paid */}',
      ),
    ).toBe(true);
    expect(page.indexOf('## Payment paid')).toBeLessThan(page.indexOf('## Update a'));
    expect(page.match(/Used in/g)).toEqual(['Used in']);
    expect(page).toContain('Changes \\{it\\}.\n\nUsed in [A](../a.mdx).');
    expect(tagPage(api, api.tags[1], [paid], () => []).split('\n\n')[1]).toBe('## Payment paid {/* #payment-paid */}');
  });
});

describe('the introduction', () => {
  test("opening, base URLs, the description's sections, every error code by status, the operations and the objects", () => {
    expect(introPage(api, api.operations, ['Payment', 'Event'])).toBe(
      lines(
        'Opening \\{words\\}.',
        '## Base URL {/* #base-url */}',
        '`https://api.example.test/v2`: Live and test.',
        '`https://sandbox.example.test/v2`',
        'Version `2.1` of the Tiny \\<API>.',
        '## The description file {/* #description-file */}',
        'This reference is generated from one OpenAPI `3.1.0` description of the API. Import it into Postman, Insomnia or a client generator: [openapi.yaml](pathname:///openapi.yaml) or the same as [openapi.json](pathname:///openapi.json).',
        'It describes the fields and values of today. Within `/v1` responses and events gain fields, enum values and event types (see [Versioning](#versioning)), so its response objects are open to fields it does not list, and a client generated from it must accept an enum value it does not know: with OpenAPI Generator, set `enumUnknownDefaultCase=true`. Request bodies are closed: a field they do not list gets `400 parameter_invalid`.',
        '## Examples {/* #examples */}',
        'Each operation shows its call from a tested sample file, in curl, Node.js and Python, with the whole file under it. The file defines `send`, which sends the request and retries on no answer, a `429`, a `5XX` or, for a POST, a `409 idempotency_in_progress`, and the API base, `https://api.example.test/v2`. Set `COINWHARF_SECRET_KEY` to your `cw_test_` key to run one: a curl file with curl 7.76 or later (and `jq`, for those that page through a list), a Node.js file with `npx tsx` (Node.js 24 or later), a Python file with Python 3.10 or later and the `requests` package; the first lines of each file say how.',
        'A webhook event, which the API sends to you, shows instead a tested file that signs a test event and sends it to your own endpoint, in Node.js and Python.',
        '## Authentication\n\nUse a key.',
        '## Errors {/* #errors */}',
        'A request that fails gets an HTTP status and a body holding one [error object](./objects.mdx#error): `type` (the kind of error), `code` (what went wrong, stable: branch on it), `message` (for developers, not for customers), `param` (the parameter at fault, or null) and `request_id` (quote it to support).',
        '```json title="400 response"\n{\n  "error": {\n    "code": "invalid_amount"\n  }\n}\n```',
        '### Errors every operation can return {/* #errors-every-operation-can-return */}',
        "Every API request can get these, whatever it does. Each operation's own errors are listed under it.",
        '#### `5XX` Server error {/* #error-status-5xx */}',
        'Our side.',
        'Error codes with this status: [`internal`](#error-internal), [`unavailable`](#error-unavailable).',
        '### Error codes {/* #error-codes */}',
        'Every code the API returns, with its HTTP status, what causes it and how to fix it:',
        '#### `invalid_amount` {/* #error-invalid-amount */}',
        '`400` · `invalid_request_error`',
        '**Cause:** Bad amount.',
        '**Fix:** Send a decimal.',
        '#### `rate_limited` {/* #error-rate-limited */}',
        '`429` · `rate_limit_error`',
        '**Cause:** Too many requests.',
        '**Fix:** Wait \\{a bit\\}.',
        '#### `internal` {/* #error-internal */}',
        '`500` · `api_error`',
        '**Cause:** Our fault.',
        '**Fix:** Retry.',
        '#### `unavailable` {/* #error-unavailable */}',
        '`503` · `api_error`',
        '**Cause:** Down.',
        '**Fix:** Retry later.',
        '## Operations {/* #operations */}',
        '### Payments {/* #tag-payments */}',
        'Take \\{money\\}.',
        '- [Update a \\<payment>](./payments.mdx#update-payment): `POST /v2/payments/{id}`\n- [Payment paid](./payments.mdx#payment-paid): `POST (webhook payment.paid)`',
        '### Empty {/* #tag-empty */}',
        '## Objects {/* #objects */}',
        'What the API returns and sends, field by field, each field with a link of its own:',
        '- [Payment](./objects.mdx#payment)\n- [Event](./objects.mdx#event)',
      ),
    );
  });

  test('a description without sections keeps its opening whole', () => {
    const plain = apiModel({...description, info: {...description.info, description: 'Only words.'}});
    expect(introPage(plain, [], []).startsWith('Only words.\n\n## Base URL')).toBe(true);
    expect(introPage(plain, [], [])).toContain(
      'Version `2.1` of the Tiny \\<API>.\n\n## The description file {/* #description-file */}\n\nThis reference is generated from one OpenAPI `3.1.0` description of the API. Import it into Postman, Insomnia or a client generator: [openapi.yaml](pathname:///openapi.yaml) or the same as [openapi.json](pathname:///openapi.json).\n\nIt describes the fields and values of today. Within `/v1` responses and events gain fields, enum values and event types (see [Versioning](#versioning)), so its response objects are open to fields it does not list, and a client generated from it must accept an enum value it does not know: with OpenAPI Generator, set `enumUnknownDefaultCase=true`. Request bodies are closed: a field they do not list gets `400 parameter_invalid`.\n\n## Examples {/* #examples */}\n\nEach operation shows its call from a tested sample file, in curl, Node.js and Python, with the whole file under it. The file defines `send`, which sends the request and retries on no answer, a `429`, a `5XX` or, for a POST, a `409 idempotency_in_progress`, and the API base, `https://api.example.test/v2`. Set `COINWHARF_SECRET_KEY` to your `cw_test_` key to run one: a curl file with curl 7.76 or later (and `jq`, for those that page through a list), a Node.js file with `npx tsx` (Node.js 24 or later), a Python file with Python 3.10 or later and the `requests` package; the first lines of each file say how.\n\n## Errors',
    );
  });

  test('no error codes to list fails the build, however much of the error object is missing', () => {
    const partial = [
      undefined,
      {type: 'object'},
      {properties: {}},
      {properties: {error: {type: 'object'}}},
      {properties: {error: {properties: {}}}},
      {properties: {error: {properties: {code: {type: 'string'}}}}},
    ];
    for (const Error of partial) {
      const schemas: Record<string, Schema> = Error ? {Error: Error as Schema} : {};
      expect(
        () =>
          errorCodes(
            apiModel({
              ...description,
              paths: {},
              webhooks: {},
              components: {...description.components, responses: {}, schemas},
            }),
          ),
        JSON.stringify(Error),
      ).toThrow('api/openapi.yaml: the Error schema has no error.code x-error-codes to list');
    }
  });

  test('the description splits at its first heading at the start of a line; no example response, no block', () => {
    const plain = {
      ...description,
      info: {...description.info, description: 'Use ## for nothing.\n\n## Limits\n\nSome.'},
      components: {...description.components, responses: {BadRequest: {description: 'Bad.'}}},
    };
    const intro = introPage(apiModel(plain), [], []);
    const notJson = {
      ...plain,
      components: {
        ...description.components,
        responses: {BadRequest: {description: 'Bad.', content: {'text/plain': {}}}},
      },
    };
    expect(introPage(apiModel(notJson), [], [])).toContain('(quote it to support).\n\n### Error codes');
    expect(intro.startsWith('Use ## for nothing.\n\n## Base URL')).toBe(true);
    expect(intro).toContain(
      'Version `2.1` of the Tiny \\<API>.\n\n## The description file {/* #description-file */}\n\nThis reference is generated from one OpenAPI `3.1.0` description of the API. Import it into Postman, Insomnia or a client generator: [openapi.yaml](pathname:///openapi.yaml) or the same as [openapi.json](pathname:///openapi.json).\n\nIt describes the fields and values of today. Within `/v1` responses and events gain fields, enum values and event types (see [Versioning](#versioning)), so its response objects are open to fields it does not list, and a client generated from it must accept an enum value it does not know: with OpenAPI Generator, set `enumUnknownDefaultCase=true`. Request bodies are closed: a field they do not list gets `400 parameter_invalid`.\n\n## Examples {/* #examples */}\n\nEach operation shows its call from a tested sample file, in curl, Node.js and Python, with the whole file under it. The file defines `send`, which sends the request and retries on no answer, a `429`, a `5XX` or, for a POST, a `409 idempotency_in_progress`, and the API base, `https://api.example.test/v2`. Set `COINWHARF_SECRET_KEY` to your `cw_test_` key to run one: a curl file with curl 7.76 or later (and `jq`, for those that page through a list), a Node.js file with `npx tsx` (Node.js 24 or later), a Python file with Python 3.10 or later and the `requests` package; the first lines of each file say how.\n\n## Limits\n\nSome.\n\n## Errors',
    );
    expect(intro).toContain('(quote it to support).\n\n### Error codes');
  });
});

describe('the objects page', () => {
  test('objects with an id first, then the other objects; request bodies and value types left out', () => {
    expect(objectNames(api, new Set(['UpdatePayment']))).toEqual(['Payment', 'Event', 'Error']);
    expect(objectNames(api, new Set())).toEqual(['Payment', 'Event', 'Error', 'UpdatePayment']);
    expect(typeNames(api)).toEqual(['Status']);
  });

  test('a section per object: title, description, fields and example; then the value types', () => {
    expect(objectsPage(api, ['Payment'])).toBe(
      lines(
        'Every object the API returns or sends, field by field. Each field has a link of its own: copy it from the `#` beside its name.',
        '## Payment {/* #payment */}',
        'A payment.',
        '### Fields of payment {/* #payment-fields */}',
        '#### `id` {/* #payment-id */}',
        '`string` · optional',
        'Example: `pay_1`.',
        '#### `status` {/* #payment-status */}',
        '`string` ([`Status`](./objects.mdx#type-status)) · optional',
        'One of: `open`, `paid`.',
        '### Example payment {/* #payment-example */}',
        '```json\n{\n  "id": "pay_1",\n  "status": "open"\n}\n```',
        '## Value types {/* #value-types */}',
        'The types that fields above refer to by name: their format and every value they take.',
        '### `Status` {/* #type-status */}',
        '`string`',
        'One of: `open`, `paid`.',
      ),
    );
  });

  test('a two-word object reads as words in its headings', () => {
    const two = tinyModel({WebhookEndpoint: {type: 'object', properties: {url: {type: 'string'}}}});
    expect(objectsPage(two, ['WebhookEndpoint'])).toContain(
      lines(
        '## Webhook endpoint {/* #webhook-endpoint */}',
        '### Fields of webhook endpoint {/* #webhook-endpoint-fields */}',
        '#### `url` {/* #webhook-endpoint-url */}',
      ),
    );
    expect(objectsPage(two, ['WebhookEndpoint'])).toContain(
      '### Example webhook endpoint {/* #webhook-endpoint-example */}',
    );
  });
});

test('rate-limit headers every response carries are named once per operation, not under each response', () => {
  const limited = tinyModel(
    {},
    {
      paths: {
        '/balance': {
          get: op('getBalance', 'Balance', {
            'x-sample-files': ['examples/balance.sh'],
            responses: {
              '200': {
                description: 'The balance.',
                headers: {
                  'RateLimit-Limit': {description: 'Allowed.'},
                  'RateLimit-Remaining': {description: 'Left.'},
                  'X-Own': {description: 'Its own.'},
                },
              },
            },
          }),
        },
      },
    },
  );
  const section = operationSection(limited, limited.operations[0], []);
  // One line at the end of the responses, after the operation's own.
  expect(section).toContain('### Responses {/* #get-balance-responses */}\n\n#### `200` OK');
  expect(section.endsWith('\n\nEvery response carries the [rate-limit headers](./index.mdx#rate-limits).')).toBe(true);
  expect(section).toContain('Header `X-Own`: Its own.');
  expect(section).not.toContain('Header `RateLimit-');
  expect(section).not.toContain('Idempotent-Replayed');
});

test('a response "returns an" object whose name starts with a vowel, "a" one whose name does not', () => {
  const page = (name: string) => ({
    description: 'A page.',
    headers: {},
    content: {'application/json': {schema: {$ref: `#/components/schemas/${name}`}}},
  });
  const model = tinyModel(
    {EventList: {type: 'object', properties: {}}, RefundList: {type: 'object', properties: {}}},
    {
      paths: {
        '/events': {
          get: op('listEvents', 'Events', {'x-sample-files': ['examples/e.sh'], responses: {'200': page('EventList')}}),
        },
        '/refunds': {
          get: op('listRefunds', 'Refunds', {
            'x-sample-files': ['examples/r.sh'],
            responses: {'200': page('RefundList')},
          }),
        },
      },
    },
  );
  const [events, refunds] = model.operations.map((entry) => operationSection(model, entry, []));
  expect(events).toContain('A page.\nReturns an [`EventList`](./objects.mdx#event-list) object.');
  expect(refunds).toContain('A page.\nReturns a [`RefundList`](./objects.mdx#refund-list) object.');
});
