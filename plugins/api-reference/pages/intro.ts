/**
 * The reference's introduction: the description's own prose (`info.description`:
 * authentication, idempotency, pagination, rate limits, versioning), the base
 * URL from `servers`, the error object and every error code from
 * `x-error-codes`, and the list of operations and objects.
 */
import {anchorId, fullPath, operationSlug} from '../description';
import type {ApiModel, OperationEntry} from '../model';
import {blocks, code, heading, inline, jsonBlock, mdxText} from '../mdx';
import {objectAnchor, objectsPage} from '../render-fields';
import {commonErrorsSection, errorAnchor, errorCodes} from './errors';

/** `info.description`, split at its first `## ` heading: the opening, and the sections after it. */
function splitDescription(description: string): [string, string] {
  const at = description.search(/^## /m);
  return at === -1 ? [description, ''] : [description.slice(0, at), description.slice(at)];
}

function errorsSection(api: ApiModel, entries: OperationEntry[]): string {
  const example = api.responses.BadRequest?.content?.['application/json']?.example;
  const codes = Object.entries(errorCodes(api)).sort(([, a], [, b]) => a.status - b.status);
  return blocks(
    heading(2, 'Errors', 'errors'),
    `A request that fails gets an HTTP status and a body holding one [error object](${objectsPage}#${objectAnchor('Error')}): ${code('type')} (the kind of error), ${code('code')} (what went wrong, stable: branch on it), ${code('message')} (for developers, not for customers), ${code('param')} (the parameter at fault, or null) and ${code('request_id')} (quote it to support).`,
    example !== undefined && jsonBlock(example, '400 response'),
    commonErrorsSection(api, entries),
    heading(3, 'Error codes', 'error-codes'),
    'Every code the API returns, with its HTTP status, what causes it and how to fix it:',
    ...codes.map(([name, error]) =>
      blocks(
        heading(4, code(name), errorAnchor(name)),
        `${code(error.status)} · ${code(error.type)}`,
        `**Cause:** ${inline(error.cause)}`,
        `**Fix:** ${inline(error.fix)}`,
      ),
    ),
  );
}

function operationsSection(api: ApiModel, entries: OperationEntry[]): string {
  return blocks(
    heading(2, 'Operations', 'operations'),
    ...api.tags.map((tag) => {
      const tagged = entries.filter((entry) => entry.operation.tags[0] === tag.name);
      return blocks(
        heading(3, tag.name, `tag-${anchorId(tag.name)}`),
        tag.description && mdxText(tag.description),
        tagged
          .map(
            (entry) =>
              `- [${mdxText(entry.operation.summary)}](./${anchorId(tag.name)}.mdx#${operationSlug(entry.operation.operationId)}): ${code(
                entry.webhook
                  ? `${entry.method.toUpperCase()} (webhook ${entry.path})`
                  : `${entry.method.toUpperCase()} ${fullPath(api, entry)}`,
              )}`,
          )
          .join('\n'),
      );
    }),
  );
}

export function introPage(api: ApiModel, entries: OperationEntry[], objectNames: string[]): string {
  const [opening, sections] = splitDescription(api.info.description);
  return blocks(
    mdxText(opening),
    heading(2, 'Base URL', 'base-url'),
    ...api.servers.map(
      (server) => `${code(server.url)}${server.description ? `: ${inline(server.description)}.` : ''}`,
    ),
    `Version ${code(api.info.version)} of the ${mdxText(api.info.title)}.`,
    heading(2, 'The description file', 'description-file'),
    `This reference is generated from one OpenAPI ${code(api.openapi)} description of the API. Import it into Postman, Insomnia or a client generator: [openapi.yaml](pathname:///openapi.yaml) or the same as [openapi.json](pathname:///openapi.json).`,
    'It describes the fields and values of today. Within `/v1` responses and events gain fields, enum values and event types (see [Versioning](#versioning)), so its response objects are open to fields it does not list, and a client generated from it must accept an enum value it does not know: with OpenAPI Generator, set `enumUnknownDefaultCase=true`. Request bodies are closed: a field they do not list gets `400 parameter_invalid`.',
    heading(2, 'Examples', 'examples'),
    `Each operation shows its call from a tested sample file, in curl, Node.js and Python, with the whole file under it. The file defines \`send\`, which sends the request and retries on no answer, a \`429\`, a \`5XX\` or, for a POST, a \`409 idempotency_in_progress\`, and the API base, ${code(api.servers[0]?.url ?? '')}. Set \`COINWHARF_SECRET_KEY\` to your \`cw_test_\` key to run one: a curl file with curl 7.76 or later (and \`jq\`, for those that page through a list), a Node.js file with \`npx tsx\` (Node.js 24 or later), a Python file with Python 3.10 or later and the \`requests\` package; the first lines of each file say how.`,
    entries.some((entry) => entry.webhook) &&
      'A webhook event, which the API sends to you, shows instead a tested file that signs a test event and sends it to your own endpoint, in Node.js and Python.',
    mdxText(sections),
    errorsSection(api, entries),
    operationsSection(api, entries),
    heading(2, 'Objects', 'objects'),
    'What the API returns and sends, field by field, each field with a link of its own:',
    objectNames.map((name) => `- [${name}](${objectsPage}#${objectAnchor(name)})`).join('\n'),
  );
}
