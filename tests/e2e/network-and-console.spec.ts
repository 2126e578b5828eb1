import {expect, test} from '@playwright/test';
import {sitemapPaths, waitForHydration} from '../support/site';

// SPEC §7: the only network activity is loading the site's own pages and
// prefetching links. No other origin, no backend, no console errors.
test.describe('every page in the sitemap', () => {
  test('makes requests only to its own origin and logs no console errors', async ({page, baseURL}) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        foreign.push(`${page.url()} -> ${url}`);
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));

    const paths = await sitemapPaths(page);
    expect(paths).toEqual(expect.arrayContaining(['/', '/welcome', '/payments/', '/markdown-page', '/changelog']));
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page);
      await page.mouse.wheel(0, 3_000); // bring lazy and prefetched content in
      await page.waitForTimeout(300);
    }
    expect(foreign).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
