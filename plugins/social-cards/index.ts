// Local Docusaurus plugin: after the build, draws the social card of every
// HTML page to the address its og:image names (src/theme/Layout puts it there,
// from src/lib/socialCard), from the page's title and meta description.
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cardRenderer} from './render';

/** Every .html file under `dir`, as paths relative to it. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.html'));
}

const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'"};
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => entities[name]);

/** The content of the first `<meta>` whose `key` attribute (name or property) is `value`. */
function meta(html: string, key: 'name' | 'property', value: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\s[^>]*>/g)) {
    if (tag.includes(` ${key}="${value}"`)) return decode(/\scontent="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  return undefined;
}

/** The navbar's SVG logo from the static directories, if the site has one. */
function navbarLogoSvg({siteDir, siteConfig}: LoadContext): string | undefined {
  const src = (siteConfig.themeConfig as {navbar?: {logo?: {src?: string}}}).navbar?.logo?.src;
  if (!src?.endsWith('.svg')) return undefined;
  const file = siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir, src)).find((f) => existsSync(f));
  return file ? readFileSync(file, 'utf8') : undefined;
}

export default function socialCardsPlugin(context: LoadContext): Plugin {
  const {siteDir, siteConfig} = context;
  const siteUrl = siteConfig.url.replace(/\/$/, '');
  return {
    name: 'coinwharf-social-cards',
    async postBuild({outDir}) {
      const render = cardRenderer(siteDir, {siteTitle: siteConfig.title, logoSvg: navbarLogoSvg(context)});
      const suffix = ` ${siteConfig.titleDelimiter} ${siteConfig.title}`;
      for (const file of htmlFiles(outDir)) {
        const html = readFileSync(path.join(outDir, file), 'utf8');
        const image = meta(html, 'property', 'og:image');
        // Pages without a card (the search plugin's raw HTML files, if any) keep none.
        if (!image?.startsWith(`${siteUrl}/img/social/`)) continue;
        const title = decode(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? siteConfig.title);
        const canonical = /<link\s[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1];
        const card = await render({
          title: title.endsWith(suffix) ? title.slice(0, -suffix.length) : title,
          description: meta(html, 'name', 'description') ?? siteConfig.tagline,
          address: (canonical ?? siteUrl).replace(/^https?:\/\//, '').replace(/\/$/, ''),
        });
        const target = path.join(outDir, image.slice(siteUrl.length));
        mkdirSync(path.dirname(target), {recursive: true});
        writeFileSync(target, card);
      }
    },
  };
}
