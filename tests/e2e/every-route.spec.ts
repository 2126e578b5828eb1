import {existsSync, statSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import {
  axeRules,
  desktop,
  flattenCodeLines,
  modes,
  openPage,
  scrollToTop,
  showToolResults,
  useColorMode,
  violationsAtBothWidths,
  walkTabOrder,
  widenTo,
} from '../support/accessibility';
import {builtPage} from '../support/built-html';
import {expectEditLinkDateAndFeedback} from '../support/edit-and-feedback';
import {recordRequests, type SeenRequest} from '../support/network';
import {buildDir, expect, test, watchPage} from '../support/nginx';
import {builtSitemapPaths, scrollToEnd, switchToDarkMode, unknownPath} from '../support/site';

// Every route of the sitemap and the not-found page, in one whole visit each, as a reader makes it,
// through nginx with the production CSP (one page load for all of it):
// - accessibility: in light mode, Tab reaches every visible control and each focused control shows an
//   outline or ring (at 1280 px); axe-core finds no violation (WCAG 2.0–2.2 A/AA and best practices)
//   at 1280 px, nor of the layout rules at 375 px; switched to dark mode with the navbar's toggle, none
//   of the rules that read colours (tests/support/accessibility.ts). Pages with the webhook tools are
//   checked with the tools' results shown; Copy page is a control of every doc, so its focus and axe
//   checks are the routes' own.
// - the whole visit on the first route of each kind of page (see `kindOf`) and on pages with the
//   webhook tools: the dark-mode Tab walk, axe's other rules on what narrowing the window changed
//   (in both modes), and a search. What those add is the same on every page of a kind: the navbar,
//   sidebar and table of contents at 375 px, the focus styles in dark mode (one stylesheet), the
//   search box and its index. The content's own rules run on every route.
// - SPEC §7, no calls to a product backend: the only network activity is loading page content and
//   prefetching links. Every request of the whole visit (scrolled to the end, tabs switched, searched
//   where it searches, then left) must be one the rule allows, by kind and path; no console error, no
//   CSP violation.
// - SPEC §5, no forms once hydrated and once the search box and tools have loaded; the writer
//   workflow's edit link, last-updated date and feedback control each kind of page needs.

const notFound = unknownPath;
const routes = [...builtSitemapPaths(), notFound];

/**
 * A route's kind of page: the section its path starts with, and whether it is the section's own page
 * or one below it (`/changelog` lists entries, `/changelog/2024/…` is one; `/api/` introduces the
 * reference, `/api/payments` is one of its pages).
 */
function kindOf(path: string): string {
  if (path === notFound) return 'the not-found page';
  const segments = path.split('/').filter(Boolean);
  return segments.length > 1 ? `/${segments[0]}/…` : `/${segments[0] ?? ''}`;
}
/** Pages whose built HTML holds the webhook tools: their results in dark mode and at 375 px are their own. */
const withWebhookTools = (path: string) => path !== notFound && builtPage(path)('[data-load-on-approach]').length > 0;
/** The routes that get the whole visit (see above). */
const visitedWhole = new Set(
  routes.filter(
    (path, i) => routes.findIndex((other) => kindOf(other) === kindOf(path)) === i || withWebhookTools(path),
  ),
);

/** A file of the build, not a folder and not made up. */
const builtFile = (path: string) => existsSync(join(buildDir, path)) && statSync(join(buildDir, path)).isFile();

/**
 * What a page may request. Everything is a GET to our own origin; assets must
 * be files of the build. No stylesheet: each page holds it (plugins/inline-css). Link prefetching is Chromium's `<link rel=prefetch>`
 * of the next pages' chunks ("other"); the search index is the one fetch.
 */
const allowed: {what: string; kinds: SeenRequest['kind'][]; path: (path: string, visited: string) => boolean}[] = [
  {what: 'the page itself', kinds: ['document'], path: (path, visited) => path === visited},
  {
    what: "scripts and route chunks, and each page's file of its route's chunks",
    kinds: ['script'],
    path: (path) => /^\/assets\/js\/(pages\/)?[\w.~-]+\.js$/.test(path) && builtFile(path),
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

for (const path of routes) {
  const whole = visitedWhole.has(path);
  test(`${path}: a whole visit: Tab reaches every control with a visible focus (light${whole ? ' and dark' : ''}); no axe violations at 1280 px, nor of the layout rules at 375 px${whole ? ' (nor of the others on what narrowing changed)' : ''}, nor in dark of the colour rules, webhook tools' results shown; scrolled to the end, tabs switched,${whole ? ' searched,' : ''} then left, it requests only page content${whole ? ', the search index' : ''} and prefetches, holds no form, shows the edit link, date and feedback control its kind of page needs, and logs no error`, async ({
    page,
    nginx,
  }) => {
    test.setTimeout(120_000);
    const requests = recordRequests(page.context());
    const seen = await watchPage(page);
    await useColorMode(page, 'light');
    const response = await openPage(page, path, 'light', desktop);
    expect(response?.status(), path).toBe(path === notFound ? 404 : 200);
    // SPEC §5, no forms: hydrated, and once the search box and any tools have loaded (the built HTML is site-metadata's).
    await expect(page.locator('form'), 'a form after hydration').toHaveCount(0);
    await expectEditLinkDateAndFeedback(page, path);
    await showToolResults(page);

    const report: string[] = [];
    for (const mode of modes) {
      if (mode === 'dark') {
        await widenTo(page, desktop);
        await switchToDarkMode(page);
      }
      if (mode === 'light' || whole) {
        const focus = await walkTabOrder(page);
        expect(focus.withoutFocusStyle, `${mode}: focused without a visible indicator`).toEqual([]);
        expect(focus.unreached, `${mode}: never reached by Tab`).toEqual([]);
      }
      if (mode === 'light') {
        // What is drawn or prefetched on approach (the Mermaid diagram, the next pages' chunks) comes in.
        await scrollToEnd(page);
        await expect(page.locator('[data-mermaid-placeholder]')).toHaveCount(0);
        await scrollToTop(page);
        await flattenCodeLines(page);
      }
      const found = await violationsAtBothWidths(page, axeRules[mode], whole ? 'changed too' : 'layout only');
      report.push(...found.map((line) => `${mode} ${line}`));
    }
    expect(report).toEqual([]);

    await widenTo(page, desktop);
    await switchTabs(page);
    if (whole) {
      await search(page);
      await expect(page.locator('form'), 'a form once the search box and tools have loaded').toHaveCount(0);
    }
    await requests.quiet();
    // Leaving the page: a beacon sent on pagehide or visibilitychange is recorded too.
    await page.goto('about:blank');
    await requests.quiet();

    expect(requests.paths(), 'the visit loaded the page and its scripts').toEqual(
      expect.arrayContaining([path, expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]+\.js$/)]),
    );
    if (whole) expect(requests.paths(), 'searching fetched the index').toContain('/search-index.json');
    expect(disallowed(requests.seen, nginx.url, path), 'requests the rule does not allow').toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    expect(seen.violations).toEqual([]);
  });
}
