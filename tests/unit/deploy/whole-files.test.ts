import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {headersFile} from '../../../plugins/deploy/cdn';
import {canonicalRedirects} from '../../../plugins/deploy/headers';
import {nginxConfig} from '../../../plugins/deploy/nginx';

// Each deploy file whole, for a literal site: every header value, cache rule
// and nginx directive is written out here (and in expected/nginx.conf), so a
// changed value anywhere fails, not only in the lines a feature test reads.

const site = {
  pages: [
    {url: '/', file: '/index.html'},
    {url: '/payments/', file: '/payments/index.html'},
    {url: '/welcome', file: '/welcome/index.html'},
  ],
  scriptHashes: ['AAAA', 'BBBB'],
};

describe('the deploy files, whole', () => {
  test('_headers: the security headers on every path, a year immutable on /assets/ only', () => {
    expect(headersFile(site)).toBe(
      [
        '# Generated at build time from plugins/deploy/headers.ts by plugins/deploy/index.ts. Do not edit.',
        '/*',
        "  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-AAAA' 'sha256-BBBB'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        '  Strict-Transport-Security: max-age=63072000; includeSubDomains',
        '  X-Content-Type-Options: nosniff',
        '  X-Frame-Options: DENY',
        '  Referrer-Policy: strict-origin-when-cross-origin',
        '  Permissions-Policy: accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
        '  Cross-Origin-Opener-Policy: same-origin',
        '  Cross-Origin-Resource-Policy: same-origin',
        '/assets/*',
        '  Cache-Control: public, max-age=31536000, immutable',
        '',
      ].join('\n'),
    );
  });

  test('nginx.conf, every line (tests/unit/deploy/expected/nginx.conf)', () => {
    const config = nginxConfig(site, {
      root: '/srv/docs',
      listen: ['127.0.0.1:8080', '[::1]:8080'],
      accessLog: 'off',
      user: 'www-data',
    });
    expect(config).toBe(readFileSync(path.join(__dirname, 'expected/nginx.conf'), 'utf8'));
  });

  test('nginx.conf defaults: no user line, every worker, the Debian brotli modules, no access log', () => {
    const lines = nginxConfig(site, {root: '/srv/docs', listen: ['8080']}).split('\n');
    expect(lines.slice(4, 9)).toEqual([
      'load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;',
      'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;',
      'worker_processes auto;',
      'pid nginx.pid;',
      'error_log stderr warn;',
    ]);
    expect(lines).toContain('    access_log off;');
    const custom = nginxConfig(site, {
      root: '/srv/docs',
      listen: ['8080'],
      workerProcesses: 2,
      accessLog: '/var/log/docs.log',
      modulesDir: '/opt/nginx/modules',
    });
    expect(custom).toContain(
      '\nload_module /opt/nginx/modules/ngx_http_brotli_filter_module.so;\nload_module /opt/nginx/modules/ngx_http_brotli_static_module.so;\nworker_processes 2;\n',
    );
    expect(custom).toContain('\n    access_log /var/log/docs.log;\n');
  });

  test('nginx matches decoded paths, and map buckets grow with the longest one', () => {
    const long = `/${'a'.repeat(100)}`;
    const config = nginxConfig(
      {
        pages: [
          {url: '/caf%C3%A9', file: '/caf%C3%A9/index.html'},
          {url: long, file: `${long}/index.html`},
        ],
        scriptHashes: [],
      },
      {root: '/srv/docs', listen: ['8080']},
    );
    expect(config).toContain('        "/café" "/caf%C3%A9/index.html";');
    expect(config).toContain('        "/café.html" "/caf%C3%A9";');
    // 120 bytes for the longest key (/aaa….html) and 32 for nginx: the next power of two is 256.
    expect(config).toContain('    map_hash_bucket_size 256;');
    expect(config).toContain("script-src 'self'; style-src");
  });

  test.each([['"'], ['\\'], ['$'], ['\n'], ['\r']])('a page URL holding %j is refused', (character) => {
    expect(() =>
      nginxConfig(
        {pages: [{url: `/a${character}b`, file: '/x/index.html'}], scriptHashes: []},
        {root: '/', listen: ['80']},
      ),
    ).toThrow(`Refusing to write ${JSON.stringify(`/a${character}b/`)} into nginx.conf`); // its slash form, the first key written
  });

  test('canonical redirects: the home page has only /index.html, and no page URL redirects', () => {
    expect(canonicalRedirects([{url: '/', file: '/index.html'}])).toEqual([{from: '/index.html', to: '/'}]);
    expect(
      canonicalRedirects([
        {url: '/a/', file: '/a/index.html'},
        {url: '/a', file: '/a.html'},
      ]),
    ).toEqual([
      // Both pages claim these spellings; the later one in the list keeps them.
      {from: '/a.html', to: '/a'},
      {from: '/a/index.html', to: '/a'},
    ]);
  });
});
