// Local Docusaurus plugin: the bundler's persistent cache is rebuilt when a
// patch of patches/ changes. The cache takes files under node_modules as
// fixed by their package's version, so a patch changed and applied again
// (same version, new code) would otherwise leave the old code in the cache.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The patches patch-package applies after every install: patches/*.patch. */
export function patchFiles(siteDir: string): string[] {
  const folder = path.join(siteDir, 'patches');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .map((name) => path.join(folder, name));
}

interface PersistentCache {
  buildDependencies?: string[];
}

export default function upstreamPatchesPlugin({siteDir}: LoadContext): Plugin {
  return {
    name: 'coinwharf-upstream-patches',
    configureWebpack(config) {
      // Rspack's persistent cache (Docusaurus Faster), set by Docusaurus unless DOCUSAURUS_NO_PERSISTENT_CACHE.
      const cache = (config.experiments as {cache?: PersistentCache | boolean} | undefined)?.cache;
      if (typeof cache === 'object')
        cache.buildDependencies = [...(cache.buildDependencies ?? []), ...patchFiles(siteDir)];
      return {};
    },
  };
}
