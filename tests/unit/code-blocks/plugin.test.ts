import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {expect, test} from 'vitest';
import codeBlocksPlugin from '../../../plugins/code-blocks';

// The plugin's part of the build: its theme folder, and a loader on Markdown
// pages only (the dependency loader itself is in dependency-loader.test.ts).

test('ships the code block and tab components and runs the dependency loader first, on Markdown pages only', () => {
  const plugin = codeBlocksPlugin({siteDir: '/site'} as LoadContext);
  expect(plugin.name).toBe('coinwharf-code-blocks');
  expect(plugin.getThemePath!()).toBe(path.resolve(__dirname, '../../../plugins/code-blocks/theme'));
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
      loader: path.resolve(__dirname, '../../../plugins/code-blocks/dependency-loader.cjs'),
      // sample.ts's patterns of a sample fence's line and its file= setting, which the loader cannot import.
      options: {
        siteDir: '/site',
        sampleFenceLine: expect.stringContaining('file='),
        fileSetting: expect.stringContaining('file='),
      },
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

test("writes the code token stylesheet from the site's Prism themes and loads it and Prism's loader on every page", () => {
  const generatedFilesDir = mkdtempSync(path.join(os.tmpdir(), 'code-blocks-'));
  const theme = (color: string) => ({plain: {}, styles: [{types: ['keyword'], style: {color}}]});
  const modules = (prism: object) =>
    codeBlocksPlugin({
      siteDir: '/site',
      generatedFilesDir,
      siteConfig: {themeConfig: {prism}},
    } as unknown as LoadContext).getClientModules!();
  const file = path.join(generatedFilesDir, 'coinwharf-code-blocks', 'code-tokens.css');
  // The stylesheet, then the module that loads Prism ahead of a navigation.
  expect(modules({theme: theme('#aa0000'), darkTheme: theme('#00bb00')})).toEqual([
    file,
    path.resolve(__dirname, '../../../plugins/code-blocks/client/clientModule.ts'),
  ]);
  const css = readFileSync(file, 'utf8');
  expect(css).toMatch(/\[data-theme='light'\] \.tl\d+-\d+ \{\n {2}color: #aa0000;\n\}/);
  expect(css).toMatch(/\[data-theme='dark'\] \.td\d+-\d+ \{\n {2}color: #00bb00;\n\}/);
  // A site without a dark theme colours dark mode with its one theme.
  modules({theme: theme('#aa0000')});
  expect(readFileSync(file, 'utf8')).toMatch(/\[data-theme='dark'\] \.td\d+-\d+ \{\n {2}color: #aa0000;\n\}/);
  rmSync(generatedFilesDir, {recursive: true, force: true});
});
