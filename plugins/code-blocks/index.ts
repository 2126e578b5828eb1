// Local Docusaurus plugin: everything about how a code block renders, in one
// folder.
//
// - ./remark.ts (set on the docs, blog and pages in docusaurus.config.ts) turns
//   sample fences (`file=`, read by ./sample.ts) into code and `:::code-tabs`
//   into the tab components, and puts each fence's text in the server bundle
//   only (./code-text.ts); ./dependency-loader.cjs rebuilds a page when a
//   sample it names changes.
// - ./theme ships, through getThemePath(), the CodeBlock components (ejected
//   and wrapped: src/theme/README.md says why) and the tabs.
// - Token colours are classes: this plugin writes their stylesheet from the
//   site's Prism themes (./codeThemes.ts, ./theme/CodeBlock/tokenClasses.ts)
//   and loads it on every page.
// - Prism stays out of the browser's first load (./client): the content
//   component imports its Highlight explicitly, and ./prism/clientModule.ts
//   loads it ahead of a navigation. theme-classic's client module that imported
//   Prism is emptied by patches/@docusaurus+theme-classic+*.patch.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {fileSetting, sampleFenceLine} from './sample';
import {tokenCss} from './theme/CodeBlock/tokenClasses';

export default function codeBlocksPlugin({siteDir, siteConfig, generatedFilesDir}: LoadContext): Plugin {
  return {
    name: 'coinwharf-code-blocks',
    getThemePath: () => path.join(__dirname, 'theme'),
    getClientModules() {
      const {theme, darkTheme} = siteConfig.themeConfig.prism as {theme: PrismTheme; darkTheme?: PrismTheme};
      const file = path.join(generatedFilesDir, 'coinwharf-code-blocks', 'code-tokens.css');
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, tokenCss({light: theme, dark: darkTheme ?? theme}));
      return [file, path.join(__dirname, 'client', 'clientModule.ts')];
    },
    configureWebpack: (_config, isServer, {currentBundler}) => ({
      // Code that only the server render needs (Prism, token classes) is left out of the browser's bundle.
      plugins: [
        new currentBundler.instance.DefinePlugin({'process.env.COINWHARF_SERVER_BUNDLE': JSON.stringify(isServer)}),
      ],
      module: {
        rules: [
          {
            // A function, not a RegExp: Docusaurus reads every RegExp rule for
            // Markdown as a content folder to keep from its fallback MDX loader.
            test: (resource: string) => /\.mdx?$/.test(resource),
            enforce: 'pre',
            use: [
              {
                loader: path.join(__dirname, 'dependency-loader.cjs'),
                options: {siteDir, sampleFenceLine: sampleFenceLine.source, fileSetting: fileSetting.source},
              },
            ],
          },
        ],
      },
    }),
  };
}
