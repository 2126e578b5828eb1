// What a built page loads: pure functions over the route tree, the routes' chunk names, the chunk
// groups' files and the page's HTML (./index.ts reads them from the build).
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

/** A built script: its path in the build (`assets/js/main.b.js`) and its text. */
export interface Script {
  file: string;
  text: string;
}

/**
 * Chromium's explicit compile hint (V8, Chrome 136+): at the top of a script file, it asks the engine
 * to compile every function of the file on a background thread while the file downloads, instead of
 * on the main thread the first time each function is called. main.js runs nearly all its functions to
 * hydrate the page: measured on the quickstart (bench/reader-clock.ts), hydration came about 0.15 s
 * sooner. Other browsers read it as a comment. Not on the page's inline bundle: an inline script is
 * compiled on the main thread as the parser reaches it, and with the hint the quickstart's made a
 * task of 115 ms at 4× CPU instead of 47 ms, for hydration 30–90 ms sooner.
 */
export const compileHint = '//# allFunctionsCalledOnLoad';

/** The array through which chunk files hand their modules to the runtime (the client build's `output.chunkLoadingGlobal`). */
export const chunkLoadingGlobal = 'webpackChunkcoinwharf_docs';

/**
 * A page's route chunks and the bundler's runtime as one script, in that order. Each file runs in a
 * function of its own, so that the files' top-level names do not meet in the one script's scope. A
 * chunk only registers its modules (it pushes them onto `chunkLoadingGlobal`, which the runtime reads
 * as it starts): when main.js asks for the route's chunks, they are already there, and nothing is
 * fetched. main.js runs before the bundle (`withPageBundle`) and has pushed its own modules by then,
 * and the runtime starts main.js's entry as soon as it reads them; so the script takes out what is
 * already on the list, lets the page's chunks go on, and puts it back after them, and the entry finds
 * the page's chunks installed. The script first lists the chunks' URLs in `self.__pageChunks`, so that
 * prefetching (patched in @docusaurus/core) does not fetch them again for the links on the page.
 */
export function pageBundle(chunks: Script[], runtime: Script, baseUrl: string): string {
  const urls = JSON.stringify(chunks.map(({file}) => `${baseUrl}${file}`));
  const list = `self.${chunkLoadingGlobal}`;
  const wrapped = ({file, text}: Script) => `// ${file}\n!function(){\n${text}\n}();\n`;
  return [
    `self.__pageChunks=(self.__pageChunks||[]).concat(${urls});\n`,
    `var pageList=${list}=${list}||[],pushedBefore=pageList.splice(0);\n`,
    ...chunks.map(wrapped),
    'pageList.push.apply(pageList,pushedBefore);\n',
    wrapped(runtime),
  ].join('');
}

/** The two scripts Docusaurus's HTML names in its `<head>`: runtime~main.js and main.js. */
export function entryScripts(html: string): {runtime: string; main: string} {
  const $ = load(html);
  const entries = $('head script[src][defer]')
    .toArray()
    .map((script) => $(script).attr('src')!);
  const runtime = entries.find((src) => /\/runtime~main\.[^/]*js$/.test(src));
  const main = entries.find((src) => /\/main\.[^/]*js$/.test(src));
  if (entries.length !== 2 || !runtime || !main) {
    throw new Error(`page-scripts: a built page's scripts are not runtime~main.js and main.js: ${entries.join(', ')}`);
  }
  return {runtime, main};
}

/**
 * A script's text made safe to write between `<script>` and `</script>`: where the HTML parser would
 * read `</script` as the element's end, or `<!--` and `<script` as the start of its escaped states
 * (which can hide the real end), the `<` becomes `\x3C`. Minified code has those only inside string
 * and regular-expression literals (a chunk of ours matches `/^<!-- tabs: …/`), where `\x3C` is the
 * same character.
 */
export function inlineScriptText(text: string): string {
  return text.replace(/<(?=\/script|!--|script)/gi, '\\x3C');
}

/**
 * The page's HTML with its bundle (`pageBundle`) inline, at the end of its body, instead of
 * runtime~main.js: the page's chunks come in the same response as the page, and a slow line carries
 * main.js alone after it (measured on the four longest pages, interleaved: hydration 0.06–0.14 s
 * sooner than with the bundle as a second file beside main.js). The bundle is a module script, so
 * that, like a deferred script, it runs after the page is parsed, in a task of its own: as a classic
 * inline script it ran as the parser reached it, and on a fast line the page's parse, the bundle,
 * main.js and the start of hydration made one task of 630–910 ms at 4× CPU; as a module the
 * longest was 390–720 ms, and hydration on Slow 4G came as soon or up to 0.05 s sooner
 * (bench/profile.ts and bench/reader-clock.ts, interleaved runs on the quickstart, the webhook guide
 * and /api/payments).
 * Deferred and module scripts run in the order the page names them, so main.js runs first; it only
 * pushes its modules onto the runtime's chunk list, and its entry starts when the bundle's runtime
 * does, after the page's chunks (`pageBundle`). A module is strict code throughout, so the build
 * checks that each bundle parses as one (./module-check.ts). main.js (`entries`, read from the page
 * unless given) moves up to just before the page's first stylesheet link, which inline-css replaces
 * with the whole stylesheet (about 17 KB compressed): the browser finds it in the first bytes of the
 * page, not after the stylesheet's, and on a slow line asks for it about 60 ms sooner. No
 * `fetchpriority=high`: with no stylesheet or other script to wait for, the browser asks for it just
 * as soon at its default priority (measured: the same request and arrival times), and Lighthouse's
 * simulation counts a script fetched at high priority as blocking the first paint, deferred or not.
 * Written in the minifier's attribute style; only the two tags change, and the rest of the file is
 * left byte for byte.
 */
export function withPageBundle(html: string, bundle: string, entries?: {runtime: string; main: string}): string {
  const end = html.indexOf('</head>');
  if (end === -1 || html.indexOf('</head>', end + 1) !== -1) {
    throw new Error('page-scripts: a built page has no single </head>');
  }
  const bodyEnd = html.indexOf('</body>', end);
  if (bodyEnd === -1 || html.indexOf('</body>', bodyEnd + 1) !== -1) {
    throw new Error('page-scripts: a built page has no single </body>');
  }
  const {runtime, main} = entries ?? entryScripts(html);
  let head = html.slice(0, end);
  const [runtimeTag, mainTag] = [runtime, main].map((src) => {
    const tag = `<script src=${src} defer></script>`;
    if (!head.includes(tag)) throw new Error(`page-scripts: ${src} is not written as ${tag}`);
    return tag;
  });
  head = head.replace(runtimeTag, '');
  const stylesheet = /<link\s+rel="?stylesheet"?[\s>]/.exec(head)?.index ?? Infinity;
  if (stylesheet < head.indexOf(mainTag)) {
    head = head.replace(mainTag, '');
    head = `${head.slice(0, stylesheet)}${mainTag}${head.slice(stylesheet)}`;
  }
  const body = html.slice(end, bodyEnd);
  return `${head}${body}<script type=module>${inlineScriptText(bundle)}</script>${html.slice(bodyEnd)}`;
}
