import {readFileSync} from 'node:fs';
import {inSite} from './site';

/** A code block's title that names lines of a sample: `examples/api/create-payment.ts, lines 78–92`. */
const partTitle = /^(examples\/\S+), lines (\d+)–(\d+)$/;

/**
 * What a sample block titled `title` must show, read from the file: the whole file (without its
 * final line break), or for a title naming lines, those lines with their common indentation removed.
 */
export function expectedSampleCode(title: string): string {
  const part = partTitle.exec(title);
  const text = readFileSync(inSite(part ? part[1] : title), 'utf8').replace(/\n$/, '');
  if (!part) return text;
  const lines = text.split('\n').slice(Number(part[2]) - 1, Number(part[3]));
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(indent)).join('\n');
}

/** The file a sample block's title names, part or whole: `examples/api/create-payment.ts`. */
export const sampleFileOf = (title: string): string => partTitle.exec(title)?.[1] ?? title;
