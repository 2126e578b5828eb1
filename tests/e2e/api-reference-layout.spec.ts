import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {builtPage} from '../support/built-html';
import {builtSitemapPaths, inBuild, sitemapPaths, waitForHydration} from '../support/site';

// The API reference on a phone: nested fields, long patterns and JSON examples
// must not make the page scroll sideways at 375 px (a code block may scroll
// inside itself, the page may not).

test.use({viewport: {width: 375, height: 812}});

test('no API reference page scrolls sideways at 375 px, nested fields and long patterns included', async ({page}) => {
  const routes = (await sitemapPaths(page)).filter((route) => route.startsWith('/api/'));
  expect(routes.length).toBeGreaterThanOrEqual(7);
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('article h1')).toBeVisible();
    // The page itself, and anything in the article that sticks out of the window without a scroll box of its own
    // (an ancestor that clips or hides it would cut the text off instead of letting the page scroll).
    const found = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const problems: string[] = [];
      if (document.documentElement.scrollWidth > width) {
        problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
      }
      const scrolls = (element: Element) => /auto|scroll/.test(getComputedStyle(element).overflowX);
      for (const element of document.querySelectorAll('article *')) {
        if (element.getBoundingClientRect().right <= width + 1) continue;
        let ancestor = element.parentElement;
        while (ancestor && !scrolls(ancestor)) ancestor = ancestor.parentElement;
        if (!ancestor) problems.push(`<${element.tagName.toLowerCase()}> ends past ${width} px`);
      }
      return problems.slice(0, 3);
    });
    wide.push(...found.map((problem) => `${route}: ${problem}`));
  }
  expect(wide).toEqual([]);
});

test('every operation shows its method as a label beside its path, as its Markdown twin writes it', () => {
  // What a reader sees on /api/payments, top to bottom.
  const labelled = ($: ReturnType<typeof builtPage>) =>
    $('p.api-endpoint')
      .toArray()
      .map((line) => `${$(line).find('span.api-method').text()} ${$(line).find('code').text()}`);
  expect(labelled(builtPage('/api/payments'))).toEqual([
    'GET /v1/payments',
    'POST /v1/payments',
    'GET /v1/payments/{id}',
    'POST /v1/payments/{id}/cancel',
    'POST /v1/payments/{id}/accept',
  ]);
  const pages = builtSitemapPaths().filter((route) => /^\/api\/[a-z-]+$/.test(route) && route !== '/api/objects');
  expect(pages.length).toBeGreaterThanOrEqual(6);
  for (const route of pages) {
    const $ = builtPage(route);
    const lines = labelled($);
    const operations = $('article h2[id]').filter((_, h2) => $(h2).next('p').find('code').length > 0);
    expect(lines.length, route).toBeGreaterThan(0);
    expect(lines.length, route).toBe($('p.api-endpoint').length);
    // Each label is the method's own class, and the twin keeps the line as one inline code.
    for (const line of $('p.api-endpoint').toArray()) {
      const method = $(line).find('span.api-method').text();
      expect(['GET', 'POST'], route).toContain(method);
      expect($(line).find('span.api-method').hasClass(`api-method--${method.toLowerCase()}`), route).toBe(true);
    }
    const twin = readFileSync(inBuild(`${route}.md`), 'utf8');
    for (const line of lines) expect(twin, route).toContain(`\`${line}\``);
    expect(operations.length, route).toBeGreaterThanOrEqual(lines.length);
  }
});

// The two-column layout (plugins/api-reference/rehype-layout.ts, src/css/api-reference.css).

/** Where the operations of /api/payments are, top to bottom. */
const paymentOperations = ['list-payments', 'create-payment', 'get-payment', 'cancel-payment', 'accept-payment'];

