// `npm run deploy:nginx`: writes the nginx config for the current build, then
// has nginx check it (when nginx is installed here).
//   tsx plugins/deploy/generate.ts [--build build] [--root <dir nginx serves>]
//     [--listen 8080]... [--access-log off|<file>] [--user <name>] [--out plugins/deploy/nginx/nginx.conf]
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {brand} from '../../src/constants/brand';
import {nginxConfig} from './nginx';
import {readSite} from './site';

const {values} = parseArgs({
  options: {
    build: {type: 'string', default: 'build'},
    root: {type: 'string'},
    listen: {type: 'string', multiple: true},
    'access-log': {type: 'string', default: '/dev/stdout'},
    user: {type: 'string'},
    out: {type: 'string', default: 'plugins/deploy/nginx/nginx.conf'},
  },
});

const site = readSite(values.build, brand.siteUrl);
const config = nginxConfig(site, {
  root: path.resolve(values.root ?? values.build),
  listen: values.listen ?? ['8080'],
  accessLog: values['access-log'],
  user: values.user,
});
mkdirSync(path.dirname(values.out), {recursive: true});
writeFileSync(values.out, config);
console.log(`Wrote ${values.out}: ${site.pages.length} pages, ${site.scriptHashes.length} inline script hashes.`);

// `nginx -t` with the config's folder as the prefix (pid file, temp paths).
const check = spawnSync(
  'nginx',
  ['-t', '-p', `${path.resolve(path.dirname(values.out))}/`, '-c', path.resolve(values.out), '-e', 'stderr'],
  {stdio: 'inherit'},
);
if (check.error)
  console.log('nginx is not installed here: config not checked (bash scripts/ensure-nginx.sh installs it).');
else if (check.status !== 0) process.exit(check.status ?? 1);
