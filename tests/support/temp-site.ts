import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** A throwaway site folder holding `files` (paths relative to it); returns its path. */
export function tempSite(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-site-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), {recursive: true});
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
