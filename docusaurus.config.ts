import type {Config, LoadContext} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';
import {brand, changelog, copyrightLine, docsRepo, homePage, routes} from './src/constants/brand';
import {codeThemes} from './plugins/code-blocks/codeThemes';
import mermaidChunksPlugin from './plugins/mermaid-chunks';
import {searchBarShortcutHint, searchBarShortcutKeymap} from './src/constants/search';
import deployFilesPlugin from './plugins/deploy';
import markdownTwinsPlugin, {type MarkdownTwinsOptions} from './plugins/markdown-twins';
import codeBlocksPlugin from './plugins/code-blocks';
import remarkCodeSamples from './plugins/code-blocks/remark';
import socialCardsPlugin from './plugins/social-cards';
import apiReferencePlugin, {
  referenceFolder,
  rehypeEndpointLabels,
  rehypeOperationLayout,
} from './plugins/api-reference';
import upstreamPatchesPlugin from './plugins/upstream-patches';
import inlineCssPlugin from './plugins/inline-css';
import pageScriptsPlugin from './plugins/page-scripts';
import {reportBrokenMarkdownLink} from './scripts/check-docs/markdown-links';

// This file runs in Node.js at build time: no browser APIs or JSX here.
// Every value below that SPEC.md fixes is asserted by a test in tests/.

// Sample fences (```ts file=examples/…) and :::code-tabs groups become the
// tested files in synced tabs, on every kind of page (plugins/code-blocks).
const remarkPlugins = [[remarkCodeSamples, {siteDir: __dirname}]];

const docsOptions = {
  routeBasePath: '/',
  remarkPlugins,
  // The reference's endpoint lines get a method label (GET, POST): HTML and CSS only.
  rehypePlugins: [rehypeEndpointLabels, rehypeOperationLayout],
  sidebarPath: './sidebars.ts',
  breadcrumbs: true,
  // Every doc is listed on every doc page, none hidden in a closed category; only the reference's
  // operation links are closed off their own page (plugins/api-reference/sidebar.ts).
  sidebarCollapsed: false,
  includeCurrentVersion: true,
  lastVersion: 'current',
  versions: {
    current: {label: 'Next'},
  },
  // "Edit this page" opens the doc's source file on GitHub: the docs repo's root is this project's root.
  editUrl: docsRepo.editUrl,
  // The date of the last commit that touched the file (git log), so a CI clone
  // needs full history: .ci/run unshallows a shallow one. No author: git names
  // are bots and squash-merge authors as often as the writer.
  showLastUpdateTime: true,
  showLastUpdateAuthor: false,
} satisfies Preset.Options['docs'];

const changelogOptions = {
  routeBasePath: routes.changelog.slice(1),
  path: 'changelog',
  remarkPlugins,
  // Every entry is on /changelog already; the archive page would repeat it.
  archiveBasePath: null,
  blogTitle: changelog.title,
  blogDescription: changelog.description,
  blogSidebarTitle: 'All changes',
  blogSidebarCount: 'ALL',
  showReadingTime: false,
  // An entry's page links to its source like a doc's; its date is the entry's own date, so no last-updated line.
  editUrl: docsRepo.editUrl,
  postsPerPage: 'ALL',
  // Upstream titles the feeds "<site title> Blog"; this blog is the changelog.
  feedOptions: {
    type: ['rss', 'atom'],
    xslt: true,
    copyright: copyrightLine,
    title: `${brand.siteTitle}: ${changelog.title}`,
  },
  onInlineTags: 'throw',
  onInlineAuthors: 'throw',
  onUntruncatedBlogPosts: 'throw',
} satisfies Preset.Options['blog'];

const presetOptions = {
  docs: docsOptions,
  blog: changelogOptions,
  pages: {remarkPlugins},
  theme: {customCss: ['./src/css/custom.css', './src/css/api-reference.css', './src/css/print.css']},
} satisfies Preset.Options;

