import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import {siteBuildDir as buildDir} from './site-dirs';

// Tests read the built HTML as a browser would, with an HTML5 parser (cheerio,
// on parse5): the production build is minified by Docusaurus Faster, so
// attributes may be unquoted and optional end tags left out.

/** An HTML document, parsed: query it with CSS selectors, `$('link[rel=canonical]').attr('href')`. */
export const parseHtml = (html: string): CheerioAPI => load(html);

/** A built page, by the site path that serves it (as `docusaurus serve` and nginx resolve it), or null. */
export function htmlFileFor(sitePath: string): string | null {
  const clean = decodeURIComponent(sitePath).replace(/\/+$/, '');
  const candidates = [
    path.join(buildDir, clean, 'index.html'),
    path.join(buildDir, `${clean}.html`),
    path.join(buildDir, clean),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** The built page that serves a site path, parsed; fails the test's expectation when there is none. */
export function builtPage(sitePath: string): CheerioAPI {
  const file = htmlFileFor(sitePath);
  if (!file) throw new Error(`no built page serves ${sitePath} in ${buildDir}`);
  return parseHtml(readFileSync(file, 'utf8'));
}

/** Every built HTML page but the not-found page, parsed. */
export function builtPages(): {file: string; $: CheerioAPI}[] {
  return readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html') && file !== '404.html')
    .map((file) => ({file, $: parseHtml(readFileSync(path.join(buildDir, file), 'utf8'))}));
}

/** The `content` of every `<meta name=…>` or `<meta property=…>` with that key. */
export function metaContents($: CheerioAPI, key: string): string[] {
  return $(`meta[name="${key}"], meta[property="${key}"]`)
    .toArray()
    .map((tag) => $(tag).attr('content') ?? '');
}

/** An attribute of every element a selector finds. */
export function attributes($: CheerioAPI, selector: string, name: string): (string | undefined)[] {
  return $(selector)
    .toArray()
    .map((element) => $(element).attr(name));
}
