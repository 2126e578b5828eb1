import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {builtSitemapPaths, routes, waitForHydration} from '../support/site';

// Zero axe-core violations (default rules plus the WCAG 2.x A/AA
// tags) on every route of the sitemap and the not-found page, and on the open
// search and mobile menu (the webhook tools: tests/e2e/webhook-tools.spec.ts), in both color modes, at 375 px and
// 1280 px. One test per route (or state) and mode, so each has its own time budget.
const modes = ['light', 'dark'] as const;
const widths = [
  {name: 'mobile', width: 375, height: 812},
  {name: 'desktop', width: 1280, height: 800},
] as const;
type Viewport = (typeof widths)[number];

const paths = [...builtSitemapPaths(), '/no-such-page'];

async function useColorMode(page: Page, mode: (typeof modes)[number]): Promise<void> {
  await page.goto('/');
  await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
}

async function openPage(page: Page, path: string, mode: (typeof modes)[number]): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/**
 * Scrolls through the page so that content drawn on approach (the Mermaid
 * diagram) is there for axe, then back to the top.
 */
async function revealLazyContent(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect(page.locator('[data-mermaid-placeholder]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** axe's violations as one line per rule: viewport, rule id, impact, first targets. */
async function violations(page: Page, viewport: Viewport): Promise<string[]> {
  const builder = new AxeBuilder({page})
    // Code lines hold thousands of token spans that make axe take minutes;
    // their colors are checked exhaustively by tests/unit/content/code-themes.test.ts.
    .exclude('.theme-code-block .token-line')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  const results = await builder.analyze();
  return results.violations.map((violation) => {
    const targets = violation.nodes
      .map((n) => n.target.join(' '))
      .slice(0, 3)
      .join(' | ');
    return `${viewport.name}: ${violation.id} (${violation.impact}) ${targets}`;
  });
}

test('the accessibility run covers every route of the sitemap at 375 px and 1280 px', () => {
  expect(paths.length).toBeGreaterThan(10);
  expect(widths.map((w) => w.width)).toEqual([375, 1280]);
});

for (const path of paths) {
  for (const mode of modes) {
    test(`no axe violations on ${path} in ${mode} mode, mobile and desktop`, async ({page}) => {
      test.setTimeout(120_000);
      await useColorMode(page, mode);
      const report: string[] = [];
      for (const viewport of widths) {
        await page.setViewportSize(viewport);
        await openPage(page, path, mode);
        await revealLazyContent(page);
        report.push(...(await violations(page, viewport)));
      }
      expect(report).toEqual([]);
    });
  }
}

/** Types `query` into the navbar's search box and waits for the dropdown to show `expected`. */
async function openSearch(page: Page, query: string, expected: 'option' | 'no results'): Promise<void> {
  const box = page.locator('nav.navbar input.navbar__search-input');
  await box.click();
  await expect(box).toHaveAttribute('role', 'combobox');
  await box.fill(query);
  const listbox = page.locator('nav.navbar [role="listbox"]');
  await expect(
    expected === 'option'
      ? listbox.locator('[role="option"]:not([aria-disabled="true"])').first()
      : listbox.getByText('No results'),
  ).toBeVisible();
}

/** Interactive states that only exist after a reader acts; each is checked at both widths. */
const states: Record<string, {path: string; widths?: Viewport[]; open: (page: Page) => Promise<void>}> = {
  'the open search with results': {path: routes.welcome, open: (page) => openSearch(page, 'webhook', 'option')},
  'the open search with no results': {path: routes.welcome, open: (page) => openSearch(page, 'zzqqxx', 'no results')},
  'the search results page with results': {
    path: '/search?q=signature',
    open: async (page) => {
      await expect(page.locator('main article, main a[href*="webhook-guide"]').first()).toBeVisible();
    },
  },
  'the open mobile menu, main and docs panels': {
    path: routes.quickstart,
    widths: [widths[0]],
    open: async (page) => {
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
    },
  },
  'the open mobile menu, main panel': {
    path: routes.quickstart,
    widths: [widths[0]],
    open: async (page) => {
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await page.getByRole('button', {name: /Back to main menu/}).click();
      await expect(page.locator('.navbar-sidebar').getByRole('link', {name: 'Changelog'})).toBeVisible();
    },
  },
};

for (const [name, state] of Object.entries(states)) {
  for (const mode of modes) {
    test(`no axe violations in ${name} (${mode})`, async ({page}) => {
      test.setTimeout(120_000);
      await useColorMode(page, mode);
      const report: string[] = [];
      for (const viewport of state.widths ?? widths) {
        await page.setViewportSize(viewport);
        await openPage(page, state.path, mode);
        await state.open(page);
        report.push(...(await violations(page, viewport)));
      }
      expect(report).toEqual([]);
    });
  }
}
