import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import {VFile} from 'vfile';
import {describe, expect, test} from 'vitest';
import {tempSite} from '../../support/temp-site';
import remarkCodeSamples from '../../../plugins/code-blocks/remark';

// The sample construct writers use: a fence naming a file under examples/,
// grouped into synced tabs with :::code-tabs. Sources and files are written here.

const samples: Record<string, string> = {
  'examples/api/get-payment.sh': 'curl https://api.example.test\n',
  'examples/api/get-payment.ts': 'const a = 1;\n\n',
  'examples/api/get_payment.py': 'print(1)\n',
  'examples/webhooks/express-receiver.ts': 'app.post("/hook");\n',
  'examples/webhooks/flask_receiver.py': 'app = Flask(__name__)\n',
  'examples/api/notes.rb': 'puts 1\n',
  'README.md': 'not a sample\n',
};
const siteDir = tempSite(samples);

const processor = unified().use(remarkParse).use(remarkMdx).use(remarkDirective).use(remarkCodeSamples, {siteDir});

interface Tree {
  type: string;
  name?: string;
  lang?: string;
  meta?: string;
  value?: string;
  attributes?: {name: string; value: string}[];
  children?: Tree[];
}

/** The page's tree after the plugin, with positions dropped. */
function transform(source: string): Tree[] {
  const file = new VFile({path: path.join(siteDir, 'docs/guide.mdx'), value: source});
  const tree = processor.runSync(processor.parse(file), file);
  // What the last step adds for every code block (the page's ESM, each block's data) is code-text.test.ts's.
  const json = JSON.stringify(tree, (key, value: unknown) =>
    key === 'position' || key === 'data' ? undefined : value,
  );
  return (JSON.parse(json) as {children: Tree[]}).children.filter((node) => node.type !== 'mdxjsEsm');
}

const attributes = (node: Tree) => Object.fromEntries((node.attributes ?? []).map((a) => [a.name, a.value]));

describe('sample fences', () => {
  test('a lone fence becomes the file as a code block titled with its path', () => {
    expect(transform('```ts file=examples/api/get-payment.ts\n```\n')).toEqual([
      {type: 'code', lang: 'ts', meta: 'title="examples/api/get-payment.ts"', value: 'const a = 1;'},
    ]);
  });

  test('a fence without file= is left alone', () => {
    expect(transform('```ts\nconst b = 2;\n```\n')).toEqual([
      {type: 'code', lang: 'ts', meta: null, value: 'const b = 2;'},
    ]);
  });

  test('a language group becomes synced tabs labelled curl, Node.js and Python', () => {
    const [group] = transform(
      ':::code-tabs\n```bash file=examples/api/get-payment.sh\n```\n```ts file=examples/api/get-payment.ts\n```\n```python file=examples/api/get_payment.py\n```\n:::\n',
    );
    expect(group.type).toBe('mdxJsxFlowElement');
    expect(group.name).toBe('ExampleTabs');
    expect(attributes(group)).toEqual({group: 'language'});
    expect(group.children?.map((tab) => [tab.name, attributes(tab)])).toEqual([
      ['ExampleTab', {value: 'curl', label: 'curl'}],
      ['ExampleTab', {value: 'node', label: 'Node.js'}],
      ['ExampleTab', {value: 'python', label: 'Python'}],
    ]);
    expect(group.children?.map((tab) => tab.children)).toEqual([
      [
        {
          type: 'code',
          lang: 'bash',
          meta: 'title="examples/api/get-payment.sh"',
          value: 'curl https://api.example.test',
        },
      ],
      [{type: 'code', lang: 'ts', meta: 'title="examples/api/get-payment.ts"', value: 'const a = 1;'}],
      [{type: 'code', lang: 'python', meta: 'title="examples/api/get_payment.py"', value: 'print(1)'}],
    ]);
  });

  test('a framework group takes its labels from the fences', () => {
    const [group] = transform(
      ':::code-tabs{group=framework}\n```ts file=examples/webhooks/express-receiver.ts label=Express\n```\n```python file=examples/webhooks/flask_receiver.py label="Flask 3"\n```\n:::\n',
    );
    expect(attributes(group)).toEqual({group: 'framework'});
    expect(group.children?.map(attributes)).toEqual([
      {value: 'express', label: 'Express'},
      {value: 'flask-3', label: 'Flask 3'},
    ]);
  });
});

