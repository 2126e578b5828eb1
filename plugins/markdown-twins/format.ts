/**
 * The Markdown twin of a page: its format, shared by the build plugin that
 * writes it (plugins/markdown-twins), the "Copy page" control that reorders
 * it, and the tests. Pure functions: no Node or browser APIs.
 */
import {exampleLanguage, exampleTabLabel, exampleTabValue, type Example, type TabGroup} from '../code-blocks/languages';

/** URL path of a page's twin: `/welcome` → `/welcome.md`, `/payments/` → `/payments/index.md`. */
export function twinPath(permalink: string): string {
  return permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;
}

/** A fence longer than any run of backticks that starts a line of the code. */
function fenceFor(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/^\s*(`+)/gm)].map((match) => match[1].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A tested example file as a fenced block, with its language and its path as title. */
export function exampleFence({file, code}: Pick<Example, 'file' | 'code'>): string {
  const fence = fenceFor(code);
  return `${fence}${exampleLanguage(file).prism} title="examples/${file}"\n${code.trimEnd()}\n${fence}`;
}

const groupStart = /^<!-- tabs: (language|framework) -->$/;
const groupEnd = '<!-- /tabs -->';
const tabLabel = /^\*\*(.+)\*\*: `examples\/(\S+)`$/;

/**
 * A tab group as labelled blocks one after another, between two comments that
 * Markdown renderers hide and that `orderTabs` finds again.
 */
export function tabGroupMarkdown(group: TabGroup, examples: readonly Example[]): string {
  const tabs = examples.map(
    (example) => `**${exampleTabLabel(example)}**: \`examples/${example.file}\`\n\n${exampleFence(example)}`,
  );
  return [`<!-- tabs: ${group} -->`, ...tabs, groupEnd].join('\n\n');
}

/** The fence a line opens or closes, given the fence open before it (null: none). */
function fenceAfter(open: string | null, line: string): string | null {
  const match = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
  if (!match) return open;
  if (open === null) return match[1];
  return match[1][0] === open[0] && match[1].length >= open.length && match[2].trim() === '' ? null : open;
}

/**
 * The twin with, in every tab group, the tab of the reader's stored choice for
 * that group (`chosen[group]`, a value as `exampleTabValue` gives it) first.
 * Everything else stays byte for byte.
 */
export function orderTabs(markdown: string, chosen: Partial<Record<TabGroup, string>>): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    const start = fence === null ? groupStart.exec(lines[i]) : null;
    if (!start) {
      fence = fenceAfter(fence, lines[i]);
      out.push(lines[i]);
      continue;
    }
    const group = start[1] as TabGroup;
    const lead: string[] = [];
    const tabs: {value: string; lines: string[]}[] = [];
    let inner: string | null = null;
    let j = i + 1;
    for (; j < lines.length && !(inner === null && lines[j] === groupEnd); j += 1) {
      const label = inner === null ? tabLabel.exec(lines[j]) : null;
      if (label) tabs.push({value: exampleTabValue(group, {label: label[1], file: label[2]}), lines: []});
      (tabs.at(-1)?.lines ?? lead).push(lines[j]);
      inner = fenceAfter(inner, lines[j]);
    }
    const choice = chosen[group];
    const ordered = [...tabs.filter((tab) => tab.value === choice), ...tabs.filter((tab) => tab.value !== choice)];
    out.push(lines[i], ...lead, ...ordered.flatMap((tab) => tab.lines));
    i = j - 1; // the end marker, if any, is pushed by the next turn
  }
  return out.join('\n');
}
