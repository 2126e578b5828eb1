/**
 * A code block's size in lines and character columns, which its `<pre>` carries as
 * `--cw-code-lines` and `--cw-code-columns`. The block's code is laid out only when it nears the
 * viewport (`content-visibility: auto`, ./Content/styles.module.css); until then it takes this
 * size, in the code's own line height and character width, so the page is as tall and each block
 * as wide (and as scrollable) as once it is drawn: nothing moves when it is. Columns count each
 * character as one (the code font is monospaced) and a tab up to the next multiple of 8, the
 * browser's default tab stop.
 */
export interface CodeSize {
  lines: number;
  columns: number;
}

const tabStop = 8;

function columnsOf(line: string): number {
  let column = 0;
  for (const character of line) column = character === '\t' ? (Math.floor(column / tabStop) + 1) * tabStop : column + 1;
  return column;
}

export function codeSize(lines: readonly string[]): CodeSize {
  return {lines: lines.length, columns: Math.max(0, ...lines.map(columnsOf))};
}
