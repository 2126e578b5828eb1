import {expect, test} from '@playwright/test';
import config from '../../docusaurus.config';
import {docRoutes, routes, waitForHydration} from '../support/site';

test.describe('docs sidebar (SPEC §2, §3)', () => {
  for (const doc of docRoutes) {
    test(`${doc.path} shows tutorialSidebar with all four docs`, async ({page}) => {
      await page.goto(doc.path);
      const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
      await expect(sidebar).toBeVisible();
      const hrefs = await sidebar
        .locator('a.menu__link')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(hrefs).toEqual(docRoutes.map((d) => d.path));
      await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', doc.path);
    });
  }

  test("the sidebar's main link and the navbar docs link point to /welcome", async ({page}) => {
    await page.goto(routes.home);
    await expect(page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute(
      'href',
      routes.welcome,
    );
    await page.goto(routes.webhookGuide);
    await expect(page.locator('nav[aria-label="Docs sidebar"] a.menu__link').first()).toHaveAttribute(
      'href',
      routes.welcome,
    );
  });

  test('the sidebar cannot be hidden', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
    await expect(page.getByTitle('Collapse sidebar', {exact: true})).toHaveCount(0);
    await expect(page.locator('.theme-doc-sidebar-container [class*="collapseSidebarButton"]')).toHaveCount(0);
  });

  test('categories do not collapse automatically', async ({page}) => {
    // One category only, so the sibling-collapsing behaviour is not observable in
    // the browser: assert the setting, and that the category keeps the reader's choice.
    expect(config.themeConfig?.docs).toMatchObject({sidebar: {autoCollapseCategories: false, hideable: false}});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    const category = page.locator('.theme-doc-sidebar-item-category-level-1');
    await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Welcome'}).click();
    await expect(page.locator('article h1')).toHaveText('Welcome');
    await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
  });

  test('collapsing a category animates for a duration that scales with its height', async ({page}) => {
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    const list = page.locator('.theme-doc-sidebar-item-category-level-1 > ul.menu__list');
    const height = await list.evaluate((el) => el.scrollHeight);
    await page.evaluate(() => {
      const ul = document.querySelector('.theme-doc-sidebar-item-category-level-1 > ul.menu__list');
      const seen: string[] = [];
      (window as unknown as {transitions: string[]}).transitions = seen;
      new MutationObserver(() => seen.push((ul as HTMLElement).style.transition)).observe(ul!, {
        attributes: true,
        attributeFilter: ['style'],
      });
    });
    await page.getByRole('button', {name: /Collapse sidebar category 'Payments'/}).click();
    await expect(page.locator('.theme-doc-sidebar-item-category-level-1')).toHaveClass(/menu__list-item--collapsed/);
    const transitions = await page.evaluate(() => (window as unknown as {transitions: string[]}).transitions);
    const constant = height / 36;
    const expected = Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
    expect(transitions).toContain(`height ${expected}ms ease-in-out`);
  });
});

test.describe('breadcrumbs and table of contents (SPEC §2)', () => {
  test('docs show breadcrumbs', async ({page}) => {
    await page.goto(routes.quickstart);
    const crumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
    await expect(crumbs).toBeVisible();
    await expect(crumbs.getByRole('link', {name: 'Home page'})).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', {name: 'Payments'})).toHaveAttribute('href', routes.paymentsOverview);
    await expect(crumbs.locator('.breadcrumbs__item--active')).toHaveText('Quickstart');
  });

  for (const doc of docRoutes) {
    test(`${doc.path}: the table of contents lists exactly the h2 and h3 headings`, async ({page}) => {
      await page.setViewportSize({width: 1280, height: 800});
      await page.goto(doc.path);
      const headings = await page
        .locator('article .theme-doc-markdown')
        .evaluate((article) =>
          [...article.querySelectorAll('h2[id], h3[id], h4[id]')].map((h) => ({level: h.tagName, id: h.id})),
        );
      const tocTargets = await page
        .locator('.table-of-contents a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const expected = headings.filter((h) => h.level !== 'H4').map((h) => `#${h.id}`);
      expect(expected.length).toBeGreaterThan(0);
      expect(tocTargets).toEqual(expected);
    });
  }

  test('the h4 headings exist but stay out of the table of contents', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.paymentsOverview);
    await expect(page.locator('article h4#wrong-network')).toBeVisible();
    await expect(page.locator('.table-of-contents a[href="#wrong-network"]')).toHaveCount(0);
    await expect(page.locator('.table-of-contents a[href="#reorgs"]')).toHaveCount(1);
  });
});

/** The JSON array that starts right after `marker`'s key, read by bracket matching. */
function jsonArrayAt(text: string, marker: string): string {
  const start = text.indexOf(marker);
  expect(start, `${marker} not found in the loaded scripts`).toBeGreaterThan(-1);
  const from = text.indexOf('[', start);
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth += 1;
    else if (c === ']' || c === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(from, i + 1);
    }
  }
  throw new Error(`Unbalanced JSON after ${marker}`);
}

test.describe('docs version (SPEC §3)', () => {
  test('one version, "current", labelled Next and served as the latest at the root', async ({page}) => {
    expect(config.presets?.[0]).toEqual([
      'classic',
      expect.objectContaining({
        docs: expect.objectContaining({lastVersion: 'current', versions: {current: {label: 'Next'}}}),
      }),
    ]);
    const chunks: Promise<string>[] = [];
    page.on('response', (response) => {
      if (/\/assets\/js\/.+\.js$/.test(response.url())) chunks.push(response.text());
    });
    await page.goto(routes.welcome);
    await waitForHydration(page);
    // The docs data the page loads: one version, its label, marked latest, main doc
    // intro, no drafts, and each doc entry as {id, path, sidebar} (SPEC §3).
    const bodies = (await Promise.all(chunks)).join('\n');
    const versions = JSON.parse(jsonArrayAt(bodies, '"versions":[{"name":"current"')) as Array<Record<string, unknown>>;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      name: 'current',
      label: 'Next',
      isLast: true,
      path: '/',
      mainDocId: 'intro',
      draftIds: [],
    });
    expect(versions[0].docs).toEqual(docRoutes.map((d) => ({id: d.id, path: d.path, sidebar: 'tutorialSidebar'})));
    // The latest version has no banner pointing elsewhere, and no version prefix in its paths.
    await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/docs-version-current/);
  });

  test('the preferred docs version is read from localStorage and stale values are dropped', async ({page}) => {
    await page.goto(routes.home);
    await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', 'current'));
    await page.goto(routes.welcome);
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', '0.9-retired'));
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
  });
});
