import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import {VFile} from 'vfile';
import {describe, expect, test} from 'vitest';
import {tempSite} from '../../support/temp-site';
import remarkCodeSamples from '../../../plugins/code-blocks/remark';
import {exampleTabValue} from '../../../plugins/code-blocks/languages';
import {sampleFence} from '../../../plugins/code-blocks/sample';

// The sample construct at its edges: what counts as a sample fence, what is
// left alone, and the mistakes remark.test.ts does not already show.

const siteDir = tempSite({'examples/api/get-payment.ts': 'const a = 1;\n'});
const processor = unified().use(remarkParse).use(remarkMdx).use(remarkDirective).use(remarkCodeSamples, {siteDir});

interface Tree {
  type: string;
  name?: string;
  attributes?: unknown;
  children?: Tree[];
  value?: string;
  meta?: string | null;
}

function transform(source: string): Tree[] {
  const file = new VFile({path: path.join(siteDir, 'docs/guide.mdx'), value: source});
  const tree = processor.runSync(processor.parse(file), file);
  // What the last step adds for every code block (the page's ESM, each block's data) is code-text.test.ts's.
  const json = JSON.stringify(tree, (key, value: unknown) =>
    key === 'position' || key === 'data' ? undefined : value,
  );
  return (JSON.parse(json) as {children: Tree[]}).children.filter((node) => node.type !== 'mdxjsEsm');
}

describe('what is a sample fence', () => {
  test('file= anywhere among the settings makes one; a word ending in file= does not', () => {
    expect(sampleFence('ts', 'label="A" file=examples/api/get-payment.ts')).toEqual({
      file: 'api/get-payment.ts',
      label: 'A',
    });
    expect(sampleFence('ts', 'profile=dev')).toBeUndefined();
  });

  test('a plain fence with settings of its own (a title) is left alone', () => {
    expect(sampleFence('ts', 'title="setup.ts"')).toBeUndefined();
    expect(transform('```ts title="setup.ts"\nlet b;\n```\n')).toEqual([
      {type: 'code', lang: 'ts', meta: 'title="setup.ts"', value: 'let b;'},
    ]);
  });

  test('a sample fence holding only blank lines is still empty', () => {
    expect(transform('```ts file=examples/api/get-payment.ts\n   \n```\n')).toEqual([
      {type: 'code', lang: 'ts', meta: 'title="examples/api/get-payment.ts"', value: 'const a = 1;'},
    ]);
  });

  test("a tab group's attributes are JSX attributes", () => {
    const [group] = transform(':::code-tabs\n```ts file=examples/api/get-payment.ts\n```\n:::\n');
    expect(group.attributes).toEqual([{type: 'mdxJsxAttribute', name: 'group', value: 'language'}]);
  });

  test('other directives, and a code-tabs directive that is not a container, are left alone', () => {
    expect(transform(':::note\nText.\n:::\n').map(({type, name}) => [type, name])).toEqual([
      ['containerDirective', 'note'],
    ]);
    expect(transform('::code-tabs\n').map(({type, name}) => [type, name])).toEqual([['leafDirective', 'code-tabs']]);
  });

  test('a framework label becomes a value with one dash for each run of other characters', () => {
    expect(exampleTabValue('framework', {file: 'webhooks/a.ts', label: 'Node.js  Express'})).toBe('node-js-express');
  });
});

describe('mistakes that fail the build', () => {
  for (const [name, source, message] of [
    ['an empty tab group', ':::code-tabs\n:::\n', 'docs/guide.mdx:1: :::code-tabs holds no sample fence'],
    [
      'words among the settings',
      '```ts file=examples/api/get-payment.ts oops\n```\n',
      'docs/guide.mdx:1: cannot read "oops" in the fence: write settings as key=value',
    ],
    [
      'a path into examples/ that is not written plainly',
      '```ts file=examples/../examples/api/get-payment.ts\n```\n',
      'docs/guide.mdx:1: file=examples/../examples/api/get-payment.ts is outside examples/',
    ],
  ] as const) {
    test(name, () => {
      expect(() => transform(source)).toThrow(message);
    });
  }
});
