/**
 * The languages a tested sample can be written in, and how a sample's tab is
 * labelled and remembered. Pure data and functions: the remark plugin, the
 * Markdown twins and Copy page (in the browser) all use them.
 */

export interface Example {
  /** The path under examples/, shown as the code block's title. */
  file: string;
  /** The file's text. */
  code: string;
  /** The tab label, where it is not the file's language (framework tabs). */
  label?: string;
  /** The part a page shows first, when the fence names a region (`region=request`). */
  excerpt?: Excerpt;
}

/** Lines cut from a sample between its `#region name` and `#endregion` comments. */
export interface Excerpt {
  /** The lines, their common indentation removed. */
  code: string;
  /** The first and last line's numbers in the file, from 1. */
  from: number;
  to: number;
}

interface ExampleLanguage {
  /** Prism language. */
  prism: string;
  /** What a writer may put after the opening backticks for it. */
  fenceNames: readonly string[];
  /** Tab label of a `language` group. */
  tab: string;
  /** The value a `language` group stores for it. */
  value: string;
}

const byExtension: Record<string, ExampleLanguage> = {
  sh: {prism: 'bash', fenceNames: ['bash', 'sh', 'shell'], tab: 'curl', value: 'curl'},
  ts: {prism: 'ts', fenceNames: ['ts', 'typescript'], tab: 'Node.js', value: 'node'},
  py: {prism: 'python', fenceNames: ['python', 'py'], tab: 'Python', value: 'python'},
};

/** The file extensions a sample may have, as a writer reads them in an error message. */
export const knownExtensions = Object.keys(byExtension).map((extension) => `.${extension}`);

/** The language of a sample file, or undefined for an extension no sample may have. */
export function exampleLanguageOrUndefined(file: string): ExampleLanguage | undefined {
  const extension = file.slice(file.lastIndexOf('.') + 1);
  return Object.hasOwn(byExtension, extension) ? byExtension[extension] : undefined;
}

export function exampleLanguage(file: string): ExampleLanguage {
  const language = exampleLanguageOrUndefined(file);
  if (!language) {
    throw new Error(`No language is known for the example ${file}`);
  }
  return language;
}

/** The kinds of synced tab groups: each stores one choice, site-wide. */
export type TabGroup = 'language' | 'framework';

export const tabGroups: readonly TabGroup[] = ['language', 'framework'];

/** The tab label of an example: the file's language unless the example names its own. */
export function exampleTabLabel(example: Pick<Example, 'file' | 'label'>): string {
  return example.label ?? exampleLanguage(example.file).tab;
}

/**
 * The value a synced tab group stores for an example's tab: `language` tabs
 * store the file's language (curl, node, python), `framework` tabs their label.
 */
export function exampleTabValue(group: TabGroup, example: Pick<Example, 'file' | 'label'>): string {
  return group === 'language'
    ? exampleLanguage(example.file).value
    : exampleTabLabel(example)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-');
}
