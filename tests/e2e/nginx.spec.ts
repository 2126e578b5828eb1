import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync} from 'node:zlib';
import {attributes, parseHtml} from '../support/built-html';
import {buildDir, expect, rawRequest, test, testNginxConfig, writeNginxConfig} from '../support/nginx';
import {neverAPage, unknownPath} from '../support/site';

// The production nginx config (plugins/deploy/nginx.ts), served by Debian's nginx on
// loopback. Requests go through node:http so nothing is followed or decoded.

const sitemapPaths = () =>
  [...readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]).pathname,
  );

/** The files the site serves under a folder of the build: not the brotli copies beside them, which go out only as their files' encoding. */
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(buildDir, dir), {withFileTypes: true}).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(`${dir}/${entry.name}`)
      : entry.name.endsWith('.br')
        ? []
        : [`/${dir}/${entry.name}`],
  );

const notFoundPage = () => readFileSync(path.join(buildDir, '404.html'));

// The expected headers, written out here: never read from plugins/deploy/headers.ts,
// which generates the config under test.
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0, must-revalidate';

/**
 * Base64 SHA-256 of every distinct inline script in the build's HTML (the
 * colour-mode script, the base-URL banner and each page's bundle), sorted:
 * what the CSP must allow.
 */
let scriptHashes: string[] | undefined;
function inlineScriptHashes(): string[] {
  if (scriptHashes) return scriptHashes;
  const hashes = new Set<string>();
  const htmlFiles = readdirSync(buildDir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.html'));
  for (const file of htmlFiles) {
    const $ = parseHtml(readFileSync(path.join(buildDir, file), 'utf8'));
    for (const script of $('script:not([src])').toArray()) {
      const type = $(script).attr('type');
      if (type && !/^(text\/javascript|module)$/i.test(type)) continue; // JSON-LD and other data blocks never run
      hashes.add(createHash('sha256').update($(script).text(), 'utf8').digest('base64'));
    }
  }
  return (scriptHashes = [...hashes].sort());
}

function expectedCsp(): string {
  const hashes = inlineScriptHashes()
    .map((hash) => `'sha256-${hash}'`)
    .join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const expected: Record<string, string> = {
    'content-security-policy': expectedCsp(),
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  for (const [name, value] of Object.entries(expected)) {
    expect(headers[name], `${name} on ${what}`).toBe(value);
  }
}

test('nginx -t accepts the generated config', () => {
  const {prefix, configFile} = writeNginxConfig(8080);
  const {status, output} = testNginxConfig(prefix, configFile);
  rmSync(prefix, {recursive: true, force: true});
  expect(output).toContain('syntax is ok');
  expect(output).toContain('test is successful');
  expect(status).toBe(0);
});

test('the pages nginx serves are exactly the sitemap URLs, each canonical in its own HTML', ({nginx}) => {
  expect(nginx.site.pages.map((p) => p.url).sort()).toEqual(sitemapPaths().sort());
  expect(sitemapPaths()).toEqual(expect.arrayContaining(['/', '/welcome', '/payments/', '/payments/quickstart']));
});

test('every sitemap page answers 200 with every security header and a revalidating Cache-Control', async ({nginx}) => {
  for (const url of sitemapPaths()) {
    const response = await rawRequest(`${nginx.url}${url}`);
    expect(response.status, url).toBe(200);
    expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control'], url).toBe(revalidate);
    expectSecurityHeaders(response.headers, url);
    expect(attributes(parseHtml(response.body.toString()), 'link[rel="canonical"]', 'href'), url).toEqual([
      `https://docs.coinwharf.com${url}`,
    ]);
  }
});

test('redirects, errors and assets carry every security header too', async ({nginx}) => {
  const [asset] = filesUnder('assets/js');
  for (const [url, method, status] of [
    [asset, 'GET', 200],
    ['/welcome/', 'GET', 301],
    [unknownPath, 'GET', 404],
    ['/welcome', 'POST', 405],
  ] as const) {
    const response = await rawRequest(`${nginx.url}${url}`, {method});
    expect(response.status, url).toBe(status);
    expectSecurityHeaders(response.headers, `${method} ${url}`);
  }
});

test('the CSP allows exactly the inline scripts of the build, by hash, and nothing inline by default', async ({
  nginx,
}) => {
  const csp = String((await rawRequest(`${nginx.url}/welcome`)).headers['content-security-policy']);
  const scriptSrc = /script-src ([^;]+)/.exec(csp)![1].split(' ');
  const hashes = inlineScriptHashes();
  expect(hashes.length).toBeGreaterThan(0);
  expect(scriptSrc).toEqual(["'self'", ...hashes.map((h) => `'sha256-${h}'`)]);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/https?:|\*/);
});

test.describe('unknown paths', () => {
  // Page-like paths that can never be pages: each has a segment starting with
  // "_" (see neverAPage). The last has a segment longer than a file name may be.
  const pagePaths = [
    unknownPath,
    '/payments/_no-such-guide',
    '/welcome/_extra/deep',
    '/_docs/intro',
    `/_${'a'.repeat(300)}`,
  ];
  // Files and folders that exist or look like they might, but are not served.
  const otherPaths = [
    '/assets/js/missing.js',
    '/assets/',
    '/img/',
    '/img',
    '/404.html',
    '/_headers',
    '/_redirects',
    // The brotli copies of a page and of a script: on disk beside them, sent only as their encoding.
    '/welcome/index.html.br',
    () => `${filesUnder('assets/js').find((f) => /\/main\.[0-9a-f]+\.js$/.test(f))!}.br`,
  ];
  test("answer 404 with the site's not-found page, never cached as immutable", async ({nginx}) => {
    expect(pagePaths.filter((url) => !neverAPage(url))).toEqual([]);
    for (const url of [...pagePaths, ...otherPaths.map((other) => (typeof other === 'string' ? other : other()))]) {
      const response = await rawRequest(`${nginx.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body.equals(notFoundPage()), `${url} body is build/404.html`).toBe(true);
      expect(response.headers['cache-control'], url).toBe(revalidate);
    }
  });
});

test.describe('canonical URLs', () => {
  /** The other spellings of a page URL (SPEC §2), worked out here independently of plugins/deploy/headers.ts. */
  const variantsOf = (url: string) => {
    if (url === '/') return ['/index.html'];
    const bare = url.replace(/\/$/, '');
    return [url.endsWith('/') ? bare : `${bare}/`, `${bare}.html`, `${bare}/index.html`];
  };

  test('the other slash form, .html and /index.html answer 301 to the sitemap URL', async ({nginx}) => {
    let checked = 0;
    for (const url of sitemapPaths()) {
      for (const variant of variantsOf(url)) {
        const response = await rawRequest(`${nginx.url}${variant}`);
        expect(response.status, variant).toBe(301);
        expect(response.headers.location, variant).toBe(url);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  for (const [from, to] of [
    ['/welcome.html', '/welcome'],
    ['/welcome/', '/welcome'],
    ['/payments/quickstart.html', '/payments/quickstart'],
    ['/payments/index.html', '/payments/'],
    ['/payments', '/payments/'],
    ['/index.html', '/'],
    ['/welcome/index.html?tab=2#x', '/welcome?tab=2'],
  ]) {
    test(`${from} redirects once to ${to}, keeping the query`, async ({nginx, page}) => {
      const response = await rawRequest(`${nginx.url}${from}`);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe(to);
      const landed = await page.goto(from);
      expect(landed?.status()).toBe(200);
      expect(landed?.request().redirectedFrom()?.redirectedFrom()).toBeNull();
      expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(to);
    });
  }
});

test.describe('caching', () => {
  test('every file under /assets/ has a content hash in its name and is immutable', async ({nginx}) => {
    const assets = filesUnder('assets');
    expect(assets.length).toBeGreaterThan(20);
    for (const asset of assets) {
      expect(asset).toMatch(/[.-][0-9a-f]{8,}\.[a-z]+(\.LICENSE\.txt)?$/);
      const response = await rawRequest(`${nginx.url}${asset}`, {method: 'HEAD'});
      expect(response.status, asset).toBe(200);
      expect(response.headers['cache-control'], asset).toBe(immutable);
    }
  });

  test('pages and unhashed files revalidate, and a conditional request gets 304', async ({nginx}) => {
    for (const url of ['/welcome', '/search-index.json', '/sitemap.xml', '/img/logo.svg', '/changelog/rss.xml']) {
      const response = await rawRequest(`${nginx.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(revalidate);
      const etag = response.headers.etag!;
      expect(etag, url).toBeTruthy();
      const again = await rawRequest(`${nginx.url}${url}`, {headers: {'If-None-Match': etag}});
      expect(again.status, url).toBe(304);
    }
  });
});

test.describe('compression', () => {
  const cases = () =>
    [
      {url: '/welcome', file: 'welcome/index.html'},
      {url: filesUnder('assets/js').find((f) => /\/main\.[0-9a-f]+\.js$/.test(f))!, file: ''},
      {url: filesUnder('assets/css')[0], file: ''},
      {url: '/search-index.json', file: 'search-index.json'},
    ].map(({url, file}) => ({url, original: readFileSync(path.join(buildDir, file || url))}));

  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    test(`${encoding} is sent to clients that accept it, and decodes to the built file`, async ({nginx}) => {
      for (const {url, original} of cases()) {
        const response = await rawRequest(`${nginx.url}${url}`, {headers: {'Accept-Encoding': encoding}});
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(response.headers.vary, url).toBe('Accept-Encoding');
        expect(response.body.length, url).toBeLessThan(original.length / 2);
        expect(decode(response.body).equals(original), url).toBe(true);
      }
    });
  }

  test('brotli goes out as the copy written beside the file ahead of time (quality 11), not compressed per request', async ({
    nginx,
  }) => {
    for (const {url, original} of cases()) {
      const file = path.join(buildDir, url.endsWith('.json') || url.startsWith('/assets/') ? url : `${url}/index.html`);
      const copy = readFileSync(`${file}.br`);
      const response = await rawRequest(`${nginx.url}${url}`, {headers: {'Accept-Encoding': 'br'}});
      expect(response.body.equals(copy), `${url}: the body is ${file}.br`).toBe(true);
      expect(response.headers['content-length'], url).toBe(String(copy.length));
      expect(brotliDecompressSync(copy).equals(original), url).toBe(true);
    }
    // Written ahead at quality 11, the quickstart's HTML is some 14% smaller than at the filter's quality 5.
    const quickstart = await rawRequest(`${nginx.url}/payments/quickstart`, {headers: {'Accept-Encoding': 'br'}});
    expect(quickstart.body.length).toBeLessThan(
      brotliCompressSync(readFileSync(path.join(buildDir, 'payments/quickstart/index.html')), {
        params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 5},
      }).length * 0.9,
    );
  });

  test('brotli is preferred when both are accepted; identity when neither is', async ({nginx}) => {
    const both = await rawRequest(`${nginx.url}/welcome`, {headers: {'Accept-Encoding': 'gzip, deflate, br'}});
    expect(both.headers['content-encoding']).toBe('br');
    const none = await rawRequest(`${nginx.url}/welcome`);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(readFileSync(path.join(buildDir, 'welcome/index.html')))).toBe(true);
  });
});

