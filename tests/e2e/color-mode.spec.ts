import {expect, test} from '@playwright/test';
import {routes, switchToDarkMode, waitForHydration} from '../support/site';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test.describe('color mode (SPEC §3, §4)', () => {
  test.use({colorScheme: 'dark'});

  test('defaults to light even when the system prefers dark', async ({page}) => {
    await page.goto(routes.welcome);
    expect(await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    await waitForHydration(page);
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });

  test('the choice is stored in localStorage under "theme" and survives a reload', async ({page}) => {
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await page.getByRole('button', {name: /dark mode|light mode|system mode/}).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.evaluate(() => Object.keys(sessionStorage))).not.toContain('theme');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await page.goto(routes.home);
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });

  test('a change in one tab is applied in another open tab', async ({context}) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(routes.welcome);
    await second.goto(routes.quickstart);
    await waitForHydration(first);
    await waitForHydration(second);
    await expect(html(second)).toHaveAttribute('data-theme', 'light');
    await first.getByRole('button', {name: /dark mode|light mode|system mode/}).click();
    await expect(html(first)).toHaveAttribute('data-theme', 'dark');
    await expect(html(second)).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('color mode before any script runs', () => {
  test.use({javaScriptEnabled: false, colorScheme: 'dark'});

  // The site does not follow the system's mode, so the page opens in light mode, and the server's
  // toggle says so: it said "system mode" until React, once hydrated, rendered every colour mode
  // reader again (code blocks included) to say "light mode".
  for (const route of [routes.welcome, routes.quickstart]) {
    test(`${route}: the toggle in the server's HTML names light mode`, async ({page}) => {
      await page.goto(route);
      const toggle = page.getByRole('button', {name: 'Switch between dark and light mode (currently light mode)'});
      await expect(toggle).toHaveCount(1);
      await expect(toggle).toHaveAttribute('title', 'light mode');
    });
  }
});

test.describe('announcement bar (SPEC §4)', () => {
  const bar = (page: import('@playwright/test').Page) => page.locator('.theme-announcement-bar');

  test('shows with its link, and a dismissal is remembered across reloads and pages', async ({page}) => {
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByRole('link', {name: 'Run the quickstart'})).toHaveAttribute('href', routes.quickstart);
    await bar(page).getByRole('button', {name: 'Close'}).click();
    await expect(bar(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe('sandbox-networks-2025');
    await page.reload();
    await waitForHydration(page);
    await expect(bar(page)).toHaveCount(0);
    await page.goto(routes.home);
    await waitForHydration(page);
    await expect(bar(page)).toHaveCount(0);
  });

  test('takes the colours of the mode: black on white in light, light text on the dark surface in dark', async ({
    page,
  }) => {
    await page.goto(routes.welcome);
    await waitForHydration(page);
    const colours = () =>
      bar(page).evaluate((element) => {
        const link = element.querySelector('a')!;
        const close = element.querySelector('button[aria-label="Close"]')!;
        return {
          background: getComputedStyle(element).backgroundColor,
          text: getComputedStyle(element).color,
          link: getComputedStyle(link).color,
          close: getComputedStyle(close).color,
        };
      });
    const black = 'rgb(0, 0, 0)';
    expect(await colours()).toEqual({background: 'rgb(255, 255, 255)', text: black, link: black, close: black});
    await switchToDarkMode(page);
    // Infima's dark surface (the navbar's) and its text colour: the bar reads as part of the dark page.
    const light = 'rgb(227, 227, 227)';
    await expect.poll(colours).toEqual({background: 'rgb(36, 37, 38)', text: light, link: light, close: light});
  });

  test('reappears when the bar id differs from the one dismissed', async ({page}) => {
    await page.goto(routes.home);
    // Seed storage only after hydration: the bar's provider writes the current id on mount.
    await waitForHydration(page);
    // A reader who dismissed an earlier announcement, then the site ships a new id.
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    });
    await page.reload();
    await waitForHydration(page);
    await expect(bar(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
  });
});
