import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {tempSite} from '../../support/temp-site';
import {convertMdx, twinFile, type ConvertContext} from '../../../plugins/markdown-twins/convert';
import {markdownTable} from '../../../plugins/markdown-twins/components';
import {orderTabs, tabGroupMarkdown, twinPath} from '../../../plugins/markdown-twins/format';
import {statusDiagramSource} from '../../../src/data/statuses';

// The MDX → Markdown converter behind the twins, on sources and sample files
// written here; tests/e2e/llms.spec.ts checks the twins of the real build.

const site = 'https://docs.example.test';
const files: Record<string, string> = {
  'examples/api/get-payment.sh': 'curl https://api.example.test\n',
  'examples/api/get-payment.ts': 'const a = 1;\n```\nnot a fence end\n',
  'examples/webhooks/express-receiver.ts': 'app.post("/hook");\n',
  'examples/webhooks/flask_receiver.py': '**kwargs = 1\n',
};
const siteDir = tempSite(files);
const file = path.join(siteDir, 'docs/fixture/page.mdx');

const context: ConvertContext = {
  file,
  resolveLink: (url, fromFile) => {
    if (/^https?:/.test(url)) return undefined;
    if (url.startsWith('#')) return `${site}/fixture/page.md${url}`;
    if (url.startsWith('./other.mdx')) return `${site}/fixture/other.md${url.slice('./other.mdx'.length)}`;
    expect(fromFile).toBe(file);
    return `${site}${url}`;
  },
  siteDir,
};

const meta = {title: 'Fixture page', description: 'A page written to prove every rule of the converter.'};
const convert = (source: string) => convertMdx(source, meta, context).body;

describe('Markdown twin converter', () => {
  test("keeps the writer's prose byte for byte and adds the title as an h1", () => {
    const prose = 'Some *prose* with `code`,  two spaces, and a\nhard wrap.\n\n- a list\n- of items';
    expect(convert(`---\ntitle: X\n---\n\n${prose}\n`)).toBe(`# Fixture page\n\n${prose}\n`);
  });

  test('a page with its own h1 gets no second one', () => {
    expect(convert('# Own title\n\nText.\n')).toBe('# Own title\n\nText.\n');
  });

  test('front matter is reduced to title and description', () => {
    const twin = twinFile(convertMdx('---\ntitle: X\nsidebar_position: 3\nslug: /x\n---\n\nText.\n', meta, context));
    expect(twin).toBe(
      `---\ntitle: "Fixture page"\ndescription: "${meta.description}"\n---\n\n# Fixture page\n\nText.\n`,
    );
  });

  test('imports and MDX comments disappear; sample files are inlined whole, with language and title', () => {
    const body = convert(
      [
        "import StatusTable from '@site/src/components/StatusTable';",
        '',
        '{/* a note to writers */}',
        '',
        '```bash file=examples/api/get-payment.sh',
        '```',
        '',
      ].join('\n'),
    );
    expect(body).toBe(
      '# Fixture page\n\n```bash title="examples/api/get-payment.sh"\ncurl https://api.example.test\n```\n',
    );
  });

  test('a file containing a fence gets a longer fence, so it stays whole', () => {
    const body = convert('```ts file=examples/api/get-payment.ts\n```\n');
    expect(body).toContain('````ts title="examples/api/get-payment.ts"\nconst a = 1;\n```\nnot a fence end\n````');
  });

  test('tab groups become labelled blocks in their order, between group comments', () => {
    const body = convert(
      [
        ':::code-tabs{group=framework}',
        '```ts file=examples/webhooks/express-receiver.ts label=Express',
        '```',
        '```python file=examples/webhooks/flask_receiver.py label="Flask"',
        '```',
        ':::',
      ].join('\n'),
    );
    expect(body).toBe(
      [
        '# Fixture page',
        '<!-- tabs: framework -->',
        '**Express**: `examples/webhooks/express-receiver.ts`',
        '```ts title="examples/webhooks/express-receiver.ts"\napp.post("/hook");\n```',
        '**Flask**: `examples/webhooks/flask_receiver.py`',
        '```python title="examples/webhooks/flask_receiver.py"\n**kwargs = 1\n```',
        '<!-- /tabs -->\n',
      ].join('\n\n'),
    );
  });

  test('admonitions become blockquotes that name their kind and title', () => {
    const body = convert(
      ':::tip[Use the sandbox]\n\nTest keys start with `cw_test_`.\n\nTwo paragraphs.\n\n:::\n\n:::danger\n\nNever log secrets.\n\n:::\n',
    );
    expect(body).toBe(
      '# Fixture page\n\n> **Tip: Use the sandbox**\n>\n> Test keys start with `cw_test_`.\n>\n> Two paragraphs.\n\n> **Danger**\n>\n> Never log secrets.\n',
    );
  });

  test("internal links become absolute, to the target's twin; external links stay", () => {
    const body = convert(
      'See [the other page](./other.mdx#a-heading), [this section](#below), [the glossary](/markdown-page "Terms") and [GitHub](https://github.com/coinwharf).\n\n[ref]: /welcome\n',
    );
    expect(body).toBe(
      `# Fixture page\n\nSee [the other page](${site}/fixture/other.md#a-heading), [this section](${site}/fixture/page.md#below), [the glossary](${site}/markdown-page "Terms") and [GitHub](https://github.com/coinwharf).\n\n[ref]: ${site}/welcome\n`,
    );
  });

  test('explicit heading ids are dropped from headings', () => {
    expect(convert('## Retry schedule {#retries}\n\nText.\n')).toBe('# Fixture page\n\n## Retry schedule\n\nText.\n');
  });

  test('the status diagram stays a mermaid fence with the same source the page draws', () => {
    expect(convert('<StatusDiagram />\n')).toBe(`# Fixture page\n\n\`\`\`mermaid\n${statusDiagramSource()}\n\`\`\`\n`);
  });

  test('data components become GFM tables, with pipes escaped', () => {
    expect(convert('<RetrySchedule />\n')).toMatch(
      /^# Fixture page\n\n\| Attempt \| Wait after the previous attempt \|\n\| --- \| --- \|\n\| 1 \| First delivery/,
    );
    expect(markdownTable(['a|b'], [['c|d']])).toBe('| a\\|b |\n| --- |\n| c\\|d |');
  });

  for (const [name, source, message] of [
    ['a component without a renderer', '\n\n<Mystery />\n', /page\.mdx:3: <Mystery> has no Markdown renderer/],
    ['inline JSX', 'Some <Mystery /> text.\n', /page\.mdx:1: <Mystery> inside other content/],
    [
      'a JavaScript expression',
      'Total: {1 + 1}\n',
      /page\.mdx:1: a JavaScript expression cannot be turned into Markdown/,
    ],
    ['a component with props', '<StatusTable columns="2" />\n', /page\.mdx:1: <StatusTable> takes no props on a page/],
    [
      'a sample file that does not exist',
      '\n```ts file=examples/api/nothing.ts\n```\n',
      /page\.mdx:2: examples\/api\/nothing\.ts does not exist/,
    ],
    [
      'something other than a sample in a tab group',
      ':::code-tabs\nSome text.\n:::\n',
      /page\.mdx:2: only sample fences go inside :::code-tabs/,
    ],
    [
      'a directive that is not an admonition',
      ':::details\n\nx\n\n:::\n',
      /page\.mdx:1: :::details is not an admonition/,
    ],
  ] as const) {
    test(`fails the build on ${name}, naming the file and line`, () => {
      expect(() => convert(source)).toThrow(message);
    });
  }
});

