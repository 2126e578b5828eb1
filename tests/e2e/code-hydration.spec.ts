import {readFileSync} from 'node:fs';
import {expect, test, type Locator, type Page} from '@playwright/test';
import {turnOffPrefetching} from '../support/first-load';
import {layoutShifts} from '../support/layout-shifts';
import {recordRequests} from '../support/network';
import {inBuild, inSite, routes, waitForHydration, waitForTwoIdlePeriods} from '../support/site';
import {expectedSampleCode, sampleFileOf} from '../support/sample-part';

// Code blocks a page's HTML brings are kept as the server rendered them: the
// browser neither tokenizes them again nor builds their spans again, and their
// colours come from classes that follow the colour mode. The browser's page
// chunks carry no code text: a block the browser renders itself (after a
// client-side navigation) gets it from its page's code chunk, loaded with the
// page's module; Copy reads the block it is on.

/** Counts elements removed from inside code blocks, from the first byte of the page on. */
async function countCodeElementsRemoved(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as {codeElementsRemoved: number};
    counter.codeElementsRemoved = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        const inCode = record.target instanceof Element && record.target.closest('.theme-code-block') !== null;
        for (const node of record.removedNodes) {
          if (!(node instanceof Element)) continue;
          for (const block of inCode ? [node] : [node, ...node.querySelectorAll('.theme-code-block')]) {
            if (inCode || block.matches('.theme-code-block')) {
              counter.codeElementsRemoved += 1 + block.querySelectorAll('*').length;
            }
          }
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
}

/**
 * Records, from the end of the HTML's parsing on, every moment the page showed
 * a code block without its code (checked then and after each DOM change, before
 * the browser paints it): a flash of empty blocks. Not while the HTML is still
 * being parsed: the parser stops wherever a network packet ends, and one that
 * ends just after a block's `<code>` tag leaves it empty until the next packet
 * (seen as "1 empty (loading, hydrated false)" in 3 of 40 runs), which no
 * script of ours can cause or change.
 */
async function recordEmptyBlocks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as {emptyBlocksShown: string[]}).emptyBlocksShown = seen;
    const check = () => {
      if (document.readyState === 'loading') return;
      const empty = [...document.querySelectorAll('.theme-code-block code')].filter((code) => code.textContent === '');
      if (empty.length > 0) seen.push(`${location.pathname}: ${empty.length} empty`);
    };
    document.addEventListener('DOMContentLoaded', check);
    new MutationObserver(check).observe(document, {childList: true, subtree: true, characterData: true});
  });
}
const emptyBlocksShown = (page: Page) =>
  page.evaluate(() => (window as unknown as {emptyBlocksShown: string[]}).emptyBlocksShown);

/** Waits until every code block has its buttons: they appear in the first render after hydration. */
async function waitForCodeButtons(page: Page): Promise<number> {
  const blocks = page.locator('.theme-code-block');
  const count = await blocks.count();
  // Hidden tab panels' blocks too, so not by role (a role query skips hidden elements).
  await expect(
    page.locator('.theme-code-block').filter({has: page.locator('button[aria-label="Copy code to clipboard"]')}),
  ).toHaveCount(count);
  return count;
}

/** Token spans in code blocks: all of them, those React created or hydrated, and those with an inline style. */
function tokenSpans(page: Page) {
  return page.evaluate(() => {
    const spans = [...document.querySelectorAll('.theme-code-block code span.token')];
    const known = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const buttons = [...document.querySelectorAll('.theme-code-block button')];
    return {
      spans: spans.length,
      knownToReact: spans.filter(known).length,
      styled: spans.filter((span) => span.hasAttribute('style')).length,
      buttonsKnownToReact: buttons.filter(known).length,
      buttons: buttons.length,
      removed: (window as unknown as {codeElementsRemoved: number}).codeElementsRemoved,
    };
  });
}

interface ShownBlock {
  /** The block's title: a sample's path, `examples/…`. */
  title: string;
  /** The code as the block shows it, line by line. */
  code: string;
}

/** Every code block of the page, hidden tab panels' included, as it shows its code. */
function shownBlocks(page: Page): Promise<ShownBlock[]> {
  return page.locator('.theme-code-block').evaluateAll((blocks) =>
    blocks.map((block) => ({
      title: block.querySelector('[class*="codeBlockTitle"]')?.textContent ?? '',
      code: [...block.querySelectorAll('.token-line')].map((line) => line.textContent).join('\n'),
    })),
  );
}

