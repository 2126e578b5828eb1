// What a built page preloads: pure functions over the route tree, the routes' chunk names and the
// chunk groups' files (./index.ts reads them from the build).
import {load} from 'cheerio';

/** A route of Docusaurus's generated tree (`.docusaurus/routes.js`), its component as its chunk key. */
export interface RouteNode {
  path: string;
  exact?: boolean;
  /** `ComponentCreator(path, hash)` read as `path-hash`, the route's key in routesChunkNames.json. */
  component: string;
  routes?: RouteNode[];
}

/** Whether a route matches a path as react-router's matchPath does for these routes (no parameters). */
function matches(route: RouteNode, pathname: string): boolean {
  if (route.path === '*') return true;
  const own = route.path.replace(/\/$/, '');
  const wanted = pathname.replace(/\/$/, '');
  if (route.exact) return wanted === own;
  return own === '' || wanted === own || wanted.startsWith(`${own}/`);
}

/** The chunk keys of the routes a path renders, outermost first: at each level the first route that matches. */
export function routeChain(routes: RouteNode[], pathname: string): string[] {
  const route = routes.find((candidate) => matches(candidate, pathname));
  if (!route) return [];
  return [route.component, ...routeChain(route.routes ?? [], pathname)];
}

/** Every chunk name in a route's entry of routesChunkNames.json (`__comp`, `content`, `__context.plugin`, …). */
function namesIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(namesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(namesIn);
  return [];
}

/** The script files of the chunks a chain of routes loads, each once, in the order the routes name them. */
export function routeFiles(
  chain: string[],
  chunkNames: Record<string, unknown>,
  groups: Record<string, string[]>,
): string[] {
  const files = chain.flatMap((key) => namesIn(chunkNames[key])).flatMap((name) => groups[name] ?? []);
  return [...new Set(files)];
}

/**
 * The page's HTML with a low-priority preload of each of its route's chunks before its `</head>`, and
 * its own scripts (runtime~main.js, main.js) asked for first (`fetchpriority=high`): nothing runs
 * before main.js has come, and the chunks run after it. Written in the minifier's attribute style.
 * The page is read with an HTML parser; only the tags found are edited, as written, and the rest of
 * the file is left byte for byte.
 */
export function preloadLinks(html: string, files: string[], baseUrl: string): string {
  const end = html.indexOf('</head>');
  if (end === -1 || html.indexOf('</head>', end + 1) !== -1) {
    throw new Error('route-preloads: a built page has no single </head> to write before');
  }
  const $ = load(html);
  const entries = $('head script[src][defer]')
    .toArray()
    .map((script) => $(script).attr('src')!);
  let head = html.slice(0, end);
  for (const src of entries) {
    const tag = `<script src=${src} defer>`;
    if (!head.includes(tag)) throw new Error(`route-preloads: ${src} is not written as ${tag}`);
    head = head.replace(tag, `<script src=${src} defer fetchpriority=high>`);
  }
  const links = files
    .map((file) => `${baseUrl}${file}`)
    .filter((file) => !entries.includes(file))
    .map((file) => `<link rel=preload href=${file} as=script fetchpriority=low>`)
    .join('');
  return `${head}${links}${html.slice(end)}`;
}
