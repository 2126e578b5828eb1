import {readdirSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {filesInPageBundle, turnOffPrefetching} from '../support/first-load';
import {builtSitemapPaths, inBuild, unknownPath, waitForHydration} from '../support/site';

// Each page's HTML names two scripts (plugins/page-scripts): one file of its route's chunks and the
// bundler's runtime, then main.js. The file holds exactly the chunks main.js would ask for without
// it, no fewer (a chunk left to main.js waits a round trip more) and no more (a chunk the page never
// runs is bytes a slow phone waits for), and the page asks for nothing else before it hydrates.

/**
 * The scripts a load requests until hydration, link prefetching off (data saver). (Not on /search:
 * its page starts the search worker as it mounts, and what that worker fetches before hydration
 * varies with timing; the route's own chunks are bundled there as everywhere.)
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

/** What the page's HTML names: its scripts with their priority, and any script preloads. */
const namedByHtml = (page: Page) =>
  page.evaluate(() => ({
    scripts: [...document.querySelectorAll<HTMLScriptElement>('script[src][defer]')].map(
      (script) => `${new URL(script.src).pathname} ${script.fetchPriority}`,
    ),
    preloads: document.querySelectorAll('link[rel="preload"][as="script"], link[rel="modulepreload"]').length,
  }));

/** The built runtime~main.js, as Docusaurus's HTML names it. */
const runtimeScript = `/assets/js/${readdirSync(inBuild('assets/js')).find((file) => /^runtime~main\.[0-9a-f]+\.js$/.test(file))}`;

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
  test(`${route}: one file holds exactly the chunks the page needs to hydrate, beside main.js`, async ({browser}) => {
    // Without its bundle (the runtime put back in its place as the HTML arrives), main.js asks for what the page needs.
    const bare = await browser.newPage();
    await bare.route('**/*', async (request) => {
      if (request.request().resourceType() !== 'document') return request.continue();
      const response = await request.fetch();
      const html = (await response.text()).replace(
        /<script src=\/assets\/js\/pages\/page\.[0-9a-f]{8}\.js defer>/,
        `<script src=${runtimeScript} defer>`,
      );
      return request.fulfill({response, body: html});
    });
    const needed = await scriptsUntilHydrated(bare, route);
    expect(needed, 'the bundle was taken out').toContain(runtimeScript);
    await bare.close();

    const page = await browser.newPage();
    const requested = await scriptsUntilHydrated(page, route);
    const {scripts, preloads} = await namedByHtml(page);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^\/assets\/js\/pages\/page\.[0-9a-f]{8}\.js auto$/);
    expect(scripts[1]).toMatch(/^\/assets\/js\/main\.[0-9a-f]{8}\.js auto$/);
    expect(preloads, 'no script is preloaded besides').toBe(0);
    const [bundle, main] = scripts.map((script) => script.split(' ')[0]);
    expect(requested, 'the page requests its two scripts and nothing else').toEqual([bundle, main].sort());
    const chunks = needed.filter((script) => script !== main);
    expect(chunks.length, 'the page has chunks of its own beside the runtime').toBeGreaterThan(1);
    expect(
      [...filesInPageBundle(bundle)].sort(),
      'the bundle holds the runtime and every chunk main.js asked for, and no other',
    ).toEqual(chunks);
    await page.close();
  });
}

// How the two scripts reach a slow phone sooner (plugins/page-scripts): named before the stylesheet
// the page holds inline, so the browser asks for them with the page's first bytes; and each begins
// with Chromium's compile hint, so its functions compile while it downloads.
for (const route of [...sampled, unknownPath]) {
  test(`${route}: both scripts are named before the inline stylesheet, and each begins with the compile hint`, async ({
    request,
  }) => {
    const html = await (await request.get(route)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const scripts = [...head.matchAll(/<script src=(\/assets\/js\/[^ >]+\.js) defer><\/script>/g)];
    expect(scripts.map((script) => script[1])).toEqual([
      expect.stringMatching(/^\/assets\/js\/pages\/page\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]{8}\.js$/),
    ]);
    const style = head.indexOf('<style>');
    expect(style, 'the page holds its stylesheet').toBeGreaterThan(0);
    for (const script of scripts) expect(script.index, `${script[1]} is named first`).toBeLessThan(style);
    for (const [, src] of scripts) {
      expect((await (await request.get(src)).text()).startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(true);
    }
  });
}
