import {readFileSync} from 'node:fs';
import {expect, type Page, type Response} from '@playwright/test';
import type {AxeResults, RunOptions} from 'axe-core';
import {waitForHydration} from './site';

// What the accessibility checks share: the per-route check of every route's whole visit
// (e2e/every-route.spec.ts) and the checks of the states a reader's action opens
// (e2e/accessibility.spec.ts). A route is checked with one page load, in light mode then, switched
// with the navbar's toggle, in dark mode: in each, Tab reaches every visible control and each
// focused control shows an outline or ring (at 1280 px), then axe-core finds no violation (WCAG
// 2.0–2.2 A/AA and best practices) at 1280 px and, the window narrowed, at 375 px; in dark mode axe
// runs only the rules that read colours (see axeRules).

export const modes = ['light', 'dark'] as const;
export type Mode = (typeof modes)[number];
export const desktop = {name: 'desktop', width: 1280, height: 800};
export const mobile = {name: 'mobile', width: 375, height: 812};
export type Viewport = typeof desktop;

/** The colour mode a returning reader chose, in storage before the page's own scripts run. */
export async function useColorMode(page: Page, mode: Mode): Promise<void> {
  // Only in the site's pages: about:blank, where a visit ends, has no storage to write.
  await page.addInitScript((theme) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('theme', theme);
  }, mode);
}

/** Loads `path` at `viewport`, hydrated and in `mode`; returns the document's response. */
export async function openPage(page: Page, path: string, mode: Mode, viewport: Viewport): Promise<Response | null> {
  await page.setViewportSize(viewport);
  const response = await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  return response;
}

/** Narrows the window without a reload; the navbar's menu button shows once the layout is the mobile one. */
export async function narrowTo(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
}

/** Widens the window back without a reload; the menu button goes once the layout is the desktop one. */
export async function widenTo(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
}

/**
 * Which axe rules a route's check runs in each mode. Only colours change with
 * the mode: no content is themed (no ThemedImage, nothing rendered per mode),
 * so the markup rules give the same answer twice; light runs every rule, dark
 * the two that read colours. The mode toggle, whose label names the mode, is
 * checked with every rule in both modes by "the open search" below.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];
export const axeRules = {light: 'all', dark: colourRules} as const satisfies Record<Mode, 'all' | readonly string[]>;

/** The element of each code block that holds its lines. */
const codeOfBlocks = '.theme-code-block code';

/**
 * Each block's <code> holds only its lines: no attribute but its class, no text
 * or element of its own besides them, and every line of a block is in one. So
 * axe excluding the <code> leaves out exactly the lines, plus elements no rule
 * can fail: no role, ARIA attribute, id or text of their own.
 */
async function expectCodeHoldsOnlyLines(page: Page): Promise<void> {
  const found = await page.evaluate((codeSelector) => {
    const codes = [...document.querySelectorAll(codeSelector)];
    return {
      notOnlyLines: codes
        .filter(
          (code) =>
            [...code.attributes].some((attribute) => attribute.name !== 'class') ||
            [...code.childNodes].some((node) =>
              node instanceof Element ? !node.classList.contains('token-line') : node.textContent?.trim() !== '',
            ),
        )
        .map((code) => code.outerHTML.slice(0, 80)),
      linesOutsideCode:
        document.querySelectorAll('.theme-code-block .token-line').length -
        document.querySelectorAll(`${codeSelector} > .token-line`).length,
    };
  }, codeOfBlocks);
  expect(found.notOnlyLines, 'code blocks whose <code> holds more than its lines').toEqual([]);
  expect(found.linesOutsideCode, 'code lines outside a <code>').toBe(0);
}

/**
 * Each code line's token spans replaced by the line's own text, after the light Tab walk (lines hold no control).
 * axe leaves the lines out (see `violations`) but still builds its tree over every node of the page
 * before it applies a rule, and on each run: the quickstart's 9,300 code elements were nine tenths of
 * its 10,600, and every axe run paid for them (all rules at 1280 px: 4.0 s, then 2.5 s without them;
 * a run over the 20 elements narrowing changed: from 3 s to under 1 s). The text, and so what the rest of
 * the page draws around it, stays the same. React never renders these lines again after hydration
 * (plugins/code-blocks/theme/CodeBlock/Content keeps the server's HTML of each <code>), so nothing re-renders them.
 */
