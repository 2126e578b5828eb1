/**
 * Which error codes an operation lists, and the errors every operation can return. An operation names
 * the codes it can return in its own `x-error-codes`; `401`, `429` and `5XX`, which any operation can
 * answer whatever it does, are explained once on the introduction and linked from each operation.
 */
import {anchorId, type ErrorCode} from '../description';
import {blocks, code, heading, mdxText} from '../mdx';
import type {ApiModel, OperationEntry} from '../model';
import {headerLine} from '../render-fields';

export const statusText: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '2XX': 'Any success',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '404': 'Not Found',
  '409': 'Conflict',
  '410': 'Gone',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '5XX': 'Server error',
};

/** The id of an error code's section on the introduction. */
export const errorAnchor = (name: string): string => `error-${anchorId(name)}`;

/** Every error code, `x-error-codes` of the error object's `code`. */
export function errorCodes(api: ApiModel): Record<string, ErrorCode> {
  const error = api.schemas.Error?.properties?.error;
  const codes = error?.properties?.code?.['x-error-codes'];
  if (!codes) throw new Error('api/openapi.yaml: the Error schema has no error.code x-error-codes to list');
  return codes;
}

/**
 * Headers every response carries (rate limits) or every stored POST answer may carry (a replay):
 * the introduction explains them once, so an operation's responses do not repeat them.
 */
export const explainedOnce = new Set([
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Idempotent-Replayed',
]);

/** A status any operation can answer: a bad key, too many requests, a server error. */
export const isCommonStatus = (status: string): boolean => status === '401' || status === '429' || /^5/.test(status);

/** The introduction's section on them, and each status's own. */
export const commonErrorsAnchor = 'errors-every-operation-can-return';
export const commonStatusAnchor = (status: string): string => `error-status-${status.toLowerCase()}`;

const matches = (code: ErrorCode, status: string) =>
  /^\dXX$/i.test(status) ? String(code.status)[0] === status[0] : String(code.status) === status;

/** The code names listed under a status, as links to their sections on the introduction. */
export const codeLinks = (names: string[], page = ''): string =>
  names.map((name) => `[${code(name)}](${page}#${errorAnchor(name)})`).join(', ');

/** Every error code with a status any operation can answer: `401` → invalid_api_key. */
export const commonCodes = (api: ApiModel, status: string): string[] =>
  Object.entries(errorCodes(api))
    .filter(([, error]) => matches(error, status))
    .map(([name]) => name);

/**
 * Fails the build on an operation's `x-error-codes` entry that the description does not define, or
 * whose status the operation has no response of its own for.
 */
export function checkErrorCodes(api: ApiModel, entry: OperationEntry): void {
  const all = errorCodes(api);
  const {operationId, responses} = entry.operation;
  for (const name of entry.operation['x-error-codes'] ?? []) {
    const error = all[name];
    if (!error)
      throw new Error(
        `api/openapi.yaml: operation ${operationId} lists error code ${name}, which x-error-codes of the Error object does not define`,
      );
    if (!Object.keys(responses).some((answered) => !isCommonStatus(answered) && matches(error, answered))) {
      throw new Error(
        `api/openapi.yaml: operation ${operationId} lists error code ${name} (${error.status}), but has no ${error.status} response of its own`,
      );
    }
  }
}

/**
 * The codes an operation lists under one of its own error statuses (`checkErrorCodes` has checked
 * them); the build fails on an error status of its own with no code listed.
 */
export function operationCodes(api: ApiModel, entry: OperationEntry, status: string): string[] {
  const all = errorCodes(api);
  const codes = (entry.operation['x-error-codes'] ?? []).filter((name) => matches(all[name], status));
  if (codes.length === 0) {
    throw new Error(
      `api/openapi.yaml: operation ${entry.operation.operationId} answers ${status} but lists no error code with that status in its x-error-codes`,
    );
  }
  return codes;
}

/** The line under an operation's responses that links the common ones it declares. */
export function commonErrorsLine(entry: OperationEntry): string | false {
  const statuses = Object.keys(entry.operation.responses).filter(isCommonStatus);
  if (statuses.length === 0) return false;
  const links = statuses.map((status) => `[${code(status)}](./index.mdx#${commonStatusAnchor(status)})`);
  const listed = links.length === 1 ? links[0] : `${links.slice(0, -1).join(', ')} and ${links.at(-1)}`;
  return `It can also answer ${listed}, [as every operation can](./index.mdx#${commonErrorsAnchor}).`;
}

/**
 * The introduction's section on the statuses every operation can answer: what each means, with the
 * descriptions of the operations' responses (a read's and a write's differ: a write is retried with
 * its `Idempotency-Key`), the headers that are not explained elsewhere, and the codes.
 */
export function commonErrorsSection(api: ApiModel, entries: OperationEntry[]): string | false {
  const statuses = [...new Set(entries.flatMap(({operation}) => Object.keys(operation.responses)))]
    .filter(isCommonStatus)
    .sort();
  if (statuses.length === 0) return false;
  return blocks(
    heading(3, 'Errors every operation can return', commonErrorsAnchor),
    "Every API request can get these, whatever it does. Each operation's own errors are listed under it.",
    ...statuses.map((status) => {
      const answering = entries.filter(({operation}) => operation.responses[status]);
      // Each distinct description once, with the methods whose operations give it.
      const byDescription = new Map<string, Set<string>>();
      for (const {method, operation} of answering) {
        const text = operation.responses[status].description;
        byDescription.set(text, (byDescription.get(text) ?? new Set()).add(method.toUpperCase()));
      }
      const descriptions = [...byDescription].map(([text, methods]) =>
        byDescription.size === 1 ? mdxText(text) : `${[...methods].map(code).join(', ')}: ${mdxText(text)}`,
      );
      const headers = new Map(
        answering.flatMap(({operation}) =>
          Object.entries(operation.responses[status].headers).filter(([name]) => !explainedOnce.has(name)),
        ),
      );
      const codes = commonCodes(api, status);
      return blocks(
        heading(4, `${code(status)} ${statusText[status] ?? ''}`.trim(), commonStatusAnchor(status)),
        ...descriptions,
        ...[...headers].map(([name, header]) => headerLine(api, name, header)),
        codes.length > 0 && `Error codes with this status: ${codeLinks(codes)}.`,
      );
    }),
  );
}
