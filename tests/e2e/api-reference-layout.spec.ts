import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {builtPage} from '../support/built-html';
import {builtSitemapPaths, inBuild, sitemapPaths} from '../support/site';

// The API reference on a phone: nested fields, long patterns and JSON examples
// must not make the page scroll sideways at 375 px (a code block may scroll
// inside itself, the page may not).

test.use({viewport: {width: 375, height: 812}});

test('no API reference page scrolls sideways at 375 px, nested fields and long patterns included', async ({page}) => {
  const routes = (await sitemapPaths(page)).filter((route) => route.startsWith('/api/'));
  expect(routes.length).toBeGreaterThanOrEqual(7);
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('article h1')).toBeVisible();
    // The page itself, and anything in the article that sticks out of the window without a scroll box of its own
    // (an ancestor that clips or hides it would cut the text off instead of letting the page scroll).
    const found = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const problems: string[] = [];
      if (document.documentElement.scrollWidth > width) {
        problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
      }
      const scrolls = (element: Element) => /auto|scroll/.test(getComputedStyle(element).overflowX);
      for (const element of document.querySelectorAll('article *')) {
        if (element.getBoundingClientRect().right <= width + 1) continue;
        let ancestor = element.parentElement;
        while (ancestor && !scrolls(ancestor)) ancestor = ancestor.parentElement;
        if (!ancestor) problems.push(`<${element.tagName.toLowerCase()}> ends past ${width} px`);
      }
      return problems.slice(0, 3);
    });
    wide.push(...found.map((problem) => `${route}: ${problem}`));
  }
  expect(wide).toEqual([]);
});

test('every operation shows its method as a label beside its path, as its Markdown twin writes it', () => {
  // What a reader sees on /api/payments, top to bottom.
  const labelled = ($: ReturnType<typeof builtPage>) =>
    $('p.api-endpoint')
      .toArray()
      .map((line) => `${$(line).find('span.api-method').text()} ${$(line).find('code').text()}`);
  expect(labelled(builtPage('/api/payments'))).toEqual([
    'GET /v1/payments',
    'POST /v1/payments',
    'GET /v1/payments/{id}',
    'POST /v1/payments/{id}/cancel',
    'POST /v1/payments/{id}/accept',
  ]);
  const pages = builtSitemapPaths().filter((route) => /^\/api\/[a-z-]+$/.test(route) && route !== '/api/objects');
  expect(pages.length).toBeGreaterThanOrEqual(6);
  for (const route of pages) {
    const $ = builtPage(route);
    const lines = labelled($);
    const operations = $('article h2[id]').filter((_, h2) => $(h2).next('p').find('code').length > 0);
    expect(lines.length, route).toBeGreaterThan(0);
    expect(lines.length, route).toBe($('p.api-endpoint').length);
    // Each label is the method's own class, and the twin keeps the line as one inline code.
    for (const line of $('p.api-endpoint').toArray()) {
      const method = $(line).find('span.api-method').text();
      expect(['GET', 'POST'], route).toContain(method);
      expect($(line).find('span.api-method').hasClass(`api-method--${method.toLowerCase()}`), route).toBe(true);
    }
    const twin = readFileSync(inBuild(`${route}.md`), 'utf8');
    for (const line of lines) expect(twin, route).toContain(`\`${line}\``);
    expect(operations.length, route).toBeGreaterThanOrEqual(lines.length);
  }
});
