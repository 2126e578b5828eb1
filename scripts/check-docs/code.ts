import {existsSync} from 'node:fs';
import path from 'node:path';
import {changedFiles} from './changes';
import type {CheckResult, Problem} from './problem';
import {runTool} from './run';

/** Files ESLint and the type check read: the site's, the samples', the tests' and the configs' code. */
const code = /\.(ts|tsx|mts|js|mjs|cjs)$/;

/** Prettier's verdict on the changed files it knows how to format: those it would rewrite. */
async function prettierProblems(root: string, files: string[]): Promise<Problem[]> {
  const run = await runTool(root, 'prettier', ['--list-different', '--ignore-unknown', ...files]);
  return run.output
    .split('\n')
    .map((line) => line.trim())
    .filter((file) => files.includes(file))
    .map((file) => ({
      file,
      line: 1,
      message: `not formatted as Prettier formats it (npm run lint fails on it); run npx prettier --write ${file}`,
    }));
}

interface EslintFile {
  filePath: string;
  messages: {ruleId: string | null; message: string; line?: number}[];
}

/** ESLint with the project's config on the changed code files, warnings included (lint allows none). */
async function eslintProblems(root: string, files: string[]): Promise<Problem[]> {
  if (files.length === 0) return [];
  const run = await runTool(root, 'eslint', ['--format', 'json', '--no-warn-ignored', ...files]);
  const start = run.output.indexOf('[');
  let results: EslintFile[];
  try {
    results = JSON.parse(run.output.slice(start)) as EslintFile[];
  } catch {
    return [{file: files[0], line: 1, message: `ESLint did not run: ${run.output.trim().split('\n')[0]}`}];
  }
  return results.flatMap(({filePath, messages}) =>
    messages.map(({ruleId, message, line}) => ({
      file: path.relative(root, filePath).split(path.sep).join('/'),
      line: line ?? 1,
      message: `${message.replace(/\.$/, '')}${ruleId ? ` (ESLint ${ruleId})` : ''}; fix the code (npm run lint fails on it)`,
    })),
  );
}

const tscError = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/;

/**
 * The type check of the whole project (a change to one file can break another), when code changed.
 * Incremental, its state in node_modules/.cache: a writer's next run checks again only what changed
 * since (the whole project took 13 s, a run after a one-file change 6 s).
 */
async function typeProblems(root: string): Promise<Problem[]> {
  const state = path.join(root, 'node_modules/.cache/check-docs/types.tsbuildinfo');
  const run = await runTool(root, 'tsc', [
    '--noEmit',
    '--pretty',
    'false',
    '--incremental',
    '--tsBuildInfoFile',
    state,
    '-p',
    '.',
  ]);
  if (run.code === 0) return [];
  const problems = run.output
    .split('\n')
    .map((line) => tscError.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, file, line, code, message]) => ({
      file,
      line: Number(line),
      message: `${message.replace(/\.$/, '')} (TypeScript ${code}); fix the types (npm test's type check fails on it)`,
    }));
  return problems.length > 0
    ? problems
    : [{file: 'tsconfig.json', line: 1, message: `the type check failed: ${run.output.trim().split('\n')[0]}`}];
}

/**
 * What `npm test` runs on code besides the tests, on the files a writer changed: Prettier (every
 * file it formats, Markdown included), ESLint (code files) and, when code changed, the type check.
 */
export async function checkCode(root: string): Promise<CheckResult> {
  const changed = changedFiles(root);
  if (!changed) return {problems: [], note: 'not a git checkout: run npm run lint and npx tsc instead'};
  const files = [...changed].filter((file) => existsSync(path.join(root, file))).sort();
  const codeFiles = files.filter((file) => code.test(file));
  const [formatting, lint, types] = await Promise.all([
    files.length > 0 ? prettierProblems(root, files) : [],
    eslintProblems(root, codeFiles),
    codeFiles.length > 0 ? typeProblems(root) : [],
  ]);
  return {
    problems: [...formatting, ...lint, ...types],
    note: `${files.length} changed files${codeFiles.length > 0 ? `, ${codeFiles.length} of code, type-checked` : ''}`,
  };
}
