import {readFileSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {builtPage, builtPages} from '../support/built-html';
import {inSite, routes, waitForHydration} from '../support/site';

// A code line is drawn with as few DOM nodes as show the same thing: plain
// text as bare text, no empty spans, neighbours with the same classes as one
// span, a `<br>` only on an empty line (it keeps the line's height). The
// browser, rendering a block after a client-side navigation, builds the same
// DOM as the server; colours, Copy and selection give what they gave before.

test.describe('the built HTML', () => {
  // Elements of the whole page (code included), as the build writes them. Before lines were
  // compacted: quickstart 9,231, webhook guide 9,094, /api/payments 6,496, /payments/testing 6,216;
  // after: 4,610, 4,590, 3,439, 3,380. Money model v2 (issue #29) raised them to 7,548, 6,120, 5,865
  // and 7,702: samples that retry with the same key and report non-JSON errors (about twice the
  // lines), receivers that fulfil in one transaction, and literal per-terminal commands in three
  // languages on the quickstart and testing guide. Budgets are those counts plus 3 %. The sixth
  // integrator review's receivers (checking the order before advising, a line per status) made the
  // quickstart 9,273 and the webhook guide 7,260 (budgets 9,700 and 7,600). The eighth review's samples
  // (exit 2 for a missing variable in every language, a one-line report of a JSON error that is not the
  // API's, the webhook secret checked once) made them 9,996, 7,742, 7,495 and 9,861: budgets about +3 %.
  // The tenth and eleventh reviews' samples (declined refunds in the receivers' lines, the 31-day daily
  // check, the retry comments) made them 10,243, 8,002, 7,686 and 9,949: budgets about +2 to 3 %.
  // The twelfth and thirteenth reviews' samples (a stalled body retried, no retry of a malformed API
  // base, no redirect followed, the key never printed) made them 10,670, 8,115, 8,222 and 10,694:
  // budgets about +2 to 3 %. Issue #32's reference layout shows each operation's call above its whole
  // file (which stays in the page, behind a toggle) and made /api/payments 8,946: budget +3 %. The
  // 2026-11-29 review's Node.js samples (a header that fetch refuses is reported without the key) made them
  // 10,871, 8,224, 9,073 and 10,998: budgets about +2 to 3 %.
  const elementBudgets: Record<string, number> = {
    [routes.quickstart]: 11_150,
    [routes.webhookGuide]: 8_350,
    '/api/payments': 9_300,
    '/payments/testing': 11_250,
  };
  for (const [route, budget] of Object.entries(elementBudgets)) {
    test(`${route} has at most ${budget} elements`, () => {
      const $ = builtPage(route);
      const elements = $('*').length;
      const codeLines = $('.theme-code-block .token-line').length;
      console.log(`${route}: ${elements} elements, ${codeLines} code lines`);
      expect(codeLines, 'code lines on the page').toBeGreaterThan(300);
      expect(elements).toBeLessThanOrEqual(budget);
    });
  }

  test('every code line of every page is compact: no plain or empty span, no repeated classes, a <br> only alone', () => {
    const faults: string[] = [];
    let lines = 0;
    for (const {file, $} of builtPages()) {
      $('.theme-code-block .token-line').each((_, element) => {
        lines += 1;
        const line = $(element);
        const say = (what: string) => faults.push(`${file}: ${what} in ${JSON.stringify(line.html()?.slice(0, 120))}`);
        const spans = line.children('span');
        if (line.children(':not(span, br)').length > 0) say('an element other than span or br');
        if (line.find('br').length > 0 && line.contents().length > 1) say('a <br> beside text');
        if (line.text() === '' && line.find('br').length !== 1) say('an empty line without its <br>');
        spans.each((i, span) => {
          const className = $(span).attr('class') ?? '';
          if (/(^| )plain( |$)/.test(className)) say('a plain span');
          if ($(span).text() === '') say('an empty span');
          if (!/(^| )t[ld]\d+-\d+( |$)/.test(className)) say(`a span with no colour class (${className})`);
          // The node right after: a span of the same classes with no text between.
          const next = span.nextSibling;
          if (next && $(next).is('span') && $(next).attr('class') === className)
            say(`two "${className}" spans in a row`);
        });
      });
    }
    expect(lines, 'code lines in the build').toBeGreaterThan(3000);
    expect(faults.slice(0, 10)).toEqual([]);
  });
});

/** Where a piece of code shows: the colour and font style of the first text node of the block holding it. */
function lookOf(page: Page, title: string, needle: string) {
  return page
    .locator('.theme-code-block')
    .filter({has: page.locator('[class*="codeBlockTitle"]', {hasText: new RegExp(`^${title}$`)})})
    .first()
    .locator('code')
    .evaluate((code, text) => {
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!(node as Text).data.includes(text)) continue;
        const {color, fontStyle} = getComputedStyle(node.parentElement!);
        return {color, fontStyle};
      }
      return null;
    }, needle);
}

const sample = 'examples/api/create-payment.ts';

