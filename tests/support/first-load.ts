import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';
import {waitForHydration} from './site';
import {oncePerBuiltFile} from './site-dirs';

/** Gzip size (level 9) of a file: deterministic, unlike transfer sizes. */
export const gzipBytes = oncePerBuiltFile((file) => gzipSync(readFileSync(file), {level: 9}).length);

/** A file's marker line in a page's bundle (plugins/page-scripts): `// assets/js/<file>`, then its function. */
const fileMarker = /^\/\/ (assets\/js\/\S+\.js)\n!function\(\)\{$/gm;

/** The files a page's bundle holds, as URL paths. */
export const filesInPageBundle = (bundle: string): string[] =>
  [...bundle.matchAll(fileMarker)].map((match) => `/${match[1]}`);

/**
 * Of the texts of a page's inline scripts, those that carry files, each written under a line
 * `// assets/js/<file>` inside a function of its own: a built page's bundle, none on a stock page.
 */
const bundlesIn = (inlineScripts: string[]): string[] =>
  inlineScripts.filter((text) => filesInPageBundle(text).length > 0);

/** A built page's bundle (plugins/page-scripts). Throws unless exactly one inline script carries files. */
export function pageBundleOf(inlineScripts: string[]): string {
  const bundles = bundlesIn(inlineScripts);
  if (bundles.length !== 1) throw new Error(`${bundles.length} inline scripts carry files; a page has one`);
  return bundles[0];
}

/** The inline scripts of a page's HTML, classic and module, as written (not JSON-LD or other data blocks). */
export const inlineScriptsOf = (html: string): string[] =>
  [...html.matchAll(/<script(?: type=module)?>([\s\S]*?)<\/script>/g)].map((match) => match[1]);

/** Data saver on: Docusaurus then prefetches no link, so every request is the page's own. */
export async function turnOffPrefetching(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({effectiveType: '4g', saveData: true, addEventListener() {}, removeEventListener() {}}),
    });
  });
}

/**
 * The JavaScript a page needs to become interactive: every script requested up to hydration, with
 * link prefetching off (data saver), and its inline bundle if it has one (the stock template's pages
 * have none), summed as gzip bytes (the files from `buildDir`, the bundle as the page's HTML has it).
 * `files` are the requested files and the ones the bundle carries, as paths in `buildDir`.
 */
export async function firstLoadJs(page: Page, url: string, buildDir: string) {
  await turnOffPrefetching(page);
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  const response = await page.goto(url);
  await waitForHydration(page);
  const bundles = bundlesIn(inlineScriptsOf(await response!.text()));
  const requested = [...scripts].map((pathname) => path.join(buildDir, pathname));
  const carried = bundles.flatMap(filesInPageBundle).map((pathname) => path.join(buildDir, pathname));
  const inlineBytes = bundles.reduce((sum, bundle) => sum + gzipSync(bundle, {level: 9}).length, 0);
  return {
    files: [...requested, ...carried],
    gzipBytes: requested.reduce((sum, file) => sum + gzipBytes(file), inlineBytes),
  };
}
