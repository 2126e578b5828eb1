// Facts about a finished build that the server configs need: which URL each
// page is canonical at, which file holds it, and the hashes of the inline
// scripts Docusaurus wrote into the HTML.
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from './headers';

export interface Site {
  pages: Page[];
  /** Base64 SHA-256 of every distinct inline script, sorted. */
  scriptHashes: string[];
}

/** The not-found page; its canonical link names itself, so it is not a page URL. */
export const notFoundFile = '/404.html';

function htmlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full, base);
    return entry.name.endsWith('.html') ? [`/${path.relative(base, full).split(path.sep).join('/')}`] : [];
  });
}

// Scripts the browser runs: no type, or a JavaScript one. JSON-LD blocks
// (type="application/ld+json") are data, never executed, so CSP ignores them.
const executableTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** Inline scripts (no src) of one HTML document, as CSP sees them. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1].toLowerCase() ?? '';
    if (executableTypes.has(type)) scripts.push(body);
  }
  return scripts;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** Reads a Docusaurus build directory. Throws if a page's canonical URL is not on this site. */
export function readSite(buildDir: string, siteUrl: string): Site {
  const pages: Page[] = [];
  const hashes = new Set<string>();
  for (const file of htmlFiles(buildDir)) {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    for (const script of inlineScripts(html)) hashes.add(sha256(script));
    if (file === notFoundFile) continue;
    const link = html.match(/<link\s[^>]*\brel="canonical"[^>]*>/)?.[0];
    const canonical = link?.match(/\bhref="([^"]+)"/)?.[1];
    if (!canonical?.startsWith(`${siteUrl}/`)) {
      throw new Error(`${file}: canonical link ${canonical ?? '(none)'} is not under ${siteUrl}/`);
    }
    pages.push({url: canonical.slice(siteUrl.length), file});
  }
  pages.sort((a, b) => a.url.localeCompare(b.url));
  return {pages, scriptHashes: [...hashes].sort()};
}
