import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {builtPages, htmlFileFor} from '../support/built-html';
import {layoutShifts} from '../support/layout-shifts';
import {routes, waitForHydration} from '../support/site';

// A page's HTML reaches a slow phone in pieces, and the browser draws what it has parsed whenever the
// network pauses. What it drew must not move when the rest arrives. Here the HTML stops at a point
// where it did move, long enough for the browser to draw twice (or for a second, if the page holds
// its first frame), then the rest arrives, and the page must have recorded no layout shift:
// - in the navbar's right-hand items: right-aligned, each item that came next pushed the ones before
//   it left. Every page's head holds its first frame until the main wrapper after the navbar is
//   parsed (docusaurus.config.ts, headTags);
// - in the API reference, between the introduction and the first operation: whether the page has an
//   operation sets the article's layout on a wide screen (src/css/api-reference.css). Each operation
//   page's head holds its first frame until its first operation is parsed (plugins/api-reference);
// - in the home page's first feature card: a lone card spanned the row, then narrowed as the others
//   came. The grid keeps the columns no card has reached yet (HomeFeatures/styles.module.css);
// - in a table, after its first row: its columns widened as longer cells came. A table with nothing
//   after it is not drawn until the page's footer is parsed (src/css/custom.css).

interface Pause {
  path: string;
  /** Where the HTML stops, in words. */
  where: string;
  /** Where it stops, in the page's HTML. */
  at: (html: string) => number;
  /** Parsed by then: one element (a CSS selector), and one that is not yet. */
  parsed: string;
  notYet: string;
}

/** In the navbar's right-hand items, after the search box, before the language menu. */
function inNavbarItems(html: string): number {
  const rightItems = html.indexOf('navbar__items--right');
  const languageMenu = html.indexOf('<div class="navbar__item dropdown', rightItems);
  expect(rightItems, 'the navbar has right-hand items').toBeGreaterThan(0);
  expect(languageMenu, 'the language menu follows the search box').toBeGreaterThan(rightItems);
  return languageMenu;
}

const navbarItems = {
  where: "inside the navbar's right-hand items",
  at: inNavbarItems,
  parsed: 'nav .navbar__items--right input[aria-label="Search"]',
  notYet: 'nav .navbar__items--right .dropdown',
};

const pauses: Pause[] = [
  {path: routes.quickstart, ...navbarItems},
  {path: '/', ...navbarItems},
  {
    path: '/api/payments',
    where: 'between the introduction and the first operation',
    at: (html) => html.indexOf('<div class=api-operation>'),
    parsed: '.theme-doc-markdown > p',
    notYet: '.api-operation',
  },
  {
    path: '/',
    where: "between the hero's two buttons",
    at: (html) => html.indexOf('<a class="button button--outline button--lg'),
    parsed: '.hero a.button--secondary',
    notYet: '.hero a.button--outline',
  },
  {
    path: '/',
    where: "inside the first feature card's text",
    at: (html) => html.indexOf('Create a payment for 25.00 USD') + 'Create a payment for 25.00 USD'.length,
    parsed: 'section[aria-labelledby="home-features-title"] h3',
    notYet: 'section[aria-labelledby="home-features-title"] h3 ~ a',
  },
  {
    path: routes.webhookGuide,
    where: "after the first row of the headers' table",
    at: (html) => html.indexOf('<tr><td><code>webhook-timestamp'),
    parsed: 'article table tbody tr',
    notYet: 'article table tbody tr:nth-child(2)',
  },
];

/**
 * A server in front of the site's that sends `path`'s built HTML up to its pause point, then the
 * rest once `release` is called; every other request goes through to the site.
 */
async function pausingServer(origin: string, {path, at}: Pause) {
  const html = readFileSync(htmlFileFor(path)!, 'utf8');
  const pauseAt = at(html);
  expect(pauseAt, `${path}: where the HTML pauses`).toBeGreaterThan(html.indexOf('<body'));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer((request, response) => {
    if (request.url === path) {
      response.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
      response.write(html.slice(0, pauseAt));
      void released.then(() => response.end(html.slice(pauseAt)));
      return;
    }
    // A request the site cannot answer fails here at once, rather than leaving the page waiting for it.
    void fetch(origin + request.url)
      .then(async (upstream) => {
        response.writeHead(upstream.status, {'content-type': upstream.headers.get('content-type') ?? ''});
        response.end(Buffer.from(await upstream.arrayBuffer()));
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {url: `http://127.0.0.1:${port}${path}`, release, close: () => server.close()};
}

for (const pause of pauses) {
  test(`${pause.path}: HTML that pauses ${pause.where} shifts nothing when the rest arrives`, async ({
    page,
    baseURL,
  }) => {
    const server = await pausingServer(baseURL!, pause);
    try {
      const loaded = page.goto(server.url);
      // Parsed up to the pause, and no further.
      await expect(page.locator(pause.parsed).first()).toBeAttached();
      await expect(page.locator(pause.notYet)).toHaveCount(0);
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
      // Drawn, now that the page is whole.
      await expect(page.locator(pause.notYet).first()).toBeVisible();
      // The frames after the rest arrived are drawn, and their shifts recorded, by the second one from now.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await layoutShifts(page)).toEqual([]);
    } finally {
      server.close();
    }
  });
}

// A page whose held frame waits for an element it does not have is drawn only once its whole HTML is
// parsed (the browser's last resort): no shift, and a late first paint on every long page. So each
// element named is one the page has, as Docusaurus names its main wrapper today.
test('every page holds its first frame only for elements it has', () => {
  const pages = builtPages();
  const missing: string[] = [];
  let held = 0;
  for (const {file, $} of pages) {
    for (const link of $('head link[rel="expect"][blocking="render"]').toArray()) {
      held += 1;
      const id = decodeURIComponent(($(link).attr('href') ?? '').replace(/^#/, ''));
      if ($(`[id="${id}"]`).length !== 1) missing.push(`${file}: #${id}`);
    }
  }
  expect(missing).toEqual([]);
  // Every page's one for the navbar, and an operation page's own.
  expect(held).toBeGreaterThan(pages.length);
});
