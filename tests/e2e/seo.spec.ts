import {createHash} from 'node:crypto';
import path from 'node:path';
import {existsSync, readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {cardRenderer} from '../../plugins/social-cards/render';
import {attributes, builtPages, metaContents, parseHtml} from '../support/built-html';
import {sidebarDocs} from '../support/built-docs';
import {builtSitemapPaths, inBuild, inSite, siteDir, sitemapPaths, unknownPath} from '../support/site';

// SEO and sharing: robots.txt and the sitemap, titles, descriptions,
// og:/twitter: tags, a social card per page, breadcrumb JSON-LD and print styles.

// Expected values as a reader sees them, not read from the site's constants.
const siteUrl = 'https://docs.coinwharf.com';
const siteTitle = 'Coinwharf Docs';
/** SPEC §2's routes and the changelog, which the sitemap must list among whatever else the site has. */
const requiredRoutes = [
  '/',
  '/markdown-page',
  '/welcome',
  '/payments/',
  '/payments/quickstart',
  '/payments/webhook-guide',
  '/changelog',
];
const quickstart = '/payments/quickstart';

const notFound = {path: '/404.html', served: unknownPath};
const pages = [...builtSitemapPaths().map((path) => ({path, served: path})), notFound];

/** The head of a served page, as the crawlers read it (no JavaScript). */
async function head(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path);
  const $ = parseHtml(await response.text());
  const metaContent = (_key: 'name' | 'property', value: string) => metaContents($, value);
  return {status: response.status(), $, metaContent, title: $('title').length ? $('title').first().text() : undefined};
}

/**
 * Where a page's card is served, worked out here: `/welcome` → `/img/social/welcome.png`,
 * `/payments/` → `/img/social/payments/index.png`, `/` → `/img/social/index.png`.
 */
function cardPath(pagePath: string): string {
  const name = pagePath
    .replace(/\.html$/, '')
    .replace(/\/$/, '/index')
    .replace(/^\//, '');
  return `/img/social/${name || 'index'}.png`;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): {width: number; height: number} {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)};
}

test.describe('robots.txt and sitemap.xml', () => {
  test('robots.txt allows every crawler everywhere and names the sitemap', async ({request}) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    expect(await response.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  });

  test("the sitemap lists exactly the site's pages, each at its canonical URL, each answering 200", async ({page}) => {
    const listed = await sitemapPaths(page);
    const built = builtPages().map(({$}) => ($('link[rel="canonical"]').attr('href') ?? '').replace(siteUrl, ''));
    expect([...listed].sort()).toEqual([...built].sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const path of requiredRoutes) expect(listed).toContain(path);
    for (const path of listed) {
      const {status, $} = await head(page.request, path);
      expect(status, path).toBe(200);
      expect(attributes($, 'link[rel="canonical"]', 'href')).toEqual([`${siteUrl}${path}`]);
    }
  });
});

