// Local Docusaurus plugin: after the build, draws the social card of every
// HTML page to the address its og:image names (src/theme/Layout puts it there,
// from ./socialCard), from the page's title and meta description. The HTML is
// read by plugins/built-site.
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {builtPages, type BuiltPage} from '../built-site';
import {cardRenderer, type CardText} from './render';

/** The navbar's SVG logo from the static directories, if the site has one. */
function navbarLogoSvg({siteDir, siteConfig}: LoadContext): string | undefined {
  const src = (siteConfig.themeConfig as {navbar?: {logo?: {src?: string}}}).navbar?.logo?.src;
  if (!src?.endsWith('.svg')) return undefined;
  const file = siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir, src)).find((f) => existsSync(f));
  return file ? readFileSync(file, 'utf8') : undefined;
}

export interface SiteText {
  /** The site URL, without a trailing slash. */
  url: string;
  title: string;
  titleDelimiter: string;
  tagline: string;
}

/**
 * The card one built page asks for: where it goes (a path under the build
 * root) and its text. None for pages without a card (an og:image elsewhere
 * than the site's /img/social/, such as the search plugin's raw HTML files).
 */
export function cardOf(page: BuiltPage, site: SiteText): {target: string; text: CardText} | undefined {
  const image = page.ogImage;
  if (!image?.startsWith(`${site.url}/img/social/`)) return undefined;
  const title = page.title ?? site.title;
  const suffix = ` ${site.titleDelimiter} ${site.title}`;
  const address = page.canonical ?? site.url;
  const scheme = ['https://', 'http://'].find((prefix) => address.startsWith(prefix)) ?? '';
  const hostAndPath = address.slice(scheme.length);
  return {
    target: image.slice(site.url.length),
    text: {
      title: title.endsWith(suffix) ? title.slice(0, -suffix.length) : title,
      description: page.description ?? site.tagline,
      address: hostAndPath.endsWith('/') ? hostAndPath.slice(0, -1) : hostAndPath,
    },
  };
}

export default function socialCardsPlugin(context: LoadContext): Plugin {
  const {siteDir, siteConfig} = context;
  const site: SiteText = {
    url: siteConfig.url.endsWith('/') ? siteConfig.url.slice(0, -1) : siteConfig.url,
    title: siteConfig.title,
    titleDelimiter: siteConfig.titleDelimiter,
    tagline: siteConfig.tagline,
  };
  return {
    name: 'coinwharf-social-cards',
    async postBuild(props) {
      const render = cardRenderer(siteDir, {siteTitle: siteConfig.title, logoSvg: navbarLogoSvg(context)});
      for (const page of builtPages(props)) {
        const card = cardOf(page, site);
        if (!card) continue;
        const target = path.join(props.outDir, card.target);
        mkdirSync(path.dirname(target), {recursive: true});
        writeFileSync(target, await render(card.text));
      }
    },
  };
}
