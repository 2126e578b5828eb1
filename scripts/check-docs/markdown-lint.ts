import type {CheckResult, Problem} from './problem';

/** What to do about the markdownlint rules a writer meets most; others link to the rule's page. */
const fixes: Record<string, string> = {
  MD001: 'go down one heading level at a time (## then ###), never from ## to ####',
  MD003: 'write headings with # marks',
  MD004: 'start every item of a list with -',
  MD007: 'indent a nested list item by 2 spaces',
  MD009: 'delete the spaces at the end of the line',
  MD010: 'replace the tab with spaces',
  MD012: 'keep one blank line, delete the others',
  MD018: 'put a space after the # marks',
  MD019: 'put one space after the # marks',
  MD022: 'put a blank line before and after the heading',
  MD024: 'give the heading a name no other heading on the page has',
  MD025: "delete the # heading: a doc's h1 is its front-matter title",
  MD026: 'end the heading without punctuation',
  MD029: 'number an ordered list 1. 2. 3.',
  MD030: 'put one space after the list marker',
  MD031: 'put a blank line before and after the fenced block',
  MD032: 'put a blank line before and after the list',
  MD034: 'put the URL in <angle brackets> or make it a [link](url)',
  MD036: 'make it a ## heading, or plain text',
  MD040: 'name the language after the opening fence (```bash)',
  MD042: 'give the link a target',
  MD045: 'describe the image in its ![alt text]',
  MD047: 'end the file with one newline',
  MD049: 'write emphasis with *',
  MD050: 'write strong emphasis with **',
  MD051: 'link to a heading that exists on the page',
  MD058: 'put a blank line before and after the table',
};

interface LintError {
  lineNumber: number;
  ruleNames: string[];
  ruleDescription: string;
  ruleInformation: string | null;
  errorDetail: string | null;
  errorContext: string | null;
}

interface FormatterOptions {
  results: (LintError & {fileName: string})[];
}

/** markdownlint (markdownlint-cli2 with the project's configs) on docs, changelog, pages and READMEs. */
export async function checkMarkdown(root: string): Promise<CheckResult> {
  const {main} = await import('markdownlint-cli2');
  const problems: Problem[] = [];
  let files = 0;
  const formatter = ({results}: FormatterOptions): void => {
    for (const error of results) {
      const [rule, name] = error.ruleNames;
      const detail = error.errorDetail ? ` (${error.errorDetail})` : '';
      const fix = fixes[rule] ?? `see ${error.ruleInformation ?? rule}`;
      problems.push({
        file: error.fileName,
        line: error.lineNumber,
        message: `${error.ruleDescription}${detail} [${rule}/${name}]; ${fix}.`,
      });
    }
  };
  await main({
    directory: root,
    argv: [],
    logMessage: (message: string) => {
      const linting = /^Linting: (\d+) file/.exec(message);
      if (linting) files = Number(linting[1]);
    },
    logError: () => undefined,
    optionsOverride: {outputFormatters: [[formatter]]},
  });
  return {problems, note: `${files} file${files === 1 ? '' : 's'}`};
}
