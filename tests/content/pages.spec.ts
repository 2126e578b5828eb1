import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {parseFrontMatter} from '../../scripts/check-front-matter';
import {markdownSources} from '../support/content';

// Issue #3, quality checks on the production build's HTML: every internal link
// and anchor resolves, every page has its own description, and headings nest.

const buildDir = 'build';

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** The HTML file that serves a site path, as `docusaurus serve` and nginx resolve it. */
function htmlFileFor(sitePath: string): string | null {
  const clean = decodeURIComponent(sitePath).replace(/\/+$/, '');
  const candidates = [
    path.join(buildDir, clean, 'index.html'),
    path.join(buildDir, `${clean}.html`),
    path.join(buildDir, clean),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

const pages = readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
  .filter((file) => file.endsWith('.html') && file !== '404.html')
  .map((file) => ({file, html: readFileSync(path.join(buildDir, file), 'utf8')}));

/** The pages written in Markdown: docs, the glossary and the changelog. */
const contentPages = pages.filter(({html}) => /class="[^"]*\b(markdown|mdxPageWrapper_\w+)\b/.test(html));

test('every internal link points to a page that exists, and every anchor to an id on it', () => {
  expect(pages.length).toBeGreaterThan(10);
  const broken = new Set<string>();
  let checked = 0;
  for (const {file, html} of pages) {
    for (const [, rawHref] of html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) {
      const href = decodeEntities(rawHref);
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const url = new URL(href, 'https://docs.coinwharf.com');
      const target = htmlFileFor(url.pathname);
      checked += 1;
      if (!target) {
        broken.add(`${file}: ${href} has no page`);
        continue;
      }
      const id = decodeURIComponent(url.hash.slice(1));
      if (id && !readFileSync(target, 'utf8').includes(`id="${id}"`)) {
        broken.add(`${file}: ${href} has no #${id}`);
      }
    }
  }
  expect(checked).toBeGreaterThan(100);
  expect([...broken]).toEqual([]);
});

test('every Markdown source has a front-matter description that its page uses', () => {
  expect(markdownSources.length).toBeGreaterThan(8);
  const descriptions = new Set(
    contentPages.map(({html}) =>
      decodeEntities(html.match(/<meta[^>]* name="description" content="([^"]*)"/)?.[1] ?? ''),
    ),
  );
  const problems = markdownSources.flatMap((source) => {
    // Parsed as YAML scalars are: a description may be quoted (one with ": " must be).
    const description = parseFrontMatter(readFileSync(source, 'utf8'))?.description?.trim() ?? '';
    if (description.length < 50) return [`${source}: description too short or missing`];
    return descriptions.has(description)
      ? []
      : [`${source}: no built page has the description ${JSON.stringify(description)}`];
  });
  expect(problems).toEqual([]);
});

test('headings start at h2 under the title and never skip a level going down', () => {
  const problems: string[] = [];
  for (const {file, html} of contentPages) {
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    const body = levels.slice(levels.indexOf(1) + 1).filter((level) => level > 1);
    let previous = 1;
    for (const level of body) {
      if (level > previous + 1) problems.push(`${file}: h${level} after h${previous}`);
      previous = level;
    }
  }
  expect(problems).toEqual([]);
});
