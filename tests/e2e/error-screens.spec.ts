import {expect, test, type Page} from '@playwright/test';
import {bundleComponentHarness} from '../support/bundle-component';
import {servePrefixed} from '../support/prefixed-server';
import {routes, waitForHydration} from '../support/site';

/**
 * Faults injected into the real production bundle (the site has no page that
 * crashes by design). Each makes one array method throw for arrays of one shape:
 * - "toc": the table of contents items a doc page maps over while rendering;
 * - "navbar-sidebar-lookup": the [sidebarId, sidebar] entries that the navbar's
 *   docs link searches while rendering.
 */
async function breakRenderingOf(page: Page, fault: 'toc' | 'navbar-sidebar-lookup') {
  await page.evaluate((kind) => {
    const method = kind === 'toc' ? 'map' : 'find';
    const proto = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const original = proto[method];
    (window as unknown as {restoreArrays: () => void}).restoreArrays = () => {
      proto[method] = original;
    };
    proto[method] = function patched(this: unknown[], ...args: unknown[]) {
      const first = this.length > 0 ? (this[0] as Record<string | number, unknown>) : null;
      const matches =
        first !== null &&
        typeof first === 'object' &&
        (kind === 'toc'
          ? 'id' in first && 'value' in first && 'level' in first
          : Array.isArray(first) && first[0] === 'tutorialSidebar');
      if (matches) throw new Error(`Injected ${kind} failure`);
      return original.apply(this, args);
    };
  }, fault);
}

async function restoreArrays(page: Page) {
  await page.evaluate(() => (window as unknown as {restoreArrays: () => void}).restoreArrays());
}

test.describe('error catalogue (SPEC §2, §8; NOTES)', () => {
  test('a page that crashes shows "This page crashed." with "Try again", which recovers', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await breakRenderingOf(page, 'toc');
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Quickstart'}).click();
    await expect(page.getByRole('heading', {level: 1, name: 'This page crashed.'})).toBeVisible();
    await expect(page.getByText('Injected toc failure')).toBeVisible();
    // The site chrome stays, with ways back into the docs.
    await expect(page.locator('nav.navbar')).toBeVisible();
    const recovery = page.getByRole('navigation', {name: 'Keep reading elsewhere'});
    await expect(recovery.getByRole('link', {name: 'Welcome'})).toHaveAttribute('href', routes.welcome);
    await expect(recovery.getByRole('link', {name: 'Report this problem on GitHub'})).toHaveAttribute(
      'href',
      'https://github.com/coinwharf/docs/issues/new',
    );
    await restoreArrays(page);
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect(page.locator('article h1')).toHaveText('Quickstart');
  });

  test('a navbar item that cannot render: "Page Error" screen naming its configuration', async ({page}) => {
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await breakRenderingOf(page, 'navbar-sidebar-lookup');
    // A page with its own layout re-renders the navbar and its items.
    await page.locator('nav.navbar').getByRole('link', {name: 'Coinwharf Docs'}).click();
    await expect(page).toHaveTitle('Page Error');
    // The core fallback screen, used when the layout itself cannot render, writes
    // its heading without the final period.
    await expect(page.getByRole('heading', {level: 1, name: /^This page crashed\.?$/})).toBeVisible();
    const message = page.getByText('A theme navbar item failed to render.', {exact: false}).first();
    await expect(message).toContainText('themeConfig.navbar.items');
    await expect(message).toContainText('"sidebarId": "tutorialSidebar"');
    await expect(message).toContainText('Injected navbar-sidebar-lookup failure');
    await restoreArrays(page);
    await page.getByRole('button', {name: 'Try again'}).click();
    await expect(page.locator('section.hero h1')).toHaveText('Coinwharf Docs');
  });

  test('the route loader error state: red box with the error text and a working Retry', async ({page}) => {
    const script = await bundleComponentHarness('tests/component/loading-harness.tsx');
    await page.setContent('<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
    await page.addScriptTag({content: script});
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Error: Loading chunk 512 failed.');
    const box = alert.locator('div').first();
    await expect(box).toHaveCSS('background-color', 'rgb(250, 56, 62)');
    const retry = alert.getByRole('button', {name: 'Retry'});
    await retry.click();
    await retry.click();
    expect(await page.evaluate(() => (window as unknown as {retries: number}).retries)).toBe(2);
  });

  test('the build served under another path shows the wrong-base-URL banner', async ({page}) => {
    const server = await servePrefixed('build', '/mirror/docs/');
    try {
      await page.goto(server.url);
      const banner = page.locator('#__docusaurus-base-url-issue-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('site did not load properly');
      await expect(banner).toContainText('Current configured baseUrl = /');
      await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText(
        '/mirror/docs/',
      );
    } finally {
      await server.close();
    }
  });

  test('the banner never shows when the base URL is right', async ({page}) => {
    await page.goto(routes.home);
    await waitForHydration(page);
    await expect(page.locator('#__docusaurus-base-url-issue-banner')).toHaveCount(0);
  });
});
