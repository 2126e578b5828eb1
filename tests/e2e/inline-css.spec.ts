import {expect, test} from '@playwright/test';
import {builtPage} from '../support/built-html';
import {builtSitemapPaths} from '../support/site';

// Each page holds the site's stylesheet in its <head> (plugins/inline-css): it paints from its HTML
// alone, without waiting for a second request, on a slow phone the longest wait before a first paint.

test.describe('with JavaScript off, nothing but the HTML', () => {
  test.use({javaScriptEnabled: false});

  test('a page requests no stylesheet and is styled as it arrives', async ({page}) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css')) stylesheets.push(request.url());
    });
    await page.goto('/payments/quickstart');
    // Infima's navbar, the theme's sidebar and the site's own colours, all from the page's own <style>.
    await expect(page.locator('nav.navbar')).toHaveCSS('position', 'sticky');
    await expect(page.locator('nav.navbar')).toHaveCSS('height', '60px');
    await expect(page.locator('a.navbar__brand')).toHaveCSS('display', 'flex');
    expect(stylesheets).toEqual([]);
  });
});

test('every built page carries one <style> in its head and links no stylesheet', () => {
  const routes = builtSitemapPaths();
  expect(routes.length).toBeGreaterThanOrEqual(20);
  for (const route of [...routes, '/404.html']) {
    const $ = builtPage(route);
    expect($('link[rel="stylesheet"]').length, route).toBe(0);
    const styles = $('head > style');
    expect(styles.length, route).toBe(1);
    expect(styles.text(), route).toContain('.navbar{');
  }
});
