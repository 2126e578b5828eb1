import {spawnSync} from 'node:child_process';
import {describe, expect, test} from 'vitest';
import {markdownSources} from '../../support/content';
import {checkedFiles, checkFrontMatter, formatProblems} from '../../../scripts/check-front-matter';

// Every doc, changelog entry and page has a title and a 50–160
// character description, every doc a stable id or slug (scripts/check-front-matter.ts).
// The messages of the newer checks are proved in tests/unit/front-matter/.

const fixtures = 'tests/fixtures/lint/front-matter';

function runCheck(root: string) {
  return spawnSync('node_modules/.bin/tsx', ['scripts/check-front-matter.ts', root], {encoding: 'utf8'});
}

// Importing the home page's constants and spawning tsx take a few seconds on a cold machine.
describe('front matter', {timeout: 60_000}, () => {
  test('every doc, changelog entry and page has a title, a 50–160 character description, and docs an id or slug', async () => {
    expect(checkedFiles()).toEqual(expect.arrayContaining([...markdownSources, 'src/pages/index.tsx']));
    expect(formatProblems(await checkFrontMatter())).toBe('');
  });

  test('each planted front-matter mistake is reported with its file, its line and what to fix', async () => {
    expect(formatProblems(await checkFrontMatter(`${fixtures}/planted`)).split('\n')).toEqual([
      'docs/guides/refunds.mdx:1: description is missing; add a `description:` line to the front matter: 50–160 characters that say what the page is for.',
      'docs/guides/settlement.mdx:1: doc has no id or slug; add `id: settlement` (or a `slug:`) to the front matter, so renaming the file keeps its id (and, with a slug, its URL).',
      'docs/guides/settlement.mdx:3: description is 23 characters; write 50–160 characters that say what the page is for.',
      'changelog/2025-01-14-refund-reasons.md:3: description is 169 characters; shorten it to 50–160 characters that say what the page is for.',
      "changelog/2025-02-11-untitled.md:1: title is missing; add a `title:` line to the front matter with the page's name.",
      'src/pages/terms.md:1: page has no front matter; start the file with a --- line, then title: and description: (50–160 characters) lines, then a closing --- line.',
      'src/pages/status.tsx:6: description is missing; pass description="…" to <Layout>: 50–160 characters that say what the page is for.',
    ]);
  });

  test('the clean counterparts of the planted mistakes pass (quoted, folded and prop descriptions, id or slug)', async () => {
    expect(checkedFiles(`${fixtures}/clean`)).toHaveLength(5);
    expect(formatProblems(await checkFrontMatter(`${fixtures}/clean`))).toBe('');
  });

  test('run from the command line, the check lists every problem, exits non-zero, and says OK only when all pass', () => {
    const planted = runCheck(`${fixtures}/planted`);
    expect(planted.status).toBe(1);
    expect(planted.stdout).toBe('');
    expect(planted.stderr).toContain(
      'src/pages/status.tsx:6: description is missing; pass description="…" to <Layout>',
    );
    expect(planted.stderr.trimEnd().split('\n').at(-1)).toBe('7 front-matter problems in 6 files.');
    expect(planted.stderr).not.toContain('OK');
    const clean = runCheck(`${fixtures}/clean`);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toBe('Front matter OK in 5 files.\n');
  });
});
