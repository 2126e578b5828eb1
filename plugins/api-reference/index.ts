/**
 * Local Docusaurus plugin: the API reference, generated from api/openapi.yaml.
 * docusaurus.config.ts writes the pages once when it loads (the docs plugin
 * must find them in docs/api/); under `docusaurus start` this plugin watches
 * the YAML and the guides (their links decide each page's "Used in" line) and
 * writes the pages again, which the docs plugin then picks up like any doc.
 * No client code: the pages are MDX, rendered to static HTML like the guides.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {descriptionFile, generateApiReference, referenceFolder} from './generate';

export {apiReferenceCategory} from './sidebar';
export {generateApiReference, referenceFolder};

export default function apiReferencePlugin({siteDir}: LoadContext): Plugin {
  return {
    name: 'coinwharf-api-reference',
    getPathsToWatch: () => [path.join(siteDir, descriptionFile), path.join(siteDir, 'docs/payments/**/*.mdx')],
    loadContent: () => {
      generateApiReference(siteDir);
    },
  };
}
