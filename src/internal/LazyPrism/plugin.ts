import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Keeps Prism out of the browser's first load. theme-classic imports
 * `prism-react-renderer` (Prism, its languages and themes: about 29 KB gzip)
 * in a client module, so it sits in the main bundle of every page, though a
 * page's code blocks arrive highlighted in its HTML and hydration keeps them.
 * In the client bundle only, this plugin:
 *
 * - puts ./clientModule.ts in place of that client module, and
 * - points every other import of `prism-react-renderer` at ./index.tsx, whose
 *   `Highlight` loads the package (./prism.ts) when a block is rendered in the
 *   browser.
 *
 * The server bundle keeps the package as it is, so every page's HTML is highlighted.
 */
export default function lazyPrismPlugin(context: {siteDir: string}): Plugin {
  const folder = path.join(context.siteDir, 'src', 'internal', 'LazyPrism');
  return {
    name: 'lazy-prism',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            path.join(folder, 'clientModule.ts'),
          ),
          new NormalModuleReplacementPlugin(
            /^prism-react-renderer$/,
            (resource: {context?: string; request: string}) => {
              // ./prism.ts is where the package itself is loaded.
              if (resource.context !== folder) resource.request = folder;
            },
          ),
        ],
      };
    },
  };
}
