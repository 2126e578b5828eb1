/**
 * A tag's page (Payments, Refunds, …) with a section per operation: what it
 * does, the guides that use it, its request example (the tested files of
 * `x-sample-files`, in the site-wide tabs), its parameters, its request body
 * field by field, and its responses: each success with its schema and example,
 * each error of its own with the codes it can return (the errors every operation
 * can return are on the introduction, linked). One page per tag rather than per operation: every
 * route adds its entry to the data every page loads (see README, Budgets).
 */
import {exampleLanguage} from '../../code-blocks/languages';
import {anchorId, fullPath, operationSlug} from '../description';
import {exampleOf} from '../example';
import {fieldsOf} from '../fields';
import type {GuideLink} from '../guides';
import {blocks, code, heading, jsonBlock, mdxText} from '../mdx';
import type {ApiModel, OperationEntry, Parameter, Response} from '../model';
import {constraints, enumLine, headerLine, renderFields, schemaLink, typeLabel} from '../render-fields';
import {
  checkErrorCodes,
  codeLinks,
  commonErrorsLine,
  explainedOnce,
  isCommonStatus,
  operationCodes,
  statusText,
} from './errors';

/** The `:::code-tabs` group of the operation's tested sample files. */
export function sampleTabs(entry: OperationEntry): string {
  const files = entry.operation['x-sample-files'] ?? [];
  if (files.length === 0) {
    throw new Error(
      `api/openapi.yaml: operation ${entry.operation.operationId} has no x-sample-files; add its examples/ files`,
    );
  }
  const fence = (file: string) => {
    const extension = file.slice(file.lastIndexOf('.') + 1);
    return `\`\`\`${exampleLanguage(file).fenceNames[0] ?? extension} file=${file}\n\`\`\``;
  };
  const imports = entry.operation['x-sample-imports'] ?? [];
  return [
    ':::code-tabs',
    ...files.map(fence),
    ':::',
    ...(imports.length > 0 ? ['The examples import these files, shown whole:', ...imports.map(fence)] : []),
  ].join('\n\n');
}

function renderParameter(api: ApiModel, parameter: Parameter, prefix: string): string {
  // A parameter of a named type (`PaymentId`) has its constraints and values on the type's section, linked.
  const inPlace = parameter.schema.ref === undefined ? parameter.schema : {};
  const meta = [
    parameter.in,
    typeLabel(api, parameter.schema, parameter.schema.ref),
    parameter.required ? '**required**' : 'optional',
    ...constraints(inPlace),
  ].join(' · ');
  return blocks(
    heading(4, code(parameter.name), `${prefix}-parameter-${anchorId(parameter.name)}`),
    meta,
    parameter.description && mdxText(parameter.description),
    enumLine(inPlace),
  );
}