describe('a mistake in a sample fails the build, naming the page, the line and the fix', () => {
  for (const [name, source, message] of [
    [
      'a missing file',
      'Intro.\n\n```ts file=examples/api/missing.ts\n```\n',
      'docs/guide.mdx:3: examples/api/missing.ts does not exist: check the path, which starts at the repository root',
    ],
    [
      'an unknown language',
      '```ruby file=examples/api/notes.rb\n```\n',
      'docs/guide.mdx:1: file=examples/api/notes.rb: no sample language is known for this extension; samples are .sh, .ts, .py files',
    ],
    [
      'a fence language that is not the file’s',
      '```python file=examples/api/get-payment.ts\n```\n',
      'docs/guide.mdx:1: ```python is not the language of examples/api/get-payment.ts: open the fence with ```ts',
    ],
    [
      'a file outside examples/',
      '```ts file=README.md\n```\n',
      'docs/guide.mdx:1: file=README.md is outside examples/: a reader copies only tested files, so name one as examples/<folder>/<file>',
    ],
    [
      'a path that climbs out of examples/',
      '```ts file=examples/../src/secret.ts\n```\n',
      'docs/guide.mdx:1: file=examples/../src/secret.ts is outside examples/',
    ],
    [
      'code typed into a sample fence',
      '```ts file=examples/api/get-payment.ts\nconst drift = true;\n```\n',
      'docs/guide.mdx:1: the code comes from examples/api/get-payment.ts: leave the fence empty',
    ],
    [
      'an unknown setting',
      '```ts file=examples/api/get-payment.ts title="x"\n```\n',
      'docs/guide.mdx:1: title= is not a sample setting',
    ],
    [
      'prose inside a tab group',
      ':::code-tabs\n```ts file=examples/api/get-payment.ts\n```\n\nSome prose.\n:::\n',
      'docs/guide.mdx:5: only sample fences (```ts file=examples/…) go inside :::code-tabs',
    ],
    [
      'two tabs with one language',
      ':::code-tabs\n```ts file=examples/api/get-payment.ts\n```\n```ts file=examples/webhooks/express-receiver.ts\n```\n:::\n',
      'docs/guide.mdx:1: two tabs of this group would both be "node"',
    ],
    [
      'a framework tab without a label',
      ':::code-tabs{group=framework}\n```ts file=examples/webhooks/express-receiver.ts\n```\n:::\n',
      'docs/guide.mdx:2: a framework tab needs its name: add label="…" to the fence of examples/webhooks/express-receiver.ts',
    ],
    [
      'an unknown group',
      ':::code-tabs{group=os}\n```ts file=examples/api/get-payment.ts\n```\n:::\n',
      'docs/guide.mdx:1: :::code-tabs{group=os}: a group is language or framework',
    ],
  ] as const) {
    test(name, () => {
      expect(() => transform(source)).toThrow(message);
    });
  }
});

test("an error that is no writer's mistake is not dressed as one: it keeps its own message", () => {
  // A folder where a sample file should be: reading it fails in Node, not in our checks.
  const odd = tempSite({'examples/api/folder.ts/inner.txt': 'x'});
  const oddProcessor = unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkDirective)
    .use(remarkCodeSamples, {siteDir: odd});
  const file = new VFile({path: path.join(odd, 'docs/guide.mdx'), value: '```ts file=examples/api/folder.ts\n```\n'});
  expect(() => oddProcessor.runSync(oddProcessor.parse(file), file)).toThrow(
    /^EISDIR: illegal operation on a directory/,
  );
});
