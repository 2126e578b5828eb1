// In the browser's bundle, this module takes the place of `@docusaurus/core`'s
// `client/prefetch.js` (./plugin.ts): the same prefetch of one chunk's URL,
// with the same strategies, done once per URL, and not for a file the page
// has requested already (its scripts and route chunks: webpack removes a
// chunk's <script> once it has run, the Resource Timing entry stays).

/** Absolute URLs prefetched so far. */
const prefetched = new Set<string>();

function supportsLinkPrefetch(): boolean {
  try {
    return document.createElement('link').relList.supports('prefetch');
  } catch {
    return false;
  }
}

function alreadyRequested(href: string): boolean {
  return (
    performance.getEntriesByName(href, 'resource').length > 0 ||
    [...document.scripts].some((script) => script.src === href)
  );
}

function linkPrefetch(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`prefetch of ${href} failed`));
    document.head.appendChild(link);
  });
}

function requestPrefetch(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', href, true);
    request.withCredentials = true;
    request.onload = () => (request.status === 200 ? resolve() : reject(new Error(`${request.status} ${href}`)));
    request.onerror = () => reject(new Error(`prefetch of ${href} failed`));
    request.send(null);
  });
}

let strategy: ((href: string) => Promise<void>) | undefined;

export default function prefetch(url: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const href = new URL(url, document.baseURI).href;
  if (prefetched.has(href) || alreadyRequested(href)) return Promise.resolve();
  prefetched.add(href);
  strategy ??= supportsLinkPrefetch() ? linkPrefetch : requestPrefetch;
  // A failed prefetch costs nothing but the request: the browser logs a 404 itself.
  return strategy(href).catch(() => undefined);
}
