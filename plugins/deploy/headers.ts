// The one source of truth for what every host sends: security headers, caching
// and the canonical-URL redirects. plugins/deploy/nginx.ts and cdn.ts only
// render these values in their own syntax; the tests read them from here too.

/**
 * Content-Security-Policy. Everything comes from our own origin; nothing is
 * allowed from anywhere else.
 *
 * @param scriptHashes base64 SHA-256 of each inline script Docusaurus emits
 *   (see plugins/deploy/site.ts), so no script needs 'unsafe-inline'.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Bundles and chunks from our origin; the inline scripts (colour mode
    // before first paint, the base-URL banner, each page's bundle of its
    // route's chunks, plugins/page-scripts) by hash.
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
    // 'unsafe-inline' for styles only: the server-rendered HTML carries style
    // attributes (collapsibles, the base-URL banner), Mermaid puts a <style>
    // element in each SVG it draws, and the search plugin positions its
    // dropdown with inline styles. Inline styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the SVG icons Infima embeds in its CSS.
    'img-src': ["'self'", 'data:'],
    // Route data, link prefetching and the lazily fetched search index.
    // (WebCrypto, used by the webhook tool, needs no CSP source.)
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The search results page submits its query to our own /search.
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Headers sent with every response: pages, assets, redirects and errors alike. */
export function securityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes),
    // Two years; the docs host is served over HTTPS only (TLS ends in front of nginx or at the CDN).
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

export const cacheControl = {
  /**
   * Everything webpack emits under /assets/ has a content hash in its name
   * (tests/e2e/nginx.spec.ts checks every file), so it never changes.
   */
  hashedPrefix: '/assets/',
  hashed: 'public, max-age=31536000, immutable',
  /** Pages and unhashed files (search index, sitemap, images in static/): always revalidate. */
  other: 'public, max-age=0, must-revalidate',
} as const;

export interface Page {
  /** The canonical URL path, exactly as in the page's canonical link and the sitemap. */
  url: string;
  /** The file that holds it, relative to the build root, e.g. /welcome/index.html. */
  file: string;
}

export interface Redirect {
  from: string;
  to: string;
}

/**
 * Every other spelling of a page URL, answered with a 301 to the canonical
 * one: the other trailing-slash form, `.html`, and `/index.html` (SPEC §2:
 * those endings name the same page).
 */
export function canonicalRedirects(pages: readonly Page[]): Redirect[] {
  const redirects = new Map<string, string>();
  for (const {url} of pages) {
    const bare = url.replace(/\/$/, '');
    const variants =
      url === '/' ? ['/index.html'] : [url.endsWith('/') ? bare : `${bare}/`, `${bare}.html`, `${bare}/index.html`];
    for (const from of variants) redirects.set(from, url);
  }
  for (const {url} of pages) redirects.delete(url);
  return [...redirects].map(([from, to]) => ({from, to}));
}
