import {existsSync, readFileSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {expect, test} from 'vitest';
import deployFilesPlugin from '../../../plugins/deploy';
import {tempSite} from '../../support/temp-site';

// The deploy plugin's postBuild, on a two-page build folder: it writes
// _headers and _redirects beside the pages.

test('after a build, _headers and _redirects are written into the output folder', async () => {
  const outDir = tempSite({
    'index.html':
      '<html><head><link rel="canonical" href="https://docs.example.test/"><script>window.a=1</script></head></html>',
    'welcome/index.html': '<html><head><link rel=canonical href=https://docs.example.test/welcome></head></html>',
  });
  const plugin = deployFilesPlugin({siteConfig: {url: 'https://docs.example.test'}} as LoadContext);
  expect(plugin.name).toBe('coinwharf-deploy-files');
  type PostBuildProps = Parameters<NonNullable<typeof plugin.postBuild>>[0];
  await plugin.postBuild!({outDir, routesBuildMetadata: {}} as unknown as PostBuildProps);
  const headers = readFileSync(path.join(outDir, '_headers'), 'utf8');
  // sha256 of "window.a=1", base64 (openssl dgst -sha256 -binary | base64).
  expect(headers).toContain("script-src 'self' 'sha256-WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E='; style-src");
  expect(readFileSync(path.join(outDir, '_redirects'), 'utf8')).toBe(
    [
      '# Generated at build time from plugins/deploy/headers.ts by plugins/deploy/index.ts. Do not edit.',
      '/index.html / 301!',
      '/welcome.html /welcome 301!',
      '/welcome/index.html /welcome 301!',
      '',
    ].join('\n'),
  );
});

test('a build holding a symbolic link fails at postBuild, naming it, and nothing is written', async () => {
  const outDir = tempSite({
    'index.html': '<html><head><link rel="canonical" href="https://docs.example.test/"></head></html>',
  });
  symlinkSync('/etc/hostname', path.join(outDir, 'hostname.txt'));
  const plugin = deployFilesPlugin({siteConfig: {url: 'https://docs.example.test'}} as LoadContext);
  type PostBuildProps = Parameters<NonNullable<typeof plugin.postBuild>>[0];
  await expect(
    Promise.resolve().then(() => plugin.postBuild!({outDir, routesBuildMetadata: {}} as unknown as PostBuildProps)),
  ).rejects.toThrow('The build holds symbolic links, which nginx would follow: hostname.txt');
  expect(existsSync(path.join(outDir, '_headers'))).toBe(false);
});