export async function flattenCodeLines(page: Page): Promise<void> {
  await expectCodeHoldsOnlyLines(page);
  const text = () =>
    page.locator(codeOfBlocks).evaluateAll((codes) => codes.map((code) => code.textContent).join('\n'));
  const before = await text();
  await page.locator(`${codeOfBlocks} > .token-line`).evaluateAll((lines) => {
    for (const line of lines) line.replaceChildren(line.textContent ?? '');
  });
  expect(await text(), 'the code text once its lines are flattened').toBe(before);
}

/** The rule sets a run of every rule takes: WCAG 2.0-2.2 A and AA, and axe's best practices. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** What a run checks, as CSS selectors: the page less `exclude`, or only `include` less `exclude`. */
interface AxeContext {
  include?: string[];
  exclude: string[];
}
type AxeInPage = {axe: {run(context: AxeContext, options: RunOptions): Promise<AxeResults>}};

/**
 * axe-core's own `axe.run` in the page, its 650 kB script evaluated once per document. Through
 * @axe-core/playwright every run sent and evaluated the script again and configured axe for each
 * frame: 0.5-0.9 s more per run (on `/changelog`, 0.6-1.1 s for the colour rules against 0.13-0.16 s
 * called directly), and a route's visit runs axe three to five times. The site draws no frame, which
 * is all that wrapper adds, so a page with one fails here rather than going unchecked inside it.
 */
async function runAxe(page: Page, context: AxeContext, options: RunOptions): Promise<AxeResults> {
  expect(
    page.frames().map((frame) => frame.url()),
    'axe runs in the top document only: a frame needs axe injected into it too',
  ).toHaveLength(1);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(({runContext, runOptions}) => (window as unknown as AxeInPage).axe.run(runContext, runOptions), {
    runContext: context,
    runOptions: options,
  });
}

/** axe's violations as one line per rule: viewport, rule id, impact, first targets. */
export async function violations(
  page: Page,
  viewport: Viewport,
  include: string[] = [],
  rules: 'all' | readonly string[] = 'all',
  leaveOut: readonly string[] = [],
): Promise<string[]> {
  expect(page.viewportSize(), 'axe runs at the width it reports').toEqual({
    width: viewport.width,
    height: viewport.height,
  });
  await expectCodeHoldsOnlyLines(page);
  // axe reads colours as drawn: a link still easing from light to dark just after the mode toggle
  // reads as neither mode's colour (the wrapper's own half second used to hide that).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const context: AxeContext = {
    // Code lines hold thousands of token spans that make axe take minutes;
    // their colors are checked exhaustively by tests/unit/content/code-themes.test.ts.
    // Excluded as each block's <code>, which holds nothing but its lines (checked
    // above), rather than line by line: axe tests every node a rule selects
    // against every excluded node, and the quickstart's 1,416 lines times its
    // 8,000 elements made a run of all rules 6-7 s instead of 2-3 s.
    exclude: [codeOfBlocks],
    ...(include.length > 0 && {include}),
  };
  const options: RunOptions = {
    runOnly: rules === 'all' ? {type: 'tag', values: wcagTags} : {type: 'rule', values: [...rules]},
    rules: Object.fromEntries(leaveOut.map((id) => [id, {enabled: false}])),
    // Same rules, same nodes, less bookkeeping: passes, incomplete and
    // inapplicable results are not serialised node by node (a CSS selector
    // each). On the webhook guide, 6.4 s became 4.0 s.
    resultTypes: ['violations'],
  };
  const results = await runAxe(page, context, options);
  return results.violations.map((violation) => {
    const targets = violation.nodes
      .map((n) => n.target.join(' '))
      .slice(0, 3)
      .join(' | ');
    return `${viewport.name}: ${violation.id} (${violation.impact}) ${targets}`;
  });
}

/** Marks each element that narrowing the window changed: see `violationsAtBothWidths`. */
const changedByNarrowing = 'data-a11y-narrowed';

/**
 * What decides an element's axe results besides the layout: its attributes (roles, ARIA states, labels,
 * classes), its text, and what decides its contrast as its computed style has it (colour, background,
 * opacity, blend and filter, whether it shows at all, font size and weight: large text needs 3:1, other
 * text 4.5:1). Kept in the page, per element, by a 'baseline' call, which also clears the marks of an
 * earlier one; each 'compare' call then marks the elements whose value differs from then (or that are
 * new), and returns how many.
 */
