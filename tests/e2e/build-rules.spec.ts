import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {expect, test} from '@playwright/test';
import {brokenLinks} from '../../scripts/check-docs/build';
import {brokenMarkdownLinkProblems} from '../../scripts/check-docs/markdown-links';

// Builds the fixture site (tests/fixtures/site), which inherits the real
// config's build rules and loads only what each scenario's rule needs, once per
// scenario. Builds of different scenarios may run at once (one per worker): each
// writes its own generated files and output folder.

const fixtureDir = 'tests/fixtures/site';

async function buildFixture(scenario: string, extraEnv: Record<string, string> = {}) {
  const outDir = mkdtempSync(path.join(tmpdir(), `cw-fixture-${scenario}-`));
  // Under the fixture's .docusaurus/, which git ignores; one folder per scenario.
  const generated = `.docusaurus/${scenario}`;
  const child = spawn('npx', ['docusaurus', 'build', fixtureDir, '--out-dir', outDir], {
    env: {
      ...process.env,
      FIXTURE_SCENARIO: scenario,
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: generated,
      // No persistent cache: a warm rebuild does not replay Markdown-link warnings.
      DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
      FORCE_COLOR: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  rmSync(outDir, {recursive: true, force: true});
  rmSync(path.join(fixtureDir, generated), {recursive: true, force: true});
  // Terminal colour codes would split words like [WARNING].
  return {status, output: stripVTControlCharacters(text)};
}

test.describe('build rules (SPEC §5, §8)', () => {
  test.setTimeout(180_000);

  test('broken anchors and duplicate routes only warn: the build succeeds', async () => {
    const {status, output} = await buildFixture('warnings');
    expect(output).toMatch(/\[WARNING\] Docusaurus found broken anchors/);
    expect(output).toContain('#no-such-anchor');
    // check:docs turns this report into the source file and line (scripts/check-docs/build.ts): read
    // here from a real build's wording, which tests/unit/check-docs only copies.
    expect(brokenLinks(output, 'anchor')).toEqual([
      {page: '/', link: '/#no-such-anchor', resolved: '/#no-such-anchor'},
    ]);
    expect(output).toMatch(/\[WARNING\] Duplicate routes found/);
    expect(output).toContain('/same-route');
    expect(status, output).toBe(0);
  });

  test('a broken link fails the build; a broken Markdown link warns, then fails as a broken link', async () => {
    // check:docs has the build record each broken Markdown link with its file and line (the config's hook).
    const record = path.join(mkdtempSync(path.join(tmpdir(), 'cw-record-')), 'links.jsonl');
    const {status, output} = await buildFixture('broken-links', {CHECK_DOCS_BROKEN_MARKDOWN_LINKS: record});
    expect(brokenMarkdownLinkProblems(record)).toEqual([
      {
        file: 'tests/fixtures/site/docs-broken-links/linker.md',
        line: 5,
        message:
          "link to ./missing-file.md: no such file; fix the path (relative to this file, with its .md or .mdx), or link to the page's URL.",
      },
    ]);
    rmSync(path.dirname(record), {recursive: true, force: true});
    expect(output).toMatch(/\[WARNING\] Markdown link with URL `\.\/missing-file\.md`.*couldn't be resolved/);
    expect(output).not.toMatch(/\[ERROR\] Markdown link/);
    expect(output).toMatch(/Docusaurus found broken links/);
    expect(output).toContain('/payments/refunds-that-do-not-exist');
    expect(status).not.toBe(0);
  });

  test('a navbar item that cannot render fails the build, naming the bad setting', async () => {
    // Server rendering has no error boundaries, so the build reports the root
    // cause; the browser's wrapped "navbar item" error is in error-screens.spec.ts.
    const {status, output} = await buildFixture('broken-navbar-item');
    expect(status).not.toBe(0);
    expect(output).toContain('Can\'t find any sidebar with id "sidebar-that-does-not-exist"');
  });

  test('a sample fence naming a missing file fails the build, naming the page, the line and the fix', async () => {
    const {status, output} = await buildFixture('broken-sample');
    expect(status).not.toBe(0);
    expect(output).toContain(
      'tests/fixtures/site/docs-broken-sample/index.md:8: examples/api/no-such-sample.ts does not exist: check the path, which starts at the repository root',
    );
  });

  test('a page without its default export raises an error', async () => {
    const {status, output} = await buildFixture('no-default-export');
    expect(status).not.toBe(0);
    expect(output).toContain("doesn't have a default export");
    expect(output).toContain('/named-only');
  });
});
