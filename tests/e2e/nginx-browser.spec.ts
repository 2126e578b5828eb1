import {routes, waitForHydration} from '../support/site';
import {expect, test, watchPage} from '../support/nginx';

// Chromium through nginx, with the production CSP enforced: the policy blocks
// an injected script, and what runs on the site runs without a violation.
// Every route's whole visit, under the same policy, is in
// every-route.spec.ts (requests, console errors and CSP violations).

test('the CSP is enforced: an injected inline script is blocked and reported', async ({page}) => {
  const seen = await watchPage(page);
  await page.goto(routes.welcome);
  await waitForHydration(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect.poll(() => seen.violations.length).toBe(1);
  expect(seen.violations[0]).toContain('script-src-elem blocked inline');
  expect(await page.evaluate(() => (window as unknown as {injected?: boolean}).injected)).toBeUndefined();
});

test('client-side navigation loads the next route through the same policy', async ({page}) => {
  const seen = await watchPage(page);
  await page.goto(routes.welcome);
  await waitForHydration(page);
  await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Quickstart'}).click();
  await expect(page.locator('article h1')).toHaveText('Quickstart');
  expect(seen.violations).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});

test('the search box, its results and the results page run with no CSP violation', async ({page}) => {
  const seen = await watchPage(page);
  await page.goto(routes.welcome);
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  const input = page.locator('nav.navbar input.navbar__search-input');
  await input.fill('signature');
  const first = page.locator('nav.navbar [role="listbox"] [role="option"]').first();
  await expect(first).toContainText('Verify the signature');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payments\/webhook-guide\?_highlight=signature#verify-the-signature$/);
  await expect(page.locator('article mark').first()).toHaveText(/signature/i);

  await page.goto('/search?q=confirmations');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "confirmations"');
  await page.getByRole('main').getByRole('link', {name: 'Networks and confirmations'}).first().click();
  await expect(page.locator('article h1')).toHaveText('Payments overview');
  expect(seen.violations).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});

test('both hashed inline scripts run: with every bundle cut off, the stored colour mode is applied and the base-URL banner inserted', async ({
  page,
}) => {
  const seen = await watchPage(page);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.route('**/assets/js/**', (route) => route.abort());
  await page.goto(routes.home);
  // The colour-mode script sets these before first paint; React never ran.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'false');
  // The banner script inserts it when the bundles did not load (here, on
  // purpose); the stylesheet, which did load, keeps it hidden.
  await expect(page.locator('#__docusaurus-base-url-issue-banner')).toContainText('did not load properly');
  expect(seen.violations).toEqual([]);
});

test('the webhook tools and Copy page run with no CSP violation or console error', async ({page}) => {
  const seen = await watchPage(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(routes.webhookGuide);
  await waitForHydration(page);
  // The tools' code loads as the reader nears them, as a chunk the CSP must allow.
  for (const tool of await page.locator('[data-load-on-approach]').all()) {
    await tool.scrollIntoViewIfNeeded();
    await expect(tool).toHaveAttribute('data-load-on-approach', 'ready');
  }
  const checker = page.locator('section').filter({has: page.getByRole('heading', {name: 'Signature checker'})});
  await checker.getByRole('button', {name: 'Use the official example'}).click();
  await expect(checker.getByText('Verified: this delivery is authentic.')).toBeVisible();
  const generator = page
    .locator('section')
    .filter({has: page.getByRole('heading', {name: 'Signed test-event generator'})});
  await generator.getByRole('button', {name: 'Generate a test secret'}).click();
  await generator.getByRole('button', {name: 'Sign a test event'}).click();
  await expect(generator.locator('pre').first()).toContainText('webhook-signature: v1,');
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByText('Page copied as Markdown.')).toBeVisible();
  expect(seen.violations).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});
