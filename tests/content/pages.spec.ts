import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {parseFrontMatter} from '../../scripts/check-front-matter';
import {attributes, builtPage, builtPages, htmlFileFor, metaContents, parseHtml} from '../support/built-html';
import {markdownSources} from '../support/content';
import {inSite} from '../support/site-dirs';

// Quality checks on the production build's HTML, read with a parser: every
// internal link and anchor resolves, every page has its own description, and headings nest.

const pages = builtPages();

/** The pages written in Markdown: docs, the glossary and the changelog. */
const contentPages = pages.filter(({$}) => $('.markdown, [class*="mdxPageWrapper_"]').length > 0);

test('every internal link points to a page that exists, and every anchor to an id on it', () => {
  expect(pages.length).toBeGreaterThan(10);
  const broken = new Set<string>();
  const idsOf = new Map<string, Set<string | undefined>>();
  const ids = (target: string) => {
    if (!idsOf.has(target))
      idsOf.set(target, new Set(attributes(parseHtml(readFileSync(target, 'utf8')), '[id]', 'id')));
    return idsOf.get(target)!;
  };
  let checked = 0;
  for (const {file, $} of pages) {
    for (const href of attributes($, 'a[href]', 'href') as string[]) {
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const url = new URL(href, 'https://docs.coinwharf.com');
      const target = htmlFileFor(url.pathname);
      checked += 1;
      if (!target) {
        broken.add(`${file}: ${href} has no page`);
        continue;
      }
      const id = decodeURIComponent(url.hash.slice(1));
      if (id && !ids(target).has(id)) {
        broken.add(`${file}: ${href} has no #${id}`);
      }
    }
  }
  expect(checked).toBeGreaterThan(100);
  expect([...broken]).toEqual([]);
});

test('every Markdown source has a front-matter description that its page uses', () => {
  expect(markdownSources.length).toBeGreaterThan(8);
  const descriptions = new Set(contentPages.map(({$}) => metaContents($, 'description')[0] ?? ''));
  const problems = markdownSources.flatMap((source) => {
    // Parsed as YAML scalars are: a description may be quoted (one with ": " must be).
    const description = parseFrontMatter(readFileSync(inSite(source), 'utf8'))?.description?.trim() ?? '';
    if (description.length < 50) return [`${source}: description too short or missing`];
    return descriptions.has(description)
      ? []
      : [`${source}: no built page has the description ${JSON.stringify(description)}`];
  });
  expect(problems).toEqual([]);
});

test('headings start at h2 under the title and never skip a level going down', () => {
  const problems: string[] = [];
  for (const {file, $} of contentPages) {
    const levels = $('h1, h2, h3, h4, h5, h6')
      .toArray()
      .map((heading) => Number(heading.tagName[1]));
    const body = levels.slice(levels.indexOf(1) + 1).filter((level) => level > 1);
    let previous = 1;
    for (const level of body) {
      if (level > previous + 1) problems.push(`${file}: h${level} after h${previous}`);
      previous = level;
    }
  }
  expect(problems).toEqual([]);
});

test('the block explorers table gives every network its explorers, and tron, whose sandbox USDT is simulated, none in the sandbox', () => {
  const $ = builtPage('/payments/');
  const rows = $('#block-explorers')
    .nextAll('table')
    .first()
    .find('tbody tr')
    .toArray()
    .map((row) =>
      $(row)
        .find('td')
        .toArray()
        .map((cell) => $(cell).text()),
    );
  expect(rows.map(([network]) => network)).toEqual(['bitcoin', 'ethereum', 'base', 'polygon', 'solana', 'tron']);
  expect(rows.at(-1)).toEqual(['tron', 'https://tronscan.org/#/transaction/{hash}', 'none: sandbox USDT is simulated']);
  for (const [network, live, sandbox] of rows.slice(0, -1)) {
    expect(live, network).toMatch(/^https:\/\/\S+\{hash\}/);
    expect(sandbox, network).toMatch(/^https:\/\/\S+\{hash\}/);
  }
});
