import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {dereference} from 'openapi-backend/refparser';
import {turnOffPrefetching} from '../support/first-load';
import {recordRequests} from '../support/network';
import {routes, waitForHydration} from '../support/site';

// One synced tab group for code samples across the site, and the
// status diagram drawn by Mermaid.

/** The label of the selected tab in each language tab group on the page. */
async function selectedLanguageTabs(page: Page): Promise<string[]> {
  const groups = page.locator('.tabs-container').filter({has: page.getByRole('tab', {name: 'curl'})});
  return groups.evaluateAll((containers) =>
    containers.map((container) => container.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? ''),
  );
}

test("a reader's language choice switches every sample, follows them to the next page and survives a reload", async ({
  page,
}) => {
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

/** The payment statuses of the API description (`PaymentStatus`), never the site's own data. */
async function apiPaymentStatuses(): Promise<string[]> {
  const api = (await dereference(path.resolve(__dirname, '../../api/openapi.yaml'))) as unknown as {
    components: {schemas: {PaymentStatus: {enum: string[]}}};
  };
  return api.components.schemas.PaymentStatus.enum;
}

test('the payments overview draws the status diagram as an SVG with every status of the API', async ({page}) => {
  const statuses = await apiPaymentStatuses();
  expect(statuses).toEqual(expect.arrayContaining(['awaiting_payment', 'pending', 'succeeded']));
  await page.goto(routes.paymentsOverview);
  await page.locator('figure').first().scrollIntoViewIfNeeded();
  const diagram = page.locator('figure svg').first();
  await expect(diagram).toBeVisible();
  for (const status of statuses) {
    await expect(diagram.getByText(status, {exact: true}).first()).toBeAttached();
  }
});

for (const viewport of [
  {width: 375, height: 740},
  {width: 1280, height: 800},
]) {
  test(`Mermaid loads only as the diagram nears the viewport, into the box kept for it (${viewport.width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await turnOffPrefetching(page); // link prefetching would fetch scripts of its own
    await page.goto(routes.paymentsOverview);
    await waitForHydration(page);
    const figure = page.locator('figure').first();
    const network = recordRequests(page);
    const scripts = () => network.paths().filter((path) => path.endsWith('.js'));
    // The page has settled: whatever it would fetch on its own has been fetched.
    await network.quiet();
    await expect(figure.locator('[data-mermaid-placeholder]')).toHaveCount(1);
    expect(await figure.locator('svg').count(), 'drawn before it was near the viewport').toBe(0);
    expect(scripts(), 'scripts fetched while the diagram is far below').toEqual([]);
    const reserved = (await figure.boundingBox())!;

    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator('svg').first()).toBeVisible();
    expect(scripts().length, 'Mermaid fetched on approach').toBeGreaterThan(0);
    const drawn = (await figure.boundingBox())!;
    expect(
      Math.abs(drawn.height - reserved.height),
      `kept ${reserved.height}px, drew ${drawn.height}px`,
    ).toBeLessThanOrEqual(1);
  });
}
