import {expect, test, type Page} from '@playwright/test';
import {filesInPageBundle, pageBundleOf} from '../support/first-load';
import {isSameDocument, markDocument, routes, waitForHydration} from '../support/site';

/** Makes the page see a constrained connection (Network Information API). */
async function emulateConnection(page: Page, connection: {effectiveType: string; saveData: boolean}) {
  await page.addInitScript((value) => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({...value, addEventListener() {}, removeEventListener() {}}),
    });
  }, connection);
}

const jsChunk = '**/assets/js/**';

/**
 * Holds back every request matching `pattern` until `release()`: a route
 * change that stays pending for as long as the test needs, with no fixed delay.
 * `requested` resolves at the first request held.
 */
async function holdRequests(page: Page, pattern: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen = () => {};
  const requested = new Promise<void>((resolve) => (seen = resolve));
  await page.route(pattern, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return {requested, release: () => release()};
}

interface BarFrame {
  t: number;
  transform: string;
  transitionDuration: string;
}

test.describe('route changes (SPEC §4, §9)', () => {
  test('the progress bar starts 200 ms after a slow route change, trickles, and finishes', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: true}); // no prefetch: the click must load
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as {clickedAt: number; removedAt: number; frames: BarFrame[]};
      w.frames = [];
      document.addEventListener('click', () => (w.clickedAt = performance.now()), {capture: true});
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>('#nprogress .bar');
        if (bar) {
          const frame = {
            t: performance.now(),
            transform: bar.style.transform,
            transitionDuration: bar.style.transitionDuration,
          };
          const last = w.frames.at(-1);
          if (!last || last.transform !== frame.transform) w.frames.push(frame);
        } else if (w.frames.length && !w.removedAt) {
          w.removedAt = performance.now();
        }
      }).observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['style'],
      });
    });
    // The route's code is held back until the bar has trickled twice, then let through.
    const chunks = await holdRequests(page, jsChunk);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Webhook guide'}).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as {frames: BarFrame[]}).frames.length), {timeout: 15_000})
      .toBeGreaterThanOrEqual(3);
    await expect(page.locator('article h1')).toHaveText('Welcome');
    chunks.release();
    await expect(page.locator('article h1')).toHaveText('Webhook guide', {timeout: 15_000});
    await expect(page.locator('#nprogress')).toHaveCount(0, {timeout: 5_000});

    const {clickedAt, removedAt, frames} = await page.evaluate(() => {
      const w = window as unknown as {clickedAt: number; removedAt: number; frames: BarFrame[]};
      return {clickedAt: w.clickedAt, removedAt: w.removedAt, frames: w.frames};
    });
    const percent = (f: BarFrame) => Number(/translate3d\((-?[\d.]+)%/.exec(f.transform)?.[1]);
    expect(frames.length).toBeGreaterThan(2);
    // Starts no sooner than 200 ms after the change, at the 0.08 minimum, animating at 200 ms.
    expect(frames[0].t - clickedAt).toBeGreaterThanOrEqual(200);
    expect(percent(frames[0])).toBe(-92);
    expect(frames[0].transitionDuration).toBe('200ms');
    // Trickles every 800 ms by at most 0.02 while the route loads.
    const trickles = frames.slice(1).filter((f) => percent(f) < 0);
    expect(trickles.length).toBeGreaterThan(0);
    let previous = frames[0];
    for (const frame of trickles) {
      // 800 ms apart; observer callbacks can land late on a busy machine, so allow 100 ms.
      expect(frame.t - previous.t).toBeGreaterThanOrEqual(700);
      const step = percent(frame) - percent(previous);
      expect(step).toBeGreaterThan(0);
      expect(step).toBeLessThanOrEqual(2);
      previous = frame;
    }
    // Finishes at 100% once the route has updated, then goes away.
    expect(percent(frames.at(-1)!)).toBe(0);
    expect(removedAt).toBeGreaterThan(frames.at(-1)!.t);
  });

  test('no progress bar for a change within the same path; a change of path gets one', async ({page}) => {
    // A same-path change finishes at once, which would clear the bar's 200 ms timer
    // even without the theme's "different path" rule. So the route update's cleanup
    // is switched off (clearTimeout does nothing): a timer scheduled now would fire.
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await page.evaluate(() => {
      window.clearTimeout = () => undefined;
    });
    const tocLink = page.locator('.theme-doc-toc-desktop .table-of-contents a').first();
    const hash = (await tocLink.getAttribute('href')) ?? '';
    expect(hash).toMatch(/^#./);
    await tocLink.click();
    await expect(page).toHaveURL(new RegExp(`${routes.quickstart}${hash}$`));
    // Timers run in order: one of 300 ms set now fires after any 200 ms timer the click set.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(page.locator('#nprogress')).toHaveCount(0);

    // The same set-up sees the bar of a change to another path, so its absence above is the rule's doing.
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Welcome'}).click();
    await expect(page.locator('article h1')).toHaveText('Welcome');
    await expect(page.locator('#nprogress')).toHaveCount(1);
  });

  test('the next page content loads before it replaces the current page', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: true});
    await page.goto(routes.welcome);
    await waitForHydration(page);
    const chunks = await holdRequests(page, jsChunk);
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Quickstart'}).click();
    await chunks.requested;
    // While the next page's code is held back, the old page stays on screen (no blank or spinner state).
    await expect(page.locator('article h1')).toHaveText('Welcome');
    await expect(page.locator('article .theme-doc-markdown')).toBeVisible();
    chunks.release();
    await expect(page.locator('article h1')).toHaveText('Quickstart', {timeout: 15_000});
  });

  test('a route whose content fails to load reloads the whole page', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: true});
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await markDocument(page);
    let failing = true;
    let aborted = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') failing = false;
    });
    await page.route(jsChunk, async (route) => {
      if (failing) {
        aborted += 1;
        await route.abort('failed');
      } else {
        await route.continue();
      }
    });
    const reloaded = page.waitForEvent('load');
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Webhook guide'}).click();
    await reloaded;
    expect(aborted).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe(routes.webhookGuide);
    await waitForHydration(page);
    await expect(page.locator('article h1')).toHaveText('Webhook guide');
    expect(await isSameDocument(page)).toBe(false);
  });
});