test('each file type is served with its MIME type (nosniff makes this matter)', async ({nginx}) => {
  const expected: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'application/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.xml': 'text/xml; charset=utf-8',
    '.xsl': 'text/xsl; charset=utf-8',
    '.svg': 'image/svg+xml; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
    '.md': 'text/markdown; charset=utf-8',
    // The social cards (plugins/social-cards).
    '.png': 'image/png',
  };
  const samples = new Map<string, string>();
  for (const file of [
    ...filesUnder('assets'),
    ...filesUnder('changelog'),
    ...filesUnder('img'),
    '/search-index.json',
    '/sitemap.xml',
    '/llms.txt',
  ]) {
    if (!file.endsWith('.html')) samples.set(path.extname(file), file);
  }
  expect([...samples.keys()].sort()).toEqual(
    Object.keys(expected)
      .filter((e) => e !== '.html')
      .sort(),
  );
  for (const [extension, file] of samples) {
    const response = await rawRequest(`${nginx.url}${file}`, {method: 'HEAD'});
    expect(response.headers['content-type'], file).toBe(expected[extension]);
  }
});

test('build/_headers and build/_redirects say what nginx does', async ({nginx}) => {
  const headersFile = readFileSync(path.join(buildDir, '_headers'), 'utf8');
  const blocks = new Map<string, Record<string, string>>();
  let current: Record<string, string> = {};
  for (const line of headersFile.split('\n')) {
    if (line.startsWith('/')) blocks.set(line, (current = {}));
    else if (line.startsWith('  ')) {
      const [name, ...value] = line.trim().split(': ');
      current[name.toLowerCase()] = value.join(': ');
    }
  }
  const page = await rawRequest(`${nginx.url}/welcome`);
  const every = blocks.get('/*')!;
  expect(Object.keys(every).length).toBeGreaterThanOrEqual(8);
  for (const [name, value] of Object.entries(every)) expect(page.headers[name], name).toBe(value);
  const asset = await rawRequest(`${nginx.url}${filesUnder('assets/js')[0]}`, {method: 'HEAD'});
  expect(asset.headers['cache-control']).toBe(immutable);
  expect(blocks.get('/assets/*')).toEqual({'cache-control': immutable});

  const rules = readFileSync(path.join(buildDir, '_redirects'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('/'));
  expect(rules.length).toBeGreaterThan(20);
  for (const rule of rules) {
    const [from, to, status] = rule.split(/\s+/);
    expect(status, rule).toBe('301!');
    const response = await rawRequest(`${nginx.url}${from}`);
    expect([response.status, response.headers.location], rule).toEqual([301, to]);
  }
});
