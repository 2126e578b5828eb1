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
  const {module} = plugin.configureWebpack!({}, false, {} as never, {}) as {
    module: {rules: {test: (resource: string) => boolean; enforce: string; use: unknown[]}[]};
  };
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
