import {readFileSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {inBuild, routes, waitForHydration} from '../support/site';

// Code blocks a page's HTML brings are kept as the server rendered them: the
// browser neither tokenizes them again nor builds their spans again, and their
// colours come from classes that follow the colour mode. A block first rendered
// in the browser (after a client-side navigation) is rendered there, coloured
// for the current mode as upstream does.

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
  // Dracula's keyword, as src/constants/codeThemes.ts keeps it.
  expect(await tokenColour(page)).toEqual({color: 'rgb(189, 147, 249)', fontStyle: 'italic'});
  await page.getByRole('button', {name: /dark mode|light mode|system mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // VS light's keyword.
  await expect.poll(() => tokenColour(page)).toEqual({color: 'rgb(0, 0, 255)', fontStyle: 'normal'});
});

test('a client-side navigation renders code in the browser, coloured for the reader’s mode, and follows a switch', async ({
  page,
}) => {
  await page.goto(routes.welcome);
  await waitForHydration(page);
  await page.locator(`nav a[href="${routes.quickstart}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${routes.quickstart}$`));
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
  const found = await tokenSpans(page);
  expect(found.spans).toBeGreaterThan(2000);
  expect(await page.locator('.theme-code-block code:empty').count()).toBe(0);
});
