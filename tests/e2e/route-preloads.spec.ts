import {expect, test, type Page} from '@playwright/test';
import {turnOffPrefetching} from '../support/first-load';
import {builtSitemapPaths, unknownPath, waitForHydration} from '../support/site';

// Each page's HTML asks for the scripts its route needs (plugins/route-preloads), not main.js once it
// has run: exactly those main.js would ask for, no fewer (a chunk left to main.js waits a round trip
// more) and no more (a preload the page never runs is bytes a slow phone waits for).

/**
 * The scripts a load requests until hydration, link prefetching off (data saver). (Not on /search:
 * its page starts the search worker as it mounts, and what that worker fetches before hydration
 * varies with timing; the route's own chunks are preloaded there as everywhere.)
 */
async function scriptsUntilHydrated(page: Page, route: string): Promise<string[]> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await turnOffPrefetching(page);
  await page.goto(route);
  await waitForHydration(page);
  return [...scripts].sort();
}

/** What the page's HTML names: its scripts, and its script preloads with their priority. */
const namedByHtml = (page: Page) =>
  page.evaluate(() => ({
    scripts: [...document.querySelectorAll<HTMLScriptElement>('head script[src]')].map(
      (script) => `${new URL(script.src).pathname} ${script.fetchPriority}`,
    ),
    preloads: [...document.querySelectorAll<HTMLLinkElement>('head link[rel="preload"][as="script"]')].map(
      (link) => `${new URL(link.href).pathname} ${link.fetchPriority}`,
    ),
  }));

const sampled = builtSitemapPaths().filter((route) =>
  [
    '/',
    '/welcome',
    '/payments/quickstart',
    '/payments/webhook-guide',
    '/api/payments',
    '/api/objects',
    '/changelog',
    '/markdown-page',
  ].includes(route),
);

test('the sample covers a page of every kind', () => {
  expect(sampled).toHaveLength(8);
});

for (const route of [...sampled, unknownPath]) {
  test(`${route}: the HTML preloads exactly the chunks the page needs to hydrate`, async ({browser}) => {
    // Without the preloads (taken out of the HTML as it arrives), main.js asks for what the page needs.
    const bare = await browser.newPage();
    await bare.route('**/*', async (request) => {
      if (request.request().resourceType() !== 'document') return request.continue();
      const response = await request.fetch();
      const html = (await response.text()).replace(/<link rel=preload href=\S+ as=script fetchpriority=low>/g, '');
      return request.fulfill({response, body: html});
    });
    const needed = await scriptsUntilHydrated(bare, route);
    expect((await namedByHtml(bare)).preloads, 'the preloads were taken out').toEqual([]);
    await bare.close();

    const page = await browser.newPage();
    const requested = await scriptsUntilHydrated(page, route);
    const {scripts, preloads} = await namedByHtml(page);
    // The entry scripts first, the chunks at low priority: nothing runs before main.js has come.
    expect(scripts.map((script) => script.replace(/\.[0-9a-f]+\.js /, '.js '))).toEqual([
      '/assets/js/runtime~main.js high',
      '/assets/js/main.js high',
    ]);
    expect(preloads.length, 'the page has chunks of its own').toBeGreaterThan(0);
    expect(preloads.every((preload) => preload.endsWith(' low'))).toBe(true);
    const named = [...scripts, ...preloads].map((entry) => entry.split(' ')[0]).sort();
    expect(named, 'the HTML names every script the page needs, and no other').toEqual(needed);
    expect(requested, 'the page requests nothing beyond them').toEqual(needed);
    await page.close();
  });
}
