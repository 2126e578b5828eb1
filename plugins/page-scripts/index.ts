// Local Docusaurus plugin: each built page carries the scripts its route needs, so that main.js is
// the only script it asks for, instead of main.js asking for them after it has run.
//
// Docusaurus's HTML names two scripts, runtime~main.js and main.js. The route's own chunks (its page
// component, its content, the docs' layout and their shared split chunks) are requested by main.js
// once it has been downloaded and run: on a slow phone one more round trip and download after it.
// Preloading them from the HTML (this plugin's first form) still left a dozen requests, and a browser
// opens six connections to a server without HTTP/2: on Lighthouse's Slow 4G, each wave of six waits
// 562.5 ms for its first byte, and the quickstart's last chunk came three waves in, at 2.6 s, half a
// second after main.js (bench/reader-clock.ts). One file of them beside main.js (its second form)
// made it one round trip, but the two still shared the slow line after the page. So after the build
// this plugin writes, per page, its route's chunks followed by the runtime (./routes.ts
// `pageBundle`) as an inline module script at the end of the page, in place of runtime~main.js, and names
// main.js ahead of the stylesheet (./routes.ts `withPageBundle`). The inline script's hash goes into
// the Content-Security-Policy with the other inline scripts' (plugins/deploy/site.ts). What a page
// needs is read from the build itself:
//   - the route tree Docusaurus generated (`.docusaurus/routes.js`) gives the routes a page's path
//     matches, outermost first, as its router matches them;
//   - each route's chunk names (`.docusaurus/routesChunkNames.json`);
//   - each chunk name's files, which the client bundler's stats list (written by this plugin).
// The chunk files stay in the build for client-side navigation, which loads them one by one as
// before. It changes nothing the page shows; tests/e2e/page-scripts.spec.ts holds each page's bundle
// to the chunks main.js asks for until hydration without it.
//
// main.js begins with Chromium's compile hint (./routes.ts `compileHint`).
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {builtFileReader} from '../built-site';
import {moduleSyntaxError} from './module-check';
import {
  chunkLoadingGlobal,
  compileHint,
  entryScripts,
  pageBundle,
  routeChain,
  routeFiles,
  withPageBundle,
  type RouteNode,
} from './routes';

const statsFile = (generatedFilesDir: string) => path.join(generatedFilesDir, 'page-scripts', 'chunk-groups.json');

/** A page's HTML file in the build: `/payments/quickstart` → `payments/quickstart/index.html`. */
const htmlFile = (route: string) =>
  route.endsWith('.html') ? route.slice(1) : path.join(route.slice(1), 'index.html');

/** Docusaurus's generated route tree, its `ComponentCreator(path, hash)` calls read as chunk keys. */
function readRoutes(generatedFilesDir: string): RouteNode[] {
  const source = readFileSync(path.join(generatedFilesDir, 'routes.js'), 'utf8')
    .replace(/^import .*$/gm, '')
    .replace(/^export default /m, 'return ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- Docusaurus's own generated file, at build time
  const build = new Function('ComponentCreator', source) as (
    creator: (p: string, hash: string) => string,
  ) => RouteNode[];
  return build((routePath, hash) => `${routePath}-${hash}`);
}

export default function pageScriptsPlugin({generatedFilesDir}: LoadContext): Plugin {
  return {
    name: 'coinwharf-page-scripts',
    configureWebpack: (_config, isServer, {currentBundler: {instance: bundler}}) =>
      isServer
        ? {}
        : {
            output: {chunkLoadingGlobal},
            plugins: [
              // main.js's compile hint, written after minification (which drops comments) and before
              // the file is named by its content.
              new bundler.BannerPlugin({
                banner: compileHint,
                raw: true,
                test: /^assets\/js\/main\.[^/]+\.js$/,
                stage: bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
              }),
              {
                // Each named chunk group's script files, from the client build's stats.
                apply(compiler: {hooks: {done: {tap: (name: string, fn: (stats: Stats) => void) => void}}}) {
                  compiler.hooks.done.tap('coinwharf-page-scripts', (stats) => {
                    const {namedChunkGroups = {}} = stats.toJson({all: false, chunkGroups: true});
                    const groups = Object.fromEntries(
                      Object.entries(namedChunkGroups).map(([name, group]) => [
                        name,
                        (group.assets ?? []).map((asset) => asset.name).filter((file) => file.endsWith('.js')),
                      ]),
                    );
                    mkdirSync(path.dirname(statsFile(generatedFilesDir)), {recursive: true});
                    writeFileSync(statsFile(generatedFilesDir), JSON.stringify(groups));
                  });
                },
              },
            ],
          },
    // Synchronous on purpose: Docusaurus starts every plugin's postBuild together, and this one must
    // have written each page before the others read them (the plugin comes first in the config).
    postBuild({outDir, routesPaths, baseUrl}) {
      const routes = readRoutes(generatedFilesDir);
      const chunkNames = JSON.parse(
        readFileSync(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8'),
      ) as Record<string, unknown>;
      const groups = JSON.parse(readFileSync(statsFile(generatedFilesDir), 'utf8')) as Record<string, string[]>;
      const read = builtFileReader(outDir, baseUrl);
      for (const route of routesPaths) {
        const file = path.join(outDir, htmlFile(route));
        let html: string;
        try {
          html = readFileSync(file, 'utf8');
        } catch {
          continue; // a route with no page of its own in the build
        }
        const entries = entryScripts(html);
        const chunks = routeFiles(routeChain(routes, route), chunkNames, groups)
          .map((chunk) => `${baseUrl}${chunk}`)
          .filter((src) => src !== entries.main && src !== entries.runtime);
        const script = (src: string) => ({file: src.slice(baseUrl.length), text: read(src)});
        const bundle = pageBundle(chunks.map(script), script(entries.runtime), baseUrl);
        const error = moduleSyntaxError(bundle);
        if (error) throw new Error(`page-scripts: ${route}'s bundle does not parse as a module script: ${error}`);
        writeFileSync(file, withPageBundle(html, bundle, entries));
      }
    },
  };
}

interface Stats {
  toJson(options: {all: false; chunkGroups: true}): {
    namedChunkGroups?: Record<string, {assets?: {name: string}[]}>;
  };
}
