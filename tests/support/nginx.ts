// Playwright fixtures for the nginx tests: a worker's own nginx (see
// nginx-server.ts) as the base URL, and raw HTTP helpers.
import http from 'node:http';
import net from 'node:net';
import {test as base, type Page} from '@playwright/test';
import {startNginx, type NginxServer} from './nginx-server';

export {buildDir, testNginxConfig, writeNginxConfig, type NginxServer} from './nginx-server';

/** Playwright's test, with a worker's nginx as the base URL of `page` and `request`. */
// Playwright's own shape for a fixture that needs no test fixtures and no other fixture.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- see above
export const test = base.extend<{}, {nginx: NginxServer}>({
  nginx: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first parameter as an object pattern, even when empty
    async ({}, use) => {
      const server = await startNginx();
      await use(server);
      await server.stop();
    },
    {scope: 'worker'},
  ],
  baseURL: async ({nginx}, use) => use(nginx.url),
});
export {expect} from '@playwright/test';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET (or other method) with exactly these headers: no redirects followed, nothing decoded. */
export function rawRequest(
  url: string,
  options: {method?: string; headers?: Record<string, string>} = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {method: options.method ?? 'GET', headers: options.headers, agent: false},
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks)}),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Sends bytes as they are (for requests no HTTP client would build) and returns the raw reply. */
export function rawExchange(url: string, bytes: string | Buffer): Promise<{status: number; text: string}> {
  const {port} = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no reply within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      // An HTTP/0.9 reply has no status line, only the error page.
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? /<title>(\d{3}) /.exec(text)?.[1] ?? 0);
      resolve({status, text});
    });
  });
}

/** What a page reported while a test used it: CSP violations and console errors. */
export interface PageWatch {
  violations: string[];
  consoleErrors: string[];
}

/**
 * Starts watching a page, before its first load: every Content-Security-Policy
 * violation (from the document's securitypolicyviolation event) and every
 * console error or uncaught exception. The not-found page is answered with a
 * 404 on purpose; Chromium logs that, and it is not counted.
 */
export async function watchPage(page: Page): Promise<PageWatch> {
  const seen: PageWatch = {violations: [], consoleErrors: []};
  await page.exposeFunction('reportCspViolation', (line: string) => seen.violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as {reportCspViolation: (line: string) => void}).reportCspViolation;
      report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404 \(Not Found\)/.test(message.text())) {
      seen.consoleErrors.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => seen.consoleErrors.push(`${page.url()}: ${error.message}`));
  return seen;
}
