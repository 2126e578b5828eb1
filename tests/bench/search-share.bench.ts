import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {firstLoadJs} from '../support/first-load';
import {servePrefixed} from '../support/prefixed-server';
import {inBuild, routes} from '../support/site';

/**
 * What search adds to the first-load JS of a doc page: the production build
 * against a copy of the site built without the search plugin. A benchmark, not
 * part of `npm test`: it needs a second cold build (about a minute on 2 cores).
 * `npm run build`, then `npm run bench:search-share`. It still fails when the
 * share is above `searchExtraFirstLoadJsGzipBytes` in tests/budgets.json.
 */
const root = path.join(__dirname, '..', '..');
const budget = (
  JSON.parse(readFileSync(path.join(root, 'tests', 'budgets.json'), 'utf8')) as {
    searchExtraFirstLoadJsGzipBytes: number;
  }
).searchExtraFirstLoadJsGzipBytes;

/** Builds a copy of the site without the search plugin, for the comparison. */
function buildWithoutSearch(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'cw-no-search-'));
  const skipped = ['node_modules', 'build', '.docusaurus', '.git', 'test-results', 'playwright-report', 'tests'];
  const withoutSearchTheme = ['src/theme/SearchBar', 'src/theme/SearchPage'].map((p) => path.join(root, p));
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return !skipped.includes(relative.split(path.sep)[0]) && !withoutSearchTheme.some((p) => source.startsWith(p));
    },
  });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  // The docs' last-updated dates come from `git log`, which needs the repository.
  symlinkSync(path.join(root, '.git'), path.join(copy, '.git'));
  writeFileSync(
    path.join(copy, 'docusaurus.no-search.config.ts'),
    [
      "import config from './docusaurus.config';",
      '// Only the search theme goes: the comparison must not lose any other theme (Mermaid).',
      "const isSearch = (theme: unknown) => JSON.stringify(theme).includes('docusaurus-search-local');",
      'export default {...config, themes: (config.themes ?? []).filter((theme) => !isSearch(theme))};',
      '',
    ].join('\n'),
  );
  const result = spawnSync(
    'npx',
    ['docusaurus', 'build', copy, '--config', path.join(copy, 'docusaurus.no-search.config.ts')],
    {
      encoding: 'utf8',
      env: {...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', FORCE_COLOR: '0'},
      timeout: 300_000,
    },
  );
  expect(result.status, result.stderr.slice(-2_000)).toBe(0);
  return copy;
}

test('search adds little to the first-load JS of a doc page', async ({page}) => {
  const copy = buildWithoutSearch();
  const server = await servePrefixed(path.join(copy, 'build'), '/');
  try {
    const withSearch = await firstLoadJs(page, routes.quickstart, path.resolve(root, inBuild()));
    const bare = await page.context().newPage();
    const withoutSearch = await firstLoadJs(
      bare,
      `${server.url}${routes.quickstart.slice(1)}`,
      path.join(copy, 'build'),
    );
    const share = withSearch.gzipBytes - withoutSearch.gzipBytes;
    console.log(
      [
        `first-load JS of ${routes.quickstart}, gzip level 9:`,
        `  with search     ${withSearch.gzipBytes} B`,
        `  without search  ${withoutSearch.gzipBytes} B`,
        `  search's share  ${share} B (budget ${budget} B)`,
      ].join('\n'),
    );
    // The placeholder box is always there; a share of zero or less means the two builds differ in more than search.
    expect(share, 'the build without search differs in more than search').toBeGreaterThan(0);
    expect(share, `search's share is over its budget of ${budget} B`).toBeLessThanOrEqual(budget);
  } finally {
    await server.close();
    rmSync(copy, {recursive: true, force: true});
  }
});
