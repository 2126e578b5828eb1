import {expect, test} from '@playwright/test';
import {neverAPage, routes} from '../support/site';

// Bad input never crashes the site, and nothing in the path is ever executed.
test.describe('hostile paths', () => {
  // Each path has a segment starting with "_", so it can never be a page (`neverAPage`).
  const notFound = [
    {name: 'script tag in the path', path: '/_<script>window.__pwned=1</script>'},
    {name: 'percent-encoded script tag', path: '/_%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E'},
    {name: 'image with onerror', path: '/_"><img src=x onerror="window.__pwned=1">'},
    {name: 'very long path', path: `/_${'deep/'.repeat(700)}end`},
    {name: 'unicode and emoji', path: '/payments/_💸/ödeme'},
    {name: 'script in the query string of an unknown page', path: '/_nope?q=<script>window.__pwned=1</script>'},
  ];

  for (const {name, path} of notFound) {
    test(`${name} gives the not-found page and runs nothing`, async ({page}) => {
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      expect(neverAPage(path)).toBe(true);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as {__pwned?: number}).__pwned)).toBeUndefined();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(dialogs).toEqual([]);
    });
  }

  test('a script in the query string of a real page is neither run nor rendered', async ({page}) => {
    await page.goto(`${routes.welcome}?q=<script>window.__pwned=1</script>#<img src=x onerror=alert(1)>`);
    await expect(page.locator('article h1')).toHaveText('Welcome');
    expect(await page.evaluate(() => (window as unknown as {__pwned?: number}).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  });

  test('dot-dot segments never leave the build directory', async ({request}) => {
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/payments/%2e%2e/%2e%2e/package.json',
      '/%2e%2e/docusaurus.config.ts',
    ]) {
      const response = await request.get(path);
      expect([400, 404]).toContain(response.status());
      const body = await response.text();
      expect(body).not.toContain('"coinwharf-docs"');
      expect(body).not.toContain('onBrokenLinks');
    }
  });

  test('malformed percent-encoding gets a clear error and the server keeps serving', async ({request}) => {
    for (const path of ['/%', '/%E0%A4%A', `/${'a'.repeat(300)}`, '/%00']) {
      const response = await request.get(path);
      expect(response.status()).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toContain('<script');
    }
    const healthy = await request.get(routes.welcome);
    expect(healthy.status()).toBe(200);
  });
});
