// Local Docusaurus plugin: each built page holds the site's stylesheet in its <head>, instead of a link
// to it.
//
// A browser paints nothing until the page's stylesheets have arrived. Linked, the stylesheet is a
// second request after the HTML: on a slow phone (Lighthouse's Slow 4G, 562.5 ms before a request's
// first byte) it held the first paint of every page back to 1.65–1.8 s, where the HTML alone could
// paint at about 0.9 s (bench/reader-clock.ts). The site has one stylesheet (Docusaurus bundles every
// CSS file and module into it, 19 KB gzipped), so each page carries all of it; a client-side
// navigation needs none, as before. The CSS file stays in the build, unlinked.
//
// Synchronous on purpose, like page-scripts: Docusaurus starts every plugin's postBuild together,
// and the pages must be written before the other plugins read them.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {builtFileReader, htmlFiles} from '../built-site';
import {inlineStylesheets} from './inline';

export default function inlineCssPlugin({baseUrl}: LoadContext): Plugin {
  return {
    name: 'coinwharf-inline-css',
    postBuild({outDir}) {
      const read = builtFileReader(outDir, baseUrl);
      for (const file of htmlFiles(outDir).map((page) => path.join(outDir, page))) {
        const html = readFileSync(file, 'utf8');
        const inlined = inlineStylesheets(html, `${baseUrl}assets/css/`, read);
        if (inlined !== html) writeFileSync(file, inlined);
      }
    },
  };
}
