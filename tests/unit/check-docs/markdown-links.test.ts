import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Link} from 'mdast';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {brokenMarkdownLinkProblems, reportBrokenMarkdownLink} from '../../../scripts/check-docs/markdown-links';

const link = (line: number): Link => ({
  type: 'link',
  url: './gone.mdx',
  children: [],
  position: {start: {line, column: 5}, end: {line, column: 30}},
});

describe('broken Markdown links, from the build to check:docs', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  test('the hook warns as Docusaurus does and, when check:docs asks, records file, line and link once each', () => {
    const record = path.join(mkdtempSync(path.join(tmpdir(), 'cw-links-')), 'links.jsonl');
    vi.stubEnv('CHECK_DOCS_BROKEN_MARKDOWN_LINKS', record);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    reportBrokenMarkdownLink({sourceFilePath: 'docs/payments/new.mdx', url: './gone.mdx', node: link(12)});
    // A page built twice (the server and the browser bundle) reports its link twice.
    reportBrokenMarkdownLink({sourceFilePath: 'docs/payments/new.mdx', url: './gone.mdx', node: link(12)});
    reportBrokenMarkdownLink({sourceFilePath: 'docs/welcome.mdx', url: './gone.mdx', node: link(3)});
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0][0])).toMatch(
      /\[WARNING\] Markdown link with URL `\.\/gone\.mdx` in source file "?docs\/payments\/new\.mdx"? \(12:5\) couldn't be resolved\./,
    );
    const fix = "no such file; fix the path (relative to this file, with its .md or .mdx), or link to the page's URL.";
    expect(brokenMarkdownLinkProblems(record)).toEqual([
      {file: 'docs/payments/new.mdx', line: 12, message: `link to ./gone.mdx: ${fix}`},
      {file: 'docs/welcome.mdx', line: 3, message: `link to ./gone.mdx: ${fix}`},
    ]);
  });

  test('without check:docs the hook only warns, and a build that recorded nothing has no problem', () => {
    vi.stubEnv('CHECK_DOCS_BROKEN_MARKDOWN_LINKS', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    reportBrokenMarkdownLink({sourceFilePath: 'docs/welcome.mdx', url: './gone.mdx', node: link(3)});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(brokenMarkdownLinkProblems(path.join(tmpdir(), 'cw-no-such-record.jsonl'))).toEqual([]);
  });
});
