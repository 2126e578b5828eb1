export interface Example {
  /** The path under examples/, shown as the code block's title. */
  file: string;
  /** The file's text, imported with `!!raw-loader!@site/examples/…`. */
  code: string;
  label?: string;
}

interface ExampleLanguage {
  /** Prism language. */
  prism: string;
  /** Tab label and the value the synced tab group stores. */
  tab: string;
  value: string;
}

const byExtension: Record<string, ExampleLanguage> = {
  sh: {prism: 'bash', tab: 'curl', value: 'curl'},
  ts: {prism: 'ts', tab: 'Node.js', value: 'node'},
  py: {prism: 'python', tab: 'Python', value: 'python'},
};

export function exampleLanguage(file: string): ExampleLanguage {
  const language = byExtension[file.slice(file.lastIndexOf('.') + 1)];
  if (!language) {
    throw new Error(`No language is known for the example ${file}`);
  }
  return language;
}

/** The kinds of synced tab groups: each stores one choice, site-wide. */
export type TabGroup = 'language' | 'framework';

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
