// The one reading of a finished build that the post-build plugins share
// (plugins/deploy and plugins/social-cards) and check:docs: each HTML file is parsed once,
// with cheerio (parse5, the HTML standard's parsing algorithm), and never
// matched with regular expressions, so the quoted attributes of a webpack build
// and what Docusaurus Faster's minifier writes (unquoted attributes, omitted
// end tags: `<link rel=canonical href=…/ />`) read as a browser reads them.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import type {Element} from 'domhandler';

/** What the post-build steps need from one built HTML file. */
export interface BuiltPage {
  /** The file, from the build root with a leading slash: `/welcome/index.html`. */
  file: string;
  /** The href of the first `<link rel="canonical">`, as the page gives it (absolute). */
  canonical?: string;
  /** The text of the first `<title>`, entities decoded. */
  title?: string;
  /** The content of the first `<meta name="description">`, entities decoded. */
  description?: string;
  /** The content of the first `<meta property="og:image">`. */
  ogImage?: string;
  /**
   * The text of every script the browser runs from the page itself, exactly as
   * the file has it: what a CSP hash is computed over. No `src`; type absent,
   * empty, a JavaScript MIME type or `module`. JSON-LD and other data blocks are not run.
   */
  inlineScripts: string[];
  /** The ids of the page's h2–h6 headings, in page order: the sections a link's `#anchor` can name. */
  headingIds: string[];
}

// The HTML standard's JavaScript MIME type essences ("prepare the script element").
const javaScriptTypes = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

function runs($: CheerioAPI, script: Element): boolean {
  if ($(script).attr('src') !== undefined) return false;
  const type = $(script).attr('type')?.trim().toLowerCase();
  return !type || type === 'module' || javaScriptTypes.has(type);
}

/** Reads one built HTML document. */
export function readPage(html: string): Omit<BuiltPage, 'file'> {
  const $ = load(html);
  const meta = (key: 'name' | 'property', value: string) => {
    const tag = $('meta')
      .toArray()
      .find((element) => $(element).attr(key) === value);
    return tag && ($(tag).attr('content') ?? '');
  };
  return {
    // `~=` matches one word of a space-separated list, as rel is.
    canonical: $('link[rel~="canonical" i]').first().attr('href'),
    title: $('title').length > 0 ? $('title').first().text() : undefined,
    description: meta('name', 'description'),
    ogImage: meta('property', 'og:image'),
    inlineScripts: $('script')
      .toArray()
      .filter((script) => runs($, script))
      .map((script) => $(script).text()),
    headingIds: $('h2[id], h3[id], h4[id], h5[id], h6[id]')
      .toArray()
      .map((heading) => $(heading).attr('id') ?? ''),
  };
}

/**
 * Every entry under `dir`, as paths relative to it: its regular files and its symbolic links, never
 * looking through a link (Node's recursive readdir descends into linked folders).
 */
export function buildEntries(dir: string, under = ''): {files: string[]; links: string[]} {
  const files: string[] = [];
  const links: string[] = [];
  for (const entry of readdirSync(path.join(dir, under), {withFileTypes: true})) {
    const relative = path.join(under, entry.name);
    if (entry.isSymbolicLink()) links.push(relative);
    else if (entry.isDirectory()) {
      const inner = buildEntries(dir, relative);
      files.push(...inner.files);
      links.push(...inner.links);
    } else if (entry.isFile()) files.push(relative);
  }
  return {files, links};
}

/** Every .html file under `buildDir`, as `/dir/file.html`, sorted. */
export function htmlFiles(buildDir: string): string[] {
  return buildEntries(buildDir)
    .files.filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.split(path.sep).join('/')}`)
    .sort();
}

/**
 * Reads a built file by its URL path (`/assets/css/styles.1.css` under a `/` base URL), each file
 * once for the reader's life: the post-build steps that copy files into pages ask for the same
 * stylesheet and the same shared chunks for every page.
 */
export function builtFileReader(outDir: string, baseUrl: string): (urlPath: string) => string {
  const read = new Map<string, string>();
  return (urlPath) => {
    if (!read.has(urlPath)) read.set(urlPath, readFileSync(path.join(outDir, urlPath.slice(baseUrl.length)), 'utf8'));
    return read.get(urlPath)!;
  };
}

/** Reads every HTML file of a build directory once. */
export function readBuiltSite(buildDir: string): BuiltPage[] {
  return htmlFiles(buildDir).map((file) => ({file, ...readPage(readFileSync(path.join(buildDir, file), 'utf8'))}));
}

// Docusaurus hands every plugin's postBuild the same routesBuildMetadata object
// for one build, so it keys that build: the first plugin to ask reads the
// files, the others get the same pages.
const builds = new WeakMap<object, BuiltPage[]>();

/** The pages of the build a postBuild hook was given, read once however many plugins ask. */
export function builtPages({outDir, routesBuildMetadata}: {outDir: string; routesBuildMetadata: object}): BuiltPage[] {
  let pages = builds.get(routesBuildMetadata);
  if (!pages) {
    pages = readBuiltSite(outDir);
    builds.set(routesBuildMetadata, pages);
  }
  return pages;
}
