import {expect, test} from '@playwright/test';
import {sitemapPaths} from '../support/site';

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