describe('twin URLs and tab order', () => {
  test('a twin lives next to its page: slashless paths get .md, folder paths index.md', () => {
    expect(twinPath('/welcome')).toBe('/welcome.md');
    expect(twinPath('/payments/')).toBe('/payments/index.md');
  });

  const group = tabGroupMarkdown('language', [
    {file: 'api/get-payment.sh', code: 'curl x\n'},
    {file: 'api/get-payment.ts', code: 'const a = `\n**Python**: `examples/x.py`\n`;\n'},
    {file: 'api/get_payment.py', code: 'print(1)\n'},
  ]);
  const twin = `# Page\n\nIntro.\n\n${group}\n\nOutro.\n`;
  const labels = (markdown: string) => [...markdown.matchAll(/^\*\*(\w[\w.]*)\*\*: `/gm)].map((m) => m[1]);

  test("puts the reader's language first and leaves everything else as it was", () => {
    const ordered = orderTabs(twin, {language: 'python'});
    expect(labels(ordered)).toEqual(['Python', 'curl', 'Node.js', 'Python']);
    expect(ordered.startsWith('# Page\n\nIntro.\n\n<!-- tabs: language -->\n\n**Python**')).toBe(true);
    expect(ordered.endsWith('<!-- /tabs -->\n\nOutro.\n')).toBe(true);
    expect([...ordered].sort().join('')).toBe([...twin].sort().join(''));
  });

  test('a label-like line inside a code block is code, not a tab', () => {
    expect(orderTabs(twin, {language: 'node'})).toContain(
      '**Node.js**: `examples/api/get-payment.ts`\n\n```ts title="examples/api/get-payment.ts"\nconst a = `\n**Python**: `examples/x.py`\n`;\n```',
    );
  });

  test('with no choice, or a choice the group lacks, the twin is unchanged', () => {
    expect(orderTabs(twin, {})).toBe(twin);
    expect(orderTabs(twin, {language: 'ruby'})).toBe(twin);
    expect(orderTabs(twin, {framework: 'python'})).toBe(twin);
  });
});