/** A sample file, or the lines of it that the title names, as the page should show it. */
function sampleFile(title: string): string {
  const file = readFileSync(inSite(sampleFileOf(title)), 'utf8');
  expect(file.endsWith('\n'), `${title} ends with a line break`).toBe(true);
  return expectedSampleCode(title);
}

/** Every block shows code, and every sample block its whole file; returns the number of samples. */
async function expectEveryBlockShown(page: Page): Promise<number> {
  const blocks = await shownBlocks(page);
  expect(blocks.length).toBeGreaterThan(10);
  expect(blocks.filter((block) => block.code.trim() === '').map((block) => block.title)).toEqual([]);
  const samples = blocks.filter((block) => block.title.startsWith('examples/'));
  for (const {title, code} of samples) expect(code, title).toBe(sampleFile(title));
  return samples.length;
}

test.describe('with JavaScript off', () => {
  test.use({javaScriptEnabled: false});
  for (const route of [routes.quickstart, routes.webhookGuide, '/api/payments']) {
    test(`${route}: the server's HTML has every block's code, every tab's sample exactly its file`, async ({page}) => {
      await page.goto(route);
      expect(await expectEveryBlockShown(page)).toBeGreaterThan(route === '/api/payments' ? 2 : 10);
    });
  }
});

for (const route of [routes.quickstart, routes.webhookGuide, '/api/payments', '/api/objects']) {
  test(`${route}: a full load fetches no code text, before hydration or after it`, async ({page}) => {
    await turnOffPrefetching(page); // prefetched chunks are other pages' business
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text());
    });
    const network = recordRequests(page);
    await page.goto(route);
    await waitForHydration(page);
    await network.quiet();
    const loaded = await Promise.all(scripts);
    // Lines of code, not of prose: long, and not in the page's prose. A bundle writes a line as it is, or escaped as in JSON.
    const prose = await page.locator('article').evaluate((article) => {
      const copy = article.cloneNode(true) as Element;
      copy.querySelectorAll('.theme-code-block').forEach((block) => block.remove());
      return copy.textContent;
    });
    const lines = (await shownBlocks(page))
      .flatMap((block) => block.code.split('\n'))
      .map((line) => line.trim())
      .filter((line) => line.length >= 24 && !line.includes('\\') && !prose.includes(line));
    expect(lines.length, 'code lines to look for').toBeGreaterThan(route.startsWith('/api/') ? 5 : 50);
    const inScripts = lines.filter((line) =>
      loaded.some((script) => script.includes(line) || script.includes(JSON.stringify(line).slice(1, -1))),
    );
    expect(inScripts, 'code lines the browser downloaded').toEqual([]);
  });
}

test('a full load keeps the server-rendered code: no token span is hydrated, rebuilt or given an inline style', async ({
  page,
}) => {
  await countCodeElementsRemoved(page);
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  const blocks = await waitForCodeButtons(page);
  expect(blocks).toBeGreaterThan(10);
  const found = await tokenSpans(page);
  expect(found.spans).toBeGreaterThan(2000);
  // React hydrated the page around the code (its buttons are React's), not the code itself.
  expect(found.buttonsKnownToReact).toBe(found.buttons);
  expect(found.knownToReact).toBe(0);
  expect(found.removed).toBe(0);
  expect(found.styled).toBe(0);
});

/**
 * Counts, for each code block's `<code>`, the commits that gave it new props (React renders a
 * component's elements with new props objects each time it renders it): a stand-in for React's
 * devtools hook, which React's production build calls after every commit.
 */
async function countCodeRenders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts = new Map<Element, {props: unknown; renders: number}>();
    const commits = {count: 0};
    Object.assign(window, {codeRenders: counts, reactCommits: commits});
    const propsOf = (element: Element) => {
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      return key === undefined ? undefined : (element as unknown as Record<string, unknown>)[key];
    };
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: () => {
          commits.count += 1;
          for (const code of document.querySelectorAll('.theme-code-block code')) {
            const props = propsOf(code);
            const seen = counts.get(code);
            // Until React has hydrated an element, it has no props: its first props are not a second render.
            if (seen?.props === undefined) counts.set(code, {props, renders: 0});
            else if (seen.props !== props) counts.set(code, {props, renders: seen.renders + 1});
          }
        },
      },
    });
  });
}

