import {readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {changelog} from '../../src/constants/brand';
import {inSite, routes} from '../support/site';

// SPEC §2 (NOTES): the blog sidebar groups entries by year; the blog is the changelog.

/** The changelog's entry files (YYYY-MM-DD-slug.md), from the site's changelog folder. */
const entryFiles = readdirSync(inSite('changelog')).filter((file) => /^\d{4}-\d{2}-\d{2}-.+\.mdx?$/.test(file));

/** The entry routes of one year, newest first, from the changelog's file names. */
function entriesOf(year: string): string[] {
  return entryFiles
    .filter((file) => file.startsWith(`${year}-`))
    .sort()
    .reverse()
    .map((file) => file.replace(/^(\d{4})-(\d{2})-(\d{2})-(.*)\.mdx?$/, `${routes.changelog}/$1/$2/$3/$4`));
}

/** Every year with an entry, newest first. */
const years = [...new Set(entryFiles.map((file) => file.slice(0, 4)))].sort().reverse();

test.describe('changelog (blog plugin at /changelog)', () => {
  test('the sidebar groups entries by year, newest first', async ({page}) => {
    // Two years at least, or grouping would go unseen.
    expect(years.length).toBeGreaterThan(1);
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.changelog);
    const sidebar = page.getByRole('navigation', {name: 'Blog recent posts navigation'});
    const groups = sidebar.getByRole('group');
    await expect(groups.getByRole('heading')).toHaveText(years);
    for (const [i, year] of years.entries()) {
      const links = await groups
        .nth(i)
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      expect(links, year).toEqual(entriesOf(year));
    }
  });

  test('the list page shows every entry under the changelog title', async ({page}) => {
    await page.goto(routes.changelog);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(changelog.title);
    await expect(page.locator('main article')).toHaveCount(entryFiles.length);
    await expect(page).toHaveTitle(`${changelog.title} | Coinwharf Docs`);
  });

  test('the list links each entry with text that says where it goes, never a bare "Read more"', async ({page}) => {
    await page.goto(routes.changelog);
    const links = page.locator('main').getByRole('link');
    const texts = (await links.allInnerTexts()).map((text) => text.trim().toLowerCase());
    expect(texts.filter((text) => ['read more', 'more', 'here', 'click here', 'learn more'].includes(text))).toEqual(
      [],
    );
    const articles = page.locator('main article');
    await expect(articles).toHaveCount(entryFiles.length);
    for (const article of await articles.all()) {
      const title = (await article.getByRole('heading', {level: 2}).innerText()).trim();
      const link = article.getByRole('link', {name: `Read the full entry: ${title}`, exact: true});
      // The visible text begins the accessible name (label in name), which names the entry.
      await expect(link).toHaveText('Read the full entry');
      await expect(link).toHaveAttribute(
        'href',
        (await article.getByRole('heading', {level: 2}).getByRole('link').getAttribute('href')) ?? '',
      );
    }
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

  test('its RSS and Atom feeds are titled as the changelog, not as a blog', async ({request}) => {
    for (const feed of ['rss.xml', 'atom.xml']) {
      const body = await (await request.get(`${routes.changelog}/${feed}`)).text();
      expect(body.match(/<title>([^<]*)<\/title>/)?.[1], feed).toBe('Coinwharf Docs: API changelog');
    }
  });
});
