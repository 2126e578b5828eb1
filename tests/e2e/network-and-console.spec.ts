import {existsSync, statSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import {expectEditLinkDateAndFeedback} from '../support/edit-and-feedback';
import {recordRequests, type SeenRequest} from '../support/network';
import {buildDir, expect, test, watchPage} from '../support/nginx';
import {builtSitemapPaths, switchToDarkMode, unknownPath, waitForHydration} from '../support/site';

// SPEC §7: no calls to a product backend; the only network activity is loading
// page content and prefetching links. Every route is visited as a reader uses it,
// through nginx with the production CSP, and every request of the whole visit
// (leaving the page included) must be one the rule allows, by kind and path.

const notFound = unknownPath;

/** A file of the build, not a folder and not made up. */
const builtFile = (path: string) => existsSync(join(buildDir, path)) && statSync(join(buildDir, path)).isFile();

/**
 * What a page may request. Everything is a GET to our own origin; assets must
 * be files of the build. Link prefetching is Chromium's `<link rel=prefetch>`
 * of the next pages' chunks ("other"); the search index is the one fetch.
 */
const allowed: {what: string; kinds: SeenRequest['kind'][]; path: (path: string, visited: string) => boolean}[] = [
  {what: 'the page itself', kinds: ['document'], path: (path, visited) => path === visited},
  {
    what: 'the stylesheet',
    kinds: ['stylesheet'],
    path: (path) => /^\/assets\/css\/[\w.~-]+\.css$/.test(path) && builtFile(path),
  },
  {
    what: 'scripts and route chunks',
    kinds: ['script'],
    path: (path) => /^\/assets\/js\/[\w.~-]+\.js$/.test(path) && builtFile(path),
  },
  {
    what: 'prefetched chunks of the pages a link leads to',
    kinds: ['other'],
    path: (path) => /^\/assets\/(js\/[\w.~-]+\.js|css\/[\w.~-]+\.css)$/.test(path) && builtFile(path),
  },
  {
    what: 'images',
    kinds: ['image'],
    path: (path) => /^\/(img|assets\/images)\/[\w./-]+\.(svg|png|jpg|webp|ico)$/.test(path) && builtFile(path),
  },
  {what: "the favicon the page's head names", kinds: ['other', 'image'], path: (path) => path === '/img/favicon.svg'},
  {what: 'fonts', kinds: ['font'], path: (path) => /^\/assets\/fonts\/[\w.-]+\.woff2?$/.test(path) && builtFile(path)},
  {what: 'the search index', kinds: ['fetch', 'xhr'], path: (path) => path === '/search-index.json' && builtFile(path)},
];

/** Requests the rule does not allow, one line each. */
function disallowed(seen: SeenRequest[], origin: string, visited: string): string[] {
  return seen
    .filter(({url}) => !/^(data|blob|about):/.test(url))
    .filter(({kind, method, url}) => {
      const parsed = new URL(url);
      if (parsed.origin !== origin || method !== 'GET') return true;
      return !allowed.some((rule) => rule.kinds.includes(kind) && rule.path(parsed.pathname, visited));
    })
    .map(({kind, method, url}) => `${kind} ${method} ${url}`);
}

/** Scrolls to the end of the page by screenfuls, so content drawn or prefetched on approach comes in. */
async function scrollToEnd(page: Page): Promise<void> {
  for (;;) {
    const {y, end} = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      // A rendered frame at each screenful, so what loads on approach sees every position.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return {y: window.scrollY + window.innerHeight, end: document.documentElement.scrollHeight};
    });
    if (y >= end - 1) break;
  }
  await expect(page.locator('[data-mermaid-placeholder]')).toHaveCount(0);
}

/**
 * Picks another tab in every tab list the page has. A list that already
 * followed a synced group switched earlier is not clicked again (each click
 * re-renders every synced group on the page).
 */
async function switchTabs(page: Page): Promise<void> {
  const lists = page.getByRole('tablist');
  const selectedTabs = () =>
    lists.evaluateAll((all) => all.map((list) => list.querySelector('[aria-selected="true"]')?.textContent ?? ''));
  const before = await selectedTabs();
  for (const [i, selected] of before.entries()) {
    if ((await selectedTabs())[i] !== selected) continue;
    const others = lists.nth(i).locator('[role="tab"][aria-selected="false"]');
    if ((await others.count()) === 0) continue;
    const label = (await others.first().textContent()) ?? '';
    const tab = lists.nth(i).getByRole('tab', {name: label, exact: true});
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
}

async function search(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  const box = page.locator('nav.navbar input.navbar__search-input');
  await expect(box).toBeFocused();
  await page.keyboard.type('webhook');
  await expect(page.locator('nav.navbar [role="listbox"] [role="option"]').first()).toBeVisible();
}

for (const path of [...builtSitemapPaths(), notFound]) {
  test(`${path}: a whole visit (scrolled to the end, searched, tabs switched, colour mode toggled, then left) requests only page content, the search index and prefetches, holds no form, shows the edit link, last-updated date and feedback control its kind of page needs, and logs no error`, async ({
    page,
    nginx,
  }) => {
    const requests = recordRequests(page.context());
    const seen = await watchPage(page);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === notFound ? 404 : 200);
    await waitForHydration(page);
    // SPEC §5, no forms: hydrated, and once the search box and any tools have loaded (the built HTML is site-metadata's).
    await expect(page.locator('form'), 'a form after hydration').toHaveCount(0);
    // Writer workflow: checked here rather than in a page load of its own.
    await expectEditLinkDateAndFeedback(page, path);
    await scrollToEnd(page);
    await switchToDarkMode(page);
    await switchTabs(page);
    await search(page);
    await expect(page.locator('form'), 'a form once the search box and tools have loaded').toHaveCount(0);
    await requests.quiet();
    // Leaving the page: a beacon sent on pagehide or visibilitychange is recorded too.
    await page.goto('about:blank');
    await requests.quiet();

    expect(requests.paths(), 'the visit loaded the page and its scripts').toEqual(
      expect.arrayContaining([path, expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]+\.js$/)]),
    );
    expect(requests.paths(), 'searching fetched the index').toContain('/search-index.json');
    expect(disallowed(requests.seen, nginx.url, path), 'requests the rule does not allow').toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    expect(seen.violations).toEqual([]);
  });
}