// Two things rendered every block again right after hydration, for nothing: the hook that tells a
// kept block (src/internal/useServerRendered.ts) gave React two snapshots that differed, which React
// settles with a synchronous render; and the colour mode context changed its `colorModeChoice` from
// the server's null to the page's "light" (the theme-common patch). At 1280 px most blocks of the
// quickstart fit, so they get no word wrap button, the one thing that should render them again.
test('after hydration, React renders no kept code block again unless its word wrap button comes', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await countCodeRenders(page);
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  const blocks = await waitForCodeButtons(page);
  await waitForTwoIdlePeriods(page);
  const found = await page.evaluate(() => {
    const {codeRenders, reactCommits} = window as unknown as {
      codeRenders: Map<Element, {renders: number}>;
      reactCommits: {count: number};
    };
    const withoutWrap = [...codeRenders].filter(
      ([code]) => !code.closest('.theme-code-block')!.querySelector('button[aria-label="Toggle word wrap"]'),
    );
    return {
      commits: reactCommits.count,
      watched: codeRenders.size,
      withoutWrap: withoutWrap.length,
      renderedAgain: withoutWrap.filter(([, {renders}]) => renders > 0).map(([, {renders}]) => renders),
    };
  });
  // The counter saw React commit and every block of the page, most of them without a word wrap button.
  expect(found.commits).toBeGreaterThan(1);
  expect(found.watched).toBe(blocks);
  expect(found.withoutWrap).toBeGreaterThan(20);
  expect(found.renderedAgain).toEqual([]);
});

