import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

/** The Markdown sources a writer edits: docs, changelog entries and Markdown pages. */
export function markdownSources(root: string): string[] {
  return ['docs', 'changelog', 'src/pages'].flatMap((dir) => {
    const full = path.join(root, dir);
    if (!existsSync(full)) return [];
    return readdirSync(full, {recursive: true, encoding: 'utf8'})
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
      .filter((file) => /\.mdx?$/.test(file) && !file.split('/').some((part) => /^[_.]/.test(part)))
      .sort();
  });
}

/**
 * Each route's source file (`/payments/quickstart` → `docs/payments/quickstart.mdx`), from the
 * metadata Docusaurus writes to .docusaurus/ while it builds.
 */
export function sourcesByRoute(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const generated = path.join(root, '.docusaurus');
  if (!existsSync(generated)) return sources;
  for (const plugin of readdirSync(generated)) {
    const dir = path.join(generated, plugin, 'default');
    if (!plugin.startsWith('docusaurus-plugin-content-') || !existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((name) => /^site-.*\.json$/.test(name))) {
      const data = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {permalink?: unknown; source?: unknown};
      if (typeof data.permalink === 'string' && typeof data.source === 'string') {
        sources.set(data.permalink, data.source.replace(/^@site\//, ''));
      }
    }
  }
  return sources;
}

/** The 1-based lines of `file` on which `test` finds the link; empty when none does. */
export function linesMatching(root: string, file: string, test: (line: string) => boolean): number[] {
  const full = path.join(root, file);
  if (!existsSync(full)) return [];
  return readFileSync(full, 'utf8')
    .split('\n')
    .flatMap((text, index) => (test(text) ? [index + 1] : []));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `line` holds a link target ending in `#anchor` (Markdown, JSX href or autolink). */
export function hasAnchorLink(line: string, anchor: string): boolean {
  return new RegExp(`#${escape(anchor)}(?=[)"'>\\s}]|$)`).test(line);
}

/** True when `line` holds `link` as a link target. */
export function hasLink(line: string, link: string): boolean {
  return new RegExp(`(?:\\]\\(|href=["'{]|<)${escape(link)}(?=[)"'>\\s}]|$)`).test(line);
}
