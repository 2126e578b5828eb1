import {expect, test} from '@playwright/test';
import {routes, waitForHydration} from '../support/site';

// A printed doc is the article alone, its links followed by their
// addresses, every code tab expanded under its label.
test.describe('print styles', () => {
  test.beforeEach(async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    await page.emulateMedia({media: 'print'});
  });

  test('no navbar, sidebar, table of contents, Copy page control, edit link, feedback control, pagination or site footer; the article takes the width', async ({
    page,
  }) => {
    for (const selector of [
      'nav.navbar',
      '.theme-doc-sidebar-container',
      '.table-of-contents',
      '.pagination-nav',
      'footer.footer',
      '.theme-edit-this-page',
      '.doc-feedback',
    ]) {
      await expect(page.locator(selector).first(), selector).toBeHidden();
    }
    await expect(page.getByRole('button', {name: /copy page/i})).toBeHidden();
    await expect(page.locator('article h1')).toBeVisible();
    const article = (await page.locator('article').boundingBox())!;
    expect(article.width).toBeGreaterThan(1280 * 0.85);
  });

  test('every code tab panel is shown, each under its label, with no tab list', async ({page}) => {
    const panels = page.locator('.tabs-container [role="tabpanel"]');
    const count = await panels.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i += 1) {
      await expect(panels.nth(i)).toBeVisible();
      await expect(panels.nth(i).locator('p').first()).toBeVisible();
    }
    await expect(page.locator('.tabs-container [role="tablist"]').first()).toBeHidden();
    // The create-payment group has all three languages (the receiver's has two).
    const labels = await page
      .locator('.tabs-container')
      .filter({hasText: 'examples/api/create-payment.sh'})
      .first()
      .locator('[role="tabpanel"] > p:first-child')
      .allTextContents();
    expect(labels).toEqual(['curl', 'Node.js', 'Python']);
    // On screen, the labels stay out of the way: the tab says which panel it is.
    await page.emulateMedia({media: 'screen'});
    await expect(panels.first().locator('p').first()).toBeHidden();
  });

  test('links in the text are followed by their full address', async ({page}) => {
    const addresses = await page
      .locator('article .markdown a[href]:not(.hash-link)')
      .evaluateAll((links) =>
        links.map((a) => ({href: a.getAttribute('href')!, after: getComputedStyle(a, '::after').content})),
      );
    const siteLink = addresses.find((a) => a.href.startsWith('/'));
    expect(siteLink, 'a link to another page of the site').toBeDefined();
    expect(siteLink!.after).toBe(`" (https://docs.coinwharf.com${siteLink!.href})"`);
    for (const link of addresses.filter((a) => a.href.startsWith('http'))) {
      expect(link.after, link.href).toBe(`" (${link.href})"`);
    }
    for (const link of addresses.filter((a) => a.href.startsWith('#'))) {
      expect(link.after, link.href).toBe('none');
    }
  });
});
