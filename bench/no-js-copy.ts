// A copy of a build with every script removed from its pages: what the server's HTML alone gives, the
// ceiling the scripts are measured against (bench/reader-clock.ts, bench/lighthouse.ts). Structured
// data (`application/ld+json`) stays: it is data, not code.
import {cpSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {htmlFiles} from '../plugins/built-site';

/** Copies `dir` into a new temporary folder, every page there without its scripts and script preloads. */
export function withoutScripts(dir: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'coinwharf-no-js-'));
  cpSync(dir, copy, {recursive: true});
  for (const file of htmlFiles(copy).map((page) => path.join(copy, page))) {
    const html = readFileSync(file, 'utf8')
      .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*\bas=script\b[^>]*>/g, '');
    writeFileSync(file, html);
  }
  return copy;
}
