import {expect, test, type Locator, type Page} from '@playwright/test';
import {scrollToEnd, switchToDarkMode, waitForHydration} from '../support/site';

// A phone: a touch screen (no hover, which is what shows the buttons elsewhere) 375 px wide.
test.use({hasTouch: true, viewport: {width: 375, height: 740}});

test('on a touch screen every code block shows Copy, and word wrap where it scrolls sideways, in its title bar: over none of its code nor its title', async ({
  page,
}) => {
  await page.goto('/payments/quickstart');
  await waitForHydration(page);
  const copyButtons = page.locator('.theme-code-block button[aria-label="Copy code to clipboard"]');
  // The buttons come when the browser is first idle after the page loads; a block learns whether it
  // scrolls sideways (and so has the word wrap button) as it nears the screen: scrolled to the end.
  await expect(copyButtons.first()).toBeAttached();
  await scrollToEnd(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(() =>
      page.locator('.theme-code-block').evaluateAll(
        (all) =>
          all.filter((block) => {
            const pre = block.querySelector('pre');
            return block.getBoundingClientRect().height > 0 && pre && pre.scrollWidth > pre.clientWidth;
          }).length -
          all.filter(
            (block) => block.getBoundingClientRect().height > 0 && block.querySelectorAll('button').length === 2,
          ).length,
      ),
    )
    .toBe(0);
  const blocks = await page.locator('.theme-code-block').evaluateAll((all) =>
    all
      // Blocks of the tabs not chosen are not displayed.
      .filter((block) => block.getBoundingClientRect().height > 0)
      .map((block) => {
        const copy = block.querySelector('button[aria-label="Copy code to clipboard"]');
        const group = copy?.parentElement?.getBoundingClientRect();
        const title = block.children.length > 1 ? block.children[0] : undefined;
        const titleText = title ? document.createRange() : undefined;
        titleText?.selectNodeContents(title!);
        const firstLine = block.querySelector('.token-line')?.getBoundingClientRect();
        const scrolls = (block.querySelector('pre')?.scrollWidth ?? 0) > (block.querySelector('pre')?.clientWidth ?? 0);
        return {
          title: title?.textContent ?? `(no title) ${block.querySelector('.token-line')?.textContent ?? ''}`,
          copyOpacity: copy ? getComputedStyle(copy).opacity : 'no Copy button',
          wrapButton: block.querySelectorAll('button').length === 2,
          scrolls,
          group: group && {top: group.top, bottom: group.bottom, left: group.left},
          bar: title?.getBoundingClientRect(),
          titleTextRight: titleText?.getBoundingClientRect().right,
          firstLineTop: firstLine?.top,
        };
      }),
  );
  expect(blocks.length, 'blocks shown on the quickstart').toBeGreaterThanOrEqual(10);
  const problems = blocks.flatMap((block) => {
    const found: string[] = [];
    if (block.copyOpacity !== '1') found.push(`Copy button opacity ${block.copyOpacity}`);
    if (block.wrapButton !== block.scrolls)
      found.push(`word wrap button ${block.wrapButton}, scrolls ${block.scrolls}`);
    const {group, bar, titleTextRight, firstLineTop} = block;
    if (!group || firstLineTop === undefined) return [...found, 'no buttons or no code line'];
    if (group.bottom > firstLineTop) found.push(`buttons over the code: bottom ${group.bottom} > ${firstLineTop}`);
    if (bar) {
      if (group.top < bar.top || group.bottom > bar.bottom) found.push('buttons outside the title bar');
      if (titleTextRight! > group.left) found.push(`title under the buttons: ${titleTextRight} > ${group.left}`);
    }
    return found.map((problem) => `${block.title}: ${problem}`);
  });
  expect(problems).toEqual([]);
  // Blocks with a title and without one are both on the page.
  expect(blocks.some(({bar}) => bar)).toBe(true);
  expect(blocks.some(({bar}) => !bar)).toBe(true);
});

test('on a phone a line of code shows at least 40 characters, in 13 px type', async ({page}) => {
  await page.goto('/payments/quickstart');
  const pre = page.locator('.theme-code-block pre').first();
  const {fontSize, characters} = await pre.evaluate((element) => {
    // The width of one character: a probe of 100 in the block's own type, measured and taken out.
    const probe = document.createElement('span');
    probe.textContent = 'x'.repeat(100);
    const line = element.querySelector('.token-line')!;
    line.append(probe);
    const width = probe.getBoundingClientRect().width / 100;
    probe.remove();
    const code = element.querySelector('code')!;
    const padding = parseFloat(getComputedStyle(code).paddingLeft) + parseFloat(getComputedStyle(code).paddingRight);
    return {fontSize: getComputedStyle(line).fontSize, characters: Math.floor((element.clientWidth - padding) / width)};
  });
  expect(fontSize).toBe('13px');
  expect(characters).toBeGreaterThanOrEqual(40);
});

/** The mean colour of a few pixels of the screen, as drawn: a screenshot of them, decoded by the page. */
async function drawnColour(page: Page, clip: {x: number; y: number; width: number; height: number}) {
  const png = (await page.screenshot({clip})).toString('base64');
  return page.evaluate(async (data) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c += 1) sum[c] += pixels[i + c];
    return sum.map((total) => total / (pixels.length / 4));
  }, png);
}

