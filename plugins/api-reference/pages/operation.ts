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
import {fieldsOf, type Field} from '../fields';
import type {GuideLink} from '../guides';
import {
  blocks,
  code,
  examplesEnd,
  foldEnd,
  foldStart,
  heading,
  jsonBlock,
  mdxText,
  optionalFieldsEnd,
  optionalFieldsStart,
} from '../mdx';
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

/**
 * The `:::code-tabs` group of the operation's tested sample files: in each tab the file's call (its
 * `#region request`), the whole file under it.
 */
export function sampleTabs(entry: OperationEntry): string {
  const files = entry.operation['x-sample-files'] ?? [];
  if (files.length === 0) {
    throw new Error(
      `api/openapi.yaml: operation ${entry.operation.operationId} has no x-sample-files; add its examples/ files`,
    );
  }
  const fence = (file: string, region = '') => {
    const extension = file.slice(file.lastIndexOf('.') + 1);
    return `\`\`\`${exampleLanguage(file).fenceNames[0] ?? extension} file=${file}${region}\n\`\`\``;
  };
  const imports = entry.operation['x-sample-imports'] ?? [];
  return [
    ':::code-tabs',
    ...files.map((file) => fence(file, ' region=request')),
    ':::',
    // An import belongs to the tab of its language: "The Python example imports this file".
    ...imports.flatMap((file) => [
      `The ${exampleLanguage(file).tab} example imports this file, shown whole:`,
      fence(file),
    ]),
  ].join('\n\n');
}

/**
 * Request headers every POST takes, explained in full once on the introduction: each operation shows
 * the description's first sentence and links there.
 */
const headersExplainedOnce: Record<string, {says: string; section: string; title: string}> = {
  'Idempotency-Key': {
    says: 'One key per operation: a random UUID v4 saved before the first attempt, sent again with every retry.',
    section: './index.mdx#idempotency',
    title: 'how keys work',
  },
};

/** A parameter's description as the operation shows it: whole, or what it is for and a link. */
function parameterDescription(parameter: Parameter): string | undefined {
  const description = parameter.description && mdxText(parameter.description);
  const once = parameter.in === 'header' ? headersExplainedOnce[parameter.name] : undefined;
  if (!description || !once) return description;
  return `${once.says} See [${once.title}](${once.section}).`;
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
    parameterDescription(parameter),
    enumLine(inPlace),
  );
}

/** The sentence that stands for the headers left out of every response, naming only those the operation has. */
function headersNote(operation: OperationEntry['operation']): string | false {
  const names = new Set(Object.values(operation.responses).flatMap((response) => Object.keys(response.headers)));
  const rateLimits = names.has('RateLimit-Limit');
  const replay = names.has('Idempotent-Replayed');
  if (!rateLimits && !replay) return false;
  const replayed = '[`Idempotent-Replayed: true`](./index.mdx#idempotency)';
  if (!rateLimits) return `A replayed response carries ${replayed}.`;
  return `Every response carries the [rate-limit headers](./index.mdx#rate-limits)${replay ? `; a replayed one, ${replayed}` : ''}.`;
}

/**
 * Whether a response is an error of the operation's own that returns the API's error object, and so
 * lists its codes. A webhook's answers are the receiver's (a 410 stops deliveries), with no codes.
 */
const listsCodes = (status: string, response: Response): boolean =>
  /^[45]/.test(status) && !isCommonStatus(status) && response.content?.['application/json']?.schema?.ref === 'Error';

/** A success response's example body: its own when it has one (a cancel answers a canceled payment), else its schema's. */
function responseExample(response: Response): unknown {
  const media = response.content?.['application/json'];
  return media?.example ?? (media?.schema ? exampleOf(media.schema) : undefined);
}

/** The first success that returns a body: its example is shown beside the request. */
function exampleResponse(entry: OperationEntry): [string, Response] | undefined {
  return Object.entries(entry.operation.responses).find(
    ([status, response]) => /^2/.test(status) && response.content?.['application/json']?.schema,
  );
}

/**
 * Whether an error response's description is one every operation shares (`BadRequest`: "Invalid
 * request: …"): its error codes, each linked to its cause and fix, say more, so it is left out.
 */
const sharedDescription = (api: ApiModel, response: Response): boolean =>
  Object.values(api.responses).some((named) => named.description === response.description);

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
  const article = schema?.ref && /^[AEIOU]/.test(schema.ref) ? 'an' : 'a';
  const returns = schema?.ref && `Returns ${article} ${typeLabel(api, schema, schema.ref)}.`;
  // One paragraph, its sentences on lines of their own: what it is, what it returns, its codes.
  // An error with codes names its codes, each linked to its cause and fix; every error returns the
  // error object, which the introduction shows.
  const says = [
    !(codes.length > 0 && sharedDescription(api, response)) && mdxText(response.description),
    codes.length === 0 && returns,
    codes.length > 0 && `Error codes: ${codeLinks(codes, './index.mdx')}.`,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return blocks(
    heading(4, `${code(status)} ${statusText[status] ?? ''}`.trim(), `${prefix}-response-${status.toLowerCase()}`),
    says.join('\n'),
    ...headers,
    // A success shows the body it returns (the first one's is beside the request); an error's body is
    // the error object, shown on the introduction.
    schema &&
      !isError &&
      exampleResponse(entry)?.[0] !== status &&
      jsonBlock(responseExample(response), `${status} response`),
  );
}

