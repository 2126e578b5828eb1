import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {expect, test} from '@playwright/test';

// Builds the fixture site (tests/fixtures/site), which inherits the real
// config's build rules, once per scenario. Builds run one at a time.
test.describe.configure({mode: 'serial'});

function buildFixture(scenario: string) {
  const outDir = mkdtempSync(path.join(tmpdir(), `cw-fixture-${scenario}-`));
  const result = spawnSync('npx', ['docusaurus', 'build', 'tests/fixtures/site', '--out-dir', outDir], {
    encoding: 'utf8',
    // No persistent cache: a warm rebuild does not replay Markdown-link warnings.
    env: {...process.env, FIXTURE_SCENARIO: scenario, DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', FORCE_COLOR: '0'},
    timeout: 240_000,
  });
  rmSync(outDir, {recursive: true, force: true});
  // Terminal colour codes would split words like [WARNING].
  const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  return {status: result.status, output};
}

test.describe('build rules (SPEC §5, §8)', () => {
  test.setTimeout(300_000);

  test('broken anchors and duplicate routes only warn: the build succeeds', () => {
    const {status, output} = buildFixture('warnings');
    expect(output).toMatch(/\[WARNING\] Docusaurus found broken anchors/);
    expect(output).toContain('#no-such-anchor');
    expect(output).toMatch(/\[WARNING\] Duplicate routes found/);
    expect(output).toContain('/same-route');
    expect(status, output).toBe(0);
  });

  test('a broken link fails the build; a broken Markdown link warns, then fails as a broken link', () => {
    const {status, output} = buildFixture('broken-links');
    expect(output).toMatch(/\[WARNING\] Markdown link with URL `\.\/missing-file\.md`.*couldn't be resolved/);
    expect(output).not.toMatch(/\[ERROR\] Markdown link/);
    expect(output).toMatch(/Docusaurus found broken links/);
    expect(output).toContain('/payments/refunds-that-do-not-exist');
    expect(status).not.toBe(0);
  });

  test('a navbar item that cannot render fails the build, naming the bad setting', () => {
    // Server rendering has no error boundaries, so the build reports the root
    // cause; the browser's wrapped "navbar item" error is in error-screens.spec.ts.
    const {status, output} = buildFixture('broken-navbar-item');
    expect(status).not.toBe(0);
    expect(output).toContain('Can\'t find any sidebar with id "sidebar-that-does-not-exist"');
  });

  test('a sample fence naming a missing file fails the build, naming the page, the line and the fix', () => {
    const {status, output} = buildFixture('broken-sample');
    expect(status).not.toBe(0);
    expect(output).toContain(
      'tests/fixtures/site/docs-broken-sample/index.md:8: examples/api/no-such-sample.ts does not exist: check the path, which starts at the repository root',
    );
  });

  test('a page without its default export raises an error', () => {
    const {status, output} = buildFixture('no-default-export');
    expect(status).not.toBe(0);
    expect(output).toContain("doesn't have a default export");
    expect(output).toContain('/named-only');
  });
});
