import {expect, test, type Page} from '@playwright/test';
import {layoutShifts} from '../support/layout-shifts';
import {scrollToEnd, scrollToTop, waitForHydration} from '../support/site';

// A code block's lines are laid out only when the block nears the screen (`content-visibility:
// auto`); until then the code holds the size its <pre> gives it in lines and columns
// (plugins/code-blocks/theme/CodeBlock/codeSize.ts). These pages are mostly code.
const longPages = ['/payments/quickstart', '/payments/webhook-guide', '/payments/testing'];

/** Each displayed block's code: whether it is drawn yet, its height, and whether its <pre> scrolls sideways. */
const blocks = (page: Page) =>
  page.locator('pre > code').evaluateAll((codes) =>
    codes
      .filter((code) => code.getClientRects().length > 0)
      .map((code) => {
        const pre = code.parentElement!;
        return {
          // Its lines are in a skipped subtree until the code is drawn.
          drawn: code.firstElementChild!.checkVisibility({contentVisibilityAuto: true}),
          height: code.getBoundingClientRect().height,
          scrolls: pre.scrollWidth > pre.clientWidth,
        };
      }),
  );

test.describe('on a phone', () => {
  test.use({hasTouch: true, isMobile: true, viewport: {width: 412, height: 823}});

  for (const route of longPages) {
    test(`${route}: the code far below the screen is not laid out, and holds the very size it has once drawn`, async ({
      page,
    }) => {
      await page.goto(route);
      await waitForHydration(page);
      await page.locator('pre > code').first().scrollIntoViewIfNeeded();
      const waiting = await blocks(page);
      expect(waiting.length, 'blocks on the page').toBeGreaterThan(5);
      await expect
        .poll(async () => (await blocks(page))[0].drawn, 'the first block, on the screen, is drawn')
        .toBe(true);
      expect(waiting.at(-1)!.drawn, 'the last block, far below, is not').toBe(false);
      await page.addStyleTag({content: 'pre > code { content-visibility: visible !important; }'});
      const drawn = await blocks(page);
      expect(drawn.every((block) => block.drawn)).toBe(true);
      drawn.forEach((block, i) => {
        expect(Math.abs(block.height - waiting[i].height), `block ${i}'s height`).toBeLessThanOrEqual(0.5);
        expect(block.scrolls, `block ${i} scrolls sideways as it will once drawn`).toBe(waiting[i].scrolls);
      });
    });
  }
});

for (const viewport of [
  {width: 412, height: 823},
  {width: 1280, height: 800},
]) {
  test(`${viewport.width} px wide: scrolling the quickstart to its end and back moves nothing on the screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      // Each code that was drawn at some point (a code off the screen again is skipped again).
      document.addEventListener(
        'contentvisibilityautostatechange',
        (event) => {
          if (!(event as Event & {skipped: boolean}).skipped) (event.target as HTMLElement).dataset.wasDrawn = '';
        },
        {capture: true},
      );
    });
    await page.goto('/payments/quickstart');
    await waitForHydration(page);
    await scrollToEnd(page);
    const codes = page.locator('pre > code:visible');
    expect(await codes.count()).toBeGreaterThan(5);
    expect(
      await page.locator('pre > code:visible:not([data-was-drawn])').count(),
      'every block was drawn on the way',
    ).toBe(0);
    await scrollToTop(page);
    expect(await layoutShifts(page)).toEqual([]);
  });
}

test('printed, every block is drawn whole', async ({page}) => {
  await page.goto('/payments/quickstart');
  await waitForHydration(page);
  await page.emulateMedia({media: 'print'});
  const printed = await blocks(page);
  expect(printed.length).toBeGreaterThan(5);
  expect(printed.filter((block) => !block.drawn)).toEqual([]);
});
