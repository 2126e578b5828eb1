import {mkdirSync, realpathSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Configuration} from 'webpack';
import {describe, expect, test} from 'vitest';
import mermaidChunksPlugin from '../../../plugins/mermaid-chunks';
import {tempSite} from '../../support/temp-site';

// The plugin keeps Mermaid and everything it depends on out of Docusaurus's
// `common` chunk. A site folder with a fake node_modules tree shows which
// modules it keeps out.

function fakeSite(): string {
  const manifest = (name: string, dependencies: Record<string, string> = {}) =>
    JSON.stringify({name, version: '1.0.0', dependencies});
  const siteDir = tempSite({
    'package.json': manifest('site'),
    // theme-mermaid finds mermaid in the site's node_modules (hoisted), mermaid finds d3 nested in its own.
    'node_modules/@docusaurus/theme-mermaid/package.json': manifest('@docusaurus/theme-mermaid', {mermaid: '1'}),
    'node_modules/mermaid/package.json': manifest('mermaid', {d3: '1', dayjs: '1'}),
    'node_modules/mermaid/node_modules/d3/package.json': manifest('d3', {'d3-shape': '1'}),
    'node_modules/d3-shape/package.json': manifest('d3-shape', {mermaid: '1'}),
    'node_modules/dayjs/package.json': manifest('dayjs'),
    'node_modules/react/package.json': manifest('react'),
  });
  return realpathSync(siteDir);
}

/** Docusaurus's client config as far as the plugin reads it. */
const clientConfig = (): Configuration => ({
  optimization: {splitChunks: {cacheGroups: {common: {name: 'common', minChunks: 2}}}},
});

type CommonGroup = {test: (module: {resource?: string}) => boolean};
const commonGroup = (config: Configuration) =>
  (config.optimization!.splitChunks as {cacheGroups: Record<string, unknown>}).cacheGroups.common as CommonGroup;

describe('mermaid-chunks', () => {
  test('keeps Mermaid and its whole dependency tree out of the common chunk, and nothing else', () => {
    const siteDir = fakeSite();
    const plugin = mermaidChunksPlugin({siteDir});
    const config = clientConfig();
    expect(plugin.name).toBe('mermaid-chunks');
    expect(plugin.configureWebpack!(config, false, {} as never, {})).toEqual({});
    const common = commonGroup(config);
    const inCommon = (file: string) => common.test({resource: path.join(siteDir, 'node_modules', file)});
    expect(inCommon('mermaid/dist/mermaid.core.mjs')).toBe(false);
    expect(inCommon('mermaid/node_modules/d3/src/index.js')).toBe(false);
    expect(inCommon('d3-shape/src/line.js')).toBe(false);
    expect(inCommon('dayjs/dayjs.min.js')).toBe(false);
    expect(inCommon('react/index.js')).toBe(true);
    // A folder whose name only starts like a kept one is not inside it.
    expect(inCommon('mermaid-extra/index.js')).toBe(true);
    expect(common.test({})).toBe(true);
    expect(common.test({resource: ''})).toBe(true);
  });

  test('names modules by their real path, as webpack does behind a symlinked node_modules', () => {
    const siteDir = fakeSite();
    const linkedSite = tempSite({'package.json': '{}'});
    symlinkSync(path.join(siteDir, 'node_modules'), path.join(linkedSite, 'node_modules'));
    const config = clientConfig();
    mermaidChunksPlugin({siteDir: linkedSite}).configureWebpack!(config, false, {} as never, {});
    const common = commonGroup(config);
    expect(common.test({resource: path.join(siteDir, 'node_modules/mermaid/dist/mermaid.core.mjs')})).toBe(false);
  });

  test('leaves the server build alone', () => {
    const config = clientConfig();
    expect(mermaidChunksPlugin({siteDir: fakeSite()}).configureWebpack!(config, true, {} as never, {})).toEqual({});
    expect(config).toEqual(clientConfig());
  });

  test.each([
    ['no splitChunks', {optimization: {}}],
    ['no cache groups', {optimization: {splitChunks: {}}}],
    ['no common group', {optimization: {splitChunks: {cacheGroups: {vendors: {}}}}}],
    ['a common group that is a RegExp', {optimization: {splitChunks: {cacheGroups: {common: /x/}}}}],
    ['a common group switched off', {optimization: {splitChunks: {cacheGroups: {common: false}}}}],
  ])('fails the build, naming itself, when Docusaurus has %s', (_name, config) => {
    expect(() =>
      mermaidChunksPlugin({siteDir: fakeSite()}).configureWebpack!(config as Configuration, false, {} as never, {}),
    ).toThrow('mermaid-chunks: Docusaurus no longer has a `common` chunk group; revisit this plugin');
  });

  test('a site without Mermaid installed keeps everything in common', () => {
    const siteDir = tempSite({'package.json': '{}'});
    mkdirSync(path.join(siteDir, 'node_modules/@docusaurus/theme-mermaid'), {recursive: true});
    writeFileSync(path.join(siteDir, 'node_modules/@docusaurus/theme-mermaid/package.json'), '{}');
    const config = clientConfig();
    mermaidChunksPlugin({siteDir}).configureWebpack!(config, false, {} as never, {});
    const common = commonGroup(config);
    expect(common.test({resource: path.join(siteDir, 'node_modules/mermaid/x.js')})).toBe(true);
  });
});
