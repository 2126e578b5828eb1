// Local Docusaurus plugin: each built page asks for the scripts its route needs as soon as its HTML
// arrives, instead of after main.js has run.
//
// Docusaurus's HTML names two scripts, runtime~main.js and main.js. The route's own chunks (its page
// component, its content, the docs' layout and their shared split chunks) are requested by main.js
// once it has been downloaded and run: on a slow phone one more round trip and download after it,
// about 1.3 s of the 4.6 s to hydration on the quickstart (bench/reader-clock.ts, Slow 4G, 4× CPU).
// So after the build this plugin writes, into each page's <head>, a `<link rel=preload as=script>`
// per file of those chunks: the browser downloads them beside main.js, and main.js finds them
// there. What a page needs is read from the build itself:
//   - the route tree Docusaurus generated (`.docusaurus/routes.js`) gives the routes a page's path
//     matches, outermost first, as its router matches them;
//   - each route's chunk names (`.docusaurus/routesChunkNames.json`);
//   - each chunk name's files, which the client bundler's stats list (written by this plugin).
// It adds no script and changes nothing the page shows; tests/e2e/route-preloads.spec.ts holds each
// page's preloads to the scripts the browser requests until hydration.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {preloadLinks, routeChain, routeFiles, type RouteNode} from './routes';

const statsFile = (generatedFilesDir: string) => path.join(generatedFilesDir, 'route-preloads', 'chunk-groups.json');

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

export default function routePreloadsPlugin({generatedFilesDir}: LoadContext): Plugin {
  return {
    name: 'coinwharf-route-preloads',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : {
            plugins: [
              {
                // Each named chunk group's script files, from the client build's stats.
                apply(compiler: {hooks: {done: {tap: (name: string, fn: (stats: Stats) => void) => void}}}) {
                  compiler.hooks.done.tap('coinwharf-route-preloads', (stats) => {
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
      for (const route of routesPaths) {
        const file = path.join(outDir, htmlFile(route));
        let html: string;
        try {
          html = readFileSync(file, 'utf8');
        } catch {
          continue; // a route with no page of its own in the build
        }
        const files = routeFiles(routeChain(routes, route), chunkNames, groups);
        writeFileSync(file, preloadLinks(html, files, baseUrl));
      }
    },
  };
}

interface Stats {
  toJson(options: {all: false; chunkGroups: true}): {
    namedChunkGroups?: Record<string, {assets?: {name: string}[]}>;
  };
}
