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