function markChanges(page: Page, call: 'baseline' | 'compare'): Promise<number> {
  return page.evaluate(
    ({attribute, first, code}) => {
      const store = window as unknown as {before?: WeakMap<Element, string>};
      if (first) {
        store.before = new WeakMap();
        for (const marked of document.querySelectorAll(`[${attribute}]`)) marked.removeAttribute(attribute);
      }
      const before = store.before!;
      let changed = 0;
      for (const element of document.querySelectorAll('body *')) {
        // Code lines are left out of every axe run, and their <code> holds nothing else (see
        // `expectCodeHoldsOnlyLines`): a phone's smaller code type changes them all, and nothing to check.
        if (element.closest(code)) continue;
        const style = getComputedStyle(element);
        const shown = element.checkVisibility({visibilityProperty: true, opacityProperty: true});
        const value = [
          ...[...element.attributes].filter(({name}) => name !== attribute).map(({name, value}) => `${name}=${value}`),
          element.childElementCount === 0 ? element.textContent : '',
          style.color,
          style.backgroundColor,
          style.backgroundImage,
          style.opacity,
          style.mixBlendMode,
          style.filter,
          style.textShadow,
          style.fontSize,
          style.fontWeight,
          shown,
        ].join('|');
        if (first) before.set(element, value);
        else if (shown && before.get(element) !== value) {
          element.setAttribute(attribute, '');
          changed += 1;
        }
      }
      return changed;
    },
    {attribute: changedByNarrowing, first: call === 'baseline', code: codeOfBlocks},
  );
}

/**
 * The rules whose answer depends on the layout, not only on an element's markup and colours: the size
 * and spacing of targets, and which regions scroll.
 */
const layoutRules = ['target-size', 'scrollable-region-focusable'];

/**
 * axe at 1280 px then at 375 px. At 375 px every element the page draws as it did at 1280 px, with the
 * same markup, text and colours, gets the same answer from every rule but the layout ones: so those run
 * on the whole page, and, with 'changed too', the mode's other rules only on the elements narrowing
 * changed or added (the collapsed navbar and its menu button, the table of contents' dropdown, text
 * that changed size...). Checking every text twice when only the navbar changed took most of the run
 * and found nothing more. With 'layout only', the colour rules (dark mode) have nothing to run at 375 px.
 */
export async function violationsAtBothWidths(
  page: Page,
  rules: 'all' | readonly string[],
  atNarrow: 'changed too' | 'layout only',
): Promise<string[]> {
  const report = await violations(page, desktop, [], rules);
  if (atNarrow === 'layout only') {
    if (rules !== 'all') return report;
    await narrowTo(page, mobile);
    return [...report, ...(await violations(page, mobile, [], layoutRules))];
  }
  await markChanges(page, 'baseline');
  await narrowTo(page, mobile);
  const changed = await markChanges(page, 'compare');
  if (rules === 'all') report.push(...(await violations(page, mobile, [], layoutRules)));
  if (changed > 0) {
    report.push(
      ...(await violations(page, mobile, [`[${changedByNarrowing}]`], rules, rules === 'all' ? layoutRules : [])),
    );
  }
  return report;
}

const tool = (page: Page, heading: string) =>
  page.locator('section').filter({has: page.getByRole('heading', {name: heading})});

/**
 * On a page with the webhook tools, shows what they show once used: the
 * checker's verdict and diagnosis, the generator's secret and signed command.
 * The route's Tab walk and axe then cover those too. Each tool's code loads as
 * the reader nears it.
 */
export async function showToolResults(page: Page): Promise<void> {
  for (const shell of await page.locator('[data-load-on-approach]').all()) {
    await shell.scrollIntoViewIfNeeded();
    await expect(shell).toHaveAttribute('data-load-on-approach', 'ready');
  }
  const checker = tool(page, 'Signature checker');
  if ((await checker.count()) > 0) {
    await checker.getByRole('button', {name: 'Use the official example'}).click();
    await expect(checker.getByText('Verified: this delivery is authentic.')).toBeVisible();
    await checker.getByLabel('Endpoint secret (whsec_…)', {exact: true}).fill('whsec_abc!');
    await checker.getByRole('button', {name: 'Check signature'}).click();
    await expect(checker.locator('[data-step="secret"]')).toContainText('not valid base64');
  }
  const generator = tool(page, 'Signed test-event generator');
  if ((await generator.count()) > 0) {
    await generator.getByRole('button', {name: 'Generate a test secret'}).click();
    await generator.getByRole('button', {name: 'Sign a test event'}).click();
    await expect(generator.locator('pre').first()).toContainText('webhook-signature: v1,');
  }
  // The tools' clicks scrolled the page up and down.
  await scrollToTop(page);
}

