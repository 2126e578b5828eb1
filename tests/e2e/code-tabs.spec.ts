import {expect, test, type Page} from '@playwright/test';
import {routes, waitForHydration} from '../support/site';

// Issue #3: one synced tab group for code samples across the site, and the
// status diagram drawn by Mermaid.

/** The label of the selected tab in each language tab group on the page. */
async function selectedLanguageTabs(page: Page): Promise<string[]> {
  const groups = page.locator('.tabs-container').filter({has: page.getByRole('tab', {name: 'curl'})});
  return groups.evaluateAll((containers) =>
    containers.map((container) => container.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? ''),
  );
}

test('a reader\'s language choice switches every sample, follows them to the next page and survives a reload', async ({page}) => {
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  expect(new Set(await selectedLanguageTabs(page))).toEqual(new Set(['curl']));
  await page.getByRole('tab', {name: 'Python'}).first().click();
  const onQuickstart = await selectedLanguageTabs(page);
  expect(onQuickstart.length).toBeGreaterThan(1);
  expect(new Set(onQuickstart)).toEqual(new Set(['Python']));

  await page.getByRole('link', {name: 'Webhook guide'}).first().click();
  await expect(page).toHaveURL(new RegExp(`${routes.webhookGuide}$`));
  await expect.poll(() => selectedLanguageTabs(page)).toContain('Python');
  expect(new Set(await selectedLanguageTabs(page))).toEqual(new Set(['Python']));

  await page.reload();
  await waitForHydration(page);
  expect(new Set(await selectedLanguageTabs(page))).toEqual(new Set(['Python']));
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.language'))).toBe('python');
});

test('the payments overview draws the status diagram as an SVG with every status', async ({page}) => {
  await page.goto(routes.paymentsOverview);
  const diagram = page.locator('figure svg').first();
  await expect(diagram).toBeVisible();
  for (const status of ['awaiting_payment', 'pending', 'succeeded', 'requires_action', 'expired', 'canceled', 'failed']) {
    await expect(diagram.getByText(status, {exact: true}).first()).toBeAttached();
  }
});
