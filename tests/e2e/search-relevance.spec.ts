import {expect, test, type Locator, type Page} from '@playwright/test';
import {searchResultsPage} from '../support/search-results-page';
import {waitForHydration} from '../support/site';

// What a reader types, and the page or section they mean: each must be among the results page's first
// three. A path without `#` is met by the page or any of its sections; with `#`, by that section only.
// Ranking is the search plugin's, patched (patches/@easyops-cn+docusaurus-search-local+0.55.3.md).
const meant: [query: string, page: string][] = [
  ['refund', '/api/refunds'],
  ['create payment', '/api/payments#create-payment'],
  ['cancel payment', '/api/payments#cancel-payment'],
  ['accept payment', '/api/payments#accept-payment'],
  ['list refunds', '/api/refunds#list-refunds'],
  ['list events', '/api/events#list-events'],
  ['register webhook endpoint', '/api/webhook-endpoints#create-webhook-endpoint'],
  ['simulate payment', '/api/sandbox'],
  ['sandbox', '/api/sandbox'],
  ['idempotency key', '/api/#idempotency'],
  ['rate limit', '/api/#rate-limits'],
  ['error codes', '/api/#error-codes'],
  ['pagination', '/api/#pagination'],
  ['authentication', '/api/#authentication'],
  ['api key', '/payments/quickstart#get-a-test-key'],
  ['webhook signature', '/payments/webhook-guide'],
  ['signature verification', '/payments/webhook-guide#verify-the-signature'],
  ['webhook retries', '/payments/webhook-guide'],
  ['going live', '/payments/going-live'],
  ['quickstart', '/payments/quickstart'],
  ['test payments', '/payments/testing'],
  ['balance', '/api/balance'],
  ['settlement', '/payments/fees-and-settlement'],
  ['fees', '/payments/fees-and-settlement'],
  ['payment status', '/api/objects#type-payment-status'],
  ['overpayment', '/payments/refunds#refund-an-overpayment'],
  ['underpayment', '/payments/#underpayments'],
  ['late payment', '/payments/#late-payments'],
  ['confirmations', '/payments/#networks-and-confirmations'],
  ['networks', '/payments/#networks-and-confirmations'],
  ['hosted checkout', '/api/payments#create-payment'],
  ['glossary', '/markdown-page'],
];

/** A result's link without the highlight parameter: the page, and the section if any. */
const target = (href: string) => href.replace(/\?_highlight=[^#]*/, '');

const resultsOf = (page: Page) => page.getByRole('main').locator('article');

/** Every result of the results page, in order: its link, title and breadcrumb. */
async function readResults(page: Page): Promise<{link: string; title: string; path: string}[]> {
  return resultsOf(page).evaluateAll((articles) =>
    articles.map((article) => ({
      link: article.querySelector('h2 a')?.getAttribute('href') ?? '',
      title: article.querySelector('h2')?.textContent ?? '',
      path: article.querySelector('p')?.textContent ?? '',
    })),
  );
}

/** Searches on the results page (one load for every query) and reads its results. */
function resultsPage(page: Page): (query: string) => ReturnType<typeof readResults> {
  const search = searchResultsPage(page);
  return async (query) => {
    await search(query);
    return readResults(page);
  };
}

const found = (results: {link: string}[], meantPage: string) =>
  results.some(({link}) => {
    const where = target(link);
    return meantPage.includes('#') ? where === meantPage : where.split('#')[0] === meantPage;
  });

test.describe('search ranks what a reader means', () => {
  test(`each of ${meant.length} queries a reader types finds the page meant in the results page's first three, and no page or section twice`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const search = resultsPage(page);
    const missed: string[] = [];
    const twice: string[] = [];
    for (const [query, meantPage] of meant) {
      const results = await search(query);
      const top = results.slice(0, 3);
      if (!found(top, meantPage)) {
        missed.push(`"${query}" → ${meantPage}, first three: ${top.map(({link}) => target(link)).join(', ')}`);
      }
      const links = results.map(({link}) => target(link));
      const repeated = links.filter((link, i) => links.indexOf(link) !== i);
      if (repeated.length > 0) twice.push(`"${query}": ${[...new Set(repeated)].join(', ')}`);
    }
    expect(missed, 'queries whose page is not in the first three').toEqual([]);
    expect(twice, 'queries listing a page or section twice').toEqual([]);
  });

  test('a section of an operation is named after it: "Responses · Create a payment", each operation once', async ({
    page,
  }) => {
    const results = await resultsPage(page)('responses');
    const onPaymentsPage = results
      .filter(({title, path}) => title.startsWith('Responses') && path.endsWith('Payments API'))
      .map(({title}) => title);
    expect(onPaymentsPage.sort()).toEqual([
      'Responses · Accept the funds of a payment that requires action',
      'Responses · Cancel a payment',
      'Responses · Create a payment',
      'Responses · List payments',
      'Responses · Retrieve a payment',
    ]);
  });

  test('the sections of a webhook are named after it too: "Headers · An event delivered to your endpoint"', async ({
    page,
  }) => {
    const search = resultsPage(page);
    for (const title of ['Headers', 'Example delivery']) {
      const named = (await search(title.toLowerCase())).filter(({title: shown}) => shown.startsWith(`${title} ·`));
      expect(
        named.map(({title: shown}) => shown),
        title,
      ).toContain(`${title} · An event delivered to your endpoint`);
    }
  });

  test("the navbar box lists the results page's first eight, in the same order", async ({page}) => {
    test.setTimeout(90_000);
    // Titles and section headings show the same words and breadcrumb in both lists (text matches show
    // their text in the box, their section in the page), so these queries' first eight are of those kinds.
    const queries = ['refund', 'responses'];
    const box = page.locator('nav.navbar input.navbar__search-input');
    const options = page.locator('nav.navbar [role="listbox"] [role="option"]:not([aria-disabled="true"]):not(a)');
    const seeAll = page.locator('nav.navbar [role="listbox"] a[href^="/search/?"]');
    const inBox: Record<string, string[]> = {};
    await page.goto('/welcome');
    await waitForHydration(page);
    for (const query of queries) {
      await page.keyboard.press('Control+k');
      await expect(box).toBeFocused();
      await box.fill(query);
      // The box answers the whole query, not a prefix typed on the way.
      await expect(seeAll).toHaveAttribute('href', `/search/?${new URLSearchParams({q: query}).toString()}`);
      await expect(options).toHaveCount(8);
      inBox[query] = await readOptions(options);
      await page.keyboard.press('Escape');
    }
    const search = resultsPage(page);
    for (const query of queries) {
      const results = await search(query);
      expect(inBox[query], query).toEqual(results.slice(0, 8).map(({title, path}) => `${title} | ${path}`));
    }
  });
});

/** The box's options as "title | breadcrumb". */
function readOptions(options: Locator): Promise<string[]> {
  return options.evaluateAll((all) =>
    all.map((option) => {
      const [title, path] = [...option.querySelectorAll('[class*="hitTitle"], [class*="hitPath"]')].map(
        (span) => span.textContent ?? '',
      );
      return `${title} | ${path}`;
    }),
  );
}
