import {expect, test, type Page, type Response} from '@playwright/test';
import config from '../../docusaurus.config';
import {builtDocsVersion, sidebarDocs, sidebarLinks, sidebarLinksShownOn} from '../support/built-docs';
import {builtPage} from '../support/built-html';
import {routes, specDocs, waitForHydration} from '../support/site';

// Every doc the build has, in its sidebar's order: the list is read from the
// build, so a writer's new doc is checked like the others, and no test here
// knows how many docs there are.
const docs = sidebarDocs();

const sidebarNav = (page: Page) => page.locator('nav[aria-label="Docs sidebar"]');

/** Opens every collapsed category, so the sidebar shows all of its links. */
async function expandAllCategories(page: Page): Promise<void> {
  const closed = sidebarNav(page).locator(
    ':is(button[aria-label^="Expand sidebar category"], a[role="button"][aria-expanded="false"])',
  );
  while ((await closed.count()) > 0) await closed.first().click();
}

test.describe('docs sidebar (SPEC §2, §3)', () => {
  test("the one sidebar, tutorialSidebar, holds every doc and the SPEC's four, led by the main doc", () => {
    const version = builtDocsVersion();
    expect(version.docs.filter((doc) => doc.sidebar !== 'tutorialSidebar').map((doc) => doc.id)).toEqual([]);
    expect(docs.map((doc) => doc.id).sort()).toEqual(version.docs.map((doc) => doc.id).sort());
    expect(docs.map(({id, path}) => ({id, path}))).toEqual(
      expect.arrayContaining(specDocs.map(({id, path}) => ({id, path}))),
    );
    expect(docs[0]).toMatchObject({id: 'intro', path: routes.welcome});
  });

  // Each doc's sidebar as the server sends it: the page a reader sees before the scripts run, and the
  // markup hydration keeps (checked once in the browser below, since every doc renders the same sidebar).
  for (const doc of docs) {
    test(`${doc.path} shows tutorialSidebar with every doc, in the sidebar's order`, () => {
      const $ = builtPage(doc.path);
      const nav = $('nav[aria-label="Docs sidebar"]');
      expect(nav).toHaveLength(1);
      const hrefs = nav
        .find('a.menu__link:not([role="button"])')
        .toArray()
        .map((link) => $(link).attr('href'));
      // Every doc; a closed category's items (the reference's operations) only on a page it holds.
      expect(hrefs).toEqual(sidebarLinksShownOn(doc.path));
      expect(hrefs).toEqual(expect.arrayContaining(docs.map(({path}) => path)));
      expect(nav.find('a[aria-current="page"]').attr('href')).toBe(doc.path);
    });
  }

  test("a reference page's sidebar lists its operations, each with its method's label; other pages keep them closed", () => {
    const operationsOn = (path: string) => {
      const $ = builtPage(path);
      return $('nav[aria-label="Docs sidebar"] li.api-sidebar-operation > a')
        .toArray()
        .map((link) => [
          $(link)
            .parent()
            .attr('class')
            ?.match(/api-sidebar-operation--(\w+)/)?.[1],
          $(link).text(),
          $(link).attr('href'),
        ]);
    };
    expect(operationsOn('/api/payments')).toEqual([
      ['get', 'List payments', '/api/payments#list-payments'],
      ['post', 'Create a payment', '/api/payments#create-payment'],
      ['get', 'Retrieve a payment', '/api/payments#get-payment'],
      ['post', 'Cancel a payment', '/api/payments#cancel-payment'],
      ['post', 'Accept the funds of a payment that requires action', '/api/payments#accept-payment'],
    ]);
    expect(operationsOn('/api/refunds').map(([, name]) => name)).toContain('Refund a payment');
    expect(operationsOn(routes.quickstart)).toEqual([]);
    expect(operationsOn('/api/')).toEqual([]);
  });

  test('after hydration the sidebar still shows every doc in order, with every category opened by the reader', async ({
    page,
  }) => {
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await expect(sidebarNav(page)).toBeVisible();
    await expandAllCategories(page);
    const hrefs = await sidebarNav(page)
      .locator('a.menu__link:not([role="button"])')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs).toEqual(sidebarLinks());
    await expect(sidebarNav(page).locator('a[aria-current="page"]')).toHaveAttribute('href', routes.quickstart);
  });

  test("the sidebar's main link and the navbar docs link point to /welcome", async ({page}) => {
    await page.goto(routes.home);
    await expect(page.locator('.navbar').getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute(
      'href',
      routes.welcome,
    );
    await page.goto(routes.webhookGuide);
    await expect(sidebarNav(page).locator('a.menu__link').first()).toHaveAttribute('href', routes.welcome);
  });

  test('the sidebar cannot be hidden', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await expect(sidebarNav(page)).toBeVisible();
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
    await expect(page.getByTitle('Collapse sidebar', {exact: true})).toHaveCount(0);
    await expect(page.locator('.theme-doc-sidebar-container [class*="collapseSidebarButton"]')).toHaveCount(0);
  });

  test('categories do not collapse automatically', async ({page}) => {
    // A config pin, not a behaviour check: collapsing siblings needs two open
    // categories, which the SPEC's sidebar does not have. The browser half shows
    // that the category keeps its state when the reader moves to another page.
    expect(config.themeConfig?.docs).toMatchObject({sidebar: {autoCollapseCategories: false, hideable: false}});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    const payments = paymentsCategory(page);
    await expect(payments).not.toHaveClass(/menu__list-item--collapsed/);
    await sidebarNav(page).getByRole('link', {name: 'Welcome'}).click();
    await expect(page.locator('article h1')).toHaveText('Welcome');
    await expect(payments).not.toHaveClass(/menu__list-item--collapsed/);
  });

  test('a taller category animates its collapse for longer', async ({page}) => {
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    const payments = paymentsCategory(page);
    const list = payments.locator('> ul.menu__list');
    const toggle = payments.getByRole('button', {name: /sidebar category 'Payments'/});
    await list.evaluate((ul) => {
      const w = window as unknown as {transitions: string[]};
      w.transitions = [];
      new MutationObserver(() => w.transitions.push(ul.style.transition)).observe(ul, {
        attributes: true,
        attributeFilter: ['style'],
      });
    });

    const recorded = () =>
      page.evaluate(() => (window as unknown as {transitions: string[]}).transitions.find(Boolean));
    /** Collapses the category and returns the duration of its height transition, in ms. */
    const collapseDuration = async (): Promise<number> => {
      // Forget the last animation's transition, so the one read is this collapse's.
      await list.evaluate((ul) => {
        ul.style.transition = '';
        (window as unknown as {transitions: string[]}).transitions = [];
      });
      await toggle.click();
      await expect(payments).toHaveClass(/menu__list-item--collapsed/);
      await expect.poll(recorded).toMatch(/^height \d+ms ease-in-out$/);
      // Until the collapse has ended: a click while it starts can land before its first frame, when
      // the list is still at its full height, and the expand that follows then has no height to animate.
      await expect(list).toHaveAttribute('style', /display: none/);
      return Number(/height (\d+)ms/.exec((await recorded()) ?? '')?.[1]);
    };
    const expand = async () => {
      await toggle.click();
      await expect(payments).not.toHaveClass(/menu__list-item--collapsed/);
      await expect(list).toHaveAttribute('style', /height: auto/);
    };

    const natural = await list.evaluate((ul) => ul.scrollHeight);
    const short = await collapseDuration();
    await expand();
    // The same list, measured four times as tall: the theme reads the height when the collapse starts.
    await list.evaluate((ul, height) => {
      Object.defineProperty(ul, 'scrollHeight', {configurable: true, get: () => height});
    }, natural * 4);
    const tall = await collapseDuration();
    console.log(`collapse of a ${natural}px list: ${short} ms; of ${natural * 4}px: ${tall} ms`);
    expect(short).toBeGreaterThan(0);
    expect(tall).toBeGreaterThan(short);
  });
});

