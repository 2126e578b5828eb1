import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';
import {waitForHydration} from './site';
import {oncePerBuiltFile, siteBuildDir} from './site-dirs';

/** Gzip size (level 9) of a file: deterministic, unlike transfer sizes. */
export const gzipBytes = oncePerBuiltFile((file) => gzipSync(readFileSync(file), {level: 9}).length);

/**
 * The files a built page's first script holds (plugins/page-scripts), as URL paths: each is written
 * under a line `// assets/js/<file>`, inside a function of its own. `bundle` is the script's URL path.
 */
export const filesInPageBundle = (bundle: string): string[] =>
  [
    ...readFileSync(path.join(siteBuildDir, bundle), 'utf8').matchAll(
      /^\/\/ (assets\/js\/\S+\.js)\n!function\(\)\{$/gm,
    ),
  ].map((match) => `/${match[1]}`);

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
 * The JavaScript a page needs to become interactive: every script requested up
 * to hydration, with link prefetching off (data saver), summed as gzip bytes of
 * the files in `buildDir`.
 */
export async function firstLoadJs(page: Page, url: string, buildDir: string) {
  await turnOffPrefetching(page);
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(url);
  await waitForHydration(page);
  const files = [...scripts].map((pathname) => path.join(buildDir, pathname));
  return {files, gzipBytes: files.reduce((sum, file) => sum + gzipBytes(file), 0)};
}
