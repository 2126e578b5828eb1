import {execFileSync} from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {parse, stringify} from 'yaml';
import type {LoadContext} from '@docusaurus/types';
import apiReferencePlugin from '../../../plugins/api-reference';
import {generateApiReference, referencePages} from '../../../plugins/api-reference/generate';
import type {ApiDescription} from '../../../plugins/api-reference/description';
import {apiReferenceCategory} from '../../../plugins/api-reference/sidebar';
import {mdxText} from '../../../plugins/api-reference/mdx';
import {convertMdx} from '../../../plugins/markdown-twins/convert';

const repoRoot = path.resolve(__dirname, '../../..');

/** A site folder holding a copy of the description, a guide and room for docs/api/. */
let site: string;
beforeEach(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
  mkdirSync(path.join(site, 'api'));
  cpSync(path.join(repoRoot, 'api/openapi.yaml'), path.join(site, 'api/openapi.yaml'));
  mkdirSync(path.join(site, 'docs/payments'), {recursive: true});
  writeFileSync(
    path.join(site, 'docs/payments/guide.mdx'),
    '---\ntitle: A guide\n---\n\nFetch it with [`GET /v1/payments/{id}`](/api/payments#get-payment-parameter-id).\n',
  );
});
afterEach(() => rmSync(site, {recursive: true, force: true}));

const editDescription = (edit: (api: ApiDescription) => void) => {
  const file = path.join(site, 'api/openapi.yaml');
  const api = parse(readFileSync(file, 'utf8')) as ApiDescription;
  edit(api);
  writeFileSync(file, stringify(api));
};

const page = (file: string) => referencePages(site).find((generated) => generated.file === file)!.content;

