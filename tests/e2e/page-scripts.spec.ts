import {readdirSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {filesInPageBundle, inlineScriptsOf, pageBundleOf, turnOffPrefetching} from '../support/first-load';
import {builtSitemapPaths, inBuild, unknownPath, waitForHydration} from '../support/site';

// Each page's HTML names one script, main.js, and holds its route's chunks and the bundler's runtime
// inline, at the end of its body (plugins/page-scripts). The inline bundle holds exactly the chunks
// main.js would ask for without it, no fewer (a chunk left to main.js waits a round trip more) and no
// more (a chunk the page never runs is bytes a slow phone waits for), and the page asks for nothing
// but main.js before it hydrates.

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

/** What the page's HTML names: its script files with their priority, and any script preloads. */
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
  test(`${route}: the page holds exactly the chunks it needs to hydrate, and asks for main.js alone`, async ({
    browser,
  }) => {
    // Without its bundle (the runtime named again before main.js as the HTML arrives), main.js asks for what the page needs.
    const bare = await browser.newPage();
    await bare.route('**/*', async (request) => {
      if (request.request().resourceType() !== 'document') return request.continue();
      const response = await request.fetch();
      const html = await response.text();
      const bundle = pageBundleOf(inlineScriptsOf(html));
      const withoutBundle = html
        .replace(`<script type=module>${bundle}</script>`, '')
        .replace(
          /<script src=\/assets\/js\/main\.[0-9a-f]{8}\.js defer>/,
          (main) => `<script src=${runtimeScript} defer></script>${main}`,
        );
      expect(withoutBundle.includes(bundle), 'the bundle was taken out').toBe(false);
      return request.fulfill({response, body: withoutBundle});
    });
    const needed = await scriptsUntilHydrated(bare, route);
    expect(needed, 'the runtime was put back').toContain(runtimeScript);
    await bare.close();

    const page = await browser.newPage();
    const response = await page.request.get(route);
    const bundle = pageBundleOf(inlineScriptsOf(await response.text()));
    const requested = await scriptsUntilHydrated(page, route);
    const {scripts, preloads} = await namedByHtml(page);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]{8}\.js auto$/)]);
    expect(preloads, 'no script is preloaded besides').toBe(0);
    const main = scripts[0].split(' ')[0];
    expect(requested, 'the page requests main.js and nothing else').toEqual([main]);
    const chunks = needed.filter((script) => script !== main);
    expect(chunks.length, 'the page has chunks of its own beside the runtime').toBeGreaterThan(1);
    expect(
      [...filesInPageBundle(bundle)].sort(),
      'the bundle holds the runtime and every chunk main.js asked for, and no other',
    ).toEqual(chunks);
    await page.close();
  });
}

// How the scripts reach a slow phone sooner (plugins/page-scripts): main.js named before the
// stylesheet the page holds inline, so the browser asks for it with the page's first bytes; the
// bundle last in the body, after everything the page shows, as a module script, which runs after
// the parse in a task of its own; main.js begins with Chromium's compile hint, and the bundle,
// compiled on the main thread when it runs, does not.
for (const route of [...sampled, unknownPath]) {
  test(`${route}: main.js is named before the inline stylesheet, the bundle is a module script ending the body, and main.js alone begins with the compile hint`, async ({
    request,
  }) => {
    const html = await (await request.get(route)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const scripts = [...head.matchAll(/<script src=(\/assets\/js\/[^ >]+\.js) defer><\/script>/g)];
    expect(scripts.map((script) => script[1])).toEqual([
      expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]{8}\.js$/),
    ]);
    const style = head.indexOf('<style>');
    expect(style, 'the page holds its stylesheet').toBeGreaterThan(0);
    expect(scripts[0].index, 'main.js is named first').toBeLessThan(style);
    const bundle = pageBundleOf(inlineScriptsOf(html));
    expect(
      html.endsWith(`<script type=module>${bundle}</script></body>`),
      'the bundle, a module script, is the last thing in the page',
    ).toBe(true);
    expect(bundle.startsWith('self.__pageChunks='), 'the bundle, without the hint').toBe(true);
    const main = await (await request.get(scripts[0][1])).text();
    expect(main.startsWith('//# allFunctionsCalledOnLoad\n'), scripts[0][1]).toBe(true);
  });
}
