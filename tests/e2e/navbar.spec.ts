import {expect, test} from '@playwright/test';
import {routes, waitForHydration} from '../support/site';

test.describe('navbar (SPEC §2)', () => {
  test('title, logo, docs and changelog links, and the GitHub account', async ({page}) => {
    await page.goto(routes.welcome);
    const navbar = page.locator('nav.navbar');
    await expect(navbar.locator('.navbar__title')).toHaveText('Coinwharf Docs');
    await expect(navbar.locator('.navbar__logo img').filter({visible: true})).toHaveAttribute('alt', 'Coinwharf logo');
    await expect(navbar.locator('.navbar__logo img').filter({visible: true})).toHaveAttribute('src', '/img/logo.svg');
    await expect(navbar.getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute('href', '/welcome');
    await expect(navbar.getByRole('link', {name: 'Changelog'})).toHaveAttribute('href', '/changelog');
    await expect(navbar.getByRole('link', {name: 'Coinwharf on GitHub'})).toHaveAttribute(
      'href',
      'https://github.com/coinwharf',
    );
  });

  test('has a search slot holding the search box', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.home);
    const slot = page.locator('nav.navbar .navbar__items--right .navbar-search-slot');
    await expect(slot).toHaveCount(1);
    await expect(slot.getByLabel('Search', {exact: true})).toBeVisible();
  });

  test('has a language dropdown offering English', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    const dropdown = page.locator('nav.navbar .navbar__items--right .dropdown').filter({hasText: 'English'});
    await expect(dropdown).toBeVisible();
    await dropdown.hover();
    const option = dropdown.locator('.dropdown__menu').getByRole('link', {name: 'English'});
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute('lang', 'en');
    await expect(option).toHaveAttribute('href', '/payments/quickstart');
    await expect(dropdown.locator('.dropdown__menu').getByRole('link')).toHaveCount(1);
  });

  test('has a light/dark color-mode toggle', async ({page}) => {
    await page.goto(routes.home);
    await waitForHydration(page);
    const toggle = page.locator('nav.navbar').getByRole('button', {name: /system mode|light mode|dark mode/});
    await expect(toggle).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('the skip link is the first Tab stop and moves focus to the main content', async ({page}) => {
    await page.goto(routes.webhookGuide);
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    // Focus lands on the page's <main>, the one that holds the doc's title.
    const focused = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      holdsTitle: document.activeElement?.querySelector('article h1')?.textContent ?? null,
    }));
    expect(focused).toEqual({tag: 'MAIN', holdsTitle: 'Webhook guide'});
    await page.keyboard.press('Tab');
    const nextIsInMain = await page.evaluate(
      () => document.getElementById('__docusaurus_skipToContent_fallback')?.contains(document.activeElement) ?? false,
    );
    expect(nextIsInMain).toBe(true);
  });

  test('stays visible after scrolling down (no hide on scroll)', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 500});
    await page.goto(routes.paymentsOverview);
    await waitForHydration(page);
    const scrollY = () => page.evaluate(() => window.scrollY);
    for (let i = 0; i < 5; i += 1) {
      const before = await scrollY();
      await page.mouse.wheel(0, 400);
      // Each wheel turn has scrolled the page before the next one, as a reader scrolls.
      await expect.poll(scrollY).toBeGreaterThan(before);
    }
    expect(await scrollY()).toBeGreaterThan(500);
    const navbar = page.locator('nav.navbar');
    await expect(navbar).not.toHaveClass(/navbar--hidden|navbarHidden/);
    const box = await navbar.boundingBox();
    expect(box?.y).toBe(0);
    await expect(navbar).toBeInViewport();
  });
});

test.describe('mobile menu below the 996px breakpoint (SPEC §2, §9; NOTES)', () => {
  test('at 995px: a menu button replaces the navbar links and opens the mobile menu', async ({page}) => {
    await page.setViewportSize({width: 995, height: 800});
    await page.goto(routes.welcome);
    await waitForHydration(page);
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await expect(toggle).toBeVisible();
    // Search stays in the bar beside the menu button; the other links move into the menu.
    await expect(page.locator('.navbar__items--right .navbar-search-slot')).toBeVisible();
    await expect(page.locator('nav.navbar .navbar__inner').getByRole('link', {name: 'Changelog'})).toBeHidden();
    await toggle.click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', {name: 'Welcome'})).toBeVisible();
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeHidden();
  });

  test('at 997px: no menu button, links and the docs sidebar are on screen', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
    await expect(page.locator('nav.navbar .navbar__inner').getByRole('link', {name: 'Changelog'})).toBeVisible();
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
  });

  test('the open mobile menu closes when the window grows to desktop width', async ({page}) => {
    await page.setViewportSize({width: 800, height: 800});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
    await page.setViewportSize({width: 800, height: 800});
    await expect(page.locator('.navbar-sidebar')).toBeHidden();
  });
});
