import {readFileSync} from 'node:fs';
import {expect, type Page} from '@playwright/test';
import {brand, routes} from '../../src/constants/brand';
import {inBuild} from './site-dirs';

export {brand, routes};
export {inBuild, inSite, siteBuildDir, siteDir} from './site-dirs';

/** The routes table of SPEC.md §2 with what each screen must show. */
export const specRoutes = [
  {path: routes.home, screen: 'home page', h1: brand.siteTitle},
  {path: routes.glossary, screen: 'standalone page', h1: 'Glossary'},
  {path: routes.welcome, screen: 'intro doc', h1: 'Welcome'},
  {path: routes.paymentsOverview, screen: 'payments overview doc', h1: 'Payments overview'},
  {path: routes.quickstart, screen: 'payments quickstart doc', h1: 'Quickstart'},
  {path: routes.webhookGuide, screen: 'payments webhook guide doc', h1: 'Webhook guide'},
] as const;

/**
 * The four docs SPEC.md §3 names. They must be there, but they are not the
 * whole list: every doc the site has comes from the build (`sidebarDocs()`).
 */
export const specDocs = [
  {path: '/welcome', id: 'intro', title: 'Welcome'},
  {path: '/payments/', id: 'payments/index', title: 'Payments overview'},
  {path: '/payments/quickstart', id: 'payments/quickstart', title: 'Quickstart'},
  {path: '/payments/webhook-guide', id: 'payments/webhook-guide', title: 'Webhook guide'},
] as const;

/** @deprecated The SPEC's four docs only; `sidebarDocs()` lists every doc. */
export const docRoutes = specDocs;

/**
 * Paths that can never be pages, for "an unknown path gives the not-found
 * page": every one has a segment starting with "_". Docusaurus never makes a
 * route of a file or folder whose name starts with "_" (the default `exclude`
 * of the docs, blog and pages plugins), and `routes` › "no page path has a
 * segment starting with _" fails if a slug ever takes one.
 */
export const neverAPage = (sitePath: string): boolean =>
  new URL(sitePath, 'http://localhost').pathname.split('/').some((segment) => segment.startsWith('_'));

/** An unknown path for tests that need one. */
export const unknownPath = '/_no-such-page';

/** Every page URL the production build lists in its sitemap, as site paths. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths.length).toBeGreaterThan(0);
  return paths;
}

/**
 * The sitemap's paths read from the build on disk, for declaring one test per
 * route. The served sitemap is the same file (`sitemapPaths` reads it over HTTP).
 */
export function builtSitemapPaths(): string[] {
  const xml = readFileSync(inBuild('sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Resolves once React has hydrated the page, so clicks reach client-side handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
}

/** Resolves after two of the browser's idle periods: what a page does right after hydration (its effects, the code buttons) has run. */
export async function waitForTwoIdlePeriods(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
}

/**
 * Scrolls to the end of the page by screenfuls, with a rendered frame at each, so what loads as it
 * nears the screen (a diagram, a block's word wrap button, the next pages' chunks) sees every position.
 */
export async function scrollToEnd(page: Page): Promise<void> {
  for (let end = false; !end;) {
    end = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
  }
}

/** Scrolls back to the top of the page by screenfuls, with a rendered frame at each, as `scrollToEnd` goes down. */
export async function scrollToTop(page: Page): Promise<void> {
  for (let top = false; !top;) {
    top = await page.evaluate(async () => {
      window.scrollBy(0, -window.innerHeight);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY <= 0;
    });
  }
}

/** Switches from light to dark mode as a reader does: one click on the navbar's colour mode toggle. */
export async function switchToDarkMode(page: Page): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page
    .locator('nav.navbar')
    .getByRole('button', {name: /dark mode|light mode|system mode/})
    .click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
}

/** Tags the current document, so a test can tell a client-side navigation from a full load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as {documentMark?: boolean}).documentMark = true;
  });
}

/** True while the document tagged by {@link markDocument} is still the one loaded. */
export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as {documentMark?: boolean}).documentMark === true);
}
