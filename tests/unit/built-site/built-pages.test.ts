import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {builtPages, readBuiltSite, readPage} from '../../../plugins/built-site';
import {tempSite} from '../../support/temp-site';

// A build folder read as the post-build plugins read it: every HTML file,
// nested ones included, sorted, each parsed once per build.

test('every .html file of a build, nested ones included, sorted, with its reading', () => {
  const buildDir = tempSite({
    'welcome/index.html': '<title>Welcome</title>',
    'index.html': '<title>Home</title>',
    'a/b/c.html': '<title>Deep</title>',
    'sitemap.xml': '<urlset/>',
    'assets/js/main.js': '',
  });
  expect(readBuiltSite(buildDir).map((page) => [page.file, page.title])).toEqual([
    ['/a/b/c.html', 'Deep'],
    ['/index.html', 'Home'],
    ['/welcome/index.html', 'Welcome'],
  ]);
});

test('one build is read once however many plugins ask; the next build is read again', () => {
  const outDir = tempSite({'index.html': '<title>First</title>'});
  const build = {};
  const first = builtPages({outDir, routesBuildMetadata: build});
  writeFileSync(path.join(outDir, 'index.html'), '<title>Second</title>');
  expect(builtPages({outDir, routesBuildMetadata: build})).toBe(first);
  expect(first.map((page) => page.title)).toEqual(['First']);
  expect(builtPages({outDir, routesBuildMetadata: {}}).map((page) => page.title)).toEqual(['Second']);
});

test('a meta tag without content reads as an empty string, a missing one as undefined', () => {
  expect(readPage('<meta name="description">')).toMatchObject({description: '', ogImage: undefined});
});
