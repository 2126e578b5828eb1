import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {referencePages} from '../../../plugins/api-reference/generate';

// What the reference tells a reader each operation can answer besides 401, 429 and 5XX (which the
// introduction explains once): each error status of its own, with the codes listed under it. The
// sample tests add the other half: the mock API, which they all run against, reports as a violation
// any error code it answers that the operation does not list (tests/support/mock-api.ts).

const repoRoot = path.resolve(__dirname, '../../..');
const idempotency = ['idempotency_conflict', 'idempotency_in_progress'];

/** Per operation (its section's id): each error status it shows, with its codes in the page's order. */
const expected: Record<string, Record<string, string[]>> = {
  'list-payments': {'400': ['parameter_invalid']},
  'create-payment': {
    '400': ['parameter_invalid', 'parameter_missing', 'amount_too_small', 'amount_too_large'],
    '409': idempotency,
    '422': ['unsupported_asset_network', 'unsupported_currency'],
  },
  'get-payment': {'400': ['parameter_invalid'], '404': ['resource_missing']},
  'cancel-payment': {
    '400': ['parameter_invalid'],
    '404': ['resource_missing'],
    '409': ['payment_invalid_state', ...idempotency],
  },
  'accept-payment': {
    '400': ['parameter_invalid'],
    '404': ['resource_missing'],
    '409': ['payment_invalid_state', ...idempotency],
  },
  'list-refunds': {'400': ['parameter_invalid']},
  'create-refund': {
    '400': [
      'parameter_invalid',
      'parameter_missing',
      'refund_exceeds_payment',
      'refund_exceeds_excess',
      'refund_reason_invalid',
      'refund_must_be_full',
      'refund_address_invalid',
    ],
    '404': ['resource_missing'],
    '409': ['payment_invalid_state', 'balance_insufficient', ...idempotency],
  },
  'get-refund': {'400': ['parameter_invalid'], '404': ['resource_missing']},
  'list-events': {'400': ['parameter_invalid']},
  // A webhook's answers are your receiver's: no error object, no codes.
  'receive-event': {'400': [], '410': []},
  'create-webhook-endpoint': {'400': ['parameter_invalid', 'parameter_missing'], '409': idempotency},
  'get-balance': {},
  'simulate-payment': {
    '400': ['parameter_invalid', 'parameter_missing', 'sandbox_only'],
    '404': ['resource_missing'],
    '409': ['payment_invalid_state', ...idempotency],
  },
  'simulate-refund': {
    '400': ['parameter_invalid', 'parameter_missing', 'sandbox_only'],
    '404': ['resource_missing'],
    '409': ['refund_invalid_state', ...idempotency],
  },
};

/** Every operation's section of the tag pages, by its id. */
function operationSections(): Map<string, string> {
  const sections = new Map<string, string>();
  for (const {file, content} of referencePages(repoRoot)) {
    if (file === 'index.mdx' || file === 'objects.mdx') continue;
    for (const section of content.split(/\n(?=## )/).slice(1)) {
      const id = /^## .* \{\/\* #([\w-]+) \*\/\}/.exec(section)?.[1];
      if (id) sections.set(id, section);
    }
  }
  return sections;
}

/** The error statuses a section shows (`#### \`409\` Conflict`), each with the codes listed under it. */
function shownErrors(section: string): Record<string, string[]> {
  const shown: Record<string, string[]> = {};
  for (const response of section.split(/\n(?=#### `)/)) {
    const status = /^#### `([45]\w\w)`/.exec(response)?.[1];
    if (!status) continue;
    const line = /^Error codes: (.*)\.$/m.exec(response)?.[1] ?? '';
    shown[status] = [...line.matchAll(/\[`(\w+)`\]/g)].map(([, name]) => name);
  }
  return shown;
}

const sections = operationSections();

describe('each operation lists the errors it can return, and only those', () => {
  test('every operation of the reference is here', () => {
    expect([...sections.keys()].sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [id, errors] of Object.entries(expected)) {
    test(`${id}: ${Object.keys(errors).join(', ') || 'no error status'} of its own, then a link to the errors every operation can return`, () => {
      const section = sections.get(id)!;
      expect(shownErrors(section)).toEqual(errors);
      // 401, 429 and 5XX are not repeated under the operation: one line links them on the introduction.
      expect(section).not.toMatch(/^#### `(401|429|5XX)`/m);
      if (id !== 'receive-event') {
        expect(section).toContain(
          'It can also answer [`401`](./index.mdx#error-status-401), [`429`](./index.mdx#error-status-429) and [`5XX`](./index.mdx#error-status-5xx), [as every operation can](./index.mdx#errors-every-operation-can-return).',
        );
      }
    });
  }

  test('a read (GET) never tells the reader to retry with an Idempotency-Key, which it does not take', () => {
    for (const id of ['list-payments', 'get-payment', 'list-refunds', 'get-refund', 'list-events', 'get-balance']) {
      expect(sections.get(id), id).not.toMatch(/retry[^.]*Idempotency-Key/i);
    }
  });
});

test('the introduction explains 401, 429 and 5XX once, a read and a write each with its own retry', () => {
  const intro = referencePages(repoRoot).find(({file}) => file === 'index.mdx')!.content;
  const section = intro.slice(intro.indexOf('### Errors every operation can return'), intro.indexOf('### Error codes'));
  expect(section).toContain('#### `401` Unauthorized {/* #error-status-401 */}');
  expect(section).toContain('`GET`: Rate limited. Wait `Retry-After` seconds, then retry.');
  expect(section).toContain(
    '`POST`: Rate limited. Wait `Retry-After` seconds, then retry with the same Idempotency-Key.',
  );
  expect(section).toContain('`GET`: Coinwharf failed. A read changes nothing, so retry it with exponential backoff.');
  expect(section).toContain('Error codes with this status: [`rate_limited`](#error-rate-limited).');
  expect(section).toContain('#### `5XX` Server error {/* #error-status-5xx */}');
});
