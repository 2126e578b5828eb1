import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {replacements} from './modules';

/** Puts each module of ./modules.ts in the place of upstream's, in the browser's bundle only. */
export default function clientReplacementsPlugin(context: {siteDir: string}): Plugin {
  // The node_modules folders Node would search from the site, nearest first.
  const searched = createRequire(path.join(context.siteDir, 'package.json')).resolve.paths('@docusaurus/core') ?? [];
  const modules = replacements.map(({package: name, file, by}) => {
    // Fails the build, not the page, if an upgrade moves or renames a module.
    const upstream = searched.map((dir) => path.join(dir, name, file)).find((candidate) => existsSync(candidate));
    if (!upstream) throw new Error(`${name} has no ${file} any more: see src/internal/ClientReplacements/modules.ts`);
    return {upstream, by: path.join(context.siteDir, by)};
  });
  return {
    name: 'client-replacements',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: modules.map(
          ({upstream, by}) =>
            new NormalModuleReplacementPlugin(new RegExp(`^${upstream.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`), by),
        ),
      };
    },
  };
}
