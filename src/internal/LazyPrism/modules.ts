/**
 * What ./plugin.ts replaces in the browser's bundle, as scripts/check-upgrade reads it: theme-classic's
 * client module that imports Prism, and `prism-react-renderer` itself (every import of the package but
 * ./prism.ts's resolves to ./index.tsx), whose API ./index.tsx mirrors.
 */
export const lazyPrismReplaced = [
  {
    package: '@docusaurus/theme-classic',
    file: 'lib/prism-include-languages.js',
    by: 'src/internal/LazyPrism/clientModule.ts',
  },
  {package: 'prism-react-renderer', file: 'dist/index.js', by: 'src/internal/LazyPrism/index.tsx'},
] as const;