test.describe('titles, descriptions and sharing tags', () => {
  test('every page, the not-found page included, has its own title and its own 50–160 character description', async ({
    request,
  }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const {path, served} of pages) {
      const {title, metaContent} = await head(request, served);
      expect(title, `${path}: title`).toMatch(new RegExp(` \\| ${siteTitle}$`));
      const [description] = metaContent('name', 'description');
      expect(description, `${path}: meta description`).toBeDefined();
      expect(
        description.length,
        `${path}: "${description}" is ${description.length} characters`,
      ).toBeGreaterThanOrEqual(50);
      expect(description.length, `${path}: "${description}" is ${description.length} characters`).toBeLessThanOrEqual(
        160,
      );
      expect(titles.get(title!), `${path} has the title of ${titles.get(title!)}`).toBeUndefined();
      expect(
        descriptions.get(description),
        `${path} has the description of ${descriptions.get(description)}`,
      ).toBeUndefined();
      titles.set(title!, path);
      descriptions.set(description, path);
      expect(metaContent('property', 'og:title'), path).toEqual([title]);
      expect(metaContent('property', 'og:description'), path).toEqual([description]);
    }
  });

  test('every page names its own 1200×630 PNG social card in og:image and twitter:image', async ({request}) => {
    const cards = new Map<string, string>();
    for (const {path, served} of pages) {
      const {metaContent} = await head(request, served);
      const card = `${siteUrl}${cardPath(path)}`;
      expect(metaContent('property', 'og:image'), path).toEqual([card]);
      expect(metaContent('name', 'twitter:image'), path).toEqual([card]);
      expect(metaContent('name', 'twitter:card'), path).toEqual(['summary_large_image']);
      expect(metaContent('property', 'og:image:width'), path).toEqual(['1200']);
      expect(metaContent('property', 'og:image:height'), path).toEqual(['630']);
      const file = inBuild(cardPath(path));
      expect(existsSync(file), `${path}: ${file} exists`).toBe(true);
      expect(pngSize(file), file).toEqual({width: 1200, height: 630});
      const served_ = await request.get(cardPath(path));
      expect(served_.status(), file).toBe(200);
      expect(served_.headers()['content-type']).toBe('image/png');
      // Each card is drawn from its own page's title and description.
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
      expect(cards.get(hash), `${path} has the card of ${cards.get(hash)}`).toBeUndefined();
      cards.set(hash, path);
    }
  });

  test("a card is drawn in the site's colours: dark teal ground, light teal foot", async ({page}) => {
    const png = readFileSync(inBuild(cardPath(quickstart))).toString('base64');
    await page.setViewportSize({width: 1200, height: 630});
    await page.setContent(`<body style="margin:0"><img alt="" src="data:image/png;base64,${png}"></body>`);
    const colors = await page.evaluate(async () => {
      const img = document.querySelector('img')!;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
      return {corner: at(5, 5), foot: at(600, 625)};
    });
    expect(colors.corner).toEqual([0x0b, 0x24, 0x22]);
    expect(colors.foot).toEqual([0x2d, 0xd4, 0xbf]);
  });

  test('a card shows its page\'s title: the quickstart\'s card is the one drawn for "Quickstart", and another title changes it', async ({
    page,
  }) => {
    const built = readFileSync(inBuild('img', 'social', 'payments', 'quickstart.png'));
    const {metaContent} = await head(page.request, quickstart);
    const [description] = metaContent('name', 'description');
    // The card renderer the build uses, given the page's text as a reader sees it.
    const draw = cardRenderer(path.resolve(siteDir), {
      siteTitle,
      logoSvg: readFileSync(inSite('static', 'img', 'logo.svg'), 'utf8'),
    });
    const text = {description, address: 'docs.coinwharf.com/payments/quickstart'};
    const asQuickstart = Buffer.from(await draw({...text, title: 'Quickstart'}));
    expect(asQuickstart.equals(built), 'the built card is the one drawn for the title "Quickstart"').toBe(true);

    // Drawn with another title, the card differs in many pixels, none in the foot.
    const asOther = Buffer.from(await draw({...text, title: 'Refunds and disputes'}));
    await page.setContent(
      [built, asOther].map((png) => `<img alt="" src="data:image/png;base64,${png.toString('base64')}">`).join(''),
    );
    const changed = await page.evaluate(async () => {
      const pixels = await Promise.all(
        [...document.images].map(async (img) => {
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d')!;
          context.drawImage(img, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height).data;
        }),
      );
      let count = 0;
      let lowest = 0;
      for (let i = 0; i < pixels[0].length; i += 4) {
        if (
          pixels[0][i] !== pixels[1][i] ||
          pixels[0][i + 1] !== pixels[1][i + 1] ||
          pixels[0][i + 2] !== pixels[1][i + 2]
        ) {
          count += 1;
          lowest = Math.max(lowest, Math.floor(i / 4 / 1200));
        }
      }
      return {count, lowest};
    });
    expect(changed.count, 'pixels a different title changes').toBeGreaterThan(2_000);
    expect(changed.lowest, 'lowest changed row, above the address in the foot').toBeLessThan(530);
  });
});

test.describe('structured data', () => {
  for (const doc of sidebarDocs()) {
    // The visible breadcrumbs are read from the same served HTML: the page renders them on the server, and
    // docs-layout's "docs show breadcrumbs" checks them in the browser.
    test(`${doc.path} describes its breadcrumbs as a schema.org BreadcrumbList matching the visible ones`, async ({
      request,
    }) => {
      const {$} = await head(request, doc.path);
      const blocks = $('script[type="application/ld+json"]')
        .toArray()
        .map(
          (script) =>
            JSON.parse($(script).text()) as {
              '@type': string;
              itemListElement: {position: number; name: string; item: string}[];
            },
        );
      const list = blocks.find((block) => block['@type'] === 'BreadcrumbList');
      expect(list, doc.path).toBeDefined();
      const names = $('nav[aria-label="Breadcrumbs"] .breadcrumbs__item')
        .not((_, item) => $(item).find('.breadcrumbs__link[aria-label="Home page"]').length > 0)
        .toArray()
        .map((item) => $(item).text().trim());
      expect(names.length, 'visible breadcrumbs besides Home').toBeGreaterThan(0);
      expect(list!.itemListElement.map((item) => item.name)).toEqual(names);
      expect(list!.itemListElement.map((item) => item.position)).toEqual(names.map((_, i) => i + 1));
      expect(list!.itemListElement.at(-1)!.item).toBe(`${siteUrl}${doc.path}`);
    });
  }
});
