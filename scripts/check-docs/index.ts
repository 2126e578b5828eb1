/**
 * `npm run check:docs`: every check a writer's change needs, with each problem as
 * `file:line: what is wrong; how to fix it`, then a summary with the time each check took.
 * Exits 1 on any problem.
 *
 *   npm run check:docs                  # sample tests of the pages and samples you changed
 *   npm run check:docs -- --all-samples # every sample test (about 40 s more)
 */
import path from 'node:path';
import {checkBuild} from './build';
import {checkCode} from './code';
import {checkFrontMatterStep} from './front-matter';
import {checkMarkdown} from './markdown-lint';
import {type CheckResult, formatProblem} from './problem';
import {checkSampleFiles, runSampleTests, type SampleUse} from './samples';
import {checkSpelling} from './spelling';

interface Outcome extends CheckResult {
  name: string;
  seconds: number;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Problems that stop the build before it checks links: it would only repeat them. */
function breaksBuild(outcome: Outcome): boolean {
  return (
    (outcome.name === 'Sample files' &&
      outcome.problems.some(({message}) => /^sample file|^file=|is not the language/.test(message))) ||
    (outcome.name === 'Front matter' &&
      outcome.problems.some(({message}) => /^front matter is (not valid YAML|never closed)/.test(message)))
  );
}

async function main(): Promise<void> {
  const root = path.resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '.');
  const allSamples = process.argv.includes('--all-samples');
  const outcomes: Outcome[] = [];
  let uses: SampleUse[] = [];

  const run = async (name: string, check: () => Promise<CheckResult> | CheckResult): Promise<Outcome> => {
    console.log(`==> ${name}`);
    const started = performance.now();
    const result = await check();
    const outcome = {name, ...result, seconds: (performance.now() - started) / 1000};
    for (const problem of outcome.problems) console.log(formatProblem(problem));
    if (outcome.skipped && outcome.note) console.log(outcome.note);
    outcomes.push(outcome);
    return outcome;
  };

  await run('Markdown lint', () => checkMarkdown(root));
  await run('Front matter', () => checkFrontMatterStep(root));
  await run('Spelling (British English in prose)', () => checkSpelling(root));
  await run('Formatting, lint and types of changed files', () => checkCode(root));
  await run('Sample files', () => {
    const result = checkSampleFiles(root);
    uses = result.uses;
    return result;
  });
  const blockers = outcomes.filter(breaksBuild);
  if (blockers.length > 0) {
    outcomes.push({
      name: 'Build, links and anchors',
      problems: [],
      skipped: true,
      note: `not run: the build stops at the ${blockers.map(({name}) => name.toLowerCase()).join(' and ')} problems above; fix them and run again`,
      seconds: 0,
    });
  } else {
    await run('Build, links and anchors', () => checkBuild(root));
  }
  await run('Sample tests', () => runSampleTests(root, uses, allSamples));

  const width = Math.max(...outcomes.map(({name}) => name.length));
  console.log('\ncheck:docs summary');
  for (const outcome of outcomes) {
    const status = outcome.skipped
      ? 'NOT RUN'
      : outcome.problems.length > 0
        ? plural(outcome.problems.length, 'problem')
        : 'ok';
    const note =
      outcome.note && !outcome.skipped
        ? `  ${outcome.note}`
        : outcome.skipped
          ? `  ${outcome.note?.split('\n')[0]}`
          : '';
    console.log(
      `  ${outcome.name.padEnd(width)}  ${status.padEnd(11)} ${outcome.seconds.toFixed(1).padStart(5)} s${note}`,
    );
  }
  const total = outcomes.reduce((sum, {seconds}) => sum + seconds, 0);
  const problems = outcomes.reduce((sum, {problems: list}) => sum + list.length, 0);
  const failed = problems > 0 || outcomes.some(({skipped}) => skipped);
  console.log(
    failed
      ? `check:docs failed: ${plural(problems, 'problem')} in ${total.toFixed(0)} s. Fix each at the file and line shown, then run npm run check:docs again.`
      : `check:docs passed in ${total.toFixed(0)} s.`,
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
