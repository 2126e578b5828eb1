import {expect, test} from '@playwright/test';
import {sidebarDocs} from '../support/built-docs';
import {builtPage} from '../support/built-html';
import {
  builtSitemapPaths,
  isSameDocument,
  markDocument,
  neverAPage,
  routes,
  specRoutes,
  waitForHydration,
} from '../support/site';

test.describe('routes table (SPEC §2)', () => {
  for (const route of specRoutes) {
    test(`${route.path} serves the ${route.screen}`, async ({page}) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(route.path);
      await expect(page.locator('main h1').first()).toHaveText(route.h1);
    });
  }

  test('every doc route renders a doc', () => {
    const docs = sidebarDocs();
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) expect(builtPage(doc.path)('article .theme-doc-markdown'), doc.path).toHaveLength(1);
  });

  test('the home page offers the two calls to action', async ({page}) => {
    await page.goto(routes.home);
    await expect(page.locator('.hero__subtitle')).toHaveText('Integrate Crypto into Real-World Applications');
    const hero = page.locator('section.hero');
    await expect(hero.getByRole('link', {name: 'Read the docs'})).toHaveAttribute('href', routes.welcome);
    await expect(hero.getByRole('link', {name: 'Start the quickstart'})).toHaveAttribute('href', routes.quickstart);
  });

  // Unknown paths are ones that can never be pages: each has a segment starting
  // with "_" (see `neverAPage`), so no doc a writer adds can turn one into a page.
  test('no page path has a segment starting with "_", so such paths stay unknown', () => {
    const paths = builtSitemapPaths();
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter(neverAPage)).toEqual([]);
  });

  for (const path of ['/_does-not-exist', '/payments/_refunds', '/welcome/_extra/deep', '/_docs/intro']) {
    test(`unknown path ${path} answers 404 with the not-found page`, async ({page}) => {
      expect(neverAPage(path)).toBe(true);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
      await waitForHydration(page);
      await expect(page).toHaveTitle('Page Not Found | Coinwharf Docs');
      const recovery = page.getByRole('navigation', {name: 'Try one of these pages'});
      await expect(recovery.getByRole('link', {name: 'Welcome'})).toHaveAttribute('href', routes.welcome);
      await expect(recovery.getByRole('link', {name: 'Quickstart'})).toHaveAttribute('href', routes.quickstart);
    });
  }

  test('an unknown path reached by client-side navigation shows the not-found page', async ({page}) => {
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/_no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
  });
});

test.describe('.html paths (SPEC §2)', () => {
  const variants = [
    {from: '/welcome.html', to: routes.welcome, h1: 'Welcome'},
    {from: '/payments/quickstart.html', to: routes.quickstart, h1: 'Quickstart'},
    {from: '/payments/index.html', to: '/payments', h1: 'Payments overview'},
    {from: '/index.html', to: routes.home, h1: 'Coinwharf Docs'},
  ];
  for (const variant of variants) {
    test(`server: ${variant.from} redirects to ${variant.to} and renders the same page`, async ({page}) => {
      const first = await page.request.get(variant.from, {maxRedirects: 0});
      expect(first.status()).toBe(301);
      await page.goto(variant.from);
      expect(new URL(page.url()).pathname).toBe(variant.to);
      await expect(page.locator('main h1').first()).toHaveText(variant.h1);
    });
  }

  for (const variant of [
    {from: '/payments/quickstart.html', h1: 'Quickstart'},
    {from: '/payments/index.html', h1: 'Payments overview'},
  ]) {
    test(`client router: ${variant.from} renders the page without the ending`, async ({page}) => {
      await page.goto(routes.welcome);
      await waitForHydration(page);
      await markDocument(page);
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, variant.from);
      await expect(page.locator('article h1')).toHaveText(variant.h1);
      await expect(page.getByRole('heading', {name: 'Page Not Found'})).toHaveCount(0);
      expect(await isSameDocument(page)).toBe(true);
    });
  }
});

test.describe('history-mode navigation (SPEC §2)', () => {
  test('links change the path without a document load, and Back returns', async ({page}) => {
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await markDocument(page);
    await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Quickstart'}).click();
    await expect(page).toHaveURL(/\/payments\/quickstart$/);
    await expect(page.locator('article h1')).toHaveText('Quickstart');
    expect(page.url()).not.toContain('#');
    await page.goBack();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.locator('article h1')).toHaveText('Welcome');
    await page.goForward();
    await expect(page.locator('article h1')).toHaveText('Quickstart');
    expect(await isSameDocument(page)).toBe(true);
  });
});
