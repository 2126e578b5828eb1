import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {firstLoadJs, gzipBytes} from '../support/first-load';
import {servePrefixed} from '../support/prefixed-server';
import {builtSitemapPaths, routes} from '../support/site';

// Byte budgets (gzip, level 9) from tests/budgets.json; the README explains them.
interface Budgets {
  searchIndexGzipBytes: number;
  /** No page may load more than the stock Docusaurus template's doc page. */
  firstLoadJsCeilingGzipBytes: number;
  /** Per route; a key ending in `/*` covers every route under it that has no key of its own. */
  firstLoadJsGzipBytes: Record<string, number>;
  searchExtraFirstLoadJsGzipBytes: number;
}
const budgets = JSON.parse(readFileSync('tests/budgets.json', 'utf8')) as Budgets;

/** Every route of the build, and an unknown address for the not-found page. */
const budgetedRoutes = [...builtSitemapPaths(), '/no-such-page'];

function firstLoadBudget(route: string): number | undefined {
  const exact = budgets.firstLoadJsGzipBytes[route];
  if (exact !== undefined) return exact;
  const prefix = Object.keys(budgets.firstLoadJsGzipBytes)
    .filter((key) => key.endsWith('/*') && route.startsWith(key.slice(0, -1)))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : budgets.firstLoadJsGzipBytes[prefix];
}

function withinBudget(what: string, actual: number, budget: number): void {
  const over = actual - budget;
  expect(over, `${what}: ${actual} B gzip, budget ${budget} B, over by ${over} B`).toBeLessThanOrEqual(0);
}

/** Builds a copy of the site without the search plugin, for the comparison. */
function buildWithoutSearch(): string {
  const root = process.cwd();
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

test.describe('byte budgets', () => {
  test.describe.configure({mode: 'serial'});

  test('the search index stays within its budget', () => {
    withinBudget('search-index.json', gzipBytes('build/search-index.json'), budgets.searchIndexGzipBytes);
  });

  test("every route has a first-load budget, none above the stock doc page's 200 KB", () => {
    expect(budgets.firstLoadJsCeilingGzipBytes).toBe(200_000);
    const missing = budgetedRoutes.filter((route) => firstLoadBudget(route) === undefined);
    expect(missing, 'routes without a budget in tests/budgets.json').toEqual([]);
    for (const [route, budget] of Object.entries(budgets.firstLoadJsGzipBytes)) {
      expect(budget, `${route}: budget above the ceiling`).toBeLessThanOrEqual(budgets.firstLoadJsCeilingGzipBytes);
    }
  });

  for (const route of budgetedRoutes) {
    test(`first-load JS of ${route} stays within its budget`, async ({page}) => {
      const budget = firstLoadBudget(route);
      expect(budget, `${route} has a budget`).toBeDefined();
      const {gzipBytes: bytes} = await firstLoadJs(page, route, 'build');
      console.log(`first-load JS of ${route}: ${bytes} B gzip, budget ${budget} B`);
      withinBudget(`first-load JS of ${route}`, bytes, budget!);
    });
  }

  test('search adds little to the first-load JS of a doc page', async ({page}) => {
    test.setTimeout(360_000);
    const copy = buildWithoutSearch();
    const server = await servePrefixed(path.join(copy, 'build'), '/');
    try {
      const withSearch = await firstLoadJs(page, routes.quickstart, 'build');
      const bare = await page.context().newPage();
      const withoutSearch = await firstLoadJs(
        bare,
        `${server.url}${routes.quickstart.slice(1)}`,
        path.join(copy, 'build'),
      );
      console.log(
        `first-load JS of ${routes.quickstart}: ${withSearch.gzipBytes} B with search, ${withoutSearch.gzipBytes} B without`,
      );
      const share = withSearch.gzipBytes - withoutSearch.gzipBytes;
      // The placeholder box is always there; a share of zero or less means the two builds differ in more than search.
      expect(share, 'the build without search differs in more than search').toBeGreaterThan(0);
      withinBudget(
        `search's share of the first-load JS of ${routes.quickstart}`,
        share,
        budgets.searchExtraFirstLoadJsGzipBytes,
      );
    } finally {
      await server.close();
      rmSync(copy, {recursive: true, force: true});
    }
  });
});