/** The Payments category of the sidebar (SPEC §1's payments section): the top-level one, not the API reference's. */
function paymentsCategory(page: Page) {
  return sidebarNav(page)
    .locator('li.theme-doc-sidebar-item-category-level-1')
    .filter({has: page.locator('> .menu__list-item-collapsible a', {hasText: /^Payments$/})});
}

test.describe('breadcrumbs and table of contents (SPEC §2)', () => {
  test('docs show breadcrumbs', async ({page}) => {
    await page.goto(routes.quickstart);
    const crumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
    await expect(crumbs).toBeVisible();
    await expect(crumbs.getByRole('link', {name: 'Home page'})).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', {name: 'Payments'})).toHaveAttribute('href', routes.paymentsOverview);
    await expect(crumbs.locator('.breadcrumbs__item--active')).toHaveText('Quickstart');
  });

  // Read from the built HTML: the table of contents is rendered on the server, no browser needed.
  test('on every doc the table of contents lists exactly the h2 and h3 headings; h4 headings stay out', () => {
    let h4s = 0;
    for (const doc of docs) {
      const $ = builtPage(doc.path);
      const headings = $('article .theme-doc-markdown')
        .find('h2[id], h3[id], h4[id]')
        .toArray()
        .map((h) => ({level: h.tagName.toLowerCase(), id: $(h).attr('id')}));
      const tocTargets = $('.theme-doc-toc-desktop .table-of-contents a')
        .toArray()
        .map((a) => $(a).attr('href'));
      const expected = headings.filter((h) => h.level !== 'h4').map((h) => `#${h.id}`);
      expect(expected.length, `${doc.path} has h2 or h3 headings`).toBeGreaterThan(0);
      expect(tocTargets, doc.path).toEqual(expected);
      h4s += headings.length - expected.length;
    }
    // Without one h4 somewhere the rule "h4 stays out" would go unproved.
    expect(h4s, 'some doc has an h4 heading').toBeGreaterThan(0);
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
    const chunks: Promise<string>[] = [];
    const onResponse = (response: Response) => {
      if (/\/assets\/js\/.+\.js$/.test(response.url())) chunks.push(response.text());
    };
    page.on('response', onResponse);
    await page.goto(routes.welcome);
    await waitForHydration(page);
    // Chunks prefetched later are not the page's docs data, and their bodies may outlive the test.
    page.off('response', onResponse);
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
    const entries = versions[0].docs as Record<string, unknown>[];
    expect(entries).toEqual(
      expect.arrayContaining(specDocs.map(({id, path}) => ({id, path, sidebar: 'tutorialSidebar'}))),
    );
    for (const entry of entries)
      expect(Object.keys(entry).sort(), JSON.stringify(entry)).toEqual(['id', 'path', 'sidebar']);
    expect(entries.map((entry) => entry.path).sort()).toEqual(docs.map((doc) => doc.path).sort());
    // The latest version has no banner pointing elsewhere, and no version prefix in its paths.
    await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/docs-version-current/);
  });

  test('a stale preferred docs version in localStorage is dropped', async ({page}) => {
    await page.goto(routes.home);
    await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', '0.9-retired'));
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
  });
});