/**
 * How far each edge of a block's code box is drawn from the box's own background, in levels of 255
 * (the mean over red, green and blue): strips 4 px wide at its left and right edges against one in
 * its middle, all in the top margin, above the first line, where nothing but the background is drawn.
 */
async function edgeShading(page: Page, pre: Locator): Promise<{left: number; right: number}> {
  await pre.scrollIntoViewIfNeeded();
  const box = (await pre.boundingBox())!;
  const strip = (x: number) => ({x, y: box.y + 7, width: 4, height: 4});
  const background = await drawnColour(page, strip(box.x + box.width / 2));
  const away = async (x: number) => {
    const colour = await drawnColour(page, strip(x));
    return colour.reduce((sum, value, c) => sum + Math.abs(value - background[c]), 0) / 3;
  };
  return {left: await away(box.x + 1), right: await away(box.x + box.width - 5)};
}

test('on a phone a block that scrolls sideways is shaded at the edge with more code, in light and dark mode; one that fits is not', async ({
  page,
}) => {
  await page.goto('/payments/quickstart');
  await waitForHydration(page);
  const shown = page.locator('.theme-code-block pre').filter({visible: true});
  const sideways = await shown.evaluateAll((all) => all.map((pre) => pre.scrollWidth > pre.clientWidth));
  // The first block shown that scrolls sideways, and the first that fits.
  expect(sideways).toContain(true);
  expect(sideways).toContain(false);
  const wide = shown.nth(sideways.indexOf(true));
  const fits = shown.nth(sideways.indexOf(false));
  // Seen at a glance: 12 levels of 255 and more; not at all: 2 and less.
  const seen = 12;
  const none = 2;
  for (const mode of ['light', 'dark']) {
    if (mode === 'dark') {
      // The toggle is in the navbar at desktop width (on a phone, in the menu).
      const phone = page.viewportSize()!;
      await page.setViewportSize({width: 1280, height: 800});
      await switchToDarkMode(page);
      await page.setViewportSize(phone);
    }
    const atStart = await edgeShading(page, wide);
    expect(atStart.right, `${mode}: more code to the right`).toBeGreaterThanOrEqual(seen);
    expect(atStart.left, `${mode}: nothing to the left`).toBeLessThanOrEqual(none);
    // Swiped to its end, as a reader reads the rest of the line.
    const box = (await wide.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(10_000, 0);
    await expect.poll(() => wide.evaluate((pre) => pre.scrollLeft + pre.clientWidth >= pre.scrollWidth - 1)).toBe(true);
    const atEnd = await edgeShading(page, wide);
    expect(atEnd.right, `${mode}: scrolled to the end, nothing to the right`).toBeLessThanOrEqual(none);
    expect(atEnd.left, `${mode}: scrolled to the end, more code to the left`).toBeGreaterThanOrEqual(seen);
    await wide.evaluate((pre) => pre.scrollTo({left: 0}));
    const fitting = await edgeShading(page, fits);
    expect(Math.max(fitting.left, fitting.right), `${mode}: a block that fits`).toBeLessThanOrEqual(none);
  }
});
