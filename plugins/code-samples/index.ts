// Local Docusaurus plugin: tested code samples on Markdown pages. The remark
// plugin (./remark, set on the docs, blog and pages in docusaurus.config.ts)
// turns sample fences into tabs; this plugin ships the tab components
// (./theme) and makes every page that names a sample rebuild when it changes.
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function codeSamplesPlugin({siteDir}: LoadContext): Plugin {
  return {
    name: 'coinwharf-code-samples',
    getThemePath: () => path.join(__dirname, 'theme'),
    configureWebpack: () => ({
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
