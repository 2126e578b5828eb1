import {spawnSync} from 'node:child_process';
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {tempSite} from '../../support/temp-site';

// patches/ holds our changes to upstream packages; patch-package applies them
// after every install (package.json's postinstall). These tests hold the two
// promises: an install fails loudly when a patch stops fitting, and this
// install has every patch applied.

const repo = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** A tiny app with one installed package, `left-pad` at `installed`, and one patch of it, named for `patchedFor`. */
function app(installed: string, patchedFor: string, original = 'module.exports = 1;\n'): string {
  const dir = tempSite({
    'package.json': JSON.stringify({
      name: 'app',
      version: '1.0.0',
      scripts: {postinstall: manifest.scripts.postinstall},
    }),
    'node_modules/left-pad/package.json': JSON.stringify({name: 'left-pad', version: installed}),
    'node_modules/left-pad/index.js': original,
  });
  mkdirSync(path.join(dir, 'patches'));
  writeFileSync(
    path.join(dir, 'patches', `left-pad+${patchedFor}.patch`),
    [
      'diff --git a/node_modules/left-pad/index.js b/node_modules/left-pad/index.js',
      'index 0000000..1111111 100644',
      '--- a/node_modules/left-pad/index.js',
      '+++ b/node_modules/left-pad/index.js',
      '@@ -1 +1 @@',
      '-module.exports = 1;',
      '+module.exports = 2;',
      '',
    ].join('\n'),
  );
  return dir;
}

/** Runs the app's postinstall as npm runs it after `npm ci`, with this repository's patch-package. */
function postinstall(dir: string): {status: number | null; output: string} {
  const result = spawnSync('npm', ['run', '--silent', 'postinstall'], {
    cwd: dir,
    encoding: 'utf8',
    env: {...process.env, PATH: `${path.join(repo, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`},
  });
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}

describe('the postinstall that applies patches/', () => {
  test('applies a patch made for the installed version', () => {
    const dir = app('1.3.0', '1.3.0');
    const {status, output} = postinstall(dir);
    expect(output).toContain('left-pad@1.3.0');
    expect(status).toBe(0);
    expect(readFileSync(path.join(dir, 'node_modules/left-pad/index.js'), 'utf8')).toBe('module.exports = 2;\n');
  });

  test('fails the install when the package moved to another version, though the patch still fits', () => {
    const {status, output} = postinstall(app('1.3.1', '1.3.0'));
    expect(output).toContain('version mismatch');
    expect(status).toBe(1);
  });

  test('fails the install when the patch no longer fits the file', () => {
    const {status, output} = postinstall(app('1.3.0', '1.3.0', 'module.exports = 3;\n'));
    expect(output).toContain('Failed to apply patch for package left-pad');
    expect(status).toBe(1);
  });
});

test('this install has every patch of patches/ applied: each line a patch adds is in its file', () => {
  const patches = readdirSync(path.join(repo, 'patches')).filter((name) => name.endsWith('.patch'));
  expect(patches.length).toBeGreaterThanOrEqual(3);
  for (const name of patches) {
    const text = readFileSync(path.join(repo, 'patches', name), 'utf8');
    for (const section of text.split(/^diff --git /m).slice(1)) {
      const target = /^\+\+\+ b\/(.+)$/m.exec(section)?.[1];
      expect(target, name).toBeDefined();
      const installed = readFileSync(path.join(repo, target!), 'utf8');
      const added = [...section.matchAll(/^\+(?!\+\+ )(.*)$/gm)].map(([, line]) => line);
      expect(added.length, `${name}: ${target}`).toBeGreaterThan(0);
      for (const line of added) expect(installed, `${name}: ${target}`).toContain(line);
    }
  }
});
