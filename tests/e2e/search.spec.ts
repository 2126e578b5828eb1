import {readdirSync, readFileSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {recordRequests} from '../support/network';
import {searchResultsPage} from '../support/search-results-page';
import {builtSitemapPaths, inBuild, routes, waitForHydration} from '../support/site';

const searchInput = (page: Page) => page.locator('nav.navbar input.navbar__search-input');
// Results only: "No results" is an option too, a disabled one (src/theme/SearchBar).
const suggestions = (page: Page) =>
  page.locator('nav.navbar [role="listbox"] [role="option"]:not([aria-disabled="true"])');
const noResults = (page: Page) => page.locator('nav.navbar [role="listbox"]').getByText('No results');

/** The production build's JavaScript files whose content matches `pattern`, as URL paths. */
function buildChunksMatching(pattern: RegExp, {includeMain = false} = {}): string[] {
  return readdirSync(inBuild('assets', 'js'))
    .filter((file) => file.endsWith('.js'))
    .filter((file) => includeMain || (!file.startsWith('main.') && !file.startsWith('runtime')))
    .filter((file) => pattern.test(readFileSync(inBuild('assets', 'js', file), 'utf8')))
    .map((file) => `/assets/js/${file}`);
}

/**
 * The lazily loaded search chunks of the production build (not the main bundle):
 * the index loader, autocomplete.js (its "autocomplete:" events) and lunr. A bare
 * "autocomplete" would also match DOMPurify's attribute list inside Mermaid's
 * core, which a page with a diagram rightly loads.
 */
function searchChunksInBuild(): string[] {
  return [/search-index/, /autocomplete:/, /\blunr\b/].flatMap((pattern) => {
    const chunks = buildChunksMatching(pattern);
    expect(chunks, `a lazily loaded chunk matches ${pattern}`).not.toEqual([]);
    return chunks;
  });
}

/**
 * The chunk of the plugin's SearchBar component: the one code that binds the
 * autocomplete's "selected" event and holds the "See all results" text.
 */
const searchBarPattern = /autocomplete:selected|theme\.SearchBar\.seeAll/;

/**
 * The JavaScript files that the dynamic import of the SearchBar loads together:
 * the main bundle's loader for it asks for all of them at once
 * (`Promise.all([r.e(id), ...])`, Rspack quoting the ids), and a numbered chunk's file is `<id>.<hash>.js`.
 */
function searchBarChunkGroup(): string[] {
  const [searchBarChunk] = buildChunksMatching(searchBarPattern);
  const id = /\/(\d+)\.[0-9a-f]+\.js$/.exec(searchBarChunk)?.[1];
  expect(id, `${searchBarChunk} is a numbered chunk`).toBeDefined();
  const main = readdirSync(inBuild('assets', 'js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file))!;
  const groups = [
    ...readFileSync(inBuild('assets', 'js', main), 'utf8').matchAll(/Promise\.all\(\[((?:\w+\.e\("?\d+"?\),?)+)\]\)/g),
  ]
    .map((match) => [...match[1].matchAll(/\.e\("?(\d+)"?\)/g)].map((e) => e[1]))
    .filter((ids) => ids.includes(id!));
  expect(groups, 'one loader imports the SearchBar').toHaveLength(1);
  const files = readdirSync(inBuild('assets', 'js'));
  return groups[0].flatMap((chunkId) =>
    files.filter((file) => new RegExp(`^${chunkId}\\.[0-9a-f]+\\.js$`).test(file)).map((file) => `/assets/js/${file}`),
  );
}

/** Records the path of every request the page makes. */
function requestedPaths(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  return requested;
}

/**
 * Whether the search box has focus. Asked of the document, not of a located
 * element: the placeholder may be swapped for the real box between locating
 * and asking, and a stale answer would send focus past the box.
 */
function searchBoxHasFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.matches('nav.navbar input.navbar__search-input') ?? false);
}

async function openDocPage(page: Page, path: string = routes.welcome) {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Waits until the dropdown shows the results of the whole query, not of a prefix typed on the way
 * (Enter on those would open a page highlighting the prefix): its "See all results" link carries
 * the query it answers.
 */
async function expectResultsFor(page: Page, query: string) {
  await expect(page.locator('nav.navbar [role="listbox"] a[href^="/search/?"]')).toHaveAttribute(
    'href',
    `/search/?${new URLSearchParams({q: query}).toString()}`,
  );
}

/** Types a query and waits until the dropdown shows results or says there are none. */
async function searchFor(page: Page, query: string) {
  await searchInput(page).fill(query);
  await expect(suggestions(page).first().or(noResults(page))).toBeVisible();
}

test.describe('local search', () => {
  test('no search code or index is requested before the first interaction', async ({page}) => {
    const searchBarChunks = buildChunksMatching(searchBarPattern);
    expect(searchBarChunks, 'the SearchBar component is a chunk of its own').toHaveLength(1);
    expect(buildChunksMatching(searchBarPattern, {includeMain: true}), 'not in the main bundle').toEqual(
      searchBarChunks,
    );
    const searchBarGroup = searchBarChunkGroup();
    expect(searchBarGroup).toEqual(expect.arrayContaining(searchBarChunks));
    const requested = requestedPaths(page);
    const network = recordRequests(page);
    await openDocPage(page, routes.paymentsOverview);
    await page.mouse.wheel(0, 2_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Everything the scroll brought in (the diagram, prefetched links) has arrived.
    await network.quiet();
    const searchChunks = [...new Set([...searchChunksInBuild(), ...searchBarGroup])];
    expect(searchChunks.length).toBeGreaterThan(0);
    const isSearchAsset = (path: string) => path.startsWith('/search-index') || searchChunks.includes(path);
    expect(requested.filter(isSearchAsset)).toEqual([]);
    await expect(searchInput(page)).toBeVisible();

    await page.keyboard.press('Control+k');
    await expect.poll(() => requested.some((p) => p.startsWith('/search-index'))).toBe(true);
    await expect.poll(() => searchChunks.filter((chunk) => requested.includes(chunk)).length).toBeGreaterThan(0);
    expect(requested).toEqual(expect.arrayContaining(searchBarGroup));
  });

  const triggers: Record<string, (page: Page) => Promise<void>> = {
    'Ctrl+K': (page) => page.keyboard.press('Control+k'),
    '"/"': (page) => page.keyboard.press('/'),
    'Tab focus': async (page) => {
      for (let i = 0; i < 20 && !(await searchBoxHasFocus(page)); i += 1) {
        await page.keyboard.press('Tab');
      }
    },
    'a click': (page) => searchInput(page).click(),
  };
  for (const [name, trigger] of Object.entries(triggers)) {
    test(`${name} loads the search box and its index, and focuses the box`, async ({page}) => {
      const searchBarChunks = searchBarChunkGroup();
      const requested = requestedPaths(page);
      await openDocPage(page);
      expect(requested.filter((p) => searchBarChunks.includes(p))).toEqual([]);
      await trigger(page);
      await expect.poll(() => searchBarChunks.every((chunk) => requested.includes(chunk))).toBe(true);
      await expect.poll(() => requested.some((p) => p.startsWith('/search-index'))).toBe(true);
      await expect(searchInput(page)).toHaveAttribute('role', 'combobox'); // the plugin's box, ready
      await expect(searchInput(page)).toBeFocused();
      await expect(searchInput(page)).toHaveValue('');
    });
  }

  test('hovering the box loads it and its index without taking focus', async ({page}) => {
    const searchBarChunks = searchBarChunkGroup();
    const requested = requestedPaths(page);
    await openDocPage(page);
    await searchInput(page).hover();
    await expect.poll(() => searchBarChunks.every((chunk) => requested.includes(chunk))).toBe(true);
    await expect.poll(() => requested.some((p) => p.startsWith('/search-index'))).toBe(true);
    await expect(searchInput(page)).not.toBeFocused();
  });

  for (const [width, mode] of [
    [1280, 'light'],
    [1280, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const) {
    test(`the placeholder looks and measures like the real box, which replaces it without a shift (${width}px, ${mode})`, async ({
      page,
    }) => {
      await page.setViewportSize({width, height: 800});
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await openDocPage(page, routes.quickstart);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const measure = () =>
        page.evaluate(() => {
          const input = document.querySelector<HTMLInputElement>('nav.navbar input.navbar__search-input')!;
          const box = input.closest('.navbar__search')!;
          const where = (el: Element) => JSON.stringify(el.getBoundingClientRect());
          const style = getComputedStyle(input);
          return {
            isPlaceholder: (input as unknown as {marked?: boolean}).marked === true,
            classes: [box.className, input.className],
            texts: [input.placeholder, input.getAttribute('aria-label'), box.textContent],
            input: where(input),
            icon: where(box.querySelector('svg')!),
            hints: [...box.querySelectorAll('kbd')].map((kbd) => where(kbd) + getComputedStyle(kbd).color),
            style: ['font', 'color', 'background-color', 'border', 'border-radius', 'padding', 'margin'].map((p) =>
              style.getPropertyValue(p),
            ),
            // The bar's other items (not the off-screen mobile menu, which may still be settling).
            navbar: [...document.querySelectorAll('nav.navbar .navbar__inner :is(a, button)')].map(where),
          };
        });
      await page.locator('nav.navbar input.navbar__search-input').evaluate((input) => {
        (input as unknown as {marked?: boolean}).marked = true;
      });
      const placeholder = await measure();
      expect(placeholder.isPlaceholder).toBe(true);
      // A pointerenter loads the real box, with neither focus nor a real pointer on it.
      await searchInput(page).dispatchEvent('pointerover');
      await expect.poll(async () => (await measure()).isPlaceholder).toBe(false);
      expect({...(await measure()), isPlaceholder: true}).toEqual(placeholder);
    });
  }

  test('characters typed while the search box loads are all kept and searched', async ({page}) => {
    const searchBarChunks = buildChunksMatching(searchBarPattern);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Hold the SearchBar chunk back, so the first keystrokes surely reach the placeholder.
    await page.route(
      (url) => searchBarChunks.includes(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await openDocPage(page);
    await page.keyboard.press('/');
    await page.keyboard.type('idempo');
    await expect(searchInput(page)).toHaveValue('idempo');
    release();
    await page.keyboard.type('tency key');
    await expect(searchInput(page)).toHaveValue('idempotency key');
    await expect(searchInput(page)).toBeFocused();
    // Searched as typed whole: the box's results are those of the whole query (its "See all" link), not
    // of what was typed before its code came; which result ranks first is search-relevance.spec.ts's.
    await expectResultsFor(page, 'idempotency key');
    await expect(
      suggestions(page)
        .filter({hasText: /idempotency/i})
        .first(),
    ).toBeVisible();
  });

  test('a query typed at full speed right after the page loads is kept whole and searched', async ({page}) => {
    await openDocPage(page);
    await page.keyboard.press('/');
    await page.keyboard.type('webhook signature');
    await expect(searchInput(page)).toHaveValue('webhook signature');
    await expectResultsFor(page, 'webhook signature');
    await expect(suggestions(page).first()).toContainText(/signature/i);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/_highlight=webhook&_highlight=signature/);
  });

  test('text typed into the box before the page is interactive is kept and searched', async ({page}) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Hold the main bundle back: the box is server-rendered HTML until it arrives.
    await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(routes.welcome, {waitUntil: 'commit'});
    await searchInput(page).click();
    await page.keyboard.type('refund');
    release();
    await waitForHydration(page);
    await expect(searchInput(page)).toHaveValue('refund');
    await expect(searchInput(page)).toBeFocused();
    await expect(suggestions(page).first().or(noResults(page))).toBeVisible();
  });

  test('a page opened with terms to highlight highlights them without any interaction', async ({page}) => {
    await page.goto(`${routes.webhookGuide}?_highlight=signature#verify-the-signature`);
    await waitForHydration(page);
    await expect(page.locator('article mark').first()).toHaveText(/signature/i);
    await expect(searchInput(page)).toHaveValue('signature');
  });

  test('"/" typed inside a field stays a character', async ({page}) => {
    await openDocPage(page);
    await searchInput(page).focus();
    await page.keyboard.type('v1/payments');
    await expect(searchInput(page)).toHaveValue('v1/payments');
  });

  test('every page of the sitemap but the home page, the changelog list and the results page is in the search index', () => {
    const indexed = new Set(
      (JSON.parse(readFileSync(inBuild('search-index.json'), 'utf8')) as {documents: {u: string}[]}[]).flatMap((part) =>
        part.documents.map((d) => d.u),
      ),
    );
    const expected = builtSitemapPaths().filter((path) => ![routes.home, routes.changelog, '/search'].includes(path));
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.filter((path) => !indexed.has(path))).toEqual([]);
  });

  test('code blocks are left out of the index, while prose and inline code are in it', () => {
    const text = (JSON.parse(readFileSync(inBuild('search-index.json'), 'utf8')) as {documents: {t?: string}[]}[])
      .flatMap((part) => part.documents.map((d) => d.t ?? ''))
      .join('\n');
    // A line of the webhook guide's receiver sample, in a code block only.
    expect(text).not.toContain("from 'standardwebhooks'");
    // Inline code in the guides' prose.
    expect(text).toContain('payment.succeeded');
    expect(text).toContain('unsupported_asset_network');
  });

  // Each query is a word of the page's title. The docs rank before changelog entries and standalone
  // pages (search-relevance.spec.ts), so the box may be full of docs sections that mention the word;
  // the results page lists every match, these pages' titles among them.
  for (const {query, path, title} of [
    {
      query: 'replay',
      path: '/changelog/2025/06/17/failed-event-replay',
      title: 'Find and replay failed webhook events',
    },
    {query: 'glossary', path: '/markdown-page', title: 'Glossary'},
  ]) {
    test(`"${query}" finds ${path} by its title: changelog entries and standalone pages are indexed too`, async ({
      page,
    }) => {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      const match = page
        .getByRole('main')
        .locator('article h2 a')
        .filter({hasText: new RegExp(`^${title}$`)});
      await expect(match).toHaveCount(1);
      await match.click();
      await expect(page).toHaveURL(new RegExp(`^[^?#]*${path.replace(/[/.]/g, '\\$&')}(\\?|#|$)`));
    });
  }

  test('"signature" finds the webhook guide; Enter opens the section with the terms highlighted', async ({page}) => {
    await openDocPage(page);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'signature');
    const first = suggestions(page).first();
    await expect(first).toContainText('Verify the signature');
    await expect(first).toContainText('Webhook guide');
    await expect(first.locator('mark')).toHaveText('signature');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payments\/webhook-guide\?_highlight=signature#verify-the-signature$/);
    await expect(page.locator('article h1')).toHaveText('Webhook guide');
    await expect(page.locator('article mark').first()).toHaveText(/signature/i);
  });

  test('"confirmations" finds the overview section; arrow keys choose the result', async ({page}) => {
    await openDocPage(page);
    await page.keyboard.press('/');
    await searchFor(page, 'confirmations');
    const target = suggestions(page).filter({hasText: 'Networks and confirmations'}).first();
    await expect(target).toContainText('Payments overview');
    const position = await suggestions(page).evaluateAll((options) =>
      options.findIndex((o) => o.textContent?.includes('Networks and confirmations')),
    );
    for (let i = 0; i < position; i += 1) await page.keyboard.press('ArrowDown');
    await expect(target).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payments\/\?_highlight=confirmations#networks-and-confirmations$/);
    await expect(page.locator('#networks-and-confirmations')).toBeInViewport();
  });

  test('Escape closes the results', async ({page}) => {
    await openDocPage(page);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'webhook');
    await page.keyboard.press('Escape');
    await expect(suggestions(page).first()).toBeHidden();
  });

  test('the full results page lists matches and opens them', async ({page}) => {
    await page.goto('/search?q=confirmations');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "confirmations"');
    const result = page.getByRole('main').getByRole('link', {name: 'Networks and confirmations'}).first();
    await expect(result).toHaveAttribute('href', '/payments/?_highlight=confirmations#networks-and-confirmations');
    await result.click();
    await expect(page.locator('article h1')).toHaveText('Payments overview');
    await expect(page.locator('article mark').first()).toHaveText(/confirmations/i);
  });

  test('keyboard only: Tab to the box, type, arrow, Enter', async ({page}) => {
    await openDocPage(page);
    for (let i = 0; i < 20 && !(await searchBoxHasFocus(page)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(searchInput(page)).toBeFocused();
    await page.keyboard.type('quote window');
    await expect(suggestions(page).first()).toBeVisible();
    await expectResultsFor(page, 'quote window');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/_highlight=quote/);
    await expect(page.locator('article h1')).toHaveText('Payments overview');
  });

  test('works at mobile width, beside the menu button', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await openDocPage(page);
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
    await expect(searchInput(page)).toBeVisible();
    await searchInput(page).click();
    await searchFor(page, 'idempotency');
    await expect(suggestions(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/_highlight=idempotency/);
  });
});

test.describe('hostile search queries', () => {
  const queries = [
    '.*',
    '(',
    '[',
    'a)|(b',
    '<img src=x onerror="window.__pwned=1">',
    '<script>window.__pwned=1</script>',
    `"'\``,
    '${window.__pwned=1}',
    '💸🚀 payment',
    '支払い',
    'платёж',
    '\\',
    'a'.repeat(1_000),
  ];

  // Two page loads for all of them: the navbar box on a doc, then the results page (opened on the
  // first query, the others typed into its own field). Each page is checked for executed markup.
  test('each gives results or "No results", never an error, markup or a foreign request', async ({page, baseURL}) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('dialog', async (d) => {
      problems.push(`dialog: ${d.message()}`);
      await d.dismiss();
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(`${baseURL}/`)) problems.push(`foreign request: ${r.url()}`);
    });
    const pwned = () => page.evaluate(() => (window as unknown as {__pwned?: number}).__pwned);
    await openDocPage(page);
    for (const query of queries) {
      await searchInput(page).focus();
      await searchFor(page, query);
      expect(await page.locator('img[src="x"], nav.navbar [role="listbox"] script').count(), query).toBe(0);
      await page.keyboard.press('Escape');
    }
    expect(await pwned(), 'markup ran in the navbar box').toBeUndefined();

    const search = searchResultsPage(page);
    for (const query of queries) {
      await search(query);
      expect(new URL(page.url()).searchParams.get('q'), 'the query is kept in the address').toBe(query);
      expect(await page.locator('img[src="x"], main script').count(), query).toBe(0);
    }
    expect(await pwned(), 'markup ran on the results page').toBeUndefined();
    expect(problems).toEqual([]);
  });

  test('a query of only whitespace searches nothing and breaks nothing', async ({page}) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openDocPage(page);
    await searchInput(page).focus();
    // A real query first shows the box answers; whitespace then clears its results.
    await searchFor(page, 'webhook');
    await expect(suggestions(page).first()).toBeVisible();
    await searchInput(page).fill('   \t  ');
    await expect(suggestions(page)).toHaveCount(0);
    await page.goto(`/search?q=${encodeURIComponent('   ')}`);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    expect(errors).toEqual([]);
  });
});
