/**
 * Brand and URL constants of Coinwharf. The site config, pages, components and
 * tests all import from here, so a URL or name changes in exactly one place.
 */
export const brand = {
  company: 'Coinwharf, Inc.',
  siteTitle: 'Coinwharf Docs',
  tagline: 'Integrate Crypto into Real-World Applications',
  copyrightYear: 2025,
  siteUrl: 'https://docs.coinwharf.com',
  socialUrl: 'https://x.com/coinwharf',
  sourceAccountUrl: 'https://github.com/coinwharf',
  docsRepoUrl: 'https://github.com/coinwharf/docs',
  apiBaseUrl: 'https://api.coinwharf.com/v1',
} as const;

export const copyrightLine = `Copyright © ${brand.copyrightYear} ${brand.company}`;

const docsRepoBranch = 'main';

/**
 * The docs' own repository, whose root is this project's root: a page's source
 * path here is its path there. Edit links and feedback issues point at it.
 */
export const docsRepo = {
  url: brand.docsRepoUrl,
  branch: docsRepoBranch,
  /** Prefix of "Edit this page": append a source path such as `docs/intro.mdx`. */
  editUrl: `${brand.docsRepoUrl}/edit/${docsRepoBranch}/`,
  /** GitHub's new-issue form; `title` and `body` query parameters prefill it. */
  newIssueUrl: `${brand.docsRepoUrl}/issues/new`,
} as const;

/** Site routes that other code links to; the docs' own slugs live in their front matter. */
export const routes = {
  home: '/',
  glossary: '/markdown-page',
  welcome: '/welcome',
  paymentsOverview: '/payments/',
  quickstart: '/payments/quickstart',
  webhookGuide: '/payments/webhook-guide',
  changelog: '/changelog',
} as const;

/** The API changelog (blog plugin): its title is also the list page's h1. */
export const changelog = {
  title: 'API changelog',
  description: 'Dated changes to the Coinwharf Payments API and these docs.',
} as const;

/** The home page's title and description: its head tags, and its line in /llms.txt. */
export const homePage = {
  title: 'Crypto payments API documentation',
  description:
    'Coinwharf developer docs: accept crypto payments priced in fiat, verify signed webhooks and settle on the network your customer picks.',
} as const;