describe('the API reference generator', () => {
  test('writes an introduction, a page per tag and the objects page into docs/api/', () => {
    generateApiReference(site);
    expect(readdirSync(path.join(site, 'docs/api')).sort()).toEqual([
      'balance.mdx',
      'events.mdx',
      'index.mdx',
      'objects.mdx',
      'payments.mdx',
      'refunds.mdx',
      'sandbox.mdx',
      'webhook-endpoints.mdx',
    ]);
    expect(apiReferenceCategory(site)).toMatchObject({
      type: 'category',
      label: 'API reference',
      link: {type: 'doc', id: 'api/index'},
    });
    const items = apiReferenceCategory(site).items;
    // A category per tag, its link the tag's page, then the objects page.
    expect(items.map((item) => (typeof item === 'string' ? item : item.link.id))).toEqual([
      'api/payments',
      'api/refunds',
      'api/events',
      'api/webhook-endpoints',
      'api/balance',
      'api/sandbox',
      'api/objects',
    ]);
    // Each tag's operations, closed but on its own page, each a link to its section with its method's class.
    expect(items[0]).toMatchObject({type: 'category', label: 'Payments', key: 'api-payments', collapsed: true});
    const payments = items[0] as {items: {label: string; href: string; className: string}[]};
    expect(payments.items.map(({label, href, className}) => [label, href, className])).toEqual([
      ['List payments', '/api/payments#list-payments', 'api-sidebar-operation api-sidebar-operation--get'],
      ['Create a payment', '/api/payments#create-payment', 'api-sidebar-operation api-sidebar-operation--post'],
      ['Retrieve a payment', '/api/payments#get-payment', 'api-sidebar-operation api-sidebar-operation--get'],
      ['Cancel a payment', '/api/payments#cancel-payment', 'api-sidebar-operation api-sidebar-operation--post'],
      [
        'Accept the funds of a payment that requires action',
        '/api/payments#accept-payment',
        'api-sidebar-operation api-sidebar-operation--post',
      ],
    ]);
    const events = items[2] as {items: {label: string; className: string}[]};
    expect(events.items.map(({className}) => className)).toContain(
      'api-sidebar-operation api-sidebar-operation--webhook',
    );
  });

  test('removes the page of a tag whose operations the description no longer has', () => {
    generateApiReference(site);
    editDescription((api) => {
      delete api.paths['/refunds'];
      delete api.paths['/refunds/{id}'];
    });
    generateApiReference(site);
    expect(readdirSync(path.join(site, 'docs/api'))).not.toContain('refunds.mdx');
    expect(apiReferenceCategory(site).items).not.toContain('api/refunds');
  });

  test("a new operation gets its section on its tag's page", () => {
    editDescription((api) => {
      api.paths['/refunds/{id}/receipt'] = {
        get: {
          ...api.paths['/payments/{id}'].get,
          operationId: 'getRefundReceipt',
          summary: 'Retrieve a refund receipt',
          tags: ['Refunds'],
        },
      };
    });
    expect(page('refunds.mdx')).toContain('## Retrieve a refund receipt {/* #get-refund-receipt */}');
  });

  test('a property added to a schema gets its heading and anchor, nested in the object that holds it', () => {
    editDescription((api) => {
      api.components.schemas.Money.properties!.precision = {type: 'integer', description: 'Digits after the point.'};
    });
    const objects = page('objects.mdx');
    expect(objects).toContain('##### `price.precision` {/* #payment-price-precision */}');
    expect(objects).toContain('Digits after the point.');
    expect(page('payments.mdx')).toContain('##### `price.precision` {/* #create-payment-body-price-precision */}');
  });

  test('a new error code is listed on the introduction, and under an operation once the operation lists it', () => {
    const expired = {
      status: 409,
      type: 'invalid_request_error',
      cause: 'The quote ended.',
      fix: 'Create a new payment.',
    };
    const link = '[`payment_expired`](./index.mdx#error-payment-expired)';
    editDescription((api) => {
      api.components.schemas.Error.properties!.error.properties!.code['x-error-codes']!.payment_expired = expired;
    });
    expect(page('index.mdx')).toContain('#### `payment_expired` {/* #error-payment-expired */}');
    expect(page('payments.mdx')).not.toContain(link);
    editDescription((api) => api.paths['/payments/{id}/cancel'].post['x-error-codes']!.push('payment_expired'));
    const payments = page('payments.mdx');
    const cancel = payments.slice(payments.indexOf('{/* #cancel-payment */}')).split('\n## ')[0];
    expect(cancel).toContain(
      `Error codes: [\`payment_invalid_state\`](./index.mdx#error-payment-invalid-state), [\`idempotency_conflict\`](./index.mdx#error-idempotency-conflict), [\`idempotency_in_progress\`](./index.mdx#error-idempotency-in-progress), ${link}.`,
    );
  });

  test("an operation's error codes fail the build when they are not defined, not of its own statuses, or missing for one", () => {
    const cancel = (api: ApiDescription) => api.paths['/payments/{id}/cancel'].post;
    editDescription((api) => cancel(api)['x-error-codes']!.push('payment_gone'));
    expect(() => referencePages(site)).toThrow(
      'api/openapi.yaml: operation cancelPayment lists error code payment_gone, which x-error-codes of the Error object does not define',
    );
    editDescription((api) => cancel(api)['x-error-codes']!.splice(-1, 1, 'unsupported_currency'));
    expect(() => referencePages(site)).toThrow(
      'api/openapi.yaml: operation cancelPayment lists error code unsupported_currency (422), but has no 422 response of its own',
    );
    // 401, 429 and 5XX are every operation's: listing their codes under one is an error too.
    editDescription((api) => cancel(api)['x-error-codes']!.splice(-1, 1, 'rate_limited'));
    expect(() => referencePages(site)).toThrow(
      'api/openapi.yaml: operation cancelPayment lists error code rate_limited (429), but has no 429 response of its own',
    );
    editDescription((api) => (cancel(api)['x-error-codes'] = ['parameter_invalid', 'payment_invalid_state']));
    expect(() => referencePages(site)).toThrow(
      'api/openapi.yaml: operation cancelPayment answers 404 but lists no error code with that status in its x-error-codes',
    );
  });

  test('an operation without x-sample-files fails the build, naming the operation', () => {
    editDescription((api) => delete api.paths['/payments'].get['x-sample-files']);
    expect(() => referencePages(site)).toThrow(/operation listPayments has no x-sample-files/);
  });

  test('an operation lists the guides that link it, and only those', () => {
    const payments = page('payments.mdx');
    const section = (id: string) => payments.slice(payments.indexOf(`{/* #${id} */}`)).split('\n## ')[0];
    expect(section('get-payment')).toContain('Used in [A guide](../payments/guide.mdx).');
    expect(section('create-payment')).not.toContain('Used in');
  });

  test('every page points "Edit this page" at the description on GitHub', () => {
    for (const generated of referencePages(site)) {
      expect(generated.content).toContain(
        'custom_edit_url: https://github.com/coinwharf/docs/edit/main/api/openapi.yaml',
      );
    }
  });

  test('every page compiles as MDX and converts to a Markdown twin', async () => {
    for (const generated of referencePages(site)) {
      await expect(
        compile(generated.content, {remarkPlugins: [remarkGfm, remarkDirective]}),
        generated.file,
      ).resolves.toBeDefined();
      // The twin converter reads the sample files from the real site.
      const twin = convertMdx(
        generated.content,
        {title: generated.file, description: ''},
        {siteDir: repoRoot, file: path.join(repoRoot, 'docs/api', generated.file), resolveLink: (url) => url},
      );
      // Headings keep their text and lose the id: no comment, no `{#id}`, no stray backslash.
      expect(twin.body).not.toMatch(/^#+ .*(\{\/\*|\{#|\\\s*$)/m);
      if (!['index.mdx', 'objects.mdx'].includes(generated.file)) {
        expect(twin.body).toMatch(/^### Example (request|delivery)\s*$/m);
      }
      expect(twin.body).toContain('```');
    }
  });
});

describe('mdxText', () => {
  test('escapes braces and angle brackets outside code, and leaves code spans and fences alone', () => {
    expect(mdxText('Send {id} to <endpoint> as `{id}`')).toBe('Send \\{id\\} to \\<endpoint> as `{id}`');
    expect(mdxText('```json\n{"a": 1}\n```')).toBe('```json\n{"a": 1}\n```');
  });
});

describe('the pages as files', () => {
  const frontMatterOf = (content: string) => content.slice(0, content.indexOf('\n---\n') + 5);

  test('front matter: id, title, label, description, the edit link; no date outside a git checkout', () => {
    expect(
      page('refunds.mdx').startsWith(
        [
          '---',
          'id: refunds',
          'title: Refunds API',
          'sidebar_label: Refunds',
          'description: "The refunds operations of the Coinwharf Payments API: list refunds, refund a payment, retrieve a refund. Fields, errors, tested examples."',
          'custom_edit_url: https://github.com/coinwharf/docs/edit/main/api/openapi.yaml',
          '---',
          '',
          '{/* Generated from api/openapi.yaml by plugins/api-reference: edit the YAML, not this file. */}',
          '',
          '',
        ].join('\n'),
      ),
    ).toBe(true);
    expect(frontMatterOf(page('index.mdx'))).toContain(
      'id: index\ntitle: API reference\nsidebar_label: Introduction\ndescription: "The Coinwharf Payments API: base URL, authentication, idempotency, pagination, every error code, rate limits, prices, fees and versioning."\n',
    );
    expect(frontMatterOf(page('objects.mdx'))).toContain(
      'id: objects\ntitle: Objects\ndescription: "Every object of the Coinwharf Payments API field by field: payment, refund, event, webhook endpoint, balance, transactions, lists, money and errors."\n',
    );
    expect(frontMatterOf(page('events.mdx'))).toContain(
      'description: "The events operations of the Coinwharf Payments API: list events, an event delivered to your endpoint. Fields, errors, tested examples."',
    );
    expect(referencePages(site).map((generated) => generated.id)).toEqual([
      'api/index',
      'api/payments',
      'api/refunds',
      'api/events',
      'api/webhook-endpoints',
      'api/balance',
      'api/sandbox',
      'api/objects',
    ]);
    expect(page('refunds.mdx').endsWith('\n')).toBe(true);
    expect(page('refunds.mdx').endsWith('\n\n')).toBe(false);
  });

  test("a tag's description lists its operations up to 160 characters, else gives the tag's words and a count", () => {
    const summary = 'Refund a payment in full or in part, to the address the customer gave us'; // 72 characters
    const onlyCreate = (api: ApiDescription) => {
      delete api.paths['/refunds'].get;
      delete api.paths['/refunds/{id}'];
    };
    editDescription((api) => {
      onlyCreate(api);
      api.paths['/refunds'].post.summary = summary;
    });
    expect(frontMatterOf(page('refunds.mdx'))).toContain(
      `description: "The refunds operations of the Coinwharf Payments API: ${summary.toLowerCase()}. Fields, errors, tested examples."`,
    );
    editDescription((api) => {
      onlyCreate(api);
      api.paths['/refunds'].post.summary = `${summary}!`;
    });
    expect(frontMatterOf(page('refunds.mdx'))).toContain(
      "description: Send funds back to the customer, in the payment's asset and network. 1 operations, field by field, with tested examples.",
    );
    editDescription((api) => {
      onlyCreate(api);
      delete api.tags.find((tag) => tag.name === 'Refunds')!.description;
    });
    expect(frontMatterOf(page('refunds.mdx'))).toContain(
      'description: Refunds 1 operations, field by field, with tested examples.',
    );
  });

  test("in a git checkout, every page's last update is the description's last commit", () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', ...args], {
        cwd: site,
        env: {
          ...process.env,
          GIT_COMMITTER_DATE: '2026-01-02T03:04:05+00:00',
          GIT_AUTHOR_DATE: '2026-01-02T03:04:05+00:00',
        },
        stdio: 'ignore',
      });
    git('init', '-q');
    expect(page('objects.mdx')).not.toContain('last_update');
    git('add', 'api/openapi.yaml');
    git('commit', '-q', '-m', 'description');
    for (const generated of referencePages(site)) {
      expect(generated.content).toContain(
        'custom_edit_url: https://github.com/coinwharf/docs/edit/main/api/openapi.yaml\nlast_update:\n  date: 2026-01-02T03:04:05+00:00\n---',
      );
    }
  });

  test('the objects page shows what the API returns and sends (webhook bodies included), not request bodies', () => {
    expect(page('objects.mdx').match(/^## .*(?= \{)/gm)).toEqual([
      '## Payment',
      '## Refund',
      '## Event',
      '## Event summary',
      '## Webhook endpoint',
      '## Money',
      '## Transaction',
      '## Payment list',
      '## Refund list',
      '## Balance amount',
      '## Balance',
      '## Event list',
      '## Error',
      '## Value types',
    ]);
  });

  test('a request body that is not JSON, or has no schema, is no request-body object', () => {
    editDescription((api) => {
      api.paths['/refunds'].post.requestBody = {content: {'text/plain': {schema: {type: 'string'}}}};
      api.paths['/payments'].post.requestBody = {content: {'application/json': {}}};
    });
    expect(page('objects.mdx')).toContain('## Payment {/* #payment */}');
  });

  test('writing again rewrites only the pages whose text changed, and removes what is not a page', () => {
    generateApiReference(site);
    const folder = path.join(site, 'docs/api');
    const old = new Date('2001-01-01T00:00:00Z');
    for (const file of readdirSync(folder)) utimesSync(path.join(folder, file), old, old);
    writeFileSync(path.join(folder, 'events.mdx'), 'edited by hand');
    mkdirSync(path.join(folder, 'stale'));
    writeFileSync(path.join(folder, 'stale/page.mdx'), 'x');
    const written = generateApiReference(site);
    expect(written.map((generated) => generated.file)).toEqual([
      'index.mdx',
      'payments.mdx',
      'refunds.mdx',
      'events.mdx',
      'webhook-endpoints.mdx',
      'balance.mdx',
      'sandbox.mdx',
      'objects.mdx',
    ]);
    expect(readdirSync(folder)).not.toContain('stale');
    expect(readFileSync(path.join(folder, 'events.mdx'), 'utf8')).toBe(page('events.mdx'));
    const touched = readdirSync(folder).filter((file) => statSync(path.join(folder, file)).mtime > old);
    expect(touched).toEqual(['events.mdx']);
  });

  test('the plugin writes the pages when it loads and watches the description and the guides', async () => {
    const plugin = apiReferencePlugin({siteDir: site} as LoadContext);
    expect(plugin.name).toBe('coinwharf-api-reference');
    expect(plugin.getPathsToWatch!()).toEqual([
      path.join(site, 'api/openapi.yaml'),
      path.join(site, 'docs/payments/**/*.mdx'),
    ]);
    await plugin.loadContent!();
    expect(readdirSync(path.join(site, 'docs/api'))).toContain('objects.mdx');
  });
});
