import {expect, type Page} from '@playwright/test';

/**
 * The search results page (`/search`) for many queries in one page load: opened on the first query,
 * each next one typed into the page's own field. Resolves once the query's outcome shows: the count
 * line or "No documents were found".
 */
export function searchResultsPage(page: Page): (query: string) => Promise<void> {
  const field = page.getByRole('main').getByRole('searchbox', {name: 'Search'});
  const outcome = page.getByRole('main').getByText(/^(\d+ documents? found|No documents were found)$/);
  let opened = false;
  return async (query) => {
    if (!opened) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      opened = true;
    } else {
      // Emptied, the page shows no outcome line, so the one awaited next is this query's.
      await field.fill('');
      await expect(outcome).toHaveCount(0);
      await field.fill(query);
    }
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${query}"`);
    // The plugin's results page needs about 4 s for a 1,000-character query on 2 busy cores.
    await expect(outcome, query).toBeVisible({timeout: 15_000});
  };
}