/**
 * A request body's fields: the required ones (and optional ones marked `x-shown-unfolded`, whose
 * absence does something a reader must see), then the other optional ones between two comments,
 * which the page folds behind a toggle (the twin shows them all). With no field shown, none is folded.
 */
function bodyFields(api: ApiModel, fields: Field[]): string {
  const shown = (field: Field) => field.required || field.schema['x-shown-unfolded'] === true;
  const required = fields.filter(shown);
  const optional = fields.filter((field) => !shown(field));
  if (required.length === 0 || optional.length === 0) return renderFields(api, fields, 4);
  return blocks(renderFields(api, required, 4), optionalFieldsStart, renderFields(api, optional, 4), optionalFieldsEnd);
}

/** The id of an operation's section on its tag's page: `createPayment` → `create-payment`. */
export const operationAnchor = (entry: OperationEntry): string => operationSlug(entry.operation.operationId);

/**
 * An operation's description: whole, or with `x-more` its first paragraph, the rest folded behind a
 * toggle with that summary.
 */
function description(operation: OperationEntry['operation']): string | undefined {
  if (!operation.description) return undefined;
  const text = mdxText(operation.description);
  const more = operation['x-more'];
  if (!more) return text;
  const split = text.indexOf('\n\n');
  if (split === -1)
    throw new Error(`api/openapi.yaml: ${operation.operationId} has x-more but a one-paragraph description`);
  return blocks(text.slice(0, split), foldStart(more), text.slice(split + 2), foldEnd);
}

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
  // The call beside the fields sends a body already: this one, with more of its fields, is folded.
  const bodyExample = () =>
    blocks(
      foldStart('Example request body'),
      jsonBlock(
        bodyMedia?.example ?? Object.values(bodyMedia?.examples ?? {})[0]?.value ?? exampleOf(body ?? {}),
        'Request body',
      ),
      foldEnd,
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
  const example = exampleResponse(entry);
  // The request and the response's example come right after the endpoint line: on a wide screen they
  // are the panel beside the fields (../rehype-layout.ts), on a phone the first thing under the endpoint.
  return blocks(
    heading(2, mdxText(operation.summary), id),
    where,
    // Each heading's id is its section's and its own words: search names it after the operation
    // ("Example delivery · An event delivered to your endpoint").
    entry.webhook
      ? heading(3, 'Example delivery', `${id}-example-delivery`)
      : heading(3, 'Example request', `${id}-example-request`),
    entry.webhook
      ? 'How Coinwharf signs and posts an event, from a script that sends one to your receiver:'
      : 'From a [tested sample](./index.mdx#examples), the whole file under it:',
    sampleTabs(entry),
    example && heading(3, 'Example response', `${id}-example-response`),
    example && jsonBlock(responseExample(example[1]), `${example[0]} response`),
    examplesEnd,
    description(operation),
    usedIn,
    parameters.length > 0 &&
      (entry.webhook ? heading(3, 'Headers', `${id}-headers`) : heading(3, 'Parameters', `${id}-parameters`)),
    ...parameters.map((parameter) => renderParameter(api, parameter, id)),
    body && heading(3, 'Request body', `${id}-request-body`),
    body &&
      (bodyIsObject
        ? blocks(bodyFields(api, fieldsOf(api, body, `${id}-body`)), bodyExample())
        : blocks(
            `JSON, ${bodyName ? schemaLink(api, bodyName) : 'an object'}: every field is on its section.`,
            bodyExample(),
          )),
    heading(3, 'Responses', `${id}-responses`),
    ...Object.entries(operation.responses)
      .filter(([status]) => !isCommonStatus(status))
      .map(([status, response]) => renderResponse(api, entry, status, response, id)),
    [commonErrorsLine(entry), headersNote(operation)].filter(Boolean).join('\n'),
  );
}

/**
 * The page's first frame waits until its first operation is parsed: on a wide screen whether the
 * page has an operation sets the article's layout (its column's width, the "On this page" menu
 * above it: src/css/api-reference.css), so a frame drawn while the HTML stopped short of it
 * changed when it came, a layout shift of 0.11 (tests/e2e/streamed-html.spec.ts).
 */
const firstFrameWaitsFor = (anchor: string): string =>
  `<head>\n  <link rel="expect" href="#${anchor}" blocking="render" />\n</head>`;

/** A tag's page: its description, then a section per operation, in the description's order. */
export function tagPage(
  api: ApiModel,
  tag: {name: string; description?: string},
  entries: OperationEntry[],
  guidesOf: (entry: OperationEntry) => GuideLink[],
): string {
  return blocks(
    entries.length > 0 && firstFrameWaitsFor(operationAnchor(entries[0])),
    tag.description && mdxText(tag.description),
    ...entries.map((entry) => operationSection(api, entry, guidesOf(entry))),
  );
}
