import {spawnSync} from 'node:child_process';
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';

// The install (scripts/setup.sh): npm's limits for a stalled download, as npm itself reads them in
// the repository, and `npm ci` run once more when it fails. npm is a stub in the second part: it
// logs each call and fails as many times as asked, so nothing is installed.

let stubs: string | undefined;
afterEach(() => {
  if (stubs) rmSync(stubs, {recursive: true, force: true});
  stubs = undefined;
});

test('npm in the repository gives up on a stalled download after 60 s and retries a failed connection 4 times', () => {
  const run = spawnSync('npm', ['config', 'get', 'fetch-timeout', 'fetch-retries', 'fetch-retry-maxtimeout'], {
    encoding: 'utf8',
  });
  expect(run.stdout.trim().split('\n')).toEqual([
    'fetch-timeout=60000',
    'fetch-retries=4',
    'fetch-retry-maxtimeout=30000',
  ]);
});

/** setup.sh with an `npm` that fails its first `failures` calls of `npm ci`. */
function setupWithFlakyNpm(failures: number) {
  stubs = mkdtempSync(path.join(tmpdir(), 'cw-setup-'));
  const log = path.join(stubs, 'calls');
  writeFileSync(log, '');
  writeFileSync(
    path.join(stubs, 'npm'),
    `#!/bin/sh
case "$1" in --version) echo 11.0.0; exit 0 ;; esac
echo "$*" >> "${log}"
[ "$(wc -l < "${log}")" -gt ${failures} ] || { echo "npm error network stalled"; exit 1; }
echo "added 2 packages"
`,
  );
  chmodSync(path.join(stubs, 'npm'), 0o755);
  const run = spawnSync('bash', ['scripts/setup.sh'], {
    encoding: 'utf8',
    // node_modules/.bin first, as after an install: its Node is the project's, so none is fetched.
    env: {...process.env, PATH: `${stubs}:${path.resolve('node_modules/.bin')}:${process.env.PATH}`},
    timeout: 30_000,
  });
  return {
    status: run.status,
    output: `${run.stdout}${run.stderr}`,
    calls: readFileSync(log, 'utf8').trim().split('\n'),
  };
}

test('setup.sh says what the install prints and how long it takes, and runs npm ci once more when it fails', () => {
  const once = setupWithFlakyNpm(1);
  expect(once.status, once.output).toBe(0);
  expect(once.output).toContain(
    'about 2,300 packages,\none to two minutes with no output until npm prints "added … packages"',
  );
  expect(once.output).toContain('npm ci failed (above); running it once more');
  expect(once.calls).toEqual(['ci --no-audit --no-fund', 'ci --no-audit --no-fund']);
});

test('setup.sh fails when npm ci fails twice, after two tries', () => {
  const twice = setupWithFlakyNpm(2);
  expect(twice.status).not.toBe(0);
  expect(twice.calls).toHaveLength(2);
});
