import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type {CheerioAPI} from 'cheerio';
import {dereference} from 'openapi-backend/refparser';
import {parse} from 'yaml';
import {attributes, builtPage, builtPages, htmlFileFor, parseHtml} from '../support/built-html';
import {sidebarLinks} from '../support/built-docs';
import {descriptionPath} from '../support/mock-api';
import {closedSchemas} from '../support/closed-description';

// The API reference, read from the production build: everything api/openapi.yaml
// describes must be findable on it. The expected names come from parsing the
// YAML here, never from the generator, so a field added to the description
// that the reference does not show fails.

type Json = Record<string, any>;
const raw: Json = parse(readFileSync(descriptionPath, 'utf8'));
const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the description, webhooks included, with its section: `/api/<tag>#<operation>`. */
const operations = [
  ...Object.entries<Json>(raw.paths).map(([route, item]) => ({route, item, webhook: false})),
  ...Object.entries<Json>(raw.webhooks).map(([route, item]) => ({route, item, webhook: true})),
].flatMap(({route, item, webhook}) =>
  methods
    .filter((method) => item[method])
    .map((method) => {
      const operation = item[method];
      const slug = operation.operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
      const tag = (operation.tags[0] as string).toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return {method, route, webhook, operation, page: `/api/${tag}`, id: slug};
    }),
);

const referencePaths = ['/api/', '/api/objects', ...new Set(operations.map((op) => op.page))];
const reference = referencePaths.map((path) => ({path, $: builtPage(path)}));

/** The text of every code span and heading on the reference, where names and values are shown. */
const shownCode = new Set(
  reference.flatMap(({$}) =>
    $('article code')
      .toArray()
      .map((element) => $(element).text()),
  ),
);

/** An operation's section: its heading, examples and the rest, in one block (plugins/api-reference/rehype-layout.ts). */
function operationSection($: CheerioAPI, id: string) {
  const section = $(`h2#${id}`).closest('.api-operation');
  expect(section.length, `#${id} is laid out as an operation`).toBe(1);
  return section;
}

/** Every field heading's dotted name (`price.amount`) on one page, or in one operation's section. */
const fieldNames = ($: CheerioAPI, section?: string) =>
  (section ? operationSection($, section).find(':is(h3, h4, h5, h6) > code') : $('article :is(h3, h4, h5, h6) > code'))
    .toArray()
    .map((element) => $(element).text());

/** Every property of a schema, nested inline objects and allOf parts included, as [name, schema] pairs. */
function properties(schema: Json | undefined, seen = new Set<Json>()): [string, Json][] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const own = Object.entries<Json>(schema.properties ?? {});
  return [
    ...own.flatMap(([name, property]) => [
      [name, property] as [string, Json],
      ...(property.$ref ? [] : properties(property, seen)),
    ]),
    ...(schema.allOf ?? []).flatMap((part: Json) => (part.$ref ? [] : properties(part, seen))),
  ];
}

/** Every enum value anywhere in the description, with where it is. */
function enumValues(node: unknown, where = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((child, index) => enumValues(child, `${where}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'enum' && Array.isArray(value)
      ? value.map((item) => [String(item), where] as [string, string])
      : enumValues(value, `${where}/${key}`),
  );
}

const errorCodes: Record<string, {status: number; type: string}> =
  raw.components.schemas.Error.properties.error.properties.code['x-error-codes'];

test('the reference has a section for every operation, titled with its summary and naming its method and path', () => {
  expect(operations).toHaveLength(14);
  const intro = builtPage('/api/');
  for (const {method, route, webhook, operation, page, id} of operations) {
    const $ = builtPage(page);
    const where = `${page}#${id}`;
    expect(
      $(`h2#${id}`)
        .text()
        .replace(/\u200b/g, ''),
      where,
    ).toBe(operation.summary);
    // An API call's line is its method's label and its path; a webhook's names its method in code.
    const line = $(`h2#${id}`).nextAll('p').first();
    if (webhook) expect(line.children('code').first().text(), where).toBe(method.toUpperCase());
    else
      expect(`${line.children('.api-method').text()} ${line.children('code').text()}`, where).toBe(
        `${method.toUpperCase()} /v1${route}`,
      );
    for (const parameter of operation.parameters ?? []) {
      const name = parameter.$ref ? raw.components.parameters[parameter.$ref.split('/').pop()].name : parameter.name;
      expect(fieldNames($, id), `${where} shows its parameter ${name}`).toContain(name);
    }
    const links = operationSection($, id)
      .find('a[href]')
      .map((_, link) => $(link).attr('href'))
      .get();
    for (const status of Object.keys(operation.responses)) {
      const anchor = status.toLowerCase();
      if (['401', '429', '5XX'].includes(status)) {
        // Every operation can answer these: explained once on the introduction, linked from each operation.
        expect(links, `${where} links its ${status} response`).toContain(`/api/#error-status-${anchor}`);
        expect(intro(`#error-status-${anchor}`).length, `/api/ explains ${status}`).toBe(1);
      } else {
        expect($(`#${id}-response-${anchor}`).length, `${where} shows its ${status} response`).toBe(1);
      }
    }
  }
});

