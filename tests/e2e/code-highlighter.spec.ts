import {readFileSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {inBuild, oncePerBuiltFile} from '../support/site-dirs';
import {waitForHydration} from '../support/site';

// The highlighter (Prism, with the site's extra languages) is not part of a
// page's load, not even once the page is idle: code the server rendered comes
// highlighted in the HTML. The browser loads Prism when the reader points at
// or focuses a link to another page, or when a navigation starts, and then
// highlights every language the site uses.

/** Prism's bundle names its own source file: how a script that carries it is recognised. */
const prismFingerprint = 'prismjs';

/**
 * The scripts the page receives from now on, as the build's files they are. Read from the build, not
 * from the responses: the body of a prefetched script can stay unreadable until the test ends.
 */
function recordScripts(page: Page): string[] {
  const files: string[] = [];
  page.on('response', (response) => {
    const {pathname} = new URL(response.url());
    if (pathname.endsWith('.js')) files.push(inBuild(pathname));
  });
  return files;
}

/** Whether a file of the build carries Prism. */
const carriesPrism = oncePerBuiltFile((file) => readFileSync(file, 'utf8').includes(prismFingerprint));

function prismScripts(files: string[]): number {
  return files.filter(carriesPrism).length;
}

/** Per language, how many tokens of a type other than plain text the article's code blocks hold. */
function highlightedTokens(page: Page, language: string): Promise<number> {
  return page
    .locator('article')
    .evaluate(
      (article, name) =>
        [...article.querySelectorAll(`pre.language-${name}`)].reduce(
          (sum, pre) => sum + pre.querySelectorAll('.token:not(.plain)').length,
          0,
        ),
      language,
    );
}

test('a full load of a page with code loads no highlighter, even once idle; its code comes highlighted', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/payments/quickstart');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  // Long enough for an idle callback to have run and its request to have ended.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(3);
  expect(prismScripts(scripts)).toBe(0);
  expect(await highlightedTokens(page, 'bash')).toBeGreaterThan(20);
  expect(await highlightedTokens(page, 'ts')).toBeGreaterThan(100);
  expect(await highlightedTokens(page, 'python')).toBeGreaterThan(100);
});

test('pointing at a link to another page loads the highlighter; a link within the page does not', async ({page}) => {
  await page.goto('/payments/quickstart');
  await waitForHydration(page);
  const scripts = recordScripts(page);
  await page.locator('.table-of-contents a').first().hover();
  await page.waitForLoadState('networkidle');
  expect(prismScripts(scripts)).toBe(0);
  await page.locator('article a[href="/api/payments#create-payment"]').first().hover();
  await expect.poll(() => prismScripts(scripts)).toBe(1);
});

test('focusing a link to another page with the keyboard loads the highlighter', async ({page}) => {
  await page.goto('/welcome');
  await waitForHydration(page);
  const scripts = recordScripts(page);
  // The skip link (within the page), then the announcement bar's link to the quickstart.
  await page.keyboard.press('Tab');
  await page.waitForLoadState('networkidle');
  expect(prismScripts(scripts)).toBe(0);
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('href', '/payments/quickstart');
  await expect.poll(() => prismScripts(scripts)).toBe(1);
});

test('after a client-side navigation every language the site uses is highlighted, with the highlighter loaded once', async ({
  page,
}) => {
  await page.goto('/welcome');
  await waitForHydration(page);
  const scripts = recordScripts(page);
  await page.locator('nav a[href="/payments/quickstart"]').first().click();
  await expect(page).toHaveURL(/\/payments\/quickstart$/);
  // bash and json are the extra languages (themeConfig.prism.additionalLanguages); ts and python come with Prism.
  await expect.poll(() => highlightedTokens(page, 'bash')).toBeGreaterThan(20);
  expect(await highlightedTokens(page, 'ts')).toBeGreaterThan(100);
  expect(await highlightedTokens(page, 'python')).toBeGreaterThan(100);

  await page.locator('article a[href="/api/payments#create-payment"]').first().click();
  // The URL changes once the reference page's chunks are in. Beside the writer walkthrough's build,
  // that took over the 5 s default once in a full run on two cores (the click was done at 2.9 s).
  await expect(page).toHaveURL(/\/api\/payments#create-payment$/, {timeout: 15_000});
  await expect.poll(() => highlightedTokens(page, 'json')).toBeGreaterThan(20);
  expect(prismScripts(scripts)).toBe(1);
});
