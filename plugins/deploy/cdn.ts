// Renders the `_headers` and `_redirects` files that Netlify and Cloudflare
// Pages read from the published directory, from the same values as nginx.
import {cacheControl, canonicalRedirects, securityHeaders} from './headers';
import type {Site} from './site';

const generated = '# Generated at build time from plugins/deploy/headers.ts by plugins/deploy/index.ts. Do not edit.';

export function headersFile(site: Site): string {
  const block = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    generated,
    // Both hosts join the values of a header set by two matching rules, so
    // Cache-Control is set for hashed assets only; for everything else both
    // hosts already send the revalidating default (cacheControl.other).
    block('/*', securityHeaders(site.scriptHashes)),
    block(`${cacheControl.hashedPrefix}*`, {'Cache-Control': cacheControl.hashed}),
    '',
  ].join('\n');
}

export function redirectsFile(site: Site): string {
  // Both hosts serve a folder's index.html at the URL with the slash and
  // redirect the URL without it there (/welcome -> /welcome/). A rule back
  // from /welcome/ to /welcome would loop, so that one spelling is left to the
  // host, and the page's canonical link tells search engines which URL counts.
  // "!" makes Netlify apply a rule even where a file exists at the old URL.
  const lines = canonicalRedirects(site.pages)
    .filter(({from, to}) => from !== `${to}/`)
    .map(({from, to}) => `${from} ${to} 301!`);
  return [generated, ...lines, ''].join('\n');
}
