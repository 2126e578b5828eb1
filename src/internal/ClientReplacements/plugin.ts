import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Three small modules of Docusaurus's client, replaced in the browser's bundle
 * by ours with the same exports (the server's bundle keeps upstream's), each
 * for a long task a trace of our pages at a phone's speed attributed to it.
 */
const replacements = [
  {
    // A chunk is prefetched once, and not when the page has loaded it: every
    // link that comes into view prefetched each chunk of its page, the docs
    // layout's seven (which the page has loaded) once per link. On the
    // quickstart: 283 `<link rel="prefetch">` for 20 files, appended in one
    // task of 150–190 ms at 4× CPU slowdown.
    package: '@docusaurus/core',
    file: 'lib/client/prefetch.js',
    by: 'prefetch.ts',
  },
  {
    // The window's size class, set right after hydration, becomes a
    // transition: React renders what it changes (the mobile menu in place of
    // the desktop sidebar) in slices, not in one long task. Docusaurus's own
    // "in the browser" switch stays urgent: the search plugin's results page
    // reads the query from the address only once it flips, and as a
    // transition its first effect had already removed the query.
    package: '@docusaurus/theme-common',
    file: 'lib/hooks/useWindowSize.js',
    by: 'useWindowSize.ts',
  },
  {
    // A code block is measured (does it scroll sideways, so it gets a word
    // wrap button?) by one IntersectionObserver, after the browser's own
    // layout, instead of by a forced layout per block right after hydration
    // and a MutationObserver per hidden tab panel whose options are sorted
    // with `localeCompare` on each render: about 30 ms of the quickstart's
    // hydration task at 4× CPU slowdown.
    package: '@docusaurus/theme-common',
    file: 'lib/hooks/useCodeWordWrap.js',
    by: 'useCodeWordWrap.ts',
  },
];

export default function clientReplacementsPlugin(context: {siteDir: string}): Plugin {
  const folder = path.join(context.siteDir, 'src', 'internal', 'ClientReplacements');
  // The node_modules folders Node would search from the site, nearest first.
  const searched = createRequire(path.join(context.siteDir, 'package.json')).resolve.paths('@docusaurus/core') ?? [];
  const modules = replacements.map(({package: name, file, by}) => {
    // Fails the build, not the page, if an upgrade moves or renames a module.
    const upstream = searched.map((dir) => path.join(dir, name, file)).find((candidate) => existsSync(candidate));
    if (!upstream) throw new Error(`${name} has no ${file} any more: see src/internal/ClientReplacements/plugin.ts`);
    return {upstream, by: path.join(folder, by)};
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
