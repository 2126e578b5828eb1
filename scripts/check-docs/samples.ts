import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readSample, SampleError, sampleFence, sampleFenceLine} from '../../plugins/code-blocks/sample';
import {changedFiles} from './changes';
import type {CheckResult, Problem} from './problem';
import {runTool} from './run';
import {markdownSources} from './sources';

const samplesDir = 'tests/samples';

/** A sample a page names, where it names it. */
export interface SampleUse {
  page: string;
  line: number;
  /** Path from the site root: `examples/api/create-payment.ts`. */
  sample: string;
}

/** Every sample fence (```ts file=examples/…) in every Markdown source, and the mistakes in them. */
export function sampleUses(root: string): {uses: SampleUse[]; problems: Problem[]} {
  const uses: SampleUse[] = [];
  const problems: Problem[] = [];
  for (const page of markdownSources(root)) {
    readFileSync(path.join(root, page), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const fence = sampleFenceLine.exec(text);
        if (!fence) return;
        const line = index + 1;
        try {
          const named = sampleFence(fence[1], fence[2]);
          if (!named) return;
          const sample = `examples/${named.file}`;
          if (!existsSync(path.join(root, sample))) {
            problems.push({
              file: page,
              line,
              message: `sample file ${sample} does not exist; create it, or fix the path after file= (it starts at the repository root: examples/<folder>/<file>).`,
            });
            return;
          }
          readSample(root, named);
          uses.push({page, line, sample});
        } catch (error) {
          if (!(error instanceof SampleError)) throw error;
          problems.push({file: page, line, message: `${error.message}.`});
        }
      });
  }
  return {uses, problems};
}

/** The sample specs (tests/samples/*.spec.ts) with their text. */
function sampleSpecs(root: string): {spec: string; text: string}[] {
  const dir = path.join(root, samplesDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.spec.ts'))
    .sort()
    .map((file) => ({spec: `${samplesDir}/${file}`, text: readFileSync(path.join(dir, file), 'utf8')}));
}

/** The sample files exist, and a spec in tests/samples/ names each: the static half of the sample check. */
export function checkSampleFiles(root: string): CheckResult & {uses: SampleUse[]} {
  const {uses, problems} = sampleUses(root);
  const specs = sampleSpecs(root);
  for (const use of uses) {
    if (!specs.some(({text}) => text.includes(use.sample))) {
      problems.push({
        file: use.page,
        line: use.line,
        message: `no test in ${samplesDir}/ runs ${use.sample}; add a spec that names the file (CONTRIBUTING.md, "Test the sample", has a template).`,
      });
    }
  }
  const samples = new Set(uses.map(({sample}) => sample));
  return {problems, uses, note: `${samples.size} samples named by pages`};
}

/**
 * The sample specs to run: by default those that name a sample of a page the writer changed, a
 * changed sample, or that changed themselves (git status and commits not yet upstream); every spec
 * that names a sample with `all`, or outside a git checkout.
 */
export function specsToRun(root: string, uses: SampleUse[], all: boolean): {specs: string[]; reason: string} {
  const specs = sampleSpecs(root);
  const named = (spec: {text: string}, samples: Iterable<string>) => [...samples].some((s) => spec.text.includes(s));
  const changed = all ? undefined : changedFiles(root);
  if (!changed) {
    const everyUsed = new Set(uses.map(({sample}) => sample));
    return {specs: specs.filter((spec) => named(spec, everyUsed)).map(({spec}) => spec), reason: 'every sample'};
  }
  const samples = new Set(
    uses.filter(({page, sample}) => changed.has(page) || changed.has(sample)).map(({sample}) => sample),
  );
  const picked = specs.filter((spec) => changed.has(spec.spec) || named(spec, samples)).map(({spec}) => spec);
  return {specs: picked, reason: 'changed pages and samples'};
}

interface JsonSuite {
  suites?: JsonSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    ok: boolean;
    tests: {results: {error?: {message?: string}}[]}[];
  }[];
}

function failedSpecs(suite: JsonSuite, titles: string[] = []): Problem[] {
  const here = [...titles];
  const own = (suite.specs ?? []).flatMap((spec) => {
    if (spec.ok) return [];
    const error = spec.tests
      .flatMap((test) => test.results)
      .map((result) => result.error?.message ?? '')
      .find(Boolean);
    const firstLine =
      (error ?? '')
        // eslint-disable-next-line no-control-regex -- strips the terminal colour codes Playwright writes into messages
        .replace(/\u001b\[[\d;]*m/g, '')
        .split('\n')
        .find((line) => line.trim()) ?? '';
    const file = `${samplesDir}/${spec.file.split('/').pop() ?? spec.file}`;
    return [
      {
        file,
        line: spec.line,
        message: `sample test "${[...here, spec.title].join(' › ')}" failed${firstLine ? ` (${firstLine.trim()})` : ''}; see why with PW_NO_SERVER=1 npx playwright test ${file}:${spec.line}, then fix the sample or its test.`,
      },
    ];
  });
  return [...own, ...(suite.suites ?? []).flatMap((child) => failedSpecs(child, titles))];
}

/** Python 3 with requests and Flask, which the Python samples need. */
function pythonReady(): boolean {
  try {
    execFileSync('python3', ['-c', 'import requests, flask'], {stdio: 'ignore'});
    return true;
  } catch {
    return false;
  }
}

/** Runs the chosen sample specs with Playwright, without the site (PW_NO_SERVER=1). */
export async function runSampleTests(root: string, uses: SampleUse[], all: boolean): Promise<CheckResult> {
  const {specs, reason} = specsToRun(root, uses, all);
  if (specs.length === 0) {
    return {problems: [], note: `no page or sample changed, so no sample test to run (--all-samples runs them all)`};
  }
  const needsPython = specs.some((spec) => /\.py\b/.test(readFileSync(path.join(root, spec), 'utf8')));
  if (needsPython && !pythonReady()) {
    return {
      problems: [
        {
          file: specs[0],
          line: 1,
          message:
            'Python 3 with requests and Flask is missing, and the Python samples need it; run bash scripts/ensure-python.sh, then check again.',
        },
      ],
    };
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'check-docs-'));
  const report = path.join(outDir, 'report.json');
  try {
    const run = await runTool(root, 'playwright', ['test', ...specs, '--reporter=json'], {
      PW_NO_SERVER: '1',
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    if (!existsSync(report)) {
      return {problems: [], skipped: true, note: `Playwright wrote no report:\n${run.output.trim()}`};
    }
    const json = JSON.parse(readFileSync(report, 'utf8')) as {suites: JsonSuite[]; stats: {expected: number}};
    const problems = json.suites.flatMap((suite) => failedSpecs(suite));
    if (run.code !== 0 && problems.length === 0) {
      return {problems: [], skipped: true, note: `Playwright failed:\n${run.output.trim().slice(-2000)}`};
    }
    return {
      problems,
      note: `${json.stats.expected} test${json.stats.expected === 1 ? '' : 's'} passed in ${specs.length} spec${specs.length === 1 ? '' : 's'} (${reason}): ${specs.join(', ')}`,
    };
  } finally {
    rmSync(outDir, {recursive: true, force: true});
  }
}
