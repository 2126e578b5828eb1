import {spawnSync} from 'node:child_process';
import {expect, test} from '@playwright/test';
import {markdownSources} from '../support/content';
import {checkedFiles, checkFrontMatter, formatProblems} from '../../scripts/check-front-matter';

// Issue #8: every doc, changelog entry and page has a title and a 50–160
// character description, every doc a stable id or slug (scripts/check-front-matter.ts).

const fixtures = 'tests/fixtures/lint/front-matter';

test('every doc, changelog entry and page has a title, a 50–160 character description, and docs an id or slug', () => {
  expect(checkedFiles()).toEqual(expect.arrayContaining([...markdownSources, 'src/pages/index.tsx']));
  expect(formatProblems(checkFrontMatter())).toBe('');
});

test('each planted front-matter mistake is reported with its file and what to fix', () => {
  expect(formatProblems(checkFrontMatter(`${fixtures}/planted`)).split('\n')).toEqual([
    'docs/guides/refunds.mdx: add a `description` to the front matter (50–160 characters): search results and link previews show it',
    'docs/guides/settlement.mdx: the `description` in the front matter has 23 characters; write at least 50',
    'docs/guides/settlement.mdx: add a stable `id` (such as `id: settlement`) or `slug` to the front matter, so a renamed file keeps its id (with `slug`, its URL too)',
    'changelog/2025-01-14-refund-reasons.md: the `description` in the front matter has 169 characters; shorten it to 160 at most',
    'changelog/2025-02-11-untitled.md: add a `title` to the front matter of this changelog entry',
    'src/pages/terms.md: add a front matter block (between `---` lines) with `title` and `description` to this page',
    'src/pages/status.tsx: add a `description` prop to `<Layout>` (50–160 characters): search results and link previews show it',
  ]);
});

test('the clean counterparts of the planted mistakes pass (quoted, folded and prop descriptions, id or slug)', () => {
  expect(checkedFiles(`${fixtures}/clean`)).toHaveLength(5);
  expect(formatProblems(checkFrontMatter(`${fixtures}/clean`))).toBe('');
});

test('run from the command line, the check exits non-zero and names each file', () => {
  const run = spawnSync('npx', ['tsx', 'scripts/check-front-matter.ts', `${fixtures}/planted`], {encoding: 'utf8'});
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('src/pages/status.tsx: add a `description` prop to `<Layout>`');
  expect(run.stderr).toContain('7 front-matter problem(s).');
  const clean = spawnSync('npx', ['tsx', 'scripts/check-front-matter.ts', `${fixtures}/clean`], {encoding: 'utf8'});
  expect(clean.status, clean.stderr).toBe(0);
});
