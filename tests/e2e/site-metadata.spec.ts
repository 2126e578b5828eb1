import {readdirSync, readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {sidebarDocs} from '../support/built-docs';
import {builtPage, htmlFileFor} from '../support/built-html';
import {brand, builtSitemapPaths, inBuild, inSite, routes, specDocs, unknownPath} from '../support/site';

/** Every doc source under docs/, relative to it (partials, named with a leading "_", are not pages). */
const docSources = readdirSync(inSite('docs'), {recursive: true, encoding: 'utf8'}).filter(
  (file) => /\.mdx?$/.test(file) && !/(^|\/)_/.test(file),
);

test.describe('site metadata (SPEC §1, §3, §9)', () => {
  test('page titles use "|" as the title delimiter', async ({page}) => {
    await page.goto(routes.quickstart);
    await expect(page).toHaveTitle(`Quickstart | ${brand.siteTitle}`);
    await page.goto(routes.glossary);
    await expect(page).toHaveTitle(`Glossary | ${brand.siteTitle}`);
  });

  // Read from the built HTML, which is what crawlers read. Only <meta name="robots">
  // counts: the search page's <meta property="robots" content="noindex"> (from the
  // search plugin) is not a robots directive, and crawlers ignore it.
  test('search engine indexing is allowed on every page', () => {
    const paths = builtSitemapPaths();
    expect(paths).toContain(routes.welcome);
    for (const path of paths) {
      const $ = builtPage(path);
      const robots = $('meta[name="robots"]')
        .toArray()
        .map((meta) => $(meta).attr('content') ?? '');
      expect(robots.join(' '), path).not.toMatch(/noindex|nofollow/i);
    }
  });

  test('pages are English, left to right', async ({page}) => {
    for (const path of [routes.home, routes.welcome, unknownPath]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
  });

  test('dates use the Gregorian calendar in English', async ({page}) => {
    await page.goto('/changelog/2025/09/23/base-network');
    const date = page.locator('article time').first();
    await expect(date).toHaveAttribute('datetime', /^2025-09-23/);
    await expect(date).toHaveText('September 23, 2025');
  });

  test('files in the static directory are served from the site root', async ({request}) => {
    const logo = await request.get('/img/logo.svg');
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toContain('image/svg+xml');
    expect(await logo.text()).toBe(readFileSync(inSite('static/img/logo.svg'), 'utf8'));
  });

  test('no doc is a draft', () => {
    expect(docSources).toEqual(expect.arrayContaining(specDocs.map((doc) => `${doc.id}.mdx`)));
    for (const file of docSources) {
      expect(readFileSync(inSite('docs', file), 'utf8'), file).not.toMatch(/^draft:\s*true/m);
    }
  });

  test('page bodies are MDX: every doc is .mdx, and its imports and JSX components are compiled, not shown', () => {
    expect(docSources.filter((file) => !file.endsWith('.mdx'))).toEqual([]);
    const sourceOf = new Map(docSources.map((file) => [file.replace(/\.mdx$/, ''), file]));
    let components = 0;
    for (const doc of sidebarDocs()) {
      const file = sourceOf.get(doc.id);
      if (!file) continue; // an id set in front matter: the source is named otherwise
      const source = readFileSync(inSite('docs', file), 'utf8');
      const $ = builtPage(doc.path);
      const text = $('article').text();
      for (const [, name] of source.matchAll(/^import (\w+) from '@site\/src\/components\/[^']+';$/gm)) {
        if (!new RegExp(`^<${name}[\\s/>]`, 'm').test(source)) continue;
        components += 1;
        // Plain Markdown would print the import as a paragraph and leave the tag as text or an unknown element.
        expect(text, `${doc.path}: the import of ${name} is shown as text`).not.toContain(`import ${name} from`);
        expect(text, `${doc.path}: <${name}> is shown as text`).not.toContain(`<${name}`);
        expect($(name.toLowerCase()), `${doc.path}: <${name}> left as an HTML element`).toHaveLength(0);
      }
    }
    // The proof needs at least one component a doc imports and uses.
    expect(components).toBeGreaterThan(0);
  });

  test('the site version is 0.0.0 and the build knows it', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string};
    expect(pkg.version).toBe('0.0.0');
    const metadata = JSON.parse(readFileSync(inSite('.docusaurus/site-metadata.json'), 'utf8')) as {
      siteVersion?: string;
    };
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

// After hydration, every route's form count is checked in every-route's whole visit of it.
test.describe('no forms (SPEC §5)', () => {
  test('no page, the not-found page included, has a form in the HTML the server sends, before hydration', () => {
    const paths = builtSitemapPaths();
    expect(paths).toContain(routes.webhookGuide);
    const files = [...paths.map((path) => htmlFileFor(path) ?? `(no built page for ${path})`), inBuild('404.html')];
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/<form[\s>]/i);
  });
});
