import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {expect, test} from 'vitest';
import socialCardsPlugin from '../../../plugins/social-cards';
import {tempSite} from '../../support/temp-site';

// The social-cards plugin after a build: a 1200×630 PNG where each page's
// og:image points, nothing for a page whose image is elsewhere.

const siteDir = path.resolve(__dirname, '../../..'); // the fonts and the rasterizer come from its node_modules

const context = (logo: string) =>
  ({
    siteDir,
    siteConfig: {
      url: 'https://docs.example.test/',
      title: 'Example Docs',
      titleDelimiter: '|',
      tagline: 'A tagline',
      staticDirectories: ['no-such-dir', 'static'],
      themeConfig: {navbar: {logo: {src: logo}}},
    },
  }) as unknown as LoadContext;

const html = (image: string) =>
  `<head><title>Quickstart | Example Docs</title><meta name="description" content="Take a payment.">` +
  `<meta property="og:image" content="${image}"><link rel="canonical" href="https://docs.example.test/quickstart"></head>`;

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test('draws a 1200×630 PNG at each page image address under the site, and nothing for others', async () => {
  const outDir = tempSite({
    'quickstart/index.html': html('https://docs.example.test/img/social/quickstart.png'),
    'elsewhere/index.html': html('https://cdn.example.test/img/social/elsewhere.png'),
  });
  const plugin = socialCardsPlugin(context('img/logo.svg'));
  expect(plugin.name).toBe('coinwharf-social-cards');
  type PostBuildProps = Parameters<NonNullable<typeof plugin.postBuild>>[0];
  await plugin.postBuild!({outDir, routesBuildMetadata: {}} as unknown as PostBuildProps);
  const png = readFileSync(path.join(outDir, 'img/social/quickstart.png'));
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(pngSize(png)).toEqual([1200, 630]);
  expect(existsSync(path.join(outDir, 'img/social/elsewhere.png'))).toBe(false);

  // The same card with no logo (a PNG logo is not drawn) differs from the one with the SVG logo.
  const withoutLogo = tempSite({'quickstart/index.html': html('https://docs.example.test/img/social/quickstart.png')});
  const pngPlugin = socialCardsPlugin(context('img/logo.png'));
  await pngPlugin.postBuild!({outDir: withoutLogo, routesBuildMetadata: {}} as unknown as PostBuildProps);
  expect(readFileSync(path.join(withoutLogo, 'img/social/quickstart.png')).equals(png)).toBe(false);
}, 30_000);

test('a site URL without a trailing slash, and a navbar without an SVG logo, still get their cards, logo-less', async () => {
  type PostBuildProps = Parameters<NonNullable<ReturnType<typeof socialCardsPlugin>['postBuild']>>[0];
  const drawn = async (url: string, themeConfig: object, staticDirectories = ['static']) => {
    const outDir = tempSite({'quickstart/index.html': html('https://docs.example.test/img/social/quickstart.png')});
    const base = context('img/logo.png');
    const siteConfig = {...base.siteConfig, url, themeConfig, staticDirectories};
    const plugin = socialCardsPlugin({...base, siteConfig} as LoadContext);
    await plugin.postBuild!({outDir, routesBuildMetadata: {}} as unknown as PostBuildProps);
    return readFileSync(path.join(outDir, 'img/social/quickstart.png'));
  };
  const logoLess = await drawn('https://docs.example.test/', {navbar: {logo: {src: 'img/logo.png'}}});
  expect((await drawn('https://docs.example.test', {navbar: {logo: {src: 'img/logo.png'}}})).equals(logoLess)).toBe(
    true,
  );
  // A PNG logo that exists is not drawn either: only an SVG logo is.
  const pngLogo = tempSite({'img/logo.png': 'not an SVG'});
  expect(
    (await drawn('https://docs.example.test/', {navbar: {logo: {src: 'img/logo.png'}}}, [pngLogo])).equals(logoLess),
  ).toBe(true);
  for (const themeConfig of [{}, {navbar: {}}, {navbar: {logo: {}}}]) {
    expect((await drawn('https://docs.example.test/', themeConfig)).equals(logoLess), JSON.stringify(themeConfig)).toBe(
      true,
    );
  }
}, 60_000);
