// `npm run deploy:nginx`: writes the brotli copies of the build's text files
// (./precompress.ts) and the nginx config for it, then has nginx check the
// config (when nginx is installed here).
//   tsx plugins/deploy/generate.ts [--build build] [--root <dir nginx serves>]
//     [--listen 8080]... [--access-log off|<file>] [--user <name>] [--out plugins/deploy/nginx/nginx.conf]
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {brand} from '../../src/constants/brand';
import {nginxConfig} from './nginx';
import {precompressCommand} from './precompress';
import {readSite} from './site';

/**
 * The command with its arguments (`process.argv.slice(2)`); returns its exit status.
 * `nginx` is the binary that checks the config.
 */
export function generateNginx(args: string[], log: (line: string) => void = console.log, nginx = 'nginx'): number {
  const {values} = parseArgs({
    args,
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
  log(`Wrote ${values.out}: ${site.pages.length} pages, ${site.scriptHashes.length} inline script hashes.`);

  // `nginx -t` with the config's folder as the prefix (pid file, temp paths).
  const check = spawnSync(
    nginx,
    ['-t', '-p', `${path.resolve(path.dirname(values.out))}/`, '-c', path.resolve(values.out), '-e', 'stderr'],
    {stdio: 'inherit'},
  );
  if (check.error) {
    log('nginx is not installed here: config not checked (bash scripts/ensure-nginx.sh installs it).');
    return 0;
  }
  return check.status ?? 1;
}

// Run as the command (tsx), not when a test imports it: the brotli copies nginx serves, then its config.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const args = process.argv.slice(2);
  const {build = 'build'} = parseArgs({args, options: {build: {type: 'string'}}, strict: false}).values;
  void precompressCommand(String(build)).then((status) => (process.exitCode = status || generateNginx(args)));
}