/** The look of each kind of token in the sample, in a colour mode: VS light's and Dracula's (plugins/code-blocks/codeThemes.ts). */
const looks = {
  light: {
    comment: {color: 'rgb(0, 128, 0)', fontStyle: 'normal'},
    keyword: {color: 'rgb(0, 0, 255)', fontStyle: 'normal'},
    string: {color: 'rgb(163, 21, 21)', fontStyle: 'normal'},
    punctuation: {color: 'rgb(4, 81, 165)', fontStyle: 'normal'},
    plain: {color: 'rgb(0, 0, 0)', fontStyle: 'normal'},
    operator: {color: 'rgb(0, 0, 0)', fontStyle: 'normal'},
  },
  dark: {
    comment: {color: 'rgb(154, 165, 206)', fontStyle: 'normal'},
    keyword: {color: 'rgb(189, 147, 249)', fontStyle: 'italic'},
    string: {color: 'rgb(255, 121, 198)', fontStyle: 'normal'},
    punctuation: {color: 'rgb(248, 248, 242)', fontStyle: 'normal'},
    plain: {color: 'rgb(248, 248, 242)', fontStyle: 'normal'},
    operator: {color: 'rgb(248, 248, 242)', fontStyle: 'normal'},
  },
};

/** Each kind of token, by a piece of the sample that only it starts to hold. */
const pieces = {
  comment: '// Create a payment',
  keyword: 'import',
  string: "'node:crypto'",
  punctuation: '{',
  plain: 'randomUUID',
  operator: 'apiBase = ',
};

async function expectLooks(page: Page, mode: 'light' | 'dark'): Promise<void> {
  for (const kind of Object.keys(pieces) as (keyof typeof pieces)[]) {
    const piece = pieces[kind];
    await expect.poll(() => lookOf(page, sample, piece), `${mode}: ${kind} ${piece}`).toEqual(looks[mode][kind]);
  }
}

/** Clicks a link of the docs sidebar and waits for its page (a client-side navigation). */
async function followSidebarLink(page: Page, to: string, heading: string): Promise<void> {
  await page.locator(`.theme-doc-sidebar-container a[href="${to}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${to}$`));
  await expect(page.locator('h1')).toHaveText(heading);
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    });

    test('each kind of token has its colour in a block kept from the server and in one the browser renders', async ({
      page,
    }) => {
      await page.goto(routes.quickstart);
      await waitForHydration(page);
      await expectLooks(page, mode);
      await page.goto(routes.welcome);
      await waitForHydration(page);
      await followSidebarLink(page, routes.quickstart, 'Quickstart');
      await expect(page.locator('.theme-code-block code span[class]').first()).toBeAttached();
      await expectLooks(page, mode);
    });
  });
}

/** Every code block's `<code>` inner HTML in a document, in page order. */
const codeHtml = (page: Page) =>
  page.locator('.theme-code-block code').evaluateAll((codes) => codes.map((code) => code.innerHTML));

for (const route of [routes.quickstart, '/api/payments']) {
  test(`${route}: a block the browser renders after a navigation has the server's DOM, node for node`, async ({
    page,
  }) => {
    await page.goto(route);
    await waitForHydration(page);
    const server = await codeHtml(page);
    expect(server.length).toBeGreaterThan(10);
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await page.locator(`article a[href="${route}"], nav a[href="${route}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    // Lines come as plain text until Prism arrives, then with their tokens.
    await expect.poll(() => codeHtml(page), {timeout: 15_000}).toEqual(server);
  });
}

/** A sample file as a block shows it: without the file's final line break. */
function sampleFile(title: string): string {
  const file = readFileSync(inSite(title), 'utf8');
  expect(file.endsWith('\n'), `${title} ends with a line break`).toBe(true);
  return file.slice(0, -1);
}

test.describe('reading a block', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  const samples = ['examples/api/create_payment.py', 'examples/api/create-payment.sh', sample];

  test('selecting a block’s code gives its file, blank lines included, and every line keeps its height', async ({
    page,
  }) => {
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    for (const title of samples) {
      const code = page
        .locator('.theme-code-block')
        .filter({has: page.locator('[class*="codeBlockTitle"]', {hasText: new RegExp(`^${title}$`)})})
        .first()
        .locator('code');
      const {selected, empty, text} = await code.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const selection = getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        // Hidden tab panels lay out nothing: show the block's panel to measure its lines.
        element.closest('[role="tabpanel"]')?.removeAttribute('hidden');
        const lines = [...element.querySelectorAll('.token-line')];
        const height = (line: Element) => line.getBoundingClientRect().height;
        return {
          selected: selection.toString(),
          empty: [...new Set(lines.filter((line) => line.textContent === '').map(height))],
          text: [...new Set(lines.filter((line) => line.textContent !== '').map(height))],
        };
      });
      const file = sampleFile(title);
      expect(file.split('\n').filter((line) => line === '').length, `${title} has blank lines`).toBeGreaterThan(1);
      expect(selected, title).toBe(file);
      // One line height for every line, blank ones included (a line of the 95% monospace font, about 22 px).
      expect(text, title).toHaveLength(1);
      expect(text[0], title).toBeGreaterThan(20);
      expect(empty, title).toEqual(text);
    }
  });

  test('Copy gives the exact JSON of an API response block, as the reference prints it', async ({page}) => {
    await page.goto('/api/payments');
    await waitForHydration(page);
    const block = page
      .locator('.theme-code-block')
      .filter({has: page.locator('[class*="codeBlockTitle"]', {hasText: /^201 response$/})})
      .first();
    await block.hover();
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const parsed = JSON.parse(copied) as {object: string; status: string};
    expect(copied).toBe(JSON.stringify(parsed, null, 2));
    expect(parsed).toMatchObject({object: 'payment', status: 'awaiting_payment'});
  });
});
