import {expect, test} from 'vitest';
import {referencePages} from '../../../plugins/api-reference/generate';

// Only an operation that takes an Idempotency-Key can have an answer stored under one and replayed:
// the generated reference of api/openapi.yaml says so on every POST and on no GET, whose answers
// never mention a key.

const replayNote = 'a replayed one, [`Idempotent-Replayed: true`](./index.mdx#idempotency).';

test('only the operations that take an Idempotency-Key say a stored response carries Idempotent-Replayed', () => {
  const said: string[] = [];
  for (const page of referencePages(process.cwd())) {
    for (const section of page.content.split(/^## /m).slice(1)) {
      const route = /^`(GET|POST) (\/v1\/[^`]+)`$/m.exec(section);
      if (!route) continue;
      const takesKey = section.includes('#### `Idempotency-Key`');
      // A read takes no key: none of its answers tells the reader to retry with one or says one was not stored.
      if (route[1] === 'GET')
        expect(section, route[2]).not.toMatch(/same Idempotency-Key|stored under an `Idempotency-Key`|replayed/i);
      said.push(`${route[1]} ${route[2]}: ${section.includes(replayNote) ? 'replay' : '-'} ${takesKey ? 'key' : '-'}`);
    }
  }
  expect(said.sort()).toEqual([
    'GET /v1/balance: - -',
    'GET /v1/events: - -',
    'GET /v1/payments/{id}: - -',
    'GET /v1/payments: - -',
    'GET /v1/refunds/{id}: - -',
    'GET /v1/refunds: - -',
    'POST /v1/payments/{id}/accept: replay key',
    'POST /v1/payments/{id}/cancel: replay key',
    'POST /v1/payments: replay key',
    'POST /v1/refunds: replay key',
    'POST /v1/sandbox/payments/{id}/simulate: replay key',
    'POST /v1/sandbox/refunds/{id}/simulate: replay key',
    'POST /v1/webhook_endpoints: replay key',
  ]);
});
