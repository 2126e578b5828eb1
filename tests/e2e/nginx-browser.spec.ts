import type {Page} from '@playwright/test';
import {routes, sitemapPaths, waitForHydration} from '../support/site';
import {expect, test} from '../support/nginx';

// Chromium through nginx, with the production CSP enforced: every page and the
// search UI run without a single CSP violation, console error or request to
// another origin.

interface Watch {
  violations: string[];
  consoleErrors: string[];
  foreign: string[];
}

async function watch(page: Page, origin: string): Promise<Watch> {
  const seen: Watch = {violations: [], consoleErrors: [], foreign: []};
  await page.exposeFunction('reportCspViolation', (line: string) => seen.violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as {reportCspViolation: (line: string) => void}).reportCspViolation;
      report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    // The not-found page is answered with a 404 on purpose; Chromium logs that.
    if (message.type() === 'error' && !/status of 404 \(Not Found\)/.test(message.text())) {
      seen.consoleErrors.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => seen.consoleErrors.push(`${page.url()}: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url)) seen.foreign.push(`${page.url()} -> ${url}`);
  });
  return seen;
}

test('the CSP is enforced: an injected inline script is blocked and reported', async ({page, nginx}) => {
  const seen = await watch(page, nginx.url);
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

test('every sitemap page and the not-found page run with no CSP violation, console error or foreign request', async ({
  page,
  nginx,
}) => {
  test.setTimeout(120_000);
  const seen = await watch(page, nginx.url);
  const paths = await sitemapPaths(page);
  for (const path of [...paths, '/no-such-page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    await waitForHydration(page);
    await page.mouse.wheel(0, 3_000); // bring lazy and prefetched content in
    await page.waitForTimeout(300);
  }
  // Client-side navigation loads route chunks through the same policy.
  await page.goto(routes.welcome);
  await waitForHydration(page);
  await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Quickstart'}).click();
  await expect(page.locator('article h1')).toHaveText('Quickstart');
  expect(seen.violations).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
  expect(seen.foreign).toEqual([]);
});

test('the search box, its results and the results page run with no CSP violation', async ({page, nginx}) => {
  const seen = await watch(page, nginx.url);
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
  expect(seen.foreign).toEqual([]);
});

test('both hashed inline scripts run: with every bundle cut off, the stored colour mode is applied and the base-URL banner inserted', async ({
  page,
  nginx,
}) => {
  const seen = await watch(page, nginx.url);
  await page.goto(routes.welcome);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
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

test('the webhook tools and Copy page run with no CSP violation, console error or foreign request', async ({
  page,
  nginx,
}) => {
  const seen = await watch(page, nginx.url);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(routes.webhookGuide);
  await waitForHydration(page);
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
  expect(seen.foreign).toEqual([]);
});