test.describe('link prefetching (SPEC §4)', () => {
  const isChunk = (url: string) => url.includes('/assets/js/');

  /**
   * Hovers a sidebar link (which preloads its page) and scrolls to the footer
   * (whose links come into view and prefetch), then waits until the hover
   * handler and the IntersectionObserver callbacks have run: three frames.
   * Returns the script requests made meanwhile.
   */
  async function chunkRequestsAfterHydration(page: Page): Promise<string[]> {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.welcome);
    await waitForHydration(page);
    const requested: string[] = [];
    page.on('request', (request) => {
      if (isChunk(request.url())) requested.push(request.url());
    });
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Webhook guide'}).hover();
    await page.locator('footer.footer').scrollIntoViewIfNeeded();
    await page.evaluate(async () => {
      for (let i = 0; i < 3; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    return [...requested];
  }

  /** The positive case behind each negative one: following the link requests its code, and the recorder sees it. */
  async function followingTheLinkLoadsIt(page: Page): Promise<void> {
    const loaded = page.waitForRequest((request) => isChunk(request.url()));
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'Webhook guide'}).click();
    await loaded;
    await expect(page.locator('article h1')).toHaveText('Webhook guide');
  }

  test('links are prefetched on a normal connection', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: false});
    const requested = await chunkRequestsAfterHydration(page);
    // Seen after the same three frames the negative cases wait.
    expect(requested.length).toBeGreaterThan(0);
    expect(await page.locator('head link[rel="prefetch"]').count()).toBeGreaterThan(0);
  });

  test('nothing is prefetched when the reader has data saver on', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: true});
    expect(await chunkRequestsAfterHydration(page)).toEqual([]);
    expect(await page.locator('head link[rel="prefetch"]').count()).toBe(0);
    await followingTheLinkLoadsIt(page);
  });

  for (const effectiveType of ['2g', 'slow-2g']) {
    test(`nothing is prefetched on a ${effectiveType} connection`, async ({page}) => {
      await emulateConnection(page, {effectiveType, saveData: false});
      expect(await chunkRequestsAfterHydration(page)).toEqual([]);
      expect(await page.locator('head link[rel="prefetch"]').count()).toBe(0);
      await followingTheLinkLoadsIt(page);
    });
  }
});

