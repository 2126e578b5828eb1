import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {firstLoadJs, gzipBytes} from '../support/first-load';
import {builtSitemapPaths, inBuild, unknownPath} from '../support/site';

// Byte budgets (gzip, level 9) from tests/budgets.json; the README explains them.
interface Budgets {
  /** The search index may grow by this much for each page it indexes: a new page brings its allowance. */
  searchIndexGzipBytesPerPage: number;
  /**
   * No page may load more than the stock Docusaurus template's doc page: `/docs/intro` of
   * create-docusaurus 3.10.2 (classic, TypeScript), measured with firstLoadJs() like our pages.
   */
  firstLoadJsCeilingGzipBytes: number;
  /** What every route gets unless it has a line of its own, a new page included. */
  firstLoadJsDefaultGzipBytes: number;
  /** Per route; a key ending in `/*` covers every route under it that has no key of its own. */
  firstLoadJsGzipBytes: Record<string, number>;
}
const budgets = JSON.parse(readFileSync('tests/budgets.json', 'utf8')) as Budgets;

/** Every route of the build (the sitemap), and an unknown address for the not-found page. */
const sitemap = builtSitemapPaths();
const budgetedRoutes = [...sitemap, unknownPath];

function firstLoadBudget(route: string): number {
  const exact = budgets.firstLoadJsGzipBytes[route];
  if (exact !== undefined) return exact;
  const prefix = Object.keys(budgets.firstLoadJsGzipBytes)
    .filter((key) => key.endsWith('/*') && route.startsWith(key.slice(0, -1)))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? budgets.firstLoadJsDefaultGzipBytes : budgets.firstLoadJsGzipBytes[prefix];
}

function withinBudget(what: string, actual: number, budget: number): void {
  const over = actual - budget;
  expect(over, `${what}: ${actual} B gzip, budget ${budget} B, over by ${over} B`).toBeLessThanOrEqual(0);
}

test.describe('byte budgets', () => {
  test('the search index stays within its allowance per indexed page', () => {
    const index = JSON.parse(readFileSync(inBuild('search-index.json'), 'utf8')) as {documents: {u: string}[]}[];
    const pages = new Set(index.flatMap((part) => part.documents.map((document) => document.u))).size;
    expect(pages).toBeGreaterThan(0);
    withinBudget(
      `search-index.json (${pages} pages)`,
      gzipBytes(inBuild('search-index.json')),
      pages * budgets.searchIndexGzipBytesPerPage,
    );
  });

  test("no first-load budget is above the stock doc page's 175,918 B, and every route's own line names a route", () => {
    // A guard on the data file: the ceiling is the stock template's doc page, not a number to raise.
    expect(budgets.firstLoadJsCeilingGzipBytes).toBe(175_918);
    const lines = {default: budgets.firstLoadJsDefaultGzipBytes, ...budgets.firstLoadJsGzipBytes};
    for (const [route, budget] of Object.entries(lines)) {
      expect(budget, `${route}: budget above the ceiling`).toBeLessThanOrEqual(budgets.firstLoadJsCeilingGzipBytes);
    }
    const stale = Object.keys(budgets.firstLoadJsGzipBytes).filter((key) =>
      key.endsWith('/*') ? !sitemap.some((route) => route.startsWith(key.slice(0, -1))) : !budgetedRoutes.includes(key),
    );
    expect(stale, 'lines in tests/budgets.json for routes the build does not have').toEqual([]);
  });

  for (const route of budgetedRoutes) {
    test(`first-load JS of ${route} stays within its budget`, async ({page}) => {
      const budget = firstLoadBudget(route);
      const {gzipBytes: bytes} = await firstLoadJs(page, route, inBuild());
      console.log(`first-load JS of ${route}: ${bytes} B gzip, budget ${budget} B`);
      withinBudget(`first-load JS of ${route}`, bytes, budget);
    });
  }
});
