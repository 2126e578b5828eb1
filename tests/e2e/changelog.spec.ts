import {readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {changelog} from '../../src/constants/brand';
import {routes} from '../support/site';

// SPEC §2 (NOTES): the blog sidebar groups entries by year; the blog is the changelog.

/** The entry routes of one year, newest first, from the changelog's file names. */
function entriesOf(year: string): string[] {
  return readdirSync('changelog')
    .filter((file) => file.startsWith(`${year}-`))
    .sort()
    .reverse()
    .map((file) => file.replace(/^(\d{4})-(\d{2})-(\d{2})-(.*)\.mdx?$/, `${routes.changelog}/$1/$2/$3/$4`));
}
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
      groups
        .nth(i)
        .getByRole('link')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(entriesOf('2025')).toContain('/changelog/2025/09/23/base-network');
    expect(await linksOf(0)).toEqual(entriesOf('2025'));
    expect(await linksOf(1)).toEqual(entriesOf('2024'));
    expect(entriesOf('2024').length).toBeGreaterThan(1);
  });

  test('the list page shows every entry under the changelog title', async ({page}) => {
    await page.goto(routes.changelog);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(changelog.title);
    await expect(page.locator('main article')).toHaveCount(readdirSync('changelog').length);
    await expect(page).toHaveTitle(`${changelog.title} | Coinwharf Docs`);
  });

  test('is linked from the navbar and the footer', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.welcome);
    await expect(page.locator('nav.navbar').getByRole('link', {name: 'Changelog'})).toHaveAttribute(
      'href',
      routes.changelog,
    );
    await expect(page.locator('footer').getByRole('link', {name: 'Changelog'})).toHaveAttribute(
      'href',
      routes.changelog,
    );
  });
});