test.describe('prefetching each chunk once (the @docusaurus/core patch)', () => {
  /**
   * The scripts a page has loaded to run them, not as prefetches: main.js, and the runtime and route
   * chunks the bundle inline in its HTML carries (plugins/page-scripts).
   */
  const scriptsRequested = async (page: Page) => {
    const {origin} = new URL(page.url());
    const {requested, inline} = await page.evaluate(() => ({
      requested: performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
        .map((e) => e.name),
      inline: [
        ...document.querySelectorAll<HTMLScriptElement>(
          'script:not([src]):not([type]), script[type=module]:not([src])',
        ),
      ].map((script) => script.text),
    }));
    const carried = filesInPageBundle(pageBundleOf(inline)).map((file) => `${origin}${file}`);
    return [...new Set([...requested, ...carried])];
  };

  /**
   * Opens the quickstart at desktop width (sidebar, navbar, TOC and the page's
   * links in view), scrolls to the pagination, and waits until every prefetch
   * the links in view asked for has finished: no idle callback is left to run
   * (prefetching goes a slice per idle callback, and between two slices the
   * links so far could all be done), and the browser's Resource Timing entries
   * of kind `link` catch up with the `<link rel="prefetch">` elements.
   */
  async function prefetchedAfterScrolling(page: Page) {
    await page.addInitScript(() => {
      const request = window.requestIdleCallback.bind(window);
      const idle = {pending: 0};
      Object.assign(window, {idle});
      window.requestIdleCallback = (callback, options) => {
        idle.pending += 1;
        return request((deadline) => {
          idle.pending -= 1;
          callback(deadline);
        }, options);
      };
    });
    await emulateConnection(page, {effectiveType: '4g', saveData: false});
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await page.locator('nav.pagination-nav').scrollIntoViewIfNeeded();
    const settled = () =>
      page.evaluate(() => {
        const links = [...document.querySelectorAll<HTMLLinkElement>('head link[rel="prefetch"]')].map((l) => l.href);
        const finished = performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'link' && e.name.includes('/assets/js/'))
          .map((e) => e.name);
        const {pending} = (window as unknown as {idle: {pending: number}}).idle;
        return {
          links,
          finished,
          done: pending === 0 && links.length > 0 && links.every((href) => finished.includes(href)),
        };
      });
    await expect.poll(async () => (await settled()).done).toBe(true);
    return settled();
  }

  test('no chunk is prefetched twice, nor one the page has already loaded', async ({page}) => {
    const {links} = await prefetchedAfterScrolling(page);
    const loadedScripts = await scriptsRequested(page);
    // Docusaurus asks for each chunk of each linked page: the docs layout's
    // chunks once per link in view, though this page has loaded them.
    expect(links.filter((href, i) => links.indexOf(href) !== i)).toEqual([]);
    expect(links.filter((href) => loadedScripts.includes(href))).toEqual([]);
    expect(loadedScripts.length).toBeGreaterThan(2); // runtime, main and the page's route chunks
  });

  test('the pages of the links in view have all their chunks on hand after prefetching: each loaded already or prefetched', async ({
    page,
    context,
  }) => {
    const {links} = await prefetchedAfterScrolling(page);
    const loaded = await scriptsRequested(page);
    // The sidebar's page links (sticky, so in view) and the pagination's.
    const linked = await page
      .locator('nav[aria-label="Docs sidebar"] a.menu__link[href^="/"], nav.pagination-nav a')
      .evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href')!))]);
    expect(linked.length).toBeGreaterThan(3);
    const other = await context.newPage();
    const missing: string[] = [];
    for (const href of linked) {
      if (href === routes.quickstart) continue;
      // What a page needs: the scripts its own full load requests.
      await other.goto(href);
      await waitForHydration(other);
      const needed = await scriptsRequested(other);
      expect(needed.length, href).toBeGreaterThan(2);
      missing.push(
        ...needed.filter((url) => !links.includes(url) && !loaded.includes(url)).map((url) => `${href}: ${url}`),
      );
    }
    expect(missing).toEqual([]);
  });
});

test('prefetching waits for the browser to be idle, then runs in slices of a few routes (the @docusaurus/core patch)', async ({
  page,
}) => {
  // The page's idle callbacks are held, to be run when the test says, each told no time is left.
  await page.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    Object.assign(window, {held});
    window.requestIdleCallback = (callback: IdleRequestCallback) => held.push(callback);
  });
  await emulateConnection(page, {effectiveType: '4g', saveData: false});
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  const held = () => page.evaluate(() => (window as unknown as {held: unknown[]}).held.length);
  const prefetchLinks = () => page.locator('head link[rel="prefetch"]').count();
  const runHeld = () =>
    page.evaluate(() => {
      const queue = (window as unknown as {held: IdleRequestCallback[]}).held;
      for (const callback of queue.splice(0)) callback({didTimeout: false, timeRemaining: () => 0});
    });
  // The links in view have asked (their observers report right after they render): the work waits.
  await expect.poll(held).toBeGreaterThan(0);
  expect(await prefetchLinks(), 'nothing prefetched before the browser is idle').toBe(0);
  // With no time left, one idle callback runs one route and asks for another for the rest.
  await runHeld();
  expect(await held(), 'the routes left wait for the next idle period').toBeGreaterThan(0);
  let rounds = 1;
  while ((await held()) > 0 && rounds < 200) {
    await runHeld();
    rounds += 1;
  }
  expect(rounds, 'one route per idle period when none has time left').toBeGreaterThan(3);
  await expect.poll(prefetchLinks).toBeGreaterThan(0);
});

test('a doc reached by a client-side navigation shows the same last-updated line as its full load (src/theme/LastUpdated)', async ({
  page,
}) => {
  const lastUpdated = page.locator('.theme-last-updated');
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  // The line the server wrote, kept through hydration.
  await expect(lastUpdated).toHaveText(/^Last updated on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  const fullLoad = {
    text: await lastUpdated.textContent(),
    datetime: await lastUpdated.locator('time').getAttribute('datetime'),
  };
  expect(fullLoad.datetime).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  await page.goto(routes.welcome);
  await waitForHydration(page);
  await markDocument(page);
  await page.locator(`.theme-doc-sidebar-container a[href="${routes.quickstart}"]`).first().click();
  await expect(page.locator('h1')).toHaveText('Quickstart');
  expect(await isSameDocument(page)).toBe(true);
  // Rendered in the browser this time, by upstream's component.
  await expect(lastUpdated).toHaveText(fullLoad.text ?? '(none on the full load)');
  await expect(lastUpdated.locator('time')).toHaveAttribute('datetime', fullLoad.datetime ?? '(none)');
});
