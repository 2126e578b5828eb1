import type {CheckResult, Problem} from './problem';
import {runTool} from './run';

const issue = /^(.+?):(\d+):\d+ - (Unknown|Forbidden) word \((.+?)\)(?: Suggestions: \[(.*)\])?$/;

/** The suggestion cspell prefers (marked *), else its first. */
function bestSuggestion(list: string | undefined): string | undefined {
  const suggestions = (list ?? '').split(', ').filter(Boolean);
  const preferred = suggestions.find((word) => word.endsWith('*'));
  return (preferred ?? suggestions[0])?.replace(/\*$/, '');
}

/**
 * cspell with the project's config (cspell.json): prose in British English (.cspell/british-english.yaml),
 * code in English. A US spelling in prose is a "Forbidden word" whose British form cspell suggests first.
 * Results are cached per file content in .cspellcache (git-ignored): a second run checks only what changed,
 * and a change of config or word list checks everything again.
 */
export async function checkSpelling(root: string): Promise<CheckResult> {
  const run = await runTool(root, 'cspell', [
    'lint',
    '--no-progress',
    '--no-color',
    '--show-suggestions',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    '.cspellcache',
  ]);
  const problems: Problem[] = [];
  for (const line of run.output.split('\n')) {
    const match = issue.exec(line.trim());
    if (!match) continue;
    const [, file, lineNumber, kind, word, suggestions] = match;
    const suggestion = bestSuggestion(suggestions);
    const message =
      kind === 'Forbidden'
        ? `"${word}" is US spelling; write the British "${suggestion ?? '…'}" (house style), or, if it is code (an API value, a CSS property), put it in backticks.`
        : `unknown word "${word}"; fix the spelling${suggestion ? ` (did you mean "${suggestion}"?)` : ''}, or, if it is a real term (a product, network or library), add it to project-words.txt, keeping the list sorted.`;
    problems.push({file, line: Number(lineNumber), message});
  }
  const checked = /Files checked: (\d+)/.exec(run.output)?.[1];
  if (run.code !== 0 && problems.length === 0) {
    return {problems: [], skipped: true, note: `cspell failed without naming a word:\n${run.output.trim()}`};
  }
  return {problems, note: checked === undefined ? undefined : `${checked} files`};
}