test('every property of every schema, nested ones included, has a heading of its own on the reference', () => {
  const shownFields = new Set(reference.flatMap(({$}) => fieldNames($).map((name) => name.split('.').pop())));
  const missing: string[] = [];
  let checked = 0;
  for (const [schemaName, schema] of Object.entries<Json>(raw.components.schemas)) {
    for (const [name] of properties(schema)) {
      checked += 1;
      if (!shownFields.has(name)) missing.push(`${schemaName}.${name}`);
    }
  }
  expect(checked).toBeGreaterThan(60);
  expect(missing).toEqual([]);
});

test('every field of an object the API returns has its own anchor, nested fields too', () => {
  const $ = builtPage('/api/objects');
  const ids = new Set(attributes($, '[id]', 'id'));
  const expected: string[] = [];
  const walk = (prefix: string, schema: Json) => {
    for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
      expected.push(`${prefix}-${name.replace(/_/g, '-')}`);
      const target = property.$ref ? raw.components.schemas[property.$ref.split('/').pop()] : property;
      // A value object without an id of its own (Money, the error's `error`) is expanded in place.
      if (target.properties && !target.properties.id) walk(`${prefix}-${name.replace(/_/g, '-')}`, target);
    }
  };
  for (const name of ['Payment', 'Refund', 'Event', 'WebhookEndpoint', 'Error', 'Money']) {
    walk(name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase(), raw.components.schemas[name]);
  }
  expect(expected).toEqual(expect.arrayContaining(['payment-price-amount', 'error-error-code', 'event-data']));
  expect(expected.filter((id) => !ids.has(id))).toEqual([]);
  // Ids are unique on every reference page: a field link goes to one place.
  for (const {path, $: page} of reference) {
    const all = attributes(page, '[id]', 'id');
    expect(
      all.filter((id, index) => all.indexOf(id) !== index),
      path,
    ).toEqual([]);
  }
});

test('every enum value of the description is shown on the reference', () => {
  const values = enumValues(raw);
  expect(values.length).toBeGreaterThan(40);
  const missing = values.filter(([value]) => !shownCode.has(value)).map(([value, where]) => `${value} (${where})`);
  expect(missing).toEqual([]);
});

test('every error code is on the introduction with its HTTP status, type, cause and fix', () => {
  const $ = builtPage('/api/');
  const codes = Object.entries(errorCodes);
  expect(codes.length).toBeGreaterThanOrEqual(15);
  for (const [code, {status, type}] of codes) {
    const heading = $(`#error-${code.replace(/_/g, '-')}`);
    expect(heading.text(), code).toContain(code);
    // The code's heading shares a row with its status and type (.api-field-head); its cause and fix follow.
    const head = heading.parent('.api-field-head');
    expect(head.length, code).toBe(1);
    const section = head.text() + head.nextUntil('h2, h3, h4, .api-field-head').text();
    expect(section, code).toContain(String(status));
    expect(section, code).toContain(type);
    expect(section, code).toMatch(/Cause:.+Fix:/s);
  }
  // Every code the responses' examples use is listed.
  const exampleCodes = [...JSON.stringify(raw.components.responses).matchAll(/"code":"([a-z_]+)"/g)].map((m) => m[1]);
  expect(exampleCodes.length).toBeGreaterThan(5);
  expect(exampleCodes.filter((code) => !(code in errorCodes))).toEqual([]);
});

test('the introduction covers base URL, authentication, idempotency, pagination, errors, rate limits and versioning', () => {
  const $ = builtPage('/api/');
  expect(
    $('article h2')
      .toArray()
      .map((h) =>
        $(h)
          .text()
          .replace(/\u200b/g, ''),
      ),
  ).toEqual(
    expect.arrayContaining([
      'Base URL',
      'Authentication',
      'Idempotency',
      'Pagination',
      'Errors',
      'Rate limits',
      'Versioning',
    ]),
  );
  const text = $('article').text();
  for (const phrase of [
    'https://api.coinwharf.com/v1',
    'Authorization: Bearer',
    'cw_test_',
    'cw_live_',
    'Idempotency-Key',
    '24 hours',
    '409 idempotency_conflict',
    'starting_after',
    'Retry-After',
  ]) {
    expect(text, phrase).toContain(phrase);
  }
});

