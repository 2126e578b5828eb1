// Local Docusaurus plugin: after the build, writes a Markdown twin of every
// doc, Markdown page and changelog entry next to its HTML (`/welcome.md`,
// `/payments/index.md`), plus /llms.txt and /llms-full.txt. The twins hold the
// tested example files themselves, where the page names them in sample fences.
// Its theme puts a "Copy page" control and a link to the twin on every doc.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {aliasedSitePathToRelativePath, resolveMarkdownLinkPathname} from '@docusaurus/utils';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';
import {twinPath} from './format';
import {convertMdx, twinFile} from './convert';
import {llmsFullTxt, llmsTxt, type ListedPage} from './llms';

export interface MarkdownTwinsOptions {
  /** The blockquote under the site's name in llms.txt. */
  summary: string;
  /** The paragraph after it. */
  details: string;
  /** The title and description of the JSX home page, which has no twin. */
  home: {title: string; description: string};
}

/** A page with a Markdown source, so with a twin. */
interface SourcePage {
  kind: 'doc' | 'page' | 'changelog';
  title: string;
  description: string;
  permalink: string;
  /** Absolute path of the MDX or Markdown file. */
  file: string;
  /** The source as Docusaurus names it, `@site/docs/intro.mdx`. */
  source: string;
  /**
   * Where its Markdown links are resolved from besides its own folder: the docs
   * version's folder for a doc; pages and changelog entries link relatively.
   */
  contentPath: string;
}

interface SidebarNode {
  type: string;
  id?: string;
  link?: {type: string; id?: string};
  items?: SidebarNode[];
}

/** Doc ids in the order a reader meets them in the sidebar. */
function sidebarOrder(items: readonly SidebarNode[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === 'doc' && item.id ? [item.id] : []),
    ...(item.link?.type === 'doc' && item.link.id ? [item.link.id] : []),
    ...sidebarOrder(item.items ?? []),
  ]);
}

export default function markdownTwinsPlugin(context: LoadContext, options: MarkdownTwinsOptions): Plugin {
  const {siteDir, siteConfig} = context;
  const siteUrl = siteConfig.url.replace(/\/$/, '');
  const fromSite = (source: string) => path.join(siteDir, aliasedSitePathToRelativePath(source));
  let pages: SourcePage[] = [];

  return {
    name: 'coinwharf-markdown-twins',
    // Copy page, and the wrapper that puts it and the twin's <link> on every doc.
    getThemePath: () => path.join(__dirname, 'theme'),

    allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      const blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
      const sitePages = (allContent['docusaurus-plugin-content-pages']?.default ?? []) as PagesContent;
      const version = docs?.loadedVersions[0];
      const order = sidebarOrder(Object.values(version?.sidebars ?? {}).flat());
      const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
      pages = [
        ...[...(version?.docs ?? [])]
          .filter((doc) => !doc.unlisted)
          .sort((a, b) => rank(a.id) - rank(b.id))
          .map((doc) => ({
            kind: 'doc' as const,
            title: doc.title,
            description: doc.description,
            permalink: doc.permalink,
            file: fromSite(doc.source),
            source: doc.source,
            contentPath: version!.contentPath,
          })),
        ...sitePages.flatMap((page) =>
          page.type === 'mdx' && !page.unlisted
            ? [
                {
                  kind: 'page' as const,
                  title: page.title ?? '',
                  description: page.description ?? '',
                  permalink: page.permalink,
                  file: fromSite(page.source),
                  source: page.source,
                  contentPath: path.dirname(fromSite(page.source)),
                },
              ]
            : [],
        ),
        ...(blog?.blogPosts ?? [])
          .filter((post) => !post.metadata.unlisted)
          .map(({metadata}) => ({
            kind: 'changelog' as const,
            title: metadata.title,
            description: metadata.description,
            permalink: metadata.permalink,
            file: fromSite(metadata.source),
            source: metadata.source,
            contentPath: path.dirname(fromSite(metadata.source)),
          })),
      ];
    },

    postBuild({outDir}) {
      const byFile = new Map(pages.map((page) => [page.file, page]));
      const byPath = new Map(pages.map((page) => [page.permalink.replace(/\/$/, '') || '/', page]));
      const twinUrl = (page: SourcePage) => siteUrl + twinPath(page.permalink);
      const sourceToPermalink = new Map(pages.map((page) => [page.source, page.permalink]));

      /** An internal link's absolute URL, to the target's twin where it has one. */
      const resolveLink = (url: string, fromFile: string): string | undefined => {
        // pathname:///file: a file the site serves as it is (Docusaurus's escape from routing).
        if (url.startsWith('pathname:///')) return siteUrl + url.slice('pathname://'.length);
        if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return undefined; // external
        const [, target = '', rest = ''] = /^([^?#]*)(.*)$/.exec(url) ?? [];
        if (target === '') return twinUrl(byFile.get(fromFile)!) + rest;
        const from = byFile.get(fromFile)!;
        if (/\.mdx?$/.test(target)) {
          // Resolved as Docusaurus resolves it; a file that is no page is
          // Docusaurus's to report (onBrokenMarkdownLinks), and its link stays as written.
          const permalink = resolveMarkdownLinkPathname(decodeURIComponent(target), {
            sourceFilePath: fromFile,
            sourceToPermalink,
            contentPaths: {contentPath: from.contentPath, contentPathLocalized: undefined},
            siteDir,
          });
          const page = permalink === null ? undefined : byPath.get(permalink.replace(/\/$/, '') || '/');
          return page ? twinUrl(page) + rest : undefined;
        }
        const absolute = new URL(target, siteUrl + from.permalink).pathname;
        const page = byPath.get(absolute.replace(/\/$/, '') || '/');
        return page ? twinUrl(page) + rest : siteUrl + absolute + rest;
      };

      const twins = pages.map((page) => {
        const twin = convertMdx(readFileSync(page.file, 'utf8'), page, {
          file: page.file,
          resolveLink,
          siteDir,
        });
        const out = path.join(outDir, twinPath(page.permalink));
        mkdirSync(path.dirname(out), {recursive: true});
        writeFileSync(out, twinFile(twin));
        return {page, twin};
      });

      const listed = (kind: SourcePage['kind']): ListedPage[] =>
        pages
          .filter((page) => page.kind === kind)
          .map((page) => ({title: page.title, description: page.description, url: twinUrl(page)}));
      const site = {name: siteConfig.title, summary: options.summary};
      writeFileSync(
        path.join(outDir, 'llms.txt'),
        llmsTxt({
          ...site,
          details: `${options.details}\n\nEvery doc, page and changelog entry in one file: <${siteUrl}/llms-full.txt>`,
          sections: [
            {title: 'Docs', pages: listed('doc')},
            {title: 'Pages', pages: [{...options.home, url: `${siteUrl}/`}, ...listed('page')]},
            {title: 'Optional', pages: listed('changelog')},
          ],
        }),
      );
      writeFileSync(
        path.join(outDir, 'llms-full.txt'),
        llmsFullTxt(
          site,
          // In llms.txt's order: the docs, the pages, then the changelog.
          (['doc', 'page', 'changelog'] as const).flatMap((kind) =>
            twins
              .filter(({page}) => page.kind === kind)
              .map(({page, twin}) => ({pageUrl: siteUrl + page.permalink, markdown: twin.body})),
          ),
        ),
      );
    },
  };
}
