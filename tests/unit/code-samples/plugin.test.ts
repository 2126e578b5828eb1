import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {expect, test} from 'vitest';
import codeSamplesPlugin from '../../../plugins/code-samples';

// The plugin's part of the build: its theme folder, and a loader on Markdown
// pages only (the dependency loader itself is in dependency-loader.test.ts).

test('ships the tab components and runs the dependency loader first, on Markdown pages only', () => {
  const plugin = codeSamplesPlugin({siteDir: '/site'} as LoadContext);
  expect(plugin.name).toBe('coinwharf-code-samples');
  expect(plugin.getThemePath!()).toBe(path.resolve(__dirname, '../../../plugins/code-samples/theme'));
  // A stand-in for the bundler's DefinePlugin, recording what each bundle gets defined.
  class DefinePlugin {
    constructor(readonly definitions: Record<string, string>) {}
  }
  const utils = {currentBundler: {name: 'rspack', instance: {DefinePlugin}}} as never;
  const configure = (isServer: boolean) =>
    plugin.configureWebpack!({}, isServer, utils, {}) as unknown as {
      plugins: DefinePlugin[];
      module: {rules: {test: (resource: string) => boolean; enforce: string; use: unknown[]}[]};
    };
  // Token classes are server-render code: the browser's bundle is told it is not the server's, so it drops them.
  expect(configure(true).plugins.map((p) => p.definitions)).toEqual([{'process.env.COINWHARF_SERVER_BUNDLE': 'true'}]);
  expect(configure(false).plugins.map((p) => p.definitions)).toEqual([
    {'process.env.COINWHARF_SERVER_BUNDLE': 'false'},
  ]);
  const {module} = configure(false);
  expect(module.rules).toHaveLength(1);
  const [rule] = module.rules;
  expect(rule.enforce).toBe('pre');
  expect(rule.use).toEqual([
    {
      loader: path.resolve(__dirname, '../../../plugins/code-samples/dependency-loader.cjs'),
      options: {siteDir: '/site'},
    },
  ]);
  expect(['docs/a.md', 'docs/b.mdx', '/x/changelog/2025-01-01.mdx'].map(rule.test)).toEqual([true, true, true]);
  expect(['src/pages/index.tsx', 'docs/a.md.bak', 'docs/a.mdxx', 'notes.txt'].map(rule.test)).toEqual([
    false,
    false,
    false,
    false,
  ]);
});