test('each operation page shows its request example as the tested files, in curl, Node.js and Python tabs', () => {
  for (const {operation, page, id, webhook} of operations) {
    const example = `#${id}-example-${webhook ? 'delivery' : 'request'}`;
    const $ = builtPage(page);
    const files: string[] = operation['x-sample-files'];
    expect(files.length, `${page}: x-sample-files`).toBeGreaterThanOrEqual(2);
    // Local files the samples import follow the tabs, shown whole (x-sample-imports).
    const imports: string[] = operation['x-sample-imports'] ?? [];
    const tabs = $(example)
      .nextUntil('h2, h3')
      .find('[role="tab"]')
      .toArray()
      .map((tab) => $(tab).text());
    expect(tabs, page).toEqual(
      files.map((file) => ({sh: 'curl', ts: 'Node.js', py: 'Python'})[file.split('.').pop()!]),
    );
    // Each tab: the file's call, titled with its lines, then the whole file (code-samples.spec.ts checks the lines).
    const titles = $(example).nextUntil('h2, h3').find('[class*="codeBlockTitle"]').toArray();
    expect(
      titles.map((title) => $(title).text()),
      page,
    ).toEqual([
      ...files.flatMap((file) => [expect.stringMatching(new RegExp(`^${file}, lines \\d+–\\d+$`)), file]),
      ...imports,
    ]);
  }
});

