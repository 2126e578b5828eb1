import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readPage} from '../../plugins/built-site';
import {brokenMarkdownLinkProblems, brokenMarkdownLinksVariable} from './markdown-links';
import type {CheckResult, Problem} from './problem';
import {runTool} from './run';
import {hasAnchorLink, hasLink, linesMatching, sourcesByRoute} from './sources';

/** A link Docusaurus reported as broken: the page it is on, the link as written, and where it points. */
interface BrokenLink {
  page: string;
  link: string;
  resolved: string;
}

/** The `- Broken anchor|link on source page path = /p:` blocks of the build's report. */
export function brokenLinks(output: string, kind: 'anchor' | 'link'): BrokenLink[] {
  const found: BrokenLink[] = [];
  let page: string | undefined;
  for (const line of output.split('\n')) {
    const header = /^\s*- Broken (anchor|link) on source page path = (.+):$/.exec(line);
    if (header) {
      page = header[1] === kind ? header[2] : undefined;
      continue;
    }
    const target = /^\s*-> linking to (\S+)(?: \(resolved as: (\S+)\))?$/.exec(line);
    if (target && page) found.push({page, link: target[1], resolved: target[2] ?? target[1]});
    else if (!target) page = undefined;
  }
  return found;
}

/** The built HTML file of a site path, if there is one. */
function builtFile(root: string, sitePath: string): string | undefined {
  const clean = decodeURIComponent(sitePath).replace(/\/$/, '');
  return [path.join(root, 'build', clean, 'index.html'), path.join(root, 'build', `${clean}.html`)].find(existsSync);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/**
 * The heading id on the target page closest to the missing anchor, when one is close enough to be a typo.
 * The built page is read as a browser reads it: the minified build writes `id=verify-the-signature`, unquoted.
 */
export function closestHeading(root: string, target: string, anchor: string): string | undefined {
  const file = builtFile(root, target);
  if (!file) return undefined;
  const ids = readPage(readFileSync(file, 'utf8')).headingIds;
  const [best] = ids.map((id) => ({id, distance: editDistance(id, anchor)})).sort((a, b) => a.distance - b.distance);
  return best && best.distance <= Math.max(2, Math.floor(anchor.length / 3)) ? best.id : undefined;
}

/** Where on its page's source a broken link is written; line 1 of the source when no line shows it. */
function locate(
  root: string,
  sources: Map<string, string>,
  broken: BrokenLink,
  written: (line: string) => boolean,
): {file: string; lines: number[]; note: string} {
  const file = sources.get(broken.page);
  if (!file) {
    return {
      file: `(page ${broken.page})`,
      lines: [1],
      note: ' (a page the theme or a plugin makes, not a Markdown file)',
    };
  }
  const lines = linesMatching(root, file, written);
  return lines.length > 0
    ? {file, lines, note: ''}
    : {file, lines: [1], note: ' (not written in this file: a component or an imported file makes it)'};
}

/** Errors with a page and a line (bad MDX, a sample fence the build rejects), as the build names them. */
function pageErrors(output: string): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const [, file, line, message] of output.matchAll(
    /^(?:\s*(?:\[ERROR\]|Error:|\S*Error:)?\s*)((?:docs|changelog|src\/pages)\/[^\s:]+\.mdx?):(\d+)(?::\d+)?:? (.+)$/gm,
  )) {
    const key = `${file}:${line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({file, line: Number(line), message: message.trim()});
  }
  return problems;
}

/**
 * The production build (`docusaurus build`): a broken link fails it, a broken anchor only warns (the
 * spec's rule). Both are reported here in the terms of the Markdown source: its file, its line, the fix.
 */
export async function checkBuild(root: string): Promise<CheckResult> {
  const record = path.join(mkdtempSync(path.join(tmpdir(), 'check-docs-')), 'broken-markdown-links.jsonl');
  const run = await runTool(root, 'docusaurus', ['build'], {[brokenMarkdownLinksVariable]: record});
  const result = buildProblems(root, run.output, run.code, brokenMarkdownLinkProblems(record));
  rmSync(path.dirname(record), {recursive: true, force: true});
  return result;
}

/**
 * The build's output (and exit code) as problems at source lines: see `checkBuild`. The Markdown links
 * it could not resolve to a file come from the build's hook (./markdown-links.ts), with file and line.
 */
export function buildProblems(
  root: string,
  output: string,
  code: number | null,
  markdownLinks: Problem[] = [],
): CheckResult {
  const sources = sourcesByRoute(root);
  const problems = [...markdownLinks];
  const reported = new Set(problems.map(({file, message}) => `${file} ${message.split(':')[0]}`));

  for (const broken of brokenLinks(output, 'link')) {
    const where = locate(root, sources, broken, (line) => hasLink(line, broken.link));
    if (reported.has(`${where.file} link to ${broken.link}`)) continue;
    for (const line of where.lines) {
      problems.push({
        file: where.file,
        line,
        message: `link to ${broken.link}: no page at ${broken.resolved}${where.note}; fix the link (a page's URL, or a doc's file with .mdx) or create the page.`,
      });
    }
  }
  for (const broken of brokenLinks(output, 'anchor')) {
    const [target, anchor = ''] = broken.resolved.split('#');
    const where = locate(root, sources, broken, (line) => hasAnchorLink(line, anchor));
    const close = closestHeading(root, target, anchor);
    for (const line of where.lines) {
      problems.push({
        file: where.file,
        line,
        message: `link to ${broken.resolved}: no heading "${anchor}" on that page${where.note}; fix the anchor${close ? ` (did you mean #${close}?)` : ''} or the heading.`,
      });
    }
  }
  if (code !== 0) {
    problems.push(
      ...pageErrors(output).filter((error) => !problems.some((p) => p.file === error.file && p.line === error.line)),
    );
    if (problems.length === 0) {
      const start = output.indexOf('[ERROR]');
      return {
        problems: [],
        skipped: true,
        note: `the build failed:\n${output
          .slice(start === -1 ? 0 : start)
          .trim()
          .split('\n')
          .slice(0, 30)
          .join('\n')}`,
      };
    }
  }
  const note =
    code === 0
      ? 'built; every link resolves'
      : 'the build stopped; broken anchors are reported once every link resolves';
  return {problems, note};
}