// Local full-text search (@easyops-cn/docusaurus-search-local): indexed at
// build time, served from our own origin. The index and all search code,
// including the plugin's search box, are fetched on the first focus, hover or
// shortcut of the box (src/theme/SearchBar). Docs, changelog and pages are all indexed.
const searchOptions = {
  hashed: true,
  indexDocs: true,
  // The docs' top-level paths, not "/": with "/" the plugin files every route
  // under the docs and skips the ones that are not docs, so pages (the glossary)
  // went unindexed. tests/e2e/search.spec.ts checks every sitemap page is indexed.
  docsRouteBasePath: [routes.welcome, routes.paymentsOverview, `/${referenceFolder}/`].map((path) =>
    path.replace(/\/$/, ''),
  ),
  indexBlog: true,
  blogDir: 'changelog',
  blogRouteBasePath: routes.changelog,
  indexPages: true,
  language: ['en'],
  // Prose, headings, tables and inline code are indexed; code blocks are not (nor does DocSearch's
  // default crawler index them). They were three fifths of the index's 2.5 MB (611 kB gzipped),
  // fetched and parsed on a reader's first search. tests/budgets.json caps it.
  ignoreCssSelectors: ['.theme-code-block'],
  highlightSearchTermsOnTargetPage: true,
  explicitSearchResultPath: true,
  searchResultLimits: 8,
  searchBarShortcut: true,
  searchBarShortcutKeymap,
  searchBarShortcutHint,
} satisfies SearchOptions;

// /llms.txt, /llms-full.txt and a Markdown twin of every page (plugins/markdown-twins).
const markdownTwinsOptions = {
  summary: `${brand.tagline}. The documentation of the Coinwharf Payments API: price an order in fiat, get paid in crypto on the network your customer picks, and learn by signed webhook when the funds are final.`,
  details: `The API is REST over HTTPS at ${brand.apiBaseUrl}, with JSON bodies and \`Authorization: Bearer <secret key>\`. Each page below is Markdown with its code samples inlined: every sample is a complete file that the docs' test suite runs.`,
  home: homePage,
} satisfies MarkdownTwinsOptions;

const themeConfig = {
  colorMode: {
    defaultMode: 'light',
    disableSwitch: false,
    respectPrefersColorScheme: false,
  },
  docs: {
    versionPersistence: 'localStorage',
    sidebar: {hideable: false, autoCollapseCategories: false},
  },
  blog: {sidebar: {groupByYear: true}},
  tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  announcementBar: {
    // Changing the id shows the bar again to readers who dismissed the old one.
    id: 'sandbox-networks-2025',
    content: `Sandbox payments settle on test networks only: Bitcoin testnet4, Sepolia, Base Sepolia, Amoy, Solana devnet and Nile. <a href="${routes.quickstart}">Run the quickstart</a>.`,
    isCloseable: true,
    // Set as the bar's inline style: variables (src/css/custom.css) give each colour mode its own.
    backgroundColor: 'var(--cw-announcement-bar-background)',
    textColor: 'var(--cw-announcement-bar-color)',
  },
  navbar: {
    title: brand.siteTitle,
    hideOnScroll: false,
    logo: {alt: 'Coinwharf logo', src: 'img/logo.svg', width: 32, height: 32},
    items: [
      {type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: 'Docs'},
      {to: routes.changelog, label: 'Changelog', position: 'left'},
      {type: 'search', position: 'right', className: 'navbar-search-slot'},
      {type: 'localeDropdown', position: 'right'},
      {
        href: brand.sourceAccountUrl,
        label: 'GitHub',
        position: 'right',
        'aria-label': 'Coinwharf on GitHub',
      },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Docs',
        items: [
          {label: 'Documentation', to: routes.welcome},
          {label: 'Quickstart', to: routes.quickstart},
          {label: 'Changelog', to: routes.changelog},
          {label: 'Glossary', to: routes.glossary},
        ],
      },
      {
        title: 'Community',
        items: [
          {label: 'X', href: brand.socialUrl},
          {label: 'GitHub', href: brand.sourceAccountUrl},
        ],
      },
    ],
    copyright: copyrightLine,
  },
  mermaid: {
    theme: {light: 'neutral', dark: 'dark'},
  },
  prism: {
    theme: codeThemes.light,
    darkTheme: codeThemes.dark,
    additionalLanguages: ['bash', 'json'],
  },
} satisfies Preset.ThemeConfig;

