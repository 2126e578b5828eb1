import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, rawExchange, rawRequest, test} from '../support/nginx';

// Requests no browser would send, written byte for byte to nginx's socket.
// Whatever the answer, it is below 500, shows no file from outside the build
// and does not echo the request back.

const marker = 'zq9hostile';
const outside = [
  {file: 'package.json', text: '"coinwharf-docs"'},
  {file: 'docusaurus.config.ts', text: 'onBrokenLinks'},
  {file: '/etc/passwd', text: 'root:x:0:0'},
];
for (const {file, text} of outside) {
  const absolute = path.isAbsolute(file) ? file : path.resolve(__dirname, '../..', file);
  if (!readFileSync(absolute, 'utf8').includes(text)) throw new Error(`${file} no longer contains ${text}`);
}

const get = (target: string, extraHeaders = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`;

const hostile: {name: string; request: string}[] = [
  {name: 'dot-dot segments', request: get('/../package.json')},
  {name: 'dot-dot to /etc/passwd', request: get('/../../../../../../etc/passwd')},
  {name: 'dot-dot inside a real folder', request: get('/assets/../../package.json')},
  {name: 'dot-dot back to the root', request: get('/assets/../package.json')},
  {name: 'dot-dot after a folder name (alias slip)', request: get('/assets../package.json')},
  {name: 'encoded dots', request: get('/%2e%2e/package.json')},
  {name: 'encoded dots and slashes', request: get('/%2e%2e%2f%2e%2e%2fetc%2fpasswd')},
  {name: 'mixed-case encoding', request: get('/assets/%2E%2E/%2e%2E/docusaurus.config.ts')},
  {name: 'double encoding', request: get('/%252e%252e/%252e%252e/package.json')},
  {name: 'backslashes', request: get('/..\\..\\package.json')},
  {name: 'encoded backslashes', request: get('/..%5c..%5cpackage.json')},
  {name: 'overlong UTF-8 dot', request: get('/%c0%ae%c0%ae/package.json')},
  {name: 'NUL byte', request: get('/%00')},
  {name: 'NUL before an extension', request: get('/welcome%00.html')},
  {name: 'NUL in a real file name', request: get('/sitemap.xml%00.js')},
  {name: 'absolute-form target', request: get('http://127.0.0.1/../package.json')},
  {name: 'protocol-relative path', request: get(`//${marker}.example/`)},
  {name: 'script in the path', request: get(`/<script>${marker}</script>`)},
  {name: 'script in the query of a redirect', request: get(`/welcome/?q=<script>${marker}</script>`)},
  {name: 'overlong URI', request: get(`/${marker}${'a'.repeat(20_000)}`)},
  {name: 'very long segment', request: get(`/${marker}${'b'.repeat(600)}`)},
  {name: 'deep path', request: get(`/${`${marker}/`.repeat(600)}`)},
  {name: 'huge header', request: get('/welcome', `Cookie: ${marker}=${'c'.repeat(16_000)}\r\n`)},
  {
    name: 'many headers',
    request: get('/welcome', Array.from({length: 600}, (_, i) => `X-${marker}-${i}: ${'d'.repeat(60)}\r\n`).join('')),
  },
  {
    name: 'script in the Host header',
    request: `GET /nope HTTP/1.1\r\nHost: <script>${marker}</script>\r\nConnection: close\r\n\r\n`,
  },
  {name: 'TRACE', request: `TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Echo: ${marker}\r\nConnection: close\r\n\r\n`},
  {name: 'PROPFIND', request: `PROPFIND / HTTP/1.1\r\nHost: 127.0.0.1\r\nDepth: infinity\r\nConnection: close\r\n\r\n`},
  {name: 'OPTIONS *', request: 'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'},
  {name: 'CONNECT', request: 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\nConnection: close\r\n\r\n'},
  {name: 'DELETE', request: 'DELETE /welcome HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'},
  {
    name: 'made-up method',
    request: `${marker.toUpperCase()} / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
  },
  {
    name: 'POST with a body',
    request: `POST /welcome HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\nConnection: close\r\n\r\n${marker}${'e'.repeat(4990)}`,
  },
  {
    name: 'header with a bare newline',
    request: `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\nX-${marker}: 2\r\nConnection: close\r\n\r\n`,
  },
  {name: 'request line without a method', request: '/../package.json\r\n'},
  {name: 'HTTP/0.9 request', request: 'GET /../package.json\r\n'},
  {
    name: 'conflicting lengths',
    request:
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
  },
];

test.describe('hostile requests to nginx', () => {
  for (const {name, request} of hostile) {
    test(`${name}: no 5xx, no file from outside the build, nothing reflected`, async ({nginx}) => {
      const {status, text} = await rawExchange(nginx.url, request);
      expect(status, text.slice(0, 300)).toBeGreaterThanOrEqual(200);
      expect(status, text.slice(0, 300)).toBeLessThan(500);
      for (const {file, text: secret} of outside) expect(text, file).not.toContain(secret);
      const [head, ...body] = text.split('\r\n\r\n');
      expect(body.join('\r\n\r\n')).not.toContain(marker);
      // A Location may carry the query on, but only to a path on this host.
      const location = /^location: (.*)$/im.exec(head)?.[1];
      if (location) expect(location).toMatch(/^\/(?!\/)/);
      expect(head.replace(/^location: .*$/im, '')).not.toContain(marker);
    });
  }

  // The one 5xx nginx sends: the protocol's own answer to a version it does
  // not speak, given before any config is read. Still nothing leaks or echoes.
  test(`an unknown HTTP version gets 505 and nothing else`, async ({nginx}) => {
    const {status, text} = await rawExchange(
      nginx.url,
      `GET /../package.json HTTP/9.9\r\nHost: ${marker}\r\nConnection: close\r\n\r\n`,
    );
    expect(status).toBe(505);
    expect(text).not.toContain(marker);
    for (const {file, text: secret} of outside) expect(text, file).not.toContain(secret);
  });

  test('nginx keeps serving after all of them', async ({nginx}) => {
    await Promise.all(hostile.map(({request}) => rawExchange(nginx.url, request)));
    const response = await rawRequest(`${nginx.url}/welcome`);
    expect(response.status).toBe(200);
  });
});
