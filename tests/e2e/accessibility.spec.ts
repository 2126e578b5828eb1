import AxeBuilder from '@axe-core/playwright';
import {expect, test} from '@playwright/test';
import {sitemapPaths, waitForHydration} from '../support/site';

const modes = ['light', 'dark'] as const;
const widths = [
  {name: 'mobile', width: 390, height: 844},
  {name: 'desktop', width: 1280, height: 800},
] as const;

// Zero axe-core violations (default rules plus the WCAG 2.x A/AA tags) on every
// route of the sitemap and the not-found page, in both color modes.
for (const mode of modes) {
  for (const viewport of widths) {
    test(`no axe violations in ${mode} mode at ${viewport.name} width`, async ({page}) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
      const paths = [...(await sitemapPaths(page)), '/no-such-page'];
      const report: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const results = await new AxeBuilder({page})
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        for (const violation of results.violations) {
          const targets = violation.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ');
          report.push(`${path}: ${violation.id} (${violation.impact}) ${targets}`);
        }
      }
      expect(report).toEqual([]);
    });
  }
}