const config: Config = {
  title: brand.siteTitle,
  tagline: brand.tagline,
  favicon: 'img/favicon.svg',
  url: brand.siteUrl,
  baseUrl: '/',
  // Canonical URL policy: every page has exactly one URL, the one Docusaurus
  // gives its route and writes into the page's canonical link and sitemap.xml:
  // /welcome without a trailing slash, /payments/ (a folder index) with one, as
  // the spec fixes them. `true` or `false` would rewrite one of the two, so this
  // stays undefined. The servers enforce the policy: plugins/deploy/headers.ts answers
  // the other slash form, `.html` and `/index.html` with a 301 to the canonical URL.
  trailingSlash: undefined,
  organizationName: 'coinwharf',
  projectName: 'docs',
  titleDelimiter: '|',
  noIndex: false,
  staticDirectories: ['static'],
  baseUrlIssueBanner: true,

  // The first frame waits for the whole navbar: the main wrapper after it (Layout's skip-to-content
  // target, on every page) must be parsed before the page renders. Drawn earlier, as it was when the
  // HTML paused inside the navbar's right-hand items, each item that arrived next pushed the ones
  // before it left: a layout shift (tests/e2e/streamed-html.spec.ts).
  headTags: [
    {
      tagName: 'link',
      attributes: {rel: 'expect', href: '#__docusaurus_skipToContent_fallback', blocking: 'render'},
    },
  ],

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    // ```mermaid fences and the Mermaid component draw diagrams; the library
    // loads only on pages that have one.
    mermaid: true,
    // Warns as 'warn' does, and records each link for check:docs (file, line, link: no log to parse).
    hooks: {onBrokenMarkdownLinks: reportBrokenMarkdownLink},
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory'},
    },
  },

  // Storage keys stay plain ("theme", not "theme-<hash>"), as the spec names them (shared/spec/NOTES.md):
  // `namespace: false` wins over the v4 flags below, which would namespace them.
  storage: {type: 'localStorage', namespace: false},

  future: {
    // Every Docusaurus v4 flag, as `v4: true`, the one form Docusaurus 4 accepts too (4.0.0-canary-6808
    // rejects removeLegacyPostBuildHeadAttribute by name: npm run check:upgrade).
    // Docusaurus Faster (Rspack, SWC, Lightning CSS) builds about 4 times quicker than webpack,
    // and is the only bundler the site builds with: webpack's server render does not wait for
    // the webhook tools' top-level `await`, so their pages fail (README, "Quick start").
    v4: true,
    experimental_router: 'browser',
  },

  presets: [['classic', presetOptions]],
  // page-scripts gives each built page the scripts its route needs as one file (first: its
  // postBuild must finish before the others read the pages), inline-css puts the stylesheet in each
  // page's <head> (second, for the same reason); code-blocks is how a code block renders (its components, token colours, Prism loaded on demand,
  // the sample tabs); mermaid-chunks keeps Mermaid out of the common chunk; deploy writes
  // build/_headers and build/_redirects (Netlify, Cloudflare Pages); markdown-twins
  // writes the Markdown twins and llms.txt; social-cards draws each page's og:image;
  // api-reference regenerates the API reference when api/openapi.yaml changes; upstream-patches
  // rebuilds the bundler's cache when a patch of Docusaurus (patches/) changes.
  plugins: [
    pageScriptsPlugin,
    inlineCssPlugin,
    codeBlocksPlugin,
    mermaidChunksPlugin,
    deployFilesPlugin,
    (context: LoadContext) => markdownTwinsPlugin(context, markdownTwinsOptions),
    socialCardsPlugin,
    apiReferencePlugin,
    upstreamPatchesPlugin,
  ],
  themes: ['@docusaurus/theme-mermaid', ['@easyops-cn/docusaurus-search-local', searchOptions]],
  themeConfig,
};

export default config;
