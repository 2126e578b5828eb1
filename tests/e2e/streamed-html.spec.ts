import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {htmlFileFor} from '../support/built-html';
import {routes, waitForHydration} from '../support/site';

// A page's HTML reaches a slow phone in pieces, and the browser draws what it has parsed whenever the
// network pauses. The navbar's right-hand items are right-aligned: drawn with only the first of them
// (the search box), each item that came next pushed the ones before it left, a layout shift. The
// page's head holds its first frame until the main wrapper after the navbar is parsed
// (docusaurus.config.ts, headTags). Here the HTML stops in the middle of those items, long enough for
// the browser to draw twice (or for a second, if it holds the frame), then the rest arrives.

/** Where the HTML pauses: in the navbar's right-hand items, after the search box, before the language menu. */
function pausePoint(html: string): number {
  const rightItems = html.indexOf('navbar__items--right');
  const languageMenu = html.indexOf('<div class="navbar__item dropdown', rightItems);
  expect(rightItems, 'the navbar has right-hand items').toBeGreaterThan(0);
  expect(languageMenu, 'the language menu follows the search box').toBeGreaterThan(rightItems);
  return languageMenu;
}

/**
 * A server in front of the site's that sends `path`'s built HTML up to its pause point, then the
 * rest once `release` is called; every other request goes through to the site.
 */
async function pausingServer(origin: string, path: string) {
  const html = readFileSync(htmlFileFor(path)!, 'utf8');
  const pauseAt = pausePoint(html);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer((request, response) => {
    if (request.url === path) {
      response.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
      response.write(html.slice(0, pauseAt));
      void released.then(() => response.end(html.slice(pauseAt)));
      return;
    }
    void fetch(origin + request.url).then(async (upstream) => {
      response.writeHead(upstream.status, {'content-type': upstream.headers.get('content-type') ?? ''});
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {url: `http://127.0.0.1:${port}${path}`, release, close: () => server.close()};
}

/** Every layout shift of the page so far (the browser keeps them for an observer that asks for them), one line each. */
function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({type: 'layout-shift', buffered: true});
    const entries = observer.takeRecords() as unknown as {value: number; sources: {node?: Node | null}[]}[];
    observer.disconnect();
    return entries.map(
      ({value, sources}) =>
        `${value.toFixed(4)}: ${sources.map(({node}) => (node instanceof Element ? node.className : (node?.nodeName ?? 'gone'))).join(', ')}`,
    );
  });
}

for (const path of [routes.quickstart, '/']) {
  test(`${path}: HTML that pauses inside the navbar's right-hand items shifts nothing when the rest arrives`, async ({
    page,
    baseURL,
  }) => {
    const server = await pausingServer(baseURL!, path);
    try {
      const loaded = page.goto(server.url);
      // Parsed up to the pause: the search box is in the page, the language menu not yet.
      await expect(page.locator('nav .navbar__items--right input[aria-label="Search"]')).toBeAttached();
      await expect(page.locator('nav .navbar__items--right .dropdown')).toHaveCount(0);
      // The network stays quiet while the browser could draw two frames; one that holds the frame draws none.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
            setTimeout(resolve, 1000);
          }),
      );
      server.release();
      await loaded;
      await waitForHydration(page);
      await expect(page.locator('nav .navbar__items--right .dropdown')).toHaveCount(1);
      // The frames after the rest arrived are drawn, and their shifts recorded, by the second one from now.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await layoutShifts(page)).toEqual([]);
    } finally {
      server.close();
    }
  });
}
