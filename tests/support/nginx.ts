// Playwright fixtures for the nginx tests: a worker's own nginx (see
// nginx-server.ts) as the base URL, and raw HTTP helpers.
import http from 'node:http';
import net from 'node:net';
import {test as base} from '@playwright/test';
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
