import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The module of Docusaurus's client that turns one chunk's URL into a prefetch. */
const upstreamModule = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/;

/**
 * Puts ./prefetch.ts in place of `@docusaurus/core`'s `client/prefetch.js` in
 * the browser's bundle: a chunk is prefetched once, and not at all when the
 * page has loaded it already.
 *
 * Why: every link that comes into view prefetches each chunk of its page,
 * and doc pages share their layout's seven chunks, which the page itself has
 * loaded. On the quickstart, 283 `<link rel="prefetch">` elements for 20
 * files were appended in one task, 150–180 ms at Lighthouse's 4× CPU
 * slowdown: the biggest long task after hydration on every doc page.
 */
export default function prefetchOncePlugin(context: {siteDir: string}): Plugin {
  // Fails the build, not the prefetching, if an upgrade moves the module.
  createRequire(path.join(context.siteDir, 'package.json')).resolve('@docusaurus/core/lib/client/prefetch.js');
  return {
    name: 'prefetch-once',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            upstreamModule,
            path.join(context.siteDir, 'src', 'internal', 'PrefetchOnce', 'prefetch.ts'),
          ),
        ],
      };
    },
  };
}
