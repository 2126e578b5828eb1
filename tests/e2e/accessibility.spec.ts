import AxeBuilder from '@axe-core/playwright';
import {expect, test} from '@playwright/test';
import {builtSitemapPaths, waitForHydration} from '../support/site';

const modes = ['light', 'dark'] as const;
const widths = [
  {name: 'mobile', width: 390, height: 844},
  {name: 'desktop', width: 1280, height: 800},
] as const;

// Zero axe-core violations (default rules plus the WCAG 2.x A/AA tags) on every
// route of the sitemap and the not-found page, in both color modes, at both
// widths. One test per route and mode, so a long page has its own time budget.
const paths = [...builtSitemapPaths(), '/no-such-page'];

test('the accessibility run covers every route of the sitemap', () => {
  expect(paths.length).toBeGreaterThan(10);
});

for (const path of paths) {
  for (const mode of modes) {
    test(`no axe violations on ${path} in ${mode} mode, mobile and desktop`, async ({page}) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
      const report: string[] = [];
      for (const viewport of widths) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const results = await new AxeBuilder({page})
          // Code lines hold thousands of token spans that make axe take minutes;
          // their colors are checked exhaustively by tests/content/code-themes.spec.ts.
          .exclude('.theme-code-block .token-line')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        for (const violation of results.violations) {
          const targets = violation.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ');
          report.push(`${viewport.name}: ${violation.id} (${violation.impact}) ${targets}`);
        }
      }
      expect(report).toEqual([]);
    });
  }
}
