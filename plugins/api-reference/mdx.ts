/**
 * Pieces of MDX the reference pages are made of. Text from the description is
 * Markdown; MDX would read its `{` and `<` outside code as JavaScript or JSX,
 * so they are escaped there, and code spans and fences are left as written.
 */
import {stringify} from 'yaml';

/** Description Markdown made safe for MDX: `{`, `}` and `<` escaped outside code. */
export function mdxText(markdown: string): string {
  let fenced = false;
  return markdown
    .trim()
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced || /^\s*(```|~~~)/.test(line)) return line;
      return line
        .split(/(`[^`]*`)/)
        .map((part, index) => (index % 2 === 1 ? part : part.replace(/([{}<])/g, '\\$1')))
        .join('');
    })
    .join('\n');
}

/** One line of text, as a single Markdown paragraph line: line breaks joined. */
export const inline = (markdown: string): string => mdxText(markdown).replace(/\s*\n\s*/g, ' ');

/** Text as a code span. */
export const code = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
};

// A heading with an explicit id, in the MDX comment syntax Docusaurus reads
// (`## Title {/* #id */}`): the classic `{#id}` needs MDX 1 compatibility,
// which this site turns off, and the Markdown twins drop comments.
export const heading = (level: number, text: string, id: string): string =>
  `${'#'.repeat(Math.min(level, 6))} ${text} {/* #${id} */}`;

/** A JSON value as a fenced block. */
export const jsonBlock = (value: unknown, title?: string): string =>
  ['```json' + (title ? ` title="${title}"` : ''), JSON.stringify(value, null, 2), '```'].join('\n');

/** The front matter block of a generated page. */
export const frontMatter = (values: Record<string, unknown>): string =>
  `---\n${stringify(values, {lineWidth: 0}).trimEnd()}\n---`;

/** Blocks joined as Markdown paragraphs. */
export const blocks = (...parts: (string | false | undefined)[]): string =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join('\n\n');

/** The comment written after an operation's examples: where the panel beside its fields ends (./rehype-layout.ts). */
export const examplesEnd = '{/* end of the examples */}';

/** The comments around a request body's optional fields, which a reader opens when needed (./rehype-layout.ts). */
export const optionalFieldsStart = '{/* optional fields */}';
export const optionalFieldsEnd = '{/* end of the optional fields */}';

/**
 * The comments around blocks the page folds behind a toggle whose summary is `label` (plain text and
 * code spans), such as the rest of a long description (./rehype-layout.ts). The twins show them open.
 */
export const foldStart = (label: string): string => `{/* fold: ${label.replace(/\*\//g, '* /')} */}`;
export const foldEnd = '{/* end of the fold */}';
