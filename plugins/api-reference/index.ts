/**
 * Local Docusaurus plugin: the API reference, generated from api/openapi.yaml.
 * It writes the pages (docs/api/, git-ignored) when Docusaurus sets the plugin
 * up, before any plugin loads content, so the docs plugin finds them there; not
 * when the config is merely imported (by a test or a tool). Under `docusaurus
 * start` it watches the YAML and the guides (their links decide each page's
 * "Used in" line) and writes the pages again, which the docs plugin then picks
 * up like any doc.
 * No client code: the pages are MDX, rendered to static HTML like the guides. ./rehype-layout.ts
 * lays out each operation and folds nested fields into native `<details>` (./theme/NestedFields),
 * which the browser opens itself when an address points into one.
 */
import {copyFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readDescription} from './description';
import {descriptionFile, generateApiReference, referenceFolder} from './generate';

/** Where the built site serves the description for readers to import (Postman, Insomnia, client generators). */
export const servedDescription = {yaml: '/openapi.yaml', json: '/openapi.json'};

export {apiReferenceCategory} from './sidebar';
export {default as rehypeEndpointLabels} from './rehype-endpoint';
export {default as rehypeOperationLayout} from './rehype-layout';
export {generateApiReference, referenceFolder};

export default function apiReferencePlugin({siteDir}: LoadContext): Plugin {
  generateApiReference(siteDir);
  return {
    name: 'coinwharf-api-reference',
    getThemePath: () => path.join(__dirname, 'theme'),
    getPathsToWatch: () => [path.join(siteDir, descriptionFile), path.join(siteDir, 'docs/payments/**/*.mdx')],
    loadContent: () => {
      generateApiReference(siteDir);
    },
    postBuild: ({outDir}) => {
      const source = path.join(siteDir, descriptionFile);
      copyFileSync(source, path.join(outDir, servedDescription.yaml));
      writeFileSync(path.join(outDir, servedDescription.json), `${JSON.stringify(readDescription(source), null, 2)}\n`);
    },
  };
}
