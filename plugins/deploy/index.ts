// Local Docusaurus plugin: after every build, writes the `_headers` and
// `_redirects` files Netlify and Cloudflare Pages read from the published
// folder, so `npm run build` alone gives a CDN-ready `build/` whose CSP lists
// the hashes of exactly the inline scripts that build contains.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {builtPages} from '../built-site';
import {headersFile, redirectsFile} from './cdn';
import {refuseSymbolicLinks, siteOf} from './site';

export default function deployFilesPlugin(context: LoadContext): Plugin {
  return {
    name: 'coinwharf-deploy-files',
    postBuild(props) {
      refuseSymbolicLinks(props.outDir);
      const site = siteOf(builtPages(props), context.siteConfig.url);
      writeFileSync(path.join(props.outDir, '_headers'), headersFile(site));
      writeFileSync(path.join(props.outDir, '_redirects'), redirectsFile(site));
    },
  };
}
