import {expect, test, type Locator, type Page} from '@playwright/test';
import {waitForHydration} from '../support/site';

// Markdown tables scroll sideways when they are wider than the column (Infima). One that hides
// columns says so under it (src/internal/ScrollableTable), until the reader has scrolled to its end.
// `/payments/` has seven tables: at 375 px each is wider than the column, at 1280 px three fit.

const cueText = 'Scroll sideways for more columns →';
const tables = (page: Page) => page.locator('article table');
/** The cue of a table: the element right after it, when it is the cue. */
const cueOf = (table: Locator) => table.locator('xpath=following-sibling::*[1][self::span]');

/** Each table: whether it hides columns, and whether a cue follows it. */
function overflowAndCues(page: Page) {
  return tables(page).evaluateAll((all) =>
    all.map((table) => ({
      hidesColumns: table.scrollWidth > table.clientWidth + 1,
      cue: table.nextElementSibling?.matches('span') ? table.nextElementSibling.textContent : null,
    })),
  );
}

/** For each table, the distance from its bottom to the top of the first element after it that is not its cue. */
function gapsAfterTables(page: Page) {
  return tables(page).evaluateAll((all) =>
    all.map((table) => {
      let next = table.nextElementSibling;
      if (next?.matches('span')) next = next.nextElementSibling;
      return next ? Math.round(next.getBoundingClientRect().top - table.getBoundingClientRect().bottom) : null;
    }),
  );
}

for (const {width, hiding} of [
  {width: 375, hiding: 7},
  {width: 1280, hiding: 4},
]) {
  test(`at ${width} px, a table that hides columns says so under it, one that fits says nothing, and no cue moves what follows`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({width, height: 800});
    await page.goto('/payments/');
    await waitForHydration(page);
    await expect(page.getByText(cueText)).toHaveCount(hiding);
    const found = await overflowAndCues(page);
    expect(found).toHaveLength(7);
    // Each drawn, with or without scripts: the page is whole, so none is held back as unfinished (src/css/custom.css).
    for (const table of await tables(page).all()) await expect(table).toBeVisible();
    expect(found.filter(({hidesColumns}) => hidesColumns)).toHaveLength(hiding);
    for (const [i, {hidesColumns, cue}] of found.entries()) {
      expect(cue, `table ${i + 1}`).toBe(hidesColumns ? cueText : null);
    }
    for (const cue of await page.getByText(cueText).all()) {
      await cue.scrollIntoViewIfNeeded();
      await expect(cue).toBeVisible();
      // In the table's bottom margin: under the table, over nothing that follows.
      const tableBox = (await cue.locator('xpath=preceding-sibling::table[1]').boundingBox())!;
      const cueBox = (await cue.boundingBox())!;
      expect(cueBox.y).toBeGreaterThanOrEqual(tableBox.y + tableBox.height - 1);
      const next = cue.locator('xpath=following-sibling::*[1]');
      if ((await next.count()) > 0)
        expect(cueBox.y + cueBox.height).toBeLessThanOrEqual((await next.boundingBox())!.y + 1);
    }
    // What follows each table sits where the server's HTML alone puts it (no script, so no cue).
    const serverOnly = await browser.newContext({javaScriptEnabled: false, viewport: {width, height: 800}});
    const plain = await serverOnly.newPage();
    await plain.goto('/payments/');
    await expect(tables(plain)).toHaveCount(7);
    for (const table of await tables(plain).all()) await expect(table).toBeVisible();
    expect(await gapsAfterTables(page)).toEqual(await gapsAfterTables(plain));
    await serverOnly.close();
  });
}

test('the cue goes once the reader scrolls the table to its last column, and comes back when they scroll back', async ({
  page,
}) => {
  await page.setViewportSize({width: 375, height: 800});
  await page.goto('/payments/');
  await waitForHydration(page);
  const table = tables(page).first();
  await table.scrollIntoViewIfNeeded();
  await expect(cueOf(table)).toHaveText(cueText);
  // A sideways swipe or Shift+wheel over the table.
  await table.hover();
  await page.mouse.wheel(2_000, 0);
  await expect.poll(() => table.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true);
  await expect(cueOf(table)).toHaveCount(0);
  await page.mouse.wheel(-2_000, 0);
  await expect(cueOf(table)).toHaveText(cueText);
  // From the keyboard: the table takes focus, and the arrow keys scroll it.
  await table.focus();
  for (let i = 0; i < 40 && (await cueOf(table).count()) > 0; i += 1) await page.keyboard.press('ArrowRight');
  await expect(cueOf(table)).toHaveCount(0);
  await expect(table).toBeFocused();
});