test('every JSON example on the reference conforms to the schema it illustrates', async () => {
  // Closed, so that an example with a field the description does not list fails.
  const api: Json = closedSchemas(await dereference(descriptionPath));
  const ajv = new Ajv2020({strict: false, allErrors: true});
  addFormats(ajv);
  const schemaAnchors = new Map(
    Object.keys(api.components.schemas).map((name) => [
      `${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}-example`,
      api.components.schemas[name],
    ]),
  );
  /** The schema a block illustrates: by its title on an operation's page, by its section on the others. */
  const schemaOf = (path: string, $: CheerioAPI, block: Parameters<CheerioAPI>[0]): Json | undefined => {
    const title = $(block).find('[class*="codeBlockTitle"]').text();
    const section =
      $(block).closest('.api-operation').find('h2[id]').first().attr('id') ??
      $(block).prevAll('h2[id]').first().attr('id');
    const operation = operations.find((op) => op.page === path && op.id === section);
    if (operation) {
      const resolved = (operation.webhook ? api.webhooks : api.paths)[operation.route][operation.method];
      const status = /^(\w+) response$/.exec(title)?.[1];
      const media = status ? resolved.responses[status] : title === 'Request body' ? resolved.requestBody : undefined;
      return media?.content?.['application/json']?.schema;
    }
    if (path === '/api/' && title === '400 response') return api.components.schemas.Error;
    const example = $(block).prevAll('h3[id]').first().attr('id');
    return example ? schemaAnchors.get(example) : undefined;
  };
  const unchecked: string[] = [];
  let validated = 0;
  for (const {path, $} of reference) {
    for (const block of $('article .theme-code-block[class*="language-json"]').toArray()) {
      const schema = schemaOf(path, $, block);
      if (!schema) {
        unchecked.push(`${path}: ${$(block).find('[class*="codeBlockTitle"]').text() || 'an untitled JSON block'}`);
        continue;
      }
      const value: unknown = JSON.parse($(block).find('code').text());
      expect(ajv.validate(schema, value), `${path}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      validated += 1;
    }
  }
  expect(unchecked).toEqual([]);
  expect(validated).toBeGreaterThanOrEqual(operations.length + 10);
});

test('an example response answers the example request beside it', () => {
  /** The JSON block titled `title` in an operation's section, parsed. */
  const block = (page: string, id: string, title: string): any => {
    const $ = builtPage(page);
    const found = operationSection($, id)
      .find('.theme-code-block[class*="language-json"]')
      .filter((_, element) => $(element).find('[class*="codeBlockTitle"]').text() === title);
    expect(found.length, `${page}#${id}: "${title}"`).toBe(1);
    return JSON.parse(found.find('code').text());
  };
  // The list samples list succeeded payments unless STATUS says otherwise.
  const listed = block('/api/payments', 'list-payments', '200 response');
  expect(listed.data.length).toBeGreaterThan(0);
  expect(listed.data.map((payment: any) => payment.status)).toEqual(listed.data.map(() => 'succeeded'));
  // The refund samples refund everything still refundable unless REFUND_AMOUNT is set: all 25.00 of it.
  expect(block('/api/refunds', 'create-refund', 'Request body')).not.toHaveProperty('amount');
  expect(block('/api/refunds', 'create-refund', '201 response').amount).toEqual({amount: '25.00', currency: 'USDC'});
});

test('the sidebar holds the API reference: the introduction, every operation by tag, then the objects', () => {
  const links = sidebarLinks();
  const start = links.indexOf('/api/');
  expect(start).toBeGreaterThan(-1);
  const tagOrder = raw.tags.map((tag: Json) => tag.name);
  const byTag = [...operations].sort(
    (a, b) => tagOrder.indexOf(a.operation.tags[0]) - tagOrder.indexOf(b.operation.tags[0]),
  );
  // Each tag's page, then its operations' sections, in the description's order.
  const pages = [...new Set(byTag.map((op) => op.page))];
  expect(links.slice(start)).toEqual([
    '/api/',
    ...pages.flatMap((page) => [page, ...byTag.filter((op) => op.page === page).map((op) => `${page}#${op.id}`)]),
    '/api/objects',
  ]);
});

test('the guides link the API calls they make to the reference, and each operation links back to them', () => {
  /** Guide paths by the reference section they link (`/api/payments#create-payment`). */
  const guideLinks = new Map<string, Set<string>>();
  for (const {file, $} of builtPages()) {
    if (!file.startsWith('payments/')) continue;
    // payments/index.html is /payments/, payments/quickstart/index.html is /payments/quickstart.
    const guide = file === 'payments/index.html' ? '/payments/' : `/${file.replace(/\/index\.html$/, '')}`;
    for (const href of attributes($, 'article a[href^="/api/"]', 'href') as string[]) {
      if (!guideLinks.has(href)) guideLinks.set(href, new Set());
      guideLinks.get(href)!.add(guide);
    }
  }
  // The quickstart's calls and the webhook guide's.
  for (const [target, guide] of [
    ['/api/payments#create-payment', '/payments/quickstart'],
    ['/api/webhook-endpoints#create-webhook-endpoint', '/payments/quickstart'],
    ['/api/sandbox#simulate-payment', '/payments/quickstart'],
    ['/api/payments#get-payment', '/payments/quickstart'],
    ['/api/events#list-events', '/payments/webhook-guide'],
    ['/api/events#receive-event', '/payments/webhook-guide'],
    ['/api/objects#event', '/payments/webhook-guide'],
  ]) {
    expect([...(guideLinks.get(target) ?? [])], `${guide} links ${target}`).toContain(guide);
  }
  let checked = 0;
  for (const {page, id} of operations) {
    const guides = [...guideLinks.entries()]
      .filter(([href]) => href === `${page}#${id}` || href.startsWith(`${page}#${id}-`))
      .flatMap(([, using]) => [...using]);
    // The operation's own words: the body's text before its first h3 (the description and "Used in").
    const $ = builtPage(page);
    const body = operationSection($, id).children('.api-operation__body');
    const back = body
      .children()
      .first()
      .nextUntil('h3')
      .addBack()
      .find('a[href^="/payments/"]')
      .toArray()
      .map((a) => $(a).attr('href')!.replace(/#.*$/, ''));
    expect(back.sort(), `${page}#${id} links back to exactly the guides that link it`).toEqual(
      [...new Set(guides)].sort(),
    );
    checked += guides.length;
  }
  expect(checked).toBeGreaterThan(10);
});

test('a link from a guide to a reference anchor lands on an id of that page', () => {
  let checked = 0;
  // Each reference page is parsed once, not once per link to it (about 10 s saved).
  const idsOf = new Map<string, (string | undefined)[]>();
  for (const {file, $} of builtPages()) {
    for (const href of attributes($, 'a[href^="/api/"]', 'href') as string[]) {
      const url = new URL(href, 'https://docs.coinwharf.com');
      if (!url.hash) continue;
      const target = htmlFileFor(url.pathname);
      expect(target, `${file}: ${href}`).not.toBeNull();
      if (!idsOf.has(target!)) idsOf.set(target!, attributes(parseHtml(readFileSync(target!, 'utf8')), '[id]', 'id'));
      const ids = idsOf.get(target!);
      expect(ids, `${file}: ${href}`).toContain(decodeURIComponent(url.hash.slice(1)));
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(20);
});

test('each reference page says where to edit it: the description on GitHub', () => {
  for (const {path, $} of reference) {
    expect($('a.theme-edit-this-page').attr('href'), path).toBe(
      'https://github.com/coinwharf/docs/edit/main/api/openapi.yaml',
    );
  }
});