test('the built HTML colours code tokens with classes, never inline styles', () => {
  const html = readFileSync(inBuild(routes.quickstart, 'index.html'), 'utf8');
  expect(html).toContain('class="token keyword');
  expect(html).not.toMatch(/<span class="?token[^>]*style=/);
  expect(html).not.toMatch(/class="?token-line"? style=/);
});

const keyword = (page: Page) => page.locator('.theme-code-block code span.token.keyword').first();
const tokenColour = (page: Page) =>
  keyword(page).evaluate((span) => {
    const {color, fontStyle} = getComputedStyle(span);
    return {color, fontStyle};
  });

test('code tokens take the colours of the reader’s mode on a full load, and follow a switch of mode', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  await waitForCodeButtons(page);
  // Dracula's keyword, as plugins/code-blocks/codeThemes.ts keeps it.
  expect(await tokenColour(page)).toEqual({color: 'rgb(189, 147, 249)', fontStyle: 'italic'});
  await page.getByRole('button', {name: /dark mode|light mode|system mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // VS light's keyword.
  await expect.poll(() => tokenColour(page)).toEqual({color: 'rgb(0, 0, 255)', fontStyle: 'normal'});
});

/** Clicks a link of the docs sidebar and waits for its page (a client-side navigation). */
async function followSidebarLink(page: Page, to: string, heading: string): Promise<void> {
  await page.locator(`.theme-doc-sidebar-container a[href="${to}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${to}$`));
  await expect(page.locator('h1')).toHaveText(heading);
}

test('a client-side navigation renders code in the browser, coloured for the reader’s mode, and follows a switch', async ({
  page,
}) => {
  await page.goto(routes.welcome);
  await waitForHydration(page);
  await followSidebarLink(page, routes.quickstart, 'Quickstart');
  await waitForCodeButtons(page);
  const found = await tokenSpans(page);
  expect(found.spans).toBeGreaterThan(2000);
  // Rendered by React in the browser this time, not kept from a server's HTML.
  expect(found.knownToReact).toBe(found.spans);
  // VS light's keyword, then Dracula's after a switch to dark mode.
  expect(await tokenColour(page)).toEqual({color: 'rgb(0, 0, 255)', fontStyle: 'normal'});
  await page.getByRole('button', {name: /dark mode|light mode|system mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => tokenColour(page)).toEqual({color: 'rgb(189, 147, 249)', fontStyle: 'italic'});
});

test('client-side navigations, back and forward show every block with its code from the first frame, never empty', async ({
  page,
}) => {
  await recordEmptyBlocks(page);
  const network = recordRequests(page);
  await page.goto(routes.welcome);
  await waitForHydration(page);
  await followSidebarLink(page, routes.quickstart, 'Quickstart');
  expect(await expectEveryBlockShown(page)).toBeGreaterThan(10);
  // The page's code came in a chunk of its own, with the page.
  expect(network.paths().filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
  await page.goBack();
  await expect(page.locator('h1')).toHaveText('Welcome');
  await page.goForward();
  await expect(page.locator('h1')).toHaveText('Quickstart');
  await expectEveryBlockShown(page);
  // Tabs still switch together, and the picked tab's block has its file.
  await page.getByRole('tab', {name: 'Python'}).first().click();
  const python = page.locator('[role="tabpanel"]:not([hidden]) .theme-code-block').first();
  const title = (await python.locator('[class*="codeBlockTitle"]').textContent()) ?? '';
  expect(title).toMatch(/^examples\/.+\.py$/);
  expect(await python.locator('.token-line').allTextContents()).toEqual(sampleFile(title).split('\n'));
  await followSidebarLink(page, routes.webhookGuide, 'Webhook guide');
  await expectEveryBlockShown(page);
  await page.goBack();
  await expect(page.locator('h1')).toHaveText('Quickstart');
  await expectEveryBlockShown(page);
  expect(await emptyBlocksShown(page)).toEqual([]);
});

test('leaving a page the server rendered and coming back shows its code again, with no empty block', async ({page}) => {
  await recordEmptyBlocks(page);
  const network = recordRequests(page);
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  await followSidebarLink(page, routes.webhookGuide, 'Webhook guide');
  // A reader reads the guide for a moment: the quickstart's code, loaded as it was left, has come.
  await network.quiet();
  await page.goBack();
  await expect(page.locator('h1')).toHaveText('Quickstart');
  expect(await expectEveryBlockShown(page)).toBeGreaterThan(10);
  expect(await emptyBlocksShown(page)).toEqual([]);
});

test.describe('Copy', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  /** Copies each tab's sample of the page's first language group and checks it against its file. */
  async function copyEachTab(page: Page): Promise<void> {
    const group = page
      .locator('.tabs-container')
      .filter({has: page.getByRole('tab', {name: 'curl'})})
      .first();
    for (const label of ['curl', 'Node.js', 'Python']) {
      await group.getByRole('tab', {name: label, exact: true}).click();
      const block = group.locator('[role="tabpanel"]:not([hidden]) .theme-code-block');
      const title = (await block.locator('[class*="codeBlockTitle"]').textContent()) ?? '';
      await block.hover();
      await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
      await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied, `${label}: ${title?.slice(0, 60)}`).toBe(sampleFile(title));
    }
  }

  test('copies the exact sample file of each tab after a full load', async ({page}) => {
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await copyEachTab(page);
  });

  test('copies the exact sample file of each tab after a client-side navigation', async ({page}) => {
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await followSidebarLink(page, routes.quickstart, 'Quickstart');
    await copyEachTab(page);
  });
});

/** Whether a code block's `<pre>` scrolls sideways (what earns it a word wrap button). */
const scrollsSideways = (block: Locator) =>
  block.locator('pre').evaluate((element) => element.scrollWidth > element.clientWidth);

interface BlockWidth {
  title: string;
  scrollsSideways: boolean;
  wordWrapButtons: number;
}

/**
 * Each code block the page shows (in a shown tab; with `onScreen`, only those in the window now), read in
 * one go: whether it scrolls sideways and how many word wrap buttons it has. One reading of the page, not
 * a round trip per block: the quickstart has over a hundred.
 */
function readBlockWidths(page: Page, onScreen: boolean): Promise<BlockWidth[]> {
  return page.evaluate((onlyOnScreen) => {
    return [...document.querySelectorAll<HTMLElement>('.theme-code-block')]
      .filter((block) => block.checkVisibility())
      .filter((block) => {
        const {top, bottom} = block.getBoundingClientRect();
        return !onlyOnScreen || (bottom > 0 && top < window.innerHeight);
      })
      .map((block) => {
        const pre = block.querySelector('pre')!;
        const title = block.querySelector('[class*="codeBlockTitle"]')?.textContent ?? pre.textContent ?? '';
        return {
          title: title.slice(0, 60),
          scrollsSideways: pre.scrollWidth > pre.clientWidth,
          wordWrapButtons: block.querySelectorAll('button[aria-label="Toggle word wrap"]').length,
        };
      });
  }, onScreen);
}

/** Turns word wrap on for the first shown block that scrolls sideways, and checks it no longer does. */
async function wrapFirstWideBlock(page: Page): Promise<void> {
  let wide: Locator | undefined;
  for (const block of await page.locator('.theme-code-block:visible').all()) {
    if (await scrollsSideways(block)) {
      wide = block;
      break;
    }
  }
  if (wide === undefined) throw new Error('no shown code block scrolls sideways');
  await wide.scrollIntoViewIfNeeded();
  await wide.hover();
  await wide.getByRole('button', {name: 'Toggle word wrap'}).click();
  await expect(wide.locator('code')).toHaveCSS('white-space', 'pre-wrap');
  expect(await scrollsSideways(wide)).toBe(false);
}

test.describe('on a phone', () => {
  test.use({viewport: {width: 375, height: 740}});

  test('word wrap wraps a kept block and a block rendered after a client-side navigation', async ({page}) => {
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await waitForCodeButtons(page);
    await wrapFirstWideBlock(page);
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await page.getByRole('button', {name: /Toggle navigation bar/}).click();
    await page.locator(`.navbar-sidebar a[href="${routes.webhookGuide}"]`).first().click();
    await expect(page.locator('h1')).toHaveText('Webhook guide');
    await wrapFirstWideBlock(page);
  });
});

test('every block of a full load gets the word wrap button exactly when it scrolls sideways, those far down the page and in tabs hidden at load included', async ({
  page,
}) => {
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  await waitForCodeButtons(page);
  // The create-payment group has all three languages (the receiver's has two).
  const tabs = page.locator('.tabs-container').filter({hasText: 'examples/api/create-payment.sh'}).first();
  let wide = 0;
  let narrow = 0;
  // Tabs are synced: each label shows its panel in every group, the panels hidden at load included.
  for (const label of ['curl', 'Node.js', 'Python']) {
    const tab = tabs.getByRole('tab', {name: label, exact: true});
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // Down the page a screen at a time, as a reader scrolls: a block of a panel hidden at load is measured
    // as it nears the window, so each screen is read again until its blocks match.
    await page.evaluate(() => window.scrollTo(0, 0));
    const seen = new Map<string, boolean>();
    for (let more = true; more;) {
      await expect
        .poll(
          async () => {
            const blocks = await readBlockWidths(page, true);
            for (const block of blocks) seen.set(block.title, block.scrollsSideways);
            return blocks.filter((block) => block.wordWrapButtons !== (block.scrollsSideways ? 1 : 0));
          },
          {message: `${label}: blocks whose word wrap button does not match whether they scroll sideways`},
        )
        .toEqual([]);
      more = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight);
        return window.scrollY > before;
      });
    }
    wide += [...seen.values()].filter(Boolean).length;
    narrow += [...seen.values()].filter((scrolls) => !scrolls).length;
  }
  // Both kinds are on the page at this width, so each half of the rule is seen.
  expect(wide).toBeGreaterThan(3);
  expect(narrow).toBeGreaterThan(3);
});

