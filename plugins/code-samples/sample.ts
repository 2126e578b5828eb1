/**
 * A tested sample as a writer names it in Markdown: a fence whose meta says
 * `file=examples/…` (and, in a framework group, `label=…`), with no code in
 * it. The remark plugin and the Markdown twins read fences with these
 * functions, so the page and its twin show the same files.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {exampleLanguageOrUndefined, knownExtensions, type Example} from './languages';

/** A mistake in a sample fence, in words that tell the writer the fix. */
export class SampleError extends Error {}

export interface SampleFence {
  /** The path under examples/, as a page's code block title shows it after `examples/`. */
  file: string;
  label?: string;
}

const settings = new Set(['file', 'label']);

/** `file=examples/a.ts label="Next.js"` as its settings; throws on anything else. */
function fenceSettings(meta: string): Map<string, string> {
  const found = new Map<string, string>();
  const rest = meta.replace(/([\w-]+)=(?:"([^"]*)"|(\S+))/g, (_, key: string, quoted?: string, bare?: string) => {
    found.set(key, quoted ?? bare ?? '');
    return '';
  });
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
        `${key}= is not a sample setting: a sample fence takes file= and, in a framework group, label=`,
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
  return {file: normal.slice('examples/'.length), ...(label ? {label} : {})};
}

/** The sample's file, read from the site. */
export function readSample(siteDir: string, fence: SampleFence): Example {
  const file = path.join(siteDir, 'examples', fence.file);
  if (!existsSync(file)) {
    throw new SampleError(`examples/${fence.file} does not exist: check the path, which starts at the repository root`);
  }
  return {...fence, code: readFileSync(file, 'utf8')};
}
