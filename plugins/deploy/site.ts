// Facts about a finished build that the server configs need: which URL each
// page is canonical at, which file holds it, and the hashes of the inline
// scripts Docusaurus wrote into the HTML. The HTML is read by plugins/built-site.
import {createHash} from 'node:crypto';
import {buildEntries, readBuiltSite, type BuiltPage} from '../built-site';
import type {Page} from './headers';

export interface Site {
  pages: Page[];
  /** Base64 SHA-256 of every distinct inline script, sorted. */
  scriptHashes: string[];
}

/** The not-found page; its canonical link names itself, so it is not a page URL. */
export const notFoundFile = '/404.html';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** The site of a build's pages. Throws if a page's canonical URL is not on this site. */
export function siteOf(builtPages: readonly BuiltPage[], siteUrl: string): Site {
  const pages: Page[] = [];
  const hashes = new Set<string>();
  for (const {file, canonical, inlineScripts} of builtPages) {
    for (const script of inlineScripts) hashes.add(sha256(script));
    if (file === notFoundFile) continue;
    if (!canonical?.startsWith(`${siteUrl}/`)) {
      throw new Error(`${file}: canonical link ${canonical ?? '(none)'} is not under ${siteUrl}/`);
    }
    pages.push({url: canonical.slice(siteUrl.length), file});
  }
  pages.sort((a, b) => a.url.localeCompare(b.url));
  return {pages, scriptHashes: [...hashes].sort()};
}

/**
 * Throws if the build holds a symbolic link: nginx would send whatever it points at, inside the
 * build or not. (nginx's `disable_symlinks` would refuse them as it serves, but with it the
 * brotli_static module failed to find most precompressed copies, so the build is held to it instead.)
 */
export function refuseSymbolicLinks(buildDir: string): void {
  const {links} = buildEntries(buildDir);
  if (links.length) {
    throw new Error(`The build holds symbolic links, which nginx would follow: ${links.sort().join(', ')}`);
  }
}

/** Reads a Docusaurus build directory. Throws if a page's canonical URL is not on this site, or if the build holds a symbolic link. */
export function readSite(buildDir: string, siteUrl: string): Site {
  refuseSymbolicLinks(buildDir);
  return siteOf(readBuiltSite(buildDir), siteUrl);
}