test.describe('on a wide screen', () => {
  test.use({viewport: {width: 1280, height: 800}});

  test('the example request and response stay in view beside the fields while the fields scroll', async ({page}) => {
    await page.goto('/api/payments');
    await waitForHydration(page);
    for (const id of paymentOperations) {
      const operation = page.locator('.api-operation').filter({has: page.locator(`h2#${id}`)});
      // The operation's last heading: its last response, the farthest a reader scrolls in it.
      const last = operation.locator('.api-operation__body :is(h3, h4)').last();
      await last.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, -100);
      await expect(last).toBeInViewport();
      const request = operation.locator('.api-operation__panel [role="tabpanel"]:not([hidden]) pre').first();
      const response = operation.locator(`#${id}-example-response`);
      await expect(request, `${id}: the request`).toBeInViewport();
      await expect(response, `${id}: the response's heading`).toBeInViewport();
      const field = await last.boundingBox();
      const panel = await operation.locator('.api-operation__panel').boundingBox();
      expect(panel!.x, `${id}: the panel is right of the fields`).toBeGreaterThanOrEqual(field!.x + field!.width);
    }
  });

  test('the table of contents is the "On this page" menu above the article, with every h2 and h3', async ({page}) => {
    await page.goto('/api/payments');
    await waitForHydration(page);
    await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
    const menu = page.locator('.theme-doc-toc-mobile');
    await menu.getByRole('button', {name: 'On this page'}).click();
    const links = menu.locator('a');
    await expect(links.filter({hasText: 'Create a payment'})).toBeVisible();
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain('#create-payment');
    expect(hrefs).toContain('#create-payment-example-request');
    expect(hrefs).toContain('#create-payment-request-body');
    // h4 (a field) stays out, as on every page.
    expect(hrefs).not.toContain('#create-payment-body-asset');
  });

  test('narrower than 1200 px: one column, the table of contents beside it as on a guide', async ({page}) => {
    await page.setViewportSize({width: 1100, height: 800});
    await page.goto('/api/payments');
    await waitForHydration(page);
    await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
    const head = await page.locator('#create-payment').boundingBox();
    const panel = await page.locator('#create-payment-example-request').boundingBox();
    expect(panel!.x).toBe(head!.x);
    expect(panel!.y).toBeGreaterThan(head!.y);
  });
});

test.describe('on a phone', () => {
  test('the call sits right under the endpoint line, before what the operation does', async ({page}) => {
    await page.goto('/api/payments');
    await waitForHydration(page);
    const screens: string[] = [];
    for (const id of paymentOperations) {
      const operation = page.locator('.api-operation').filter({has: page.locator(`h2#${id}`)});
      const endpoint = await operation.locator('p.api-endpoint').boundingBox();
      const request = await operation.locator(`#${id}-example-request`).boundingBox();
      const description = await operation.locator('.api-operation__body > p').first().boundingBox();
      expect(request!.y, id).toBeGreaterThan(endpoint!.y + endpoint!.height);
      expect(request!.y - (endpoint!.y + endpoint!.height), `${id}: nothing between`).toBeLessThan(60);
      expect(description!.y, id).toBeGreaterThan(request!.y);
      // The visible tab shows the call, titled with its lines; the whole file is closed under it.
      const tab = operation.locator('.api-operation__panel [role="tabpanel"]:not([hidden])').first();
      await expect(tab.locator('[class*="codeBlockTitle"]').first()).toHaveText(/^examples\/api\/\S+, lines \d+–\d+$/);
      await expect(tab.locator('details > summary')).toContainText('The whole tested file');
      const height = (await operation.boundingBox())!.height;
      screens.push(`${id} ${(height / 812).toFixed(1)}`);
    }
    console.log(`screens of 375 × 812 per operation: ${screens.join(', ')}`);
  });

  test('every operation takes at most 4 screens of 375 × 812, its folds closed', async ({page}) => {
    const heights: Record<string, number> = {};
    for (const route of ['payments', 'refunds', 'events', 'webhook-endpoints', 'balance', 'sandbox']) {
      await page.goto(`/api/${route}`);
      await waitForHydration(page);
      for (const operation of await page.locator('.api-operation').all()) {
        const id = await operation.locator('h2').getAttribute('id');
        heights[id!] = (await operation.boundingBox())!.height;
      }
    }
    expect(Object.keys(heights).sort()).toEqual([
      'accept-payment',
      'cancel-payment',
      'create-payment',
      'create-refund',
      'create-webhook-endpoint',
      'get-balance',
      'get-payment',
      'get-refund',
      'list-events',
      'list-payments',
      'list-refunds',
      'receive-event',
      'simulate-payment',
      'simulate-refund',
    ]);
    const long = Object.entries(heights).filter(([, height]) => height > 4 * 812);
    expect(long.map(([id, height]) => `${id}: ${(height / 812).toFixed(2)} screens`)).toEqual([]);
  });

  test("a field's name and its type line share a row", async ({page}) => {
    await page.goto('/api/payments');
    const head = page.locator('.api-field-head').filter({has: page.locator('#create-payment-body-price')});
    const name = (await head.locator('h4').boundingBox())!;
    const type = (await head.locator('p').boundingBox())!;
    await expect(head.locator('p')).toHaveText('Money object · required');
    expect(type.x).toBeGreaterThan(name.x + name.width);
    expect(Math.abs(type.y + type.height / 2 - (name.y + name.height / 2))).toBeLessThan(8);
  });
});

