import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import {VFile} from 'vfile';
import {describe, expect, test} from 'vitest';
import {tempSite} from '../../support/temp-site';
import remarkCodeSamples from '../../../plugins/code-blocks/remark';
import {excerptOf, SampleError} from '../../../plugins/code-blocks/sample';

// `region=request`: a reference page shows a file's call first, and the whole file under it.

const typescript = [
  'import x from "y";',
  'async function main() {',
  '  // #region request',
  '  const payment = await send(url, {',
  "    method: 'POST',",
  '  });',
  '  // #endregion',
  '  console.log(payment);',
  '}',
  '',
].join('\n');

const python = [
  'import requests',
  '',
  '#region request',
  'payment = send("POST", url)',
  '#endregion',
  'print(payment)',
].join('\n');

describe('a region of a sample', () => {
  test('TypeScript: the lines between the markers, their indentation removed, with their line numbers', () => {
    expect(excerptOf(typescript, 'request', 'api/a.ts')).toEqual({
      code: "const payment = await send(url, {\n  method: 'POST',\n});",
      from: 4,
      to: 6,
    });
  });

  test('Python and shell comments mark it as `#region name` and `#endregion`', () => {
    expect(excerptOf(python, 'request', 'api/a.py')).toEqual({code: 'payment = send("POST", url)', from: 4, to: 4});
  });

  test('a missing, unclosed or empty region fails, naming the file and the fix', () => {
    expect(() => excerptOf(python, 'response', 'api/a.py')).toThrow(
      'examples/api/a.py has no "#region response" comment: mark the lines the page shows first',
    );
    expect(() => excerptOf('#region request\nx = 1\n', 'request', 'api/a.py')).toThrow(
      'examples/api/a.py: "#region request" has no "#endregion" after it',
    );
    expect(() => excerptOf('#region request\n\n#endregion\n', 'request', 'api/a.py')).toThrow(SampleError);
  });

  test('a word that merely starts with "region" is no marker', () => {
    expect(() => excerptOf('# regional prices\nx = 1\n', 'prices', 'api/a.py')).toThrow(SampleError);
  });
});

describe('a region in a tab group', () => {
  const siteDir = tempSite({'examples/api/create.ts': typescript, 'examples/api/create.py': python});
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkDirective).use(remarkCodeSamples, {siteDir});
  const run = (source: string) => {
    const file = new VFile({path: path.join(siteDir, 'docs/api/page.mdx'), value: source});
    return processor.runSync(processor.parse(file), file);
  };

  test('each tab holds the region, titled with its lines, then the whole file behind <WholeSample>', () => {
    const tree = run(
      [
        ':::code-tabs',
        '```ts file=examples/api/create.ts region=request',
        '```',
        '```python file=examples/api/create.py region=request',
        '```',
        ':::',
      ].join('\n'),
    );
    const json = JSON.stringify(tree);
    interface Tree {
      type: string;
      name?: string;
      meta?: string;
      attributes?: {name: string; value: string}[];
      children: Tree[];
    }
    const tabs = (tree as unknown as {children: Tree[]}).children.find((node) => node.name === 'ExampleTabs');
    const tab = tabs!.children[0];
    expect(tab.children.map((node) => node.type)).toEqual(['code', 'mdxJsxFlowElement']);
    expect(tab.children[0].meta).toBe('title="examples/api/create.ts, lines 4–6"');
    expect(tab.children[1].name).toBe('WholeSample');
    expect(tab.children[1].attributes?.map(({name, value}) => `${name}=${value}`)).toEqual([
      'file=examples/api/create.ts',
      'lines=9',
    ]);
    expect(json).toContain('title=\\"examples/api/create.py, lines 4–4\\"');
  });

  test('outside a tab group a region fails: there is nowhere to put the rest of the file', () => {
    expect(() => run('```ts file=examples/api/create.ts region=request\n```')).toThrow(
      'docs/api/page.mdx:1: region= shows part of a file inside :::code-tabs only, where its tab holds the rest',
    );
  });
});
