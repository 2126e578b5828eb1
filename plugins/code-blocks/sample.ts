/**
 * A tested sample as a writer names it in Markdown: a fence whose meta says
 * `file=examples/…` (and, in a framework group, `label=…`), with no code in
 * it. The remark plugin and the Markdown twins read fences with these
 * functions, so the page and its twin show the same files.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {exampleLanguageOrUndefined, knownExtensions, type Example, type Excerpt} from './languages';

/** A mistake in a sample fence, in words that tell the writer the fix. */
export class SampleError extends Error {}

export interface SampleFence {
  /** The path under examples/, as a page's code block title shows it after `examples/`. */
  file: string;
  label?: string;
  /** The region a page shows first (the call on a reference page), the whole file a click away. */
  region?: string;
}

const settings = new Set(['file', 'label', 'region']);

/** A setting's value in a fence's meta: quoted (its first group) or bare (its second). */
const settingValue = String.raw`(?:"([^"]*)"|(\S+))`;

/**
 * How a page's raw text names samples, for the readers that have no Markdown parser: check:docs,
 * which reports by line, and ./dependency-loader.cjs, which the plugin hands these patterns' sources.
 * A line that opens a sample fence, with its language (group 1) and meta (group 2); and the `file=`
 * setting in a meta, its value quoted (group 1) or bare (group 2). What a fence means is read by
 * `sampleFence` alone.
 */
export const sampleFenceLine = /^\s*(?:`{3,}|~{3,})(\S*)\s+(.*\bfile=.*)$/;
export const fileSetting = new RegExp(String.raw`(?:^|\s)file=${settingValue}`);

/** `file=examples/a.ts label="Next.js"` as its settings; throws on anything else. */
function fenceSettings(meta: string): Map<string, string> {
  const found = new Map<string, string>();
  const rest = meta.replace(
    new RegExp(String.raw`([\w-]+)=${settingValue}`, 'g'),
    (_, key: string, quoted?: string, bare?: string) => {
      found.set(key, quoted ?? bare ?? '');
      return '';
    },
  );
  if (rest.trim() !== '') {
    throw new SampleError(`cannot read "${rest.trim()}" in the fence: write settings as key=value`);
  }
  return found;
}

/** The sample a fence names, or undefined for a plain fence (one without `file=`). */
export function sampleFence(lang: string | null | undefined, meta: string | null | undefined): SampleFence | undefined {
  if (!meta || !/(^|\s)file=/.test(meta)) return undefined;
  const found = fenceSettings(meta);
  for (const key of found.keys()) {
    if (!settings.has(key)) {
      throw new SampleError(
        `${key}= is not a sample setting: a sample fence takes file=, region= and, in a framework group, label=`,
      );
    }
  }
  const written = found.get('file') ?? '';
  const normal = path.posix.normalize(written);
  if (!normal.startsWith('examples/') || normal !== written) {
    throw new SampleError(
      `file=${written} is outside examples/: a reader copies only tested files, so name one as examples/<folder>/<file>`,
    );
  }
  const language = exampleLanguageOrUndefined(normal);
  if (!language) {
    throw new SampleError(
      `file=${written}: no sample language is known for this extension; samples are ${knownExtensions.join(', ')} files`,
    );
  }
  if (lang && !language.fenceNames.includes(lang)) {
    throw new SampleError(
      `\`\`\`${lang} is not the language of ${written}: open the fence with \`\`\`${language.fenceNames[0]}`,
    );
  }
  const label = found.get('label');
  const region = found.get('region');
  return {file: normal.slice('examples/'.length), ...(label ? {label} : {}), ...(region ? {region} : {})};
}

/**
 * A region's marker line, as editors fold them: `// #region request` in TypeScript, `#region request`
 * in Python and shell; `#endregion` closes it. Group 1 is `end` on a closing line, group 2 the name.
 */
const regionMarker = /^\s*(?:\/\/\s*#|#)(end)?region\b\s*(\S*)\s*$/;

/** The lines between a file's `#region name` and the next `#endregion`, dedented. */
export function excerptOf(code: string, region: string, file: string): Excerpt {
  const lines = code.split('\n');
  const start = lines.findIndex((line) => {
    const marker = regionMarker.exec(line);
    return marker !== null && marker[1] === undefined && marker[2] === region;
  });
  if (start === -1) {
    throw new SampleError(`examples/${file} has no "#region ${region}" comment: mark the lines the page shows first`);
  }
  const end = lines.findIndex((line, index) => index > start && regionMarker.exec(line)?.[1] === 'end');
  if (end === -1) throw new SampleError(`examples/${file}: "#region ${region}" has no "#endregion" after it`);
  const inside = lines.slice(start + 1, end);
  if (inside.every((line) => line.trim() === '')) throw new SampleError(`examples/${file}: region ${region} is empty`);
  const indent = Math.min(...inside.filter((line) => line.trim() !== '').map((line) => /^\s*/.exec(line)![0].length));
  return {code: inside.map((line) => line.slice(indent)).join('\n'), from: start + 2, to: end};
}

/** The sample's file, read from the site. */
export function readSample(siteDir: string, fence: SampleFence): Example {
  const file = path.join(siteDir, 'examples', fence.file);
  if (!existsSync(file)) {
    throw new SampleError(`examples/${fence.file} does not exist: check the path, which starts at the repository root`);
  }
  const code = readFileSync(file, 'utf8');
  return {...fence, code, ...(fence.region ? {excerpt: excerptOf(code, fence.region, fence.file)} : {})};
}