test.describe('nested fields and whole files, with JavaScript off', () => {
  test.use({javaScriptEnabled: false});

  test("a field's nested fields are closed, and open from their summary", async ({page}) => {
    await page.goto('/api/objects');
    const amount = page.locator('#payment-amount-due-amount');
    await expect(amount).toBeHidden();
    const fold = page.locator('details.api-folded-fields').filter({has: amount});
    await expect(fold.locator('summary')).toHaveText('Fields of amount_due: amount, currency');
    await fold.locator('summary').click();
    await expect(amount).toBeVisible();
    await expect(page.locator('#payment-price-amount'), 'other folds stay closed').toBeHidden();
  });

  test("the rest of a long description, and a body's example, are closed and open from their summary", async ({
    page,
  }) => {
    await page.goto('/api/refunds');
    const body = page.locator('.api-operation__body').filter({has: page.locator('#create-refund-parameters')});
    await expect(body.locator('> p').first()).toHaveText(
      "Sends amount back to an address the customer gives, on the payment's network. The refund starts pending and ends succeeded or failed. It does not return Coinwharf's fee, and your available balance pays its network fee.",
    );
    const rules = body.locator('details.api-folded-fields').first();
    await expect(rules.locator('summary')).toHaveText('Rules: payments, reasons, addresses, fees');
    const excess = rules.getByText('the API refuses more than the excess left');
    await expect(excess).toBeHidden();
    await rules.locator('summary').click();
    await expect(excess).toBeVisible();
    const example = body.locator('details.api-folded-fields').filter({hasText: 'Example request body'});
    await expect(example.locator('pre')).toBeHidden();
    await example.locator('summary').click();
    await expect(example.locator('pre')).toContainText('"payment": "pay_2x7Q9mKfR4sLw8NvB3hTzYcE"');
  });

  test("a call's whole tested file opens from its summary", async ({page}) => {
    await page.goto('/api/payments');
    const panel = page.locator('.api-operation__panel').filter({has: page.locator('#create-payment-example-request')});
    const tab = panel.locator('[role="tabpanel"]').first();
    const whole = tab.locator('details');
    await expect(whole.locator('[class*="codeBlockTitle"]')).toBeHidden();
    await whole.locator('summary').click();
    await expect(whole.locator('[class*="codeBlockTitle"]')).toHaveText('examples/api/create-payment.sh');
    await expect(whole.locator('pre')).toContainText('set -euo pipefail');
  });
});

test.describe('on a laptop', () => {
  test.use({viewport: {width: 1280, height: 800}});

  test('a link into a closed fold opens it, on a full load and on a client-side navigation back to it', async ({
    page,
  }) => {
    await page.goto('/api/objects#payment-amount-due-currency');
    await waitForHydration(page);
    const currency = page.locator('#payment-amount-due-currency');
    await expect(currency).toBeVisible();
    await expect(currency).toBeInViewport();
    // Close it, leave by the sidebar, come back: the page is rendered again with every fold closed.
    await page.locator('details.api-folded-fields').filter({has: currency}).locator('summary').click();
    await expect(currency).toBeHidden();
    await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Quickstart'}).click();
    await expect(page).toHaveURL(/\/payments\/quickstart$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/api\/objects#payment-amount-due-currency$/);
    await expect(currency).toBeVisible();
    await expect(currency).toBeInViewport();
  });
});
