import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {parse, stringify} from 'yaml';
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
      'events.mdx',
      'index.mdx',
      'objects.mdx',
      'payments.mdx',
      'refunds.mdx',
      'sandbox.mdx',
      'webhook-endpoints.mdx',
    ]);
    expect(apiReferenceCategory(site).items).toEqual([
      'api/payments',
      'api/refunds',
      'api/events',
      'api/webhook-endpoints',
      'api/sandbox',
      'api/objects',
    ]);
  });

  test('removes the page of a tag whose operations the description no longer has', () => {
    generateApiReference(site);
    editDescription((api) => delete api.paths['/refunds']);
    generateApiReference(site);
    expect(readdirSync(path.join(site, 'docs/api'))).not.toContain('refunds.mdx');
    expect(apiReferenceCategory(site).items).not.toContain('api/refunds');
  });

  test("a new operation gets its section on its tag's page", () => {
    editDescription((api) => {
      api.paths['/refunds/{id}'] = {
        get: {
          ...api.paths['/payments/{id}'].get,
          operationId: 'getRefund',
          summary: 'Retrieve a refund',
          tags: ['Refunds'],
        },
      };
    });
    expect(page('refunds.mdx')).toContain('## Retrieve a refund {/* #get-refund */}');
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

  test('a new error code is listed on the introduction and on the responses with its status', () => {
    editDescription((api) => {
      api.components.schemas.Error.properties!.error.properties!.code['x-error-codes']!.payment_expired = {
        status: 409,
        type: 'invalid_request_error',
        cause: 'The quote ended.',
        fix: 'Create a new payment.',
      };
    });
    expect(page('index.mdx')).toContain('#### `payment_expired` {/* #error-payment-expired */}');
    expect(page('payments.mdx')).toContain('[`payment_expired`](./index.mdx#error-payment-expired)');
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
