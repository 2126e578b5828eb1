import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {brotliDecompressSync} from 'node:zlib';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {precompress, precompressCommand} from '../../../plugins/deploy/precompress';
import {buildEntries} from '../../../plugins/built-site';

// The brotli copies nginx's brotli_static sends (plugins/deploy/precompress.ts), on a folder laid
// out as a build is.

let dir: string;
const at = (file: string) => path.join(dir, file);
function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(at(file)), {recursive: true});
  writeFileSync(at(file), content);
}
/** Text of `bytes` bytes that compresses, as a page does. */
const text = (bytes: number) => 'Pay in crypto. '.repeat(Math.ceil(bytes / 15)).slice(0, bytes);
const copies = () =>
  buildEntries(dir)
    .files.filter((file) => file.endsWith('.br'))
    .sort();

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

describe('precompress', () => {
  test('a copy beside each text file nginx compresses, that decodes to the file byte for byte', async () => {
    for (const file of [
      'welcome/index.html',
      'assets/js/main.0a1b2c3d.js',
      'assets/css/styles.0a1b2c3d.css',
      'img/logo.svg',
      'search-index.json',
      'sitemap.xml',
      'changelog/rss.xsl',
      'llms.txt',
      'welcome.md',
      'api/openapi.yaml',
    ])
      write(file, text(4000));
    write('img/social/welcome.png', Buffer.alloc(4000, 7));
    write('_redirects', text(4000));

    expect(await precompress(dir)).toEqual({written: 10, kept: 0, removed: 0});
    expect(copies()).toEqual([
      'api/openapi.yaml.br',
      'assets/css/styles.0a1b2c3d.css.br',
      'assets/js/main.0a1b2c3d.js.br',
      'changelog/rss.xsl.br',
      'img/logo.svg.br',
      'llms.txt.br',
      'search-index.json.br',
      'sitemap.xml.br',
      'welcome.md.br',
      'welcome/index.html.br',
    ]);
    const copy = readFileSync(at('welcome/index.html.br'));
    expect(brotliDecompressSync(copy).toString()).toBe(text(4000));
    expect(copy.length).toBeLessThan(200);
  });

  test('files under 256 bytes get none: nginx sends them as they are', async () => {
    write('short.html', text(255));
    write('long-enough.html', text(256));
    await precompress(dir);
    expect(copies()).toEqual(['long-enough.html.br']);
  });

  test('a copy at least as new as its file is kept; an older one is written again', async () => {
    write('kept.js', text(1000));
    write('stale.js', text(1000));
    await precompress(dir);
    const second = new Date(Date.now() + 60_000);
    write('kept.js.br', 'left alone');
    utimesSync(at('kept.js.br'), second, second);
    write('stale.js', text(2000)); // a newer file than its copy
    utimesSync(at('stale.js'), second, second);

    expect(await precompress(dir)).toEqual({written: 1, kept: 1, removed: 0});
    expect(readFileSync(at('kept.js.br'), 'utf8')).toBe('left alone');
    expect(brotliDecompressSync(readFileSync(at('stale.js.br'))).toString()).toBe(text(2000));
  });

  test('never looks behind a symbolic link: nothing is written outside the build', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'precompress-outside-'));
    try {
      writeFileSync(path.join(outside, 'page.html'), text(1000));
      symlinkSync(outside, at('linked'));
      symlinkSync(path.join(outside, 'page.html'), at('linked.html'));
      write('page.html', text(1000));
      expect(await precompress(dir)).toEqual({written: 1, kept: 0, removed: 0});
      expect(readdirSync(outside)).toEqual(['page.html']);
      expect(copies()).toEqual(['page.html.br']);
    } finally {
      rmSync(outside, {recursive: true, force: true});
    }
  });

  test('a copy whose file is gone, or is now under 256 bytes, is removed, and so is a half-written one', async () => {
    write('assets/js/old.0a1b2c3d.js.br', 'an old build');
    write('shrunk.html', text(1000));
    expect(await precompress(dir)).toEqual({written: 1, kept: 0, removed: 1});
    expect(existsSync(at('assets/js/old.0a1b2c3d.js.br'))).toBe(false);
    write('shrunk.html', text(100));
    write('page.html.br.4242.tmp', 'half');
    write('page.html', text(1000));
    expect(await precompress(dir)).toEqual({written: 1, kept: 0, removed: 2});
    expect(readdirSync(dir).sort()).toEqual(['assets', 'page.html', 'page.html.br', 'shrunk.html']);
  });
});

describe('precompressCommand', () => {
  test('says what it wrote and exits 0; a folder it cannot read exits 1 with the reason', async () => {
    write('page.html', text(1000));
    const lines: string[] = [];
    expect(await precompressCommand(dir, (line) => lines.push(line))).toBe(0);
    expect(await precompressCommand(at('missing'), (line) => lines.push(line))).toBe(1);
    expect(lines[0]).toBe(`Brotli copies in ${dir}: 1 written, 0 up to date, 0 removed.`);
    expect(lines[1]).toMatch(new RegExp(`^Brotli copies in ${at('missing')} not written: ENOENT`));
  });
});
