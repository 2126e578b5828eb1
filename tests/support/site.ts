import {readFileSync} from 'node:fs';
import {expect, type Page} from '@playwright/test';
import {brand, routes} from '../../src/constants/brand';

export {brand, routes};

/** The routes table of SPEC.md §2 with what each screen must show. */
export const specRoutes = [
  {path: routes.home, screen: 'home page', h1: brand.siteTitle},
  {path: routes.glossary, screen: 'standalone page', h1: 'Glossary'},
  {path: routes.welcome, screen: 'intro doc', h1: 'Welcome'},
  {path: routes.paymentsOverview, screen: 'payments overview doc', h1: 'Payments overview'},
  {path: routes.quickstart, screen: 'payments quickstart doc', h1: 'Quickstart'},
  {path: routes.webhookGuide, screen: 'payments webhook guide doc', h1: 'Webhook guide'},
] as const;

/** The four docs of SPEC.md §3, in sidebar order, with their sidebar labels. */
export const docRoutes = [
  {path: routes.welcome, id: 'intro', label: 'Welcome', title: 'Welcome'},
  {path: routes.paymentsOverview, id: 'payments/index', label: 'Payments', title: 'Payments overview'},
  {path: routes.quickstart, id: 'payments/quickstart', label: 'Quickstart', title: 'Quickstart'},
  {path: routes.webhookGuide, id: 'payments/webhook-guide', label: 'Webhook guide', title: 'Webhook guide'},
] as const;

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
  const xml = readFileSync('build/sitemap.xml', 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Resolves once React has hydrated the page, so clicks reach client-side handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
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
