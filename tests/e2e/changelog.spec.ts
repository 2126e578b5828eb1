import {expect, test} from '@playwright/test';
import {changelog} from '../../src/constants/brand';
import {routes} from '../support/site';

// SPEC §2 (NOTES): the blog sidebar groups entries by year; the blog is the changelog.
test.describe('changelog (blog plugin at /changelog)', () => {
  test('the sidebar groups entries by year, newest first', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.changelog);
    const sidebar = page.getByRole('navigation', {name: 'Blog recent posts navigation'});
    const groups = sidebar.getByRole('group');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0).getByRole('heading')).toHaveText('2025');
    await expect(groups.nth(1).getByRole('heading')).toHaveText('2024');
    const linksOf = (i: number) =>
      groups.nth(i).getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(await linksOf(0)).toEqual([
      '/changelog/2025/09/23/base-network',
      '/changelog/2025/03/11/standard-webhooks',
    ]);
    expect(await linksOf(1)).toEqual([
      '/changelog/2024/11/19/idempotency-keys',
      '/changelog/2024/06/04/sandbox-networks',
    ]);
  });

  test('the list page shows every entry under the changelog title', async ({page}) => {
    await page.goto(routes.changelog);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(changelog.title);
    await expect(page.locator('main article')).toHaveCount(4);
    await expect(page).toHaveTitle(`${changelog.title} | Coinwharf Docs`);
  });

  test('is linked from the navbar and the footer', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.welcome);
    await expect(page.locator('nav.navbar').getByRole('link', {name: 'Changelog'})).toHaveAttribute('href', routes.changelog);
    await expect(page.locator('footer').getByRole('link', {name: 'Changelog'})).toHaveAttribute('href', routes.changelog);
  });
});
