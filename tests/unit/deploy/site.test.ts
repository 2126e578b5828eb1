import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {readSite, siteOf} from '../../../plugins/deploy/site';

// A build of three pages and the not-found page, half quoted (webpack) and half
// minified (Docusaurus Faster), with the colour-mode script on every page.
const colorMode = 'document.documentElement.dataset.theme="light"';
const files: Record<string, string> = {
  'index.html': `<html><head><link rel="canonical" href="https://docs.coinwharf.com/"><script>${colorMode}</script><script>console.log(1)</script></head></html>`,
  'welcome/index.html': `<html><head><link data-rh=true rel=canonical href=https://docs.coinwharf.com/welcome><script>${colorMode}</script></head></html>`,
  'payments/index.html': `<html><head><link data-rh=true rel=canonical href=https://docs.coinwharf.com/payments/><script type=application/ld+json>{"a":1}</script><script>${colorMode}</script></head></html>`,
  '404.html': `<html><head><link rel=canonical href=https://docs.coinwharf.com/404.html><script>${colorMode}</script></head></html>`,
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-site-'));
  for (const [file, html] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), html);
  }
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe('readSite', () => {
  test('lists each page at its canonical URL, not the not-found page', () => {
    expect(readSite(dir, 'https://docs.coinwharf.com').pages).toEqual([
      {url: '/', file: '/index.html'},
      {url: '/payments/', file: '/payments/index.html'},
      {url: '/welcome', file: '/welcome/index.html'},
    ]);
  });

  test('hashes each distinct executable inline script once, sorted (base64 SHA-256)', () => {
    expect(readSite(dir, 'https://docs.coinwharf.com').scriptHashes).toEqual([
      'CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M=', // console.log(1)
      'NQMAizEjUYG0TB5oMhjy/dNBbLqqZkgpxH/Z5+gdp04=', // the colour-mode script
    ]);
  });

  test('refuses a build holding a symbolic link, which nginx would follow out of it', () => {
    symlinkSync('/etc/hostname', path.join(dir, 'welcome', 'secret.txt'));
    symlinkSync('/etc', path.join(dir, 'etc'));
    try {
      expect(() => readSite(dir, 'https://docs.coinwharf.com')).toThrow(
        'The build holds symbolic links, which nginx would follow: etc, welcome/secret.txt',
      );
    } finally {
      rmSync(path.join(dir, 'welcome', 'secret.txt'));
      rmSync(path.join(dir, 'etc'));
    }
    expect(readSite(dir, 'https://docs.coinwharf.com').pages).toHaveLength(3);
  });

  test('refuses a page whose canonical URL is on another site', () => {
    expect(() => readSite(dir, 'https://docs.example.com')).toThrow(
      '/index.html: canonical link https://docs.coinwharf.com/ is not under https://docs.example.com/',
    );
  });
});

describe('siteOf', () => {
  const page = (file: string, canonical: string | undefined, inlineScripts: string[] = []) =>
    ({file, canonical, inlineScripts}) as Parameters<typeof siteOf>[0][number];

  test('sorts pages by URL whatever order the build lists them in', () => {
    const site = siteOf(
      [
        page('/welcome/index.html', 'https://docs.coinwharf.com/welcome'),
        page('/index.html', 'https://docs.coinwharf.com/'),
        page('/changelog/index.html', 'https://docs.coinwharf.com/changelog'),
      ],
      'https://docs.coinwharf.com',
    );
    expect(site.pages.map((p) => p.url)).toEqual(['/', '/changelog', '/welcome']);
  });

  test('a page without a canonical link is refused, saying so', () => {
    expect(() => siteOf([page('/x/index.html', undefined)], 'https://docs.coinwharf.com')).toThrow(
      '/x/index.html: canonical link (none) is not under https://docs.coinwharf.com/',
    );
  });
});
