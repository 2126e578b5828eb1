import {realpathSync} from 'node:fs';
import path from 'node:path';
import type {Configuration} from 'webpack';
import {expect, test} from 'vitest';
import mermaidChunksPlugin from '../../../plugins/mermaid-chunks';
import {tempSite} from '../../support/temp-site';

// Which Mermaid the plugin keeps out of `common`: the one theme-mermaid itself
// resolves, found as Node finds packages (a folder counts only with a
// package.json), and what it refuses in place of a `common` group.

const manifest = (name: string, dependencies: Record<string, string> = {}) =>
  JSON.stringify({name, version: '1.0.0', dependencies});

function commonTest(siteDir: string): (resource: string) => boolean {
  const config: Configuration = {optimization: {splitChunks: {cacheGroups: {common: {name: 'common'}}}}};
  mermaidChunksPlugin({siteDir}).configureWebpack!(config, false, {} as never, {});
  const cacheGroups = (config.optimization!.splitChunks as {cacheGroups: Record<string, unknown>}).cacheGroups;
  const common = cacheGroups.common as {test: (module: {resource?: string}) => boolean};
  return (resource) => common.test({resource: path.join(siteDir, 'node_modules', resource)});
}

test('keeps out the Mermaid nested under theme-mermaid, the one it imports, not another elsewhere', () => {
  const siteDir = realpathSync(
    tempSite({
      'node_modules/@docusaurus/theme-mermaid/package.json': manifest('@docusaurus/theme-mermaid', {mermaid: '2'}),
      'node_modules/@docusaurus/theme-mermaid/node_modules/mermaid/package.json': manifest('mermaid'),
      'node_modules/other/node_modules/mermaid/package.json': manifest('mermaid'),
    }),
  );
  const inCommon = commonTest(siteDir);
  expect(inCommon('@docusaurus/theme-mermaid/node_modules/mermaid/dist/mermaid.core.mjs')).toBe(false);
  expect(inCommon('other/node_modules/mermaid/dist/mermaid.core.mjs')).toBe(true);
});

test('a folder named like a dependency but without package.json is passed over for the next one up', () => {
  const siteDir = realpathSync(
    tempSite({
      'node_modules/@docusaurus/theme-mermaid/package.json': manifest('@docusaurus/theme-mermaid', {mermaid: '1'}),
      'node_modules/mermaid/package.json': manifest('mermaid', {dayjs: '1'}),
      'node_modules/mermaid/node_modules/dayjs/README.md': 'Left over from an old install.\n',
      'node_modules/dayjs/package.json': manifest('dayjs'),
    }),
  );
  const inCommon = commonTest(siteDir);
  expect(inCommon('dayjs/dayjs.min.js')).toBe(false);
  expect(inCommon('mermaid/dist/mermaid.core.mjs')).toBe(false);
});

test.each([
  ['no optimization settings', {}],
  ['a common group that is not an object', {optimization: {splitChunks: {cacheGroups: {common: 'common'}}}}],
])('fails the build, naming itself, when Docusaurus has %s', (_name, config) => {
  const siteDir = tempSite({'node_modules/@docusaurus/theme-mermaid/package.json': manifest('theme')});
  expect(() =>
    mermaidChunksPlugin({siteDir}).configureWebpack!(config as Configuration, false, {} as never, {}),
  ).toThrow('mermaid-chunks: Docusaurus no longer has a `common` chunk group; revisit this plugin');
});
