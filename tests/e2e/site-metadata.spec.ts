import {readdirSync, readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {brand, routes, sitemapPaths, waitForHydration} from '../support/site';

test.describe('site metadata (SPEC §1, §3, §9)', () => {
  test('page titles use "|" as the title delimiter', async ({page}) => {
    await page.goto(routes.quickstart);
    await expect(page).toHaveTitle(`Quickstart | ${brand.siteTitle}`);
    await page.goto(routes.glossary);
    await expect(page).toHaveTitle(`Glossary | ${brand.siteTitle}`);
  });

  test('search engine indexing is allowed on every page', async ({page}) => {
    for (const path of await sitemapPaths(page)) {
      await page.goto(path);
      const robots = await page
        .locator('meta[name="robots"]')
        .evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
      expect(robots.join(' '), path).not.toMatch(/noindex|nofollow/i);
    }
  });

  test('pages are English, left to right', async ({page}) => {
    for (const path of [routes.home, routes.welcome, '/missing-page']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
  });

  test('dates use the Gregorian calendar in English', async ({page}) => {
    await page.goto(routes.changelog);
    const firstDate = page.locator('article time').first();
    await expect(firstDate).toHaveAttribute('datetime', /^2025-09-23/);
    await expect(firstDate).toHaveText('September 23, 2025');
  });

  test('files in the static directory are served from the site root', async ({request}) => {
    const logo = await request.get('/img/logo.svg');
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toContain('image/svg+xml');
    expect(await logo.text()).toBe(readFileSync('static/img/logo.svg', 'utf8'));
  });

  test('no doc is a draft', () => {
    const docs = readdirSync('docs', {recursive: true, encoding: 'utf8'}).filter((f) => /\.mdx?$/.test(f));
    expect(docs.length).toBe(4);
    for (const file of docs) {
      expect(readFileSync(`docs/${file}`, 'utf8'), file).not.toMatch(/^draft:\s*true/m);
    }
  });

  test('the site version is 0.0.0 and the build knows it', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string};
    expect(pkg.version).toBe('0.0.0');
    const metadata = JSON.parse(readFileSync('.docusaurus/site-metadata.json', 'utf8')) as {siteVersion?: string};
    expect(metadata.siteVersion).toBe('0.0.0');
  });

  test('the base URL is "/" and the canonical URL uses the site URL', async ({page}) => {
    await page.goto(routes.webhookGuide);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${brand.siteUrl}${routes.webhookGuide}`,
    );
    const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src).toMatch(/^\/assets\//);
  });
});

test.describe('footer (SPEC §1)', () => {
  test('copyright 2025 for the company, documentation, X and GitHub links', async ({page}) => {
    await page.goto(routes.paymentsOverview);
    const footer = page.locator('footer');
    await expect(footer.locator('.footer__copyright')).toHaveText('Copyright © 2025 Coinwharf, Inc.');
    await expect(footer.getByRole('link', {name: 'Documentation'})).toHaveAttribute('href', routes.welcome);
    await expect(footer.getByRole('link', {name: /^X/})).toHaveAttribute('href', brand.socialUrl);
    await expect(footer.getByRole('link', {name: /^GitHub/})).toHaveAttribute('href', brand.sourceAccountUrl);
  });
});

test.describe('no forms (SPEC §5)', () => {
  test('no page has a form, before or after hydration; the search box and webhook tools are fields without one', async ({
    page,
  }) => {
    const paths = await sitemapPaths(page);
    expect(paths).toContain(routes.webhookGuide);
    for (const path of paths) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toMatch(/<form[\s>]/i);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('form'), path).toHaveCount(0);
    }
  });
});
