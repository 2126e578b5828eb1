import {expect, type BrowserContext, type Page, type Request} from '@playwright/test';

/** One request as a rule about network activity sees it. */
export interface SeenRequest {
  /** What the browser fetched it as: document, script, stylesheet, image, font, fetch, xhr, ping, other… */
  kind: ReturnType<Request['resourceType']>;
  method: string;
  url: string;
}

/**
 * Records every request of a page or of all pages of a context (a beacon sent
 * as a page is left included), and waits for the network to fall quiet.
 */
export function recordRequests(target: Page | BrowserContext) {
  const seen: SeenRequest[] = [];
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const settle = (request: Request) => {
    pending.delete(request);
    lastActivity = Date.now();
  };
  target.on('request', (request) => {
    seen.push({kind: request.resourceType(), method: request.method(), url: request.url()});
    // data: and blob: URLs never reach the network and may never report finishing.
    if (/^https?:/.test(request.url())) pending.add(request);
    lastActivity = Date.now();
  });
  target.on('requestfinished', settle);
  target.on('requestfailed', settle);
  return {
    seen,
    /** Paths of every http(s) request so far. */
    paths: () => seen.filter((r) => /^https?:/.test(r.url)).map((r) => new URL(r.url).pathname),
    /**
     * Resolves once nothing is in flight and nothing has started or ended for
     * `quietMs`, counted from this call at the earliest: the condition a negative
     * check ("nothing else was requested") waits on, instead of a fixed sleep. A
     * request the last action sets off a little later (a beacon on leaving, a
     * call after a timer) is still seen.
     */
    async quiet(quietMs = 500): Promise<void> {
      const called = Date.now();
      await expect
        .poll(() => pending.size === 0 && Date.now() - Math.max(lastActivity, called) >= quietMs, {
          message: `the network falls quiet for ${quietMs} ms`,
          intervals: [100],
          timeout: 20_000,
        })
        .toBe(true);
    },
  };
}
