import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {tempSite} from '../../support/temp-site';
import {convertMdx, type ConvertContext} from '../../../plugins/markdown-twins/convert';

// The converter's edges: comments and expressions inside other content, links
// whose URL does not change, images, empty admonitions, heading ids in odd
// places. convert.test.ts holds the main rules.

const site = 'https://docs.example.test';
const siteDir = tempSite({'examples/api/get-payment.sh': 'curl https://api.example.test\n'});
const file = path.join(siteDir, 'docs/fixture/page.mdx');
const meta = {title: 'Edges', description: 'The converter at its edges.'};

/** Internal links made absolute under the site; links already absolute are left alone. */
const absolute: ConvertContext = {
  file,
  resolveLink: (url) => (/^[a-z]+:/.test(url) ? undefined : `${site}${url}`),
  siteDir,
};
const convert = (source: string, context = absolute) => convertMdx(source, meta, context).body;

describe('Markdown twin converter, at the edges', () => {
  test('a comment inside a paragraph, a list or a link text disappears; the text around it stays', () => {
    expect(convert('Before {/* a note */} after.\n')).toBe('# Edges\n\nBefore  after.\n');
    expect(convert('- item\n\n  {/* a note */}\n')).toBe('# Edges\n\n- item\n\n  \n');
    expect(convert('[a {/* note */} b](/x)\n')).toBe(`# Edges\n\n[a  b](${site}/x)\n`);
  });

  test('a comment alone inside an admonition leaves no empty line in the blockquote', () => {
    expect(convert(':::note\n\n{/* for writers */}\n\nText.\n\n:::\n')).toBe('# Edges\n\n> **Note**\n>\n> Text.\n');
  });

  test('an admonition with no content is just its kind; one with an empty title is not titled', () => {
    expect(convert(':::note\n:::\n')).toBe('# Edges\n\n> **Note**\n');
    expect(convert(':::warning[]\n\nCareful.\n\n:::\n')).toBe('# Edges\n\n> **Warning**\n>\n> Careful.\n');
  });

  test('a plain code block between paragraphs is copied as written, and alone', () => {
    expect(convert('Run:\n\n```sh\nls  -l\n```\n\nDone.\n')).toBe('# Edges\n\nRun:\n\n```sh\nls  -l\n```\n\nDone.\n');
  });

  test('a link whose URL does not change is left byte for byte, title quotes included', () => {
    const same: ConvertContext = {...absolute, resolveLink: (url) => url};
    expect(convert("[a](/x 'T') and [b]: /y 'U'\n", same)).toBe("# Edges\n\n[a](/x 'T') and [b]: /y 'U'\n");
  });

  test('a link title with double quotes keeps them, escaped', () => {
    expect(convert('[a](/x \'say "hi"\')\n')).toBe(`# Edges\n\n[a](${site}/x "say \\"hi\\"")\n`);
  });

  test('a link with no text keeps its empty brackets', () => {
    expect(convert('[](/x)\n')).toBe(`# Edges\n\n[](${site}/x)\n`);
  });

  test('images and bare URLs stay as written', () => {
    const everything: ConvertContext = {...absolute, resolveLink: (url) => `${site}/moved${url}`};
    expect(convert('![Logo](/img/logo.svg) and https://example.com/a\n', everything)).toBe(
      '# Edges\n\n![Logo](/img/logo.svg) and https://example.com/a\n',
    );
  });

  test('a heading id right after the text, on the last line with no newline, or before trailing spaces, is dropped', () => {
    expect(convert('## Retries{#retries}\n')).toBe('# Edges\n\n## Retries\n');
    expect(convert('Text.\n\n## Retries {#retries}')).toBe('# Edges\n\nText.\n\n## Retries\n');
    expect(convert('## Retries {#retries}   \n')).toBe('# Edges\n\n## Retries\n');
  });

  test('escaped braces in the middle of a heading, and id-like text in code, are left alone', () => {
    expect(convert('## Write \\{#id} after a title\n')).toBe('# Edges\n\n## Write \\{#id} after a title\n');
    expect(convert('```sh\n  # a comment {#x}\n```\n')).toBe('# Edges\n\n```sh\n  # a comment {#x}\n```\n');
  });

  for (const [name, source, message] of [
    ['an expression alone on its line', '\n{1 + 1}\n', /page\.mdx:2: a JavaScript expression cannot be turned/],
    ['an expression in a blockquote', '> Total: {1 + 1}\n', /page\.mdx:1: a JavaScript expression cannot be turned/],
    ['code before a comment', '{x /* note */}\n', /page\.mdx:1: a JavaScript expression cannot be turned/],
    ['code glued before a comment', '{x/* note */}\n', /page\.mdx:1: a JavaScript expression cannot be turned/],
    ['code after a comment', '{/* note */ x}\n', /page\.mdx:1: a JavaScript expression cannot be turned/],
    ['code glued after a comment', '{/* note */x}\n', /page\.mdx:1: a JavaScript expression cannot be turned/],
    ['a component in a list', '- <Mystery />\n', /page\.mdx:1: <Mystery> inside other content cannot be turned/],
    ['a text directive', 'Press :kbd[Enter].\n', /page\.mdx:1: <kbd> inside other content cannot be turned/],
    [
      'a tab group that is no group',
      ':::code-tabs{group=os}\n:::\n',
      /page\.mdx:1: :::code-tabs\{group=os\} is not a tab group/,
    ],
  ] as const) {
    test(`fails the build on ${name}, naming the file and line`, () => {
      expect(() => convert(source)).toThrow(message);
    });
  }
});

test("an error that is no writer's mistake is not dressed as one: it keeps its own message", () => {
  // A folder where a sample file should be: reading it fails in Node, not in our checks.
  const odd = tempSite({'examples/api/folder.ts/inner.txt': 'x'});
  const context = {...absolute, siteDir: odd, file: path.join(odd, 'docs/fixture/page.mdx')};
  expect(() => convert('```ts file=examples/api/folder.ts\n```\n', context)).toThrow(
    /^EISDIR: illegal operation on a directory/,
  );
});
