import {expect, test, type Page} from '@playwright/test';
import {waitForHydration, waitForTwoIdlePeriods} from '../support/site';

// A page's first call to one of the browser's locale-aware functions (a string's `localeCompare`, an
// `Intl` collator or formatter, `toLocaleString`) loads the locale's ICU data on the main thread: at
// 4× CPU in Chromium, 43–47 ms on the quickstart and 69–87 ms in an empty page, for a one-character
// compare. Nothing a page shows while it loads needs it (dates and numbers are written at build time),
// so no page may call one from its first byte until it is hydrated and the browser is idle. Upstream
// theme-common sorted a memoized object's keys with `localeCompare` right after a doc page hydrates
// on a phone (patches/@docusaurus+theme-common+3.10.2.md).

/** The site's heaviest pages and its two kinds of light one: home and a short doc. */
const loadedRoutes = ['/', '/welcome', '/payments/quickstart', '/payments/webhook-guide', '/api/payments'];

/** Records every call of a locale-aware function from the page's first script on, with its caller. */
async function recordLocaleCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as {localeCalls: string[]}).localeCalls = calls;
    const caller = () => new Error().stack?.split('\n')[3]?.trim() ?? 'unknown caller';
    const watchMethod = (owner: object, name: string, label: string) => {
      const methods = owner as Record<string, (...args: unknown[]) => unknown>;
      const original = methods[name];
      methods[name] = function (this: unknown, ...args: unknown[]) {
        calls.push(`${label}, ${caller()}`);
        return original.apply(this, args);
      };
    };
    watchMethod(String.prototype, 'localeCompare', 'String.prototype.localeCompare');
    watchMethod(String.prototype, 'toLocaleLowerCase', 'String.prototype.toLocaleLowerCase');
    watchMethod(String.prototype, 'toLocaleUpperCase', 'String.prototype.toLocaleUpperCase');
    watchMethod(Number.prototype, 'toLocaleString', 'Number.prototype.toLocaleString');
    watchMethod(Array.prototype, 'toLocaleString', 'Array.prototype.toLocaleString');
    for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
      watchMethod(Date.prototype, name, `Date.prototype.${name}`);
    }
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(Intl)) {
      const original = intl[name];
      if (typeof original !== 'function') continue;
      intl[name] = new Proxy(original, {
        construct(target, args, newTarget) {
          calls.push(`new Intl.${name}, ${caller()}`);
          return Reflect.construct(target, args, newTarget) as object;
        },
        apply(target, thisArg, args) {
          calls.push(`Intl.${name}, ${caller()}`);
          return Reflect.apply(target, thisArg, args) as unknown;
        },
      });
    }
  });
}

/** A phone, where the docs layout swaps its sidebar for the mobile menu right after hydration, and a desktop. */
const widths = [412, 1280];

test.describe('no locale data while a page loads', () => {
  for (const route of loadedRoutes) {
    for (const width of widths) {
      test(`${route} at ${width} px: no locale-aware call from the first byte until hydrated and idle`, async ({
        page,
      }) => {
        await page.setViewportSize({width, height: 823});
        await recordLocaleCalls(page);
        await page.goto(route);
        await waitForHydration(page);
        await waitForTwoIdlePeriods(page);
        // The recorder works: a call the page makes now is counted (and then dropped).
        const recorded = await page.evaluate(() => {
          const {localeCalls} = window as unknown as {localeCalls: string[]};
          const before = [...localeCalls];
          'a'.localeCompare('b');
          const seen = localeCalls.length - before.length;
          localeCalls.length = before.length;
          return {before, seen};
        });
        expect(recorded.seen).toBe(1);
        expect(recorded.before).toEqual([]);
      });
    }
  }
});
