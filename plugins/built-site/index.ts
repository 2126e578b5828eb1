// The one reading of a finished build that the post-build plugins share
// (plugins/deploy and plugins/social-cards): each HTML file is parsed once,
// with node-html-parser, and never matched with regular expressions, so the
// quoted attributes of a webpack build and the unquoted ones that Docusaurus
// Faster's HTML minifier writes (`<link rel=canonical href=…>`) read the same.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse, type HTMLElement} from 'node-html-parser';
import {attributeEndingInSlash, isSpace} from './startTag';

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

function runs(script: HTMLElement): boolean {
  if (script.hasAttribute('src')) return false;
  const type = script.getAttribute('type')?.trim().toLowerCase();
  return !type || type === 'module' || javaScriptTypes.has(type);
}

/** The words of a space-separated attribute value such as `rel`. */
const words = (value: string) =>
  Array.from(value, (c) => (isSpace(c) ? ' ' : c))
    .join('')
    .split(' ');

/** Reads one built HTML document. */
export function readPage(html: string): Omit<BuiltPage, 'file'> {
  // Script, style, noscript and pre bodies stay raw text, so scripts come back byte for byte.
  const root = parse(html, {blockTextElements: {script: true, noscript: true, style: true, pre: true}});
  const attribute = (element: HTMLElement, name: string) => {
    const value = element.getAttribute(name);
    if (value === undefined || !element.isVoidElement) return value;
    const [start, end] = element.range;
    return attributeEndingInSlash(html.slice(start, end)) === name ? `${value}/` : value;
  };
  const meta = (key: 'name' | 'property', value: string) => {
    const tag = root.querySelectorAll('meta').find((element) => attribute(element, key) === value);
    return tag && (attribute(tag, 'content') ?? '');
  };
  const canonical = root
    .querySelectorAll('link')
    .find((link) => words(attribute(link, 'rel')?.toLowerCase() ?? '').includes('canonical'));
  return {
    canonical: canonical && attribute(canonical, 'href'),
    title: root.querySelector('title')?.text,
    description: meta('name', 'description'),
    ogImage: meta('property', 'og:image'),
    inlineScripts: root
      .querySelectorAll('script')
      .filter(runs)
      .map((script) => script.rawText),
  };
}

/** Every .html file under `buildDir`, as `/dir/file.html`, sorted. */
export function htmlFiles(buildDir: string): string[] {
  return readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.split(path.sep).join('/')}`)
    .sort();
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
