import {existsSync, readFileSync, realpathSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The folders of a package and of everything it depends on, as installed. */
function dependencyClosure(name: string, fromDir: string, seen = new Set<string>()): Set<string> {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) {
      if (!seen.has(candidate)) {
        seen.add(candidate);
        const manifest = JSON.parse(readFileSync(path.join(candidate, 'package.json'), 'utf8')) as {
          dependencies?: Record<string, string>;
        };
        for (const dependency of Object.keys(manifest.dependencies ?? {})) {
          dependencyClosure(dependency, candidate, seen);
        }
      }
      return seen;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return seen;
    dir = parent;
  }
}

/**
 * Docusaurus moves every module that half of the pages' chunks share into one
 * `common` chunk. Mermaid's diagram types are many small async chunks over one
 * large core, so on a site of a dozen pages that core (about 150 KB gzip) lands
 * in `common`, which every doc page loads. Keeping Mermaid and its dependencies
 * out of `common` leaves them in the chunks that only a page with a diagram loads.
 */
export default function mermaidChunksPlugin(context: {siteDir: string}): Plugin {
  const themeDir = path.join(context.siteDir, 'node_modules', '@docusaurus', 'theme-mermaid');
  // Real paths: webpack resolves symlinks (a linked node_modules, pnpm) before it names a module.
  const folders = [...dependencyClosure('mermaid', themeDir)].map((folder) => realpathSync(folder) + path.sep);
  const isMermaidModule = (resource: string | undefined) => !!resource && folders.some((f) => resource.startsWith(f));
  return {
    name: 'mermaid-chunks',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      const cacheGroups = config.optimization?.splitChunks ? config.optimization.splitChunks.cacheGroups : undefined;
      const common = cacheGroups?.common;
      if (!common || typeof common !== 'object' || common instanceof RegExp) {
        throw new Error('mermaid-chunks: Docusaurus no longer has a `common` chunk group; revisit this plugin');
      }
      common.test = (module) => !isMermaidModule((module as {resource?: string}).resource);
      return {};
    },
  };
}
