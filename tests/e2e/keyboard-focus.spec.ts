import {expect, test, type Page} from '@playwright/test';
import {builtSitemapPaths, waitForHydration} from '../support/site';

// Every control of every route is reached by Tab and shows a
// visible focus indicator, in light and dark mode.

interface Focused {
  key: string;
  visibleFocus: boolean;
}

/** A stable description of the focused element and whether its focus shows. */
function describeFocus(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    const ring = style.boxShadow !== 'none';
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    const href = element.getAttribute('href') ?? '';
    return {key: `${element.tagName.toLowerCase()} "${label}" ${href}`.trim(), visibleFocus: outline || ring};
  });
}

/** The controls a keyboard user must be able to reach: visible, enabled, not taken out of the tab order. */
function reachableControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')]
      .filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled)
      .filter((el) => el.checkVisibility({visibilityProperty: true}) && !el.closest('[aria-hidden="true"], [inert]'))
      .map((el) => {
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        return `${el.tagName.toLowerCase()} "${label}" ${el.getAttribute('href') ?? ''}`.trim();
      }),
  );
}

for (const path of [...builtSitemapPaths(), '/no-such-page']) {
  for (const mode of ['light', 'dark'] as const) {
    test(`every control on ${path} is reached by Tab and shows its focus (${mode})`, async ({page}) => {
      test.setTimeout(120_000);
      await page.setViewportSize({width: 1280, height: 800});
      await page.goto('/');
      await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto(path);
      await waitForHydration(page);
      const controls = await reachableControls(page);
      expect(controls.length).toBeGreaterThan(5);

      // Tab from wherever focus starts (the results page focuses its box) round
      // the whole page, through the browser's own stop, back to the first control.
      const reached = new Set<string>();
      const withoutFocusStyle = new Set<string>();
      let first: string | undefined;
      let wraps = 0;
      for (let presses = 0; presses < 600; presses += 1) {
        await page.keyboard.press('Tab');
        const focused = await describeFocus(page);
        if (!focused) {
          if (first !== undefined && ++wraps > 1) break;
          continue;
        }
        if (focused.key === first) break;
        first ??= focused.key;
        reached.add(focused.key);
        if (!focused.visibleFocus) withoutFocusStyle.add(focused.key);
      }
      expect([...withoutFocusStyle], 'focused without a visible indicator').toEqual([]);
      expect(
        controls.filter((control) => !reached.has(control)),
        'never reached by Tab',
      ).toEqual([]);
    });
  }
}
