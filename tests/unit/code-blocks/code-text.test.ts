import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import {transform} from 'esbuild';
import remarkDirective from 'remark-directive';
import {VFile} from 'vfile';
import {describe, expect, test} from 'vitest';
import {tempSite} from '../../support/temp-site';
import remarkCodeSamples from '../../../plugins/code-blocks/remark';

// Every fenced code block's text is in the server bundle only: the MDX the
// loader compiles once for both bundles holds it behind a flag each bundle
// defines, and the browser's gets the page's texts from a chunk of their own.

const siteDir = tempSite({'examples/api/get-payment.ts': 'const payment = await get("pay_1");\n'});

const page = [
  '# Guide',
  '',
  'Run `npm install` first.',
  '',
  '```ts file=examples/api/get-payment.ts',
  '```',
  '',
  '```json title="payment.json"',
  '{"id": "pay_1"}',
  '```',
  '',
  '```bash',
  '```',
  '',
].join('\n');

/** The page as the MDX loader compiles it (for both bundles at once). */
async function compiled(source: string): Promise<string> {
  const vfile = new VFile({path: path.join(siteDir, 'docs/guide.mdx'), value: source});
  const output = await compile(vfile, {remarkPlugins: [remarkDirective, [remarkCodeSamples, {siteDir}]]});
  return String(output);
}

/** The compiled page as one bundle gets it: the flag defined, dead code removed. */
async function bundled(code: string, server: boolean): Promise<string> {
  const result = await transform(code, {
    define: {'process.env.COINWHARF_SERVER_BUNDLE': String(server)},
    minifySyntax: true,
    format: 'esm',
  });
  return result.code;
}

/** The page's code-text chunk, decoded from the import the browser's bundle keeps. */
function chunkSource(browserCode: string): string {
  const [, uri] = /import\("(data:text\/javascript,[^"]+)"\)/.exec(browserCode) ?? [];
  expect(uri, 'the import of the code-text chunk').toBeDefined();
  return decodeURIComponent(uri.slice('data:text/javascript,'.length));
}

describe('code text in the bundles', () => {
  test("the server bundle has every block's text, and no chunk to load it from", async () => {
    const server = await bundled(await compiled(page), true);
    expect(server).toContain('children: `const payment = await get("pay_1");\n`');
    expect(server).toContain('children: `{"id": "pay_1"}\n`');
    expect(server).not.toContain('import(');
  });

  test("the browser's bundle has no block's text: each block names its page and place, and the page its chunk", async () => {
    const browser = await bundled(await compiled(page), false);
    const outsideChunk = browser.replace(/import\("data:[^"]+"\)/, 'import(chunk)');
    expect(outsideChunk).not.toContain('get(');
    expect(outsideChunk).not.toContain('pay_1');
    expect(browser).toContain('children: __coinwharfCode.block(0)');
    expect(browser).toContain('children: __coinwharfCode.block(1)');
    // Inline code stays in the page: it is prose.
    expect(browser).toContain('children: "npm install"');
    expect(browser).toContain(
      'import { pageCode as __coinwharfPageCode } from "@site/plugins/code-blocks/theme/CodeBlock/pageCode"',
    );
    expect(browser).toMatch(/const __coinwharfCode = await __coinwharfPageCode\(\(\) => import\("data:/);
    expect(chunkSource(browser)).toBe(
      String.raw`export default ["const payment = await get(\"pay_1\");\n","{\"id\": \"pay_1\"}\n"];`,
    );
  });

  test('an empty fence keeps its nothing, and its place is not counted', async () => {
    const browser = await bundled(await compiled(page), false);
    expect(browser).not.toContain('block(2)');
    expect(browser).toMatch(/_jsx\(_components\.code, \{\s*className: "language-bash"\s*\}\)/);
  });

  test('a page without code blocks is compiled as before', async () => {
    const browser = await bundled(await compiled('# Guide\n\nNo code, only `inline` code.\n'), false);
    expect(browser).not.toContain('pageCode');
    expect(browser).not.toContain('__coinwharfCode');
  });
});