test('a full load of the quickstart shifts no layout (CLS 0)', async ({page}) => {
  const network = recordRequests(page);
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  await network.quiet();
  expect(await layoutShifts(page)).toEqual([]);
});

test('jumping down the quickstart several screens at a time shifts no layout: each block has its word wrap button before it shows', async ({
  page,
}) => {
  // A phone's width, where most blocks scroll sideways.
  await page.setViewportSize({width: 375, height: 740});
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  await waitForCodeButtons(page);
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  let checked = 0;
  let y = 0;
  do {
    // A script's scroll, not the reader's input: a shift it brings counts.
    y = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 2.5);
      return window.scrollY;
    });
    // Read at once, with no waiting: each wide block on screen has its button already (what a late
    // measure would add, widening the painted button group).
    const wide = (await readBlockWidths(page, true)).filter((block) => block.scrollsSideways);
    expect(wide.filter((block) => block.wordWrapButtons !== 1).map((block) => block.title)).toEqual([]);
    checked += wide.length;
  } while (y < bottom);
  expect(checked, 'wide blocks seen on the way down').toBeGreaterThan(2);
  expect(await layoutShifts(page)).toEqual([]);
});

test('when hydration fails elsewhere on the page and React renders it afresh, code blocks are rendered, not left empty', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The server's heading no longer matches what React renders: hydration fails, and React renders the page anew.
  await page.route(`**${routes.quickstart}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({response, body: (await response.text()).replace('</h1>', ' (changed)</h1>')});
  });
  await page.goto(routes.quickstart);
  await expect(page.locator('h1')).not.toContainText('(changed)');
  // React's production build names the failed hydration by its error number (418: the text differs).
  expect(errors.join('\n')).toContain('Minified React error #418');
  await waitForCodeButtons(page);
  // Rendered in the browser, the blocks fetch their page's code, then show it.
  await expect.poll(async () => (await tokenSpans(page)).spans).toBeGreaterThan(2000);
  await expectEveryBlockShown(page);
});
