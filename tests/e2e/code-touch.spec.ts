import {expect, test} from '@playwright/test';
import {scrollToEnd, waitForHydration} from '../support/site';

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
