// Whether a script parses as a module script, which is strict code throughout (plugins/page-scripts
// writes each page's bundle as one).
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/**
 * Why a script would not load as a module script, or `undefined` if it would: the syntax error the
 * current Node reports for it (a module is strict code, so an octal literal, a `with` statement or a
 * reserved word used as a name fails). Node parses it as the browser's module loader would, without
 * running it.
 */
export function moduleSyntaxError(text: string): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-scripts-'));
  try {
    const file = path.join(dir, 'bundle.mjs');
    writeFileSync(file, text);
    const check = spawnSync(process.execPath, ['--check', file], {encoding: 'utf8'});
    if (check.status === 0) return undefined;
    return check.stderr.split('\n').find((line) => /Error/.test(line)) ?? `node --check exited with ${check.status}`;
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