/**
 * Up to the top, and on until the page has seen that scroll: a scroll event still on its way could
 * show the back-to-top button after this. At the top that button (on doc pages) hides, in a
 * transition: it is not a control to reach there. Its visibility, not its box: a box also reads as
 * hidden while it starts to grow in.
 */
export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (window.scrollY === 0) return resolve();
        window.addEventListener('scroll', () => resolve(), {once: true});
        window.scrollTo(0, 0);
      }),
  );
  const backToTop = page.locator('button[aria-label="Scroll back to top"]');
  if ((await backToTop.count()) > 0) await expect(backToTop).toHaveCSS('visibility', 'hidden');
}

interface Focused {
  key: string;
  /** The element itself, numbered in the page: two links can share a key. */
  element: number;
  visibleFocus: boolean;
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

/**
 * Records, in the page, each element that receives focus and whether its focus
 * shows (an outline of at least 1 px, or a ring). Transitions are cut to zero
 * while it records, so the style read at focus time is the style a reader ends
 * up seeing; `stopRecordingFocus` puts them back. A second walk in the same
 * page starts a new log and keeps the one listener and its element numbers.
 */
async function recordFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'focus-recorder';
    style.textContent =
      '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; }';
    document.head.append(style);
    const store = window as unknown as {focusLog?: Focused[]};
    const listening = store.focusLog !== undefined;
    store.focusLog = [];
    if (listening) return;
    const numbers = new WeakMap<Element, number>();
    let numbered = 0;
    document.addEventListener('focusin', (event) => {
      const element = event.target as HTMLElement;
      const computed = getComputedStyle(element);
      const outline = computed.outlineStyle !== 'none' && parseFloat(computed.outlineWidth) >= 1;
      const ring = computed.boxShadow !== 'none';
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const href = element.getAttribute('href') ?? '';
      if (!numbers.has(element)) numbers.set(element, (numbered += 1));
      store.focusLog?.push({
        key: `${element.tagName.toLowerCase()} "${label}" ${href}`.trim(),
        element: numbers.get(element)!,
        visibleFocus: outline || ring,
      });
    });
  });
}

/** The focus changes recorded since the last call. */
function recordedFocus(page: Page): Promise<Focused[]> {
  return page.evaluate(() => (window as unknown as {focusLog: Focused[]}).focusLog.splice(0));
}

async function stopRecordingFocus(page: Page): Promise<void> {
  await page.evaluate(() => document.getElementById('focus-recorder')?.remove());
}

/**
 * Tabs from wherever focus starts (the results page focuses its box) round the
 * whole page, through the browser's own stop, back to the first control; returns
 * the controls never reached and those focused without a visible indicator.
 * Tab is pressed in runs of 20 between readings of the page's focus log; a run
 * may go past the first control again, which changes nothing.
 */
export async function walkTabOrder(page: Page): Promise<{unreached: string[]; withoutFocusStyle: string[]}> {
  const controls = await reachableControls(page);
  expect(controls.length).toBeGreaterThan(5);
  await recordFocus(page);
  const reached = new Set<string>();
  const withoutFocusStyle = new Set<string>();
  let first: number | undefined;
  let wrapped = false;
  for (let presses = 0; presses < 600 && !wrapped; presses += 20) {
    // Sent together, not awaited one by one: the keys still arrive in order, and each stop is in the log.
    await Promise.all(Array.from({length: 20}, () => page.keyboard.press('Tab')));
    for (const focused of await recordedFocus(page)) {
      if (focused.element === first) {
        wrapped = true;
        break;
      }
      first ??= focused.element;
      reached.add(focused.key);
      if (!focused.visibleFocus) withoutFocusStyle.add(focused.key);
    }
  }
  await stopRecordingFocus(page);
  expect(wrapped, 'Tab came back round to the first control').toBe(true);
  return {unreached: controls.filter((control) => !reached.has(control)), withoutFocusStyle: [...withoutFocusStyle]};
}
