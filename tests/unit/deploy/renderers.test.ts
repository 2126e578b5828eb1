import {beforeEach, describe, expect, test} from 'vitest';
import {headersFile, redirectsFile} from '../../../plugins/deploy/cdn';
import {nginxConfig} from '../../../plugins/deploy/nginx';

// A literal site: the home page, a folder index (/payments/) and a page without
// a trailing slash (/welcome), and two inline-script hashes.
const site = {
  pages: [
    {url: '/', file: '/index.html'},
    {url: '/payments/', file: '/payments/index.html'},
    {url: '/welcome', file: '/welcome/index.html'},
  ],
  scriptHashes: ['AAAA', 'BBBB'],
};

describe('_headers', () => {
  // Rendered inside each test, never while the file loads, so mutation testing sees each call.
  const rendered = () => headersFile(site).split('\n');

  test('sends the security headers on every path, with the CSP naming each script hash', () => {
    const lines = rendered();
    expect(lines[1]).toBe('/*');
    expect(lines).toContain(
      "  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-AAAA' 'sha256-BBBB'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(lines).toContain('  Strict-Transport-Security: max-age=63072000; includeSubDomains');
    expect(lines).toContain('  X-Content-Type-Options: nosniff');
    expect(lines).toContain('  X-Frame-Options: DENY');
  });

  test('caches hashed assets for a year, immutable, and nothing else', () => {
    const lines = rendered();
    expect(lines.slice(-3)).toEqual(['/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '']);
    expect(lines.filter((line) => line.includes('Cache-Control'))).toHaveLength(1);
  });
});

describe('_redirects', () => {
  test('sends every other spelling of a page URL to the canonical one, except /welcome/ (the host answers it)', () => {
    expect(redirectsFile(site).split('\n').slice(1)).toEqual([
      '/index.html / 301!',
      '/payments /payments/ 301!',
      '/payments.html /payments/ 301!',
      '/payments/index.html /payments/ 301!',
      '/welcome.html /welcome 301!',
      '/welcome/index.html /welcome 301!',
      '',
    ]);
  });
});

describe('nginx.conf', () => {
  let config: string;
  beforeEach(() => {
    config = nginxConfig(site, {root: '/srv/docs', listen: ['127.0.0.1:8080'], accessLog: 'off'});
  });

  test('serves the build from its root on the given address', () => {
    expect(config).toContain('        root /srv/docs;');
    expect(config).toContain('        listen 127.0.0.1:8080;');
    expect(config).toContain('    access_log off;');
  });

  test('redirects the other spellings, including /welcome/, with a 301', () => {
    for (const [from, to] of [
      ['/index.html', '/'],
      ['/payments', '/payments/'],
      ['/payments.html', '/payments/'],
      ['/welcome/', '/welcome'],
      ['/welcome.html', '/welcome'],
    ]) {
      expect(config).toContain(`        "${from}" "${to}";`);
    }
    expect(config).toContain('            return 301 $canonical_uri$is_args$args;');
  });

  test('maps each canonical URL to its file', () => {
    expect(config).toContain('        "/welcome" "/welcome/index.html";');
    expect(config).toContain('        "/payments/" "/payments/index.html";');
  });

  test('sends the CSP and caching on every response', () => {
    expect(config).toContain(
      `        add_header Content-Security-Policy "default-src 'self'; script-src 'self' 'sha256-AAAA' 'sha256-BBBB'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" always;`,
    );
    expect(config).toContain('        default "public, max-age=0, must-revalidate";');
    expect(config).toContain('        "~^/assets/" "public, max-age=31536000, immutable";');
    expect(config).toContain('        error_page 404 /404.html;');
  });

  test('refuses a value nginx would interpret', () => {
    const hostile = {...site, pages: [{url: '/$host', file: '/x/index.html'}]};
    expect(() => nginxConfig(hostile, {root: '/srv/docs', listen: ['8080']})).toThrow('Refusing to write');
  });
});
