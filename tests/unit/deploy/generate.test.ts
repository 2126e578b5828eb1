import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {generateNginx} from '../../../plugins/deploy/generate';
import {tempSite} from '../../support/temp-site';

// `npm run deploy:nginx` as a function: the arguments it reads, the config it
// writes, and what it does with nginx's verdict. `true` and `false` stand in
// for an nginx that accepts or refuses the config.

const build = () =>
  tempSite({
    'index.html':
      '<html><head><link rel="canonical" href="https://docs.coinwharf.com/"><script>a=1</script></head></html>',
    'welcome/index.html': '<html><head><link rel=canonical href=https://docs.coinwharf.com/welcome></head></html>',
    '404.html': '<html><head><link rel=canonical href=https://docs.coinwharf.com/404.html></head></html>',
  });

function run(args: string[], nginx = 'true') {
  const lines: string[] = [];
  const status = generateNginx(args, (line) => lines.push(line), nginx);
  return {status, lines};
}

describe('deploy:nginx', () => {
  test('writes the config for the build, with the options given, and reports what it holds', () => {
    const dir = build();
    const out = path.join(dir, 'conf/sub/nginx.conf');
    const {status, lines} = run([
      '--build',
      dir,
      '--root',
      '/srv/site',
      '--listen',
      '8081',
      '--listen',
      '[::]:8081',
      '--access-log',
      'off',
      '--user',
      'www-data',
      '--out',
      out,
    ]);
    expect(status).toBe(0);
    expect(lines).toEqual([`Wrote ${out}: 2 pages, 1 inline script hashes.`]);
    const config = readFileSync(out, 'utf8');
    expect(config).toContain('\nuser www-data;\n');
    expect(config).toContain('        root /srv/site;\n');
    expect(config).toContain('        listen 8081;\n        listen [::]:8081;\n');
    expect(config).toContain('    access_log off;\n');
    expect(config).toContain('        "/welcome" "/welcome/index.html";\n');
  });

  test('without options: serves the build folder itself, on 8080, logging to stdout, as no user', () => {
    const dir = build();
    const out = path.join(dir, 'nginx.conf');
    run(['--build', dir, '--out', out]);
    const config = readFileSync(out, 'utf8');
    expect(config).toContain(`        root ${dir};\n`);
    expect(config).toContain('        listen 8080;\n        server_name _;\n');
    expect(config).toContain('    access_log /dev/stdout;\n');
    expect(config).not.toContain('\nuser ');
  });

  test('as the command, with no options: reads ./build and writes plugins/deploy/nginx/nginx.conf under the current folder', () => {
    const site = tempSite({});
    cpSync(build(), path.join(site, 'build'), {recursive: true});
    const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
    const command = spawnSync(tsx, [path.resolve(__dirname, '../../../plugins/deploy/generate.ts')], {
      cwd: site,
      encoding: 'utf8',
      // No nginx on the PATH: the check is skipped, as on a machine without it.
      env: {...process.env, PATH: path.dirname(process.execPath)},
    });
    expect(command.stdout).toContain('Wrote plugins/deploy/nginx/nginx.conf: 2 pages, 1 inline script hashes.');
    expect(command.status).toBe(0);
    expect(readFileSync(path.join(site, 'plugins/deploy/nginx/nginx.conf'), 'utf8')).toContain(
      `        root ${path.join(site, 'build')};\n`,
    );
  });

  test('a relative build folder is served by its absolute path', () => {
    const dir = build();
    const out = path.join(dir, 'nginx.conf');
    run(['--build', path.relative(process.cwd(), dir), '--out', out]);
    expect(readFileSync(out, 'utf8')).toContain(`        root ${dir};\n`);
  });

  test('has nginx check the written config, with its folder as the prefix', () => {
    const dir = build();
    const out = path.join(dir, 'conf/nginx.conf');
    // A stand-in nginx that writes down the arguments it was given.
    const argsFile = path.join(dir, 'args.txt');
    const fakeNginx = path.join(dir, 'fake-nginx.sh');
    writeScript(fakeNginx, `#!/bin/sh\necho "$@" > ${argsFile}\n`);
    expect(run(['--build', dir, '--out', out], fakeNginx).status).toBe(0);
    expect(readFileSync(argsFile, 'utf8')).toBe(`-t -p ${dir}/conf/ -c ${out} -e stderr\n`);
  });

  test("fails with nginx's status when nginx refuses the config", () => {
    const dir = build();
    const fakeNginx = path.join(dir, 'fake-nginx.sh');
    writeScript(fakeNginx, '#!/bin/sh\nexit 3\n');
    expect(run(['--build', dir, '--out', path.join(dir, 'nginx.conf')], fakeNginx).status).toBe(3);
    expect(run(['--build', dir, '--out', path.join(dir, 'nginx.conf')], 'false').status).toBe(1);
  });

  test('without nginx installed, the config is written and the command still succeeds', () => {
    const dir = build();
    const out = path.join(dir, 'nginx.conf');
    const {status, lines} = run(['--build', dir, '--out', out], path.join(dir, 'no-such-nginx'));
    expect(status).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(lines.at(-1)).toBe(
      'nginx is not installed here: config not checked (bash scripts/ensure-nginx.sh installs it).',
    );
  });
});

function writeScript(file: string, text: string) {
  writeFileSync(file, text, {mode: 0o755});
}
