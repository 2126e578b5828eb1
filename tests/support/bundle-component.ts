import path from 'node:path';
import {build, type Plugin} from 'esbuild';

const root = path.resolve(__dirname, '../..');

/** Resolves the theme aliases the way Docusaurus does for our wrapped components. */
const themeAliases: Plugin = {
  name: 'docusaurus-theme-aliases',
  setup(builder) {
    const targets: Record<string, string> = {
      '@theme/Loading': path.join(root, 'src/theme/Loading/index.tsx'),
      '@theme-original/Loading': path.join(
        root,
        'node_modules/@docusaurus/core/lib/client/theme-fallback/Loading/index.js',
      ),
    };
    builder.onResolve({filter: /^@theme(-original)?\//}, (args) => {
      const target = targets[args.path];
      if (!target) throw new Error(`No alias for ${args.path} in the component harness`);
      return {path: target};
    });
  },
};

/** Bundles a component harness into one script for a blank browser page. */
export async function bundleComponentHarness(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    loader: {'.js': 'jsx'},
    define: {'process.env.NODE_ENV': '"production"'},
    plugins: [themeAliases],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
