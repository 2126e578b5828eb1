import {expect, test} from 'vitest';
import {blocks, code, frontMatter, heading, inline, jsonBlock, mdxText} from '../../../plugins/api-reference/mdx';

test('mdxText escapes { } and < outside code, keeps code spans and fenced blocks as written, and trims', () => {
  expect(mdxText('  Send {id} to <endpoint> as `{id}` or `<x>`.  ')).toBe(
    'Send \\{id\\} to \\<endpoint> as `{id}` or `<x>`.',
  );
  expect(mdxText('Before {a}\n```json\n{"a": "<b>"}\n```\nAfter {b}')).toBe(
    'Before \\{a\\}\n```json\n{"a": "<b>"}\n```\nAfter \\{b\\}',
  );
  expect(mdxText('~~~\n{x}\n~~~\n{y}')).toBe('~~~\n{x}\n~~~\n\\{y\\}');
  expect(mdxText('  ```\n  {x}\n  ```')).toBe('```\n  {x}\n  ```');
  // A fence's closing line is left as written too.
  expect(mdxText('```\n{a}\n``` {b}')).toBe('```\n{a}\n``` {b}');
  // Backticks or tildes inside a line open no fence.
  expect(mdxText('Between ~~~ and {x}')).toBe('Between ~~~ and \\{x\\}');
  expect(mdxText('a~~~ {x}\n{y}')).toBe('a~~~ \\{x\\}\n\\{y\\}');
});

test('inline joins the lines of a paragraph with single spaces', () => {
  expect(inline('Retry later,\n  with the same key.\n')).toBe('Retry later, with the same key.');
  expect(inline('a {b}')).toBe('a \\{b\\}');
});

test('code makes a code span of text or JSON, with double backticks around a backtick', () => {
  expect(code('pay_123')).toBe('`pay_123`');
  expect(code(42)).toBe('`42`');
  expect(code(true)).toBe('`true`');
  expect(code(null)).toBe('`null`');
  expect(code({a: 1})).toBe('`{"a":1}`');
  expect(code('a`b')).toBe('`` a`b ``');
});

test('heading writes its id as an MDX comment, at most at level 6', () => {
  expect(heading(2, 'Errors', 'errors')).toBe('## Errors {/* #errors */}');
  expect(heading(6, 'x', 'y')).toBe('###### x {/* #y */}');
  expect(heading(8, 'x', 'y')).toBe('###### x {/* #y */}');
});

test('jsonBlock fences pretty JSON, with a title when given', () => {
  expect(jsonBlock({a: [1]})).toBe('```json\n{\n  "a": [\n    1\n  ]\n}\n```');
  expect(jsonBlock('x', '201 response')).toBe('```json title="201 response"\n"x"\n```');
});

test('frontMatter writes YAML between --- lines, long values on one line', () => {
  const long = 'word '.repeat(30).trim();
  expect(frontMatter({title: 'Objects', description: long, last_update: {date: '2026-11-24'}})).toBe(
    `---\ntitle: Objects\ndescription: ${long}\nlast_update:\n  date: 2026-11-24\n---`,
  );
});

test('blocks joins the parts that are text, one blank line apart', () => {
  expect(blocks('a', undefined, false, '', 'b')).toBe('a\n\nb');
  expect(blocks()).toBe('');
});
