import {spawnSync} from 'node:child_process';
import {describe, expect, test} from 'vitest';
import {checkFrontMatter, formatProblems} from '../../../scripts/check-front-matter';

// The front-matter check (gray-matter and zod): for each
// planted mistake (tests/fixtures/lint/front-matter/<case>/, one mistake each),
// the exact text a writer sees when running the check, and its exit code.
// The expected messages are literals: a reworded message must change a test.

const fixtures = 'tests/fixtures/lint/front-matter';

function runCheck(root: string) {
  const run = spawnSync('node_modules/.bin/tsx', ['scripts/check-front-matter.ts', root], {encoding: 'utf8'});
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

// Each test spawns tsx, which takes a second or two on a cold machine.
describe('front-matter check messages', {timeout: 60_000}, () => {
  test('broken YAML still fails when checked a second time in the same process (no cached empty result)', async () => {
    const first = formatProblems(await checkFrontMatter(`${fixtures}/broken-yaml`));
    const second = formatProblems(await checkFrontMatter(`${fixtures}/broken-yaml`));
    expect(first).toContain('changelog/2025-03-04-payout-reasons.md:3: front matter is not valid YAML');
    expect(second).toBe(first);
  });

  // One planted mistake per fixture: its message, then the count.
  test.each([
    [
      'broken YAML (an unquoted description containing ": ") fails, naming the file, the line and the quotes',
      'broken-yaml',
      'changelog/2025-03-04-payout-reasons.md:3: front matter is not valid YAML: the value of description contains ": " and is not quoted; put the whole value in quotes: description: "…".',
    ],
    [
      'a description too short is reported at its own line, with its length and the range to write',
      'short-description',
      'docs/payments/refunds.mdx:3: description is 32 characters; write 50–160 characters that say what the page is for.',
    ],
    [
      'a page without a title is reported at line 1, saying which line to add',
      'missing-title',
      "src/pages/fees.md:1: title is missing; add a `title:` line to the front matter with the page's name.",
    ],
    [
      'a doc without an id or slug is reported, offering its file name as the id',
      'no-id-or-slug',
      'docs/payments/payouts.mdx:1: doc has no id or slug; add `id: payouts` (or a `slug:`) to the front matter, so renaming the file keeps its id (and, with a slug, its URL).',
    ],
  ])('%s', (_name, fixture, message) => {
    expect(runCheck(`${fixtures}/${fixture}`)).toEqual({
      status: 1,
      stdout: '',
      stderr: `${message}\n\n1 front-matter problem in 1 file.\n`,
    });
  });

  test('a root with nothing to check fails instead of printing OK', () => {
    expect(runCheck(`${fixtures}/no-such-folder`)).toEqual({
      status: 1,
      stdout: '',
      stderr: expect.stringMatching(
        /\/tests\/fixtures\/lint\/front-matter\/no-such-folder: no docs, changelog entries or pages found; pass the site root \(the folder holding docs\/, changelog\/ and src\/pages\/\)\.\n$/,
      ),
    });
  });
});
