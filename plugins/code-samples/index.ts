// Local Docusaurus plugin: tested code samples on Markdown pages. The remark
// plugin (./remark, set on the docs, blog and pages in docusaurus.config.ts)
// turns sample fences into tabs; this plugin ships the tab components
// (./theme) and makes every page that names a sample rebuild when it changes.
// It also writes the stylesheet that colours code tokens from the site's Prism
// themes (src/theme/CodeBlock/tokenClasses.ts) and loads it on every page.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {tokenCss} from '../../src/theme/CodeBlock/tokenClasses';

export default function codeSamplesPlugin({siteDir, siteConfig, generatedFilesDir}: LoadContext): Plugin {
  return {
    name: 'coinwharf-code-samples',
    getThemePath: () => path.join(__dirname, 'theme'),
    getClientModules() {
      const {theme, darkTheme} = siteConfig.themeConfig.prism as {theme: PrismTheme; darkTheme?: PrismTheme};
      const file = path.join(generatedFilesDir, 'coinwharf-code-samples', 'code-tokens.css');
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, tokenCss({light: theme, dark: darkTheme ?? theme}));
      return [file];
    },
    configureWebpack: (_config, isServer, {currentBundler}) => ({
      // Code that only the server render needs (token classes) is left out of the browser's bundle.
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
            use: [{loader: path.join(__dirname, 'dependency-loader.cjs'), options: {siteDir}}],
          },
        ],
      },
    }),
  };
}