/** The line that stands for the headers left out of every response, naming only those the operation has. */
function headersNote(operation: OperationEntry['operation']): string | false {
  const names = new Set(Object.values(operation.responses).flatMap((response) => Object.keys(response.headers)));
  const rateLimits = names.has('RateLimit-Limit');
  const replay = names.has('Idempotent-Replayed');
  if (!rateLimits && !replay) return false;
  return [
    rateLimits && 'Every response carries the [rate-limit headers](./index.mdx#rate-limits).',
    replay &&
      'A response stored under an `Idempotency-Key` and returned again to a retry carries [`Idempotent-Replayed: true`](./index.mdx#idempotency).',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Whether a response is an error of the operation's own that returns the API's error object, and so
 * lists its codes. A webhook's answers are the receiver's (a 410 stops deliveries), with no codes.
 */
const listsCodes = (status: string, response: Response): boolean =>
  /^[45]/.test(status) && !isCommonStatus(status) && response.content?.['application/json']?.schema?.ref === 'Error';

function renderResponse(
  api: ApiModel,
  entry: OperationEntry,
  status: string,
  response: Response,
  prefix: string,
): string {
  const media = response.content?.['application/json'];
  const schema = media?.schema;
  const isError = /^[45]/.test(status);
  const codes = listsCodes(status, response) ? operationCodes(api, entry, status) : [];
  const headers = Object.entries(response.headers)
    .filter(([name]) => !explainedOnce.has(name))
    .map(([name, header]) => headerLine(api, name, header));
  const returns = schema?.ref && `Returns ${isError ? 'an' : 'a'} ${typeLabel(api, schema, schema.ref)}.`;
  return blocks(
    heading(4, `${code(status)} ${statusText[status] ?? ''}`.trim(), `${prefix}-response-${status.toLowerCase()}`),
    mdxText(response.description),
    returns,
    ...headers,
    codes.length > 0 && `Error codes: ${codeLinks(codes, './index.mdx')}.`,
    // A success shows the body it returns; an error's body is the error object, shown on the introduction.
    // The response's own example when it has one (a cancel answers a canceled payment), else the schema's.
    schema && !isError && jsonBlock(media?.example ?? exampleOf(schema), `${status} response`),
  );
}

/** The id of an operation's section on its tag's page: `createPayment` → `create-payment`. */
export const operationAnchor = (entry: OperationEntry): string => operationSlug(entry.operation.operationId);

/** One operation's section: an h2 with its summary, then its example, parameters, request body and responses. */
export function operationSection(api: ApiModel, entry: OperationEntry, guides: GuideLink[]): string {
  const {operation} = entry;
  if (Object.entries(operation.responses).some(([status, response]) => listsCodes(status, response))) {
    checkErrorCodes(api, entry);
  }
  const id = operationAnchor(entry);
  const {parameters} = operation;
  const bodyMedia = operation.requestBody?.content['application/json'];
  const body = bodyMedia?.schema;
  const bodyExample = () =>
    jsonBlock(
      bodyMedia?.example ?? Object.values(bodyMedia?.examples ?? {})[0]?.value ?? exampleOf(body ?? {}),
      'Request body',
    );
  const bodyName = body?.ref;
  const bodyIsObject = bodyName !== undefined && api.schemas[bodyName].properties && !entry.webhook;
  const where = entry.webhook
    ? `${code(entry.method.toUpperCase())} to the URL of your webhook endpoint: a webhook (${code(entry.path)}), sent by Coinwharf`
    : code(`${entry.method.toUpperCase()} ${fullPath(api, entry)}`);
  const usedIn =
    guides.length > 0
      ? `Used in ${guides.map((guide) => `[${mdxText(guide.title)}](../${guide.file})`).join(', ')}.`
      : undefined;
  return blocks(
    heading(2, mdxText(operation.summary), id),
    where,
    operation.description && mdxText(operation.description),
    usedIn,
    // Each heading's id is its section's and its own words: search names it after the operation
    // ("Example delivery · An event delivered to your endpoint").
    entry.webhook
      ? heading(3, 'Example delivery', `${id}-example-delivery`)
      : heading(3, 'Example request', `${id}-example-request`),
    entry.webhook
      ? 'A script that signs a sample event as Coinwharf does and posts it to your receiver:'
      : 'Set `COINWHARF_SECRET_KEY` to your `cw_test_` key first; each file is complete and tested.',
    sampleTabs(entry),
    parameters.length > 0 &&
      (entry.webhook ? heading(3, 'Headers', `${id}-headers`) : heading(3, 'Parameters', `${id}-parameters`)),
    ...parameters.map((parameter) => renderParameter(api, parameter, id)),
    body && heading(3, 'Request body', `${id}-request-body`),
    body &&
      (bodyIsObject
        ? blocks(
            'A JSON object with these fields:',
            renderFields(api, fieldsOf(api, body, `${id}-body`), 4),
            bodyExample(),
          )
        : blocks(
            `JSON, ${bodyName ? schemaLink(api, bodyName) : 'an object'}: every field is on its section.`,
            bodyExample(),
          )),
    heading(3, 'Responses', `${id}-responses`),
    headersNote(operation),
    ...Object.entries(operation.responses)
      .filter(([status]) => !isCommonStatus(status))
      .map(([status, response]) => renderResponse(api, entry, status, response, id)),
    commonErrorsLine(entry),
  );
}

/** A tag's page: its description, then a section per operation, in the description's order. */
export function tagPage(
  api: ApiModel,
  tag: {name: string; description?: string},
  entries: OperationEntry[],
  guidesOf: (entry: OperationEntry) => GuideLink[],
): string {
  return blocks(
    tag.description && mdxText(tag.description),
    ...entries.map((entry) => operationSection(api, entry, guidesOf(entry))),
  );
}
