import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';

// Each linter of `npm run lint`, with the project's own config, fails
// on a planted mistake, naming the file and the rule or word, and passes the
// clean counterpart (so a broken or silent tool cannot pass these tests).
// The fixtures are in tests/fixtures/lint/, which `npm run lint` never reads.

const fixtures = 'tests/fixtures/lint';

function run(tool: string, args: string[]): {status: number | null; output: string} {
  const result = spawnSync(path.join('node_modules', '.bin', tool), args, {
    encoding: 'utf8',
    env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
    timeout: 60_000,
  });
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

// Each test spawns real linters (cspell and ESLint load slowly on a cold machine).
describe('linters', {timeout: 90_000}, () => {
  test('ESLint catches a hook called after an early return (react-hooks/rules-of-hooks)', () => {
    // --no-ignore: the main run ignores the fixtures folder. Both files in one run: ESLint's type-aware
    // setup takes about 10 s each time it starts, and it lists only files with a problem (a warning too).
    const both = run('eslint', [
      '--no-ignore',
      '--max-warnings=0',
      `${fixtures}/eslint/conditional-hook.tsx`,
      `${fixtures}/eslint/clean-hook.tsx`,
    ]);
    expect(both.status, both.output).toBe(1);
    expect(both.output).toContain('conditional-hook.tsx');
    expect(both.output).toContain('react-hooks/rules-of-hooks');
    expect(both.output, 'the clean counterpart has no problem').not.toContain('clean-hook.tsx');
  });

  test('Stylelint catches an unknown CSS property (property-no-unknown)', () => {
    const planted = run('stylelint', [`${fixtures}/stylelint/unknown-property.module.css`]);
    expect(planted.status, planted.output).not.toBe(0);
    expect(planted.output).toContain('unknown-property.module.css');
    expect(planted.output).toContain('property-no-unknown');
    expect(planted.output).toContain('colr');
    const clean = run('stylelint', [`${fixtures}/stylelint/clean.module.css`]);
    expect(clean.status, clean.output).toBe(0);
  });

  test('Prettier in check mode catches an unformatted file, and leaves it as it was', () => {
    const before = readFileSync(`${fixtures}/prettier/unformatted.ts`, 'utf8');
    // An empty ignore file: the main run ignores the fixtures folder.
    const planted = run('prettier', ['--check', '--ignore-path', '/dev/null', `${fixtures}/prettier/unformatted.ts`]);
    expect(planted.status, planted.output).toBe(1);
    expect(planted.output).toMatch(/\[warn\] tests\/fixtures\/lint\/prettier\/unformatted\.ts/);
    expect(planted.output).toContain('Code style issues found');
    const clean = run('prettier', ['--check', '--ignore-path', '/dev/null', `${fixtures}/prettier/formatted.ts`]);
    expect(clean.status, clean.output).toBe(0);
    expect(readFileSync(`${fixtures}/prettier/unformatted.ts`, 'utf8')).toBe(before);
  });

  test('markdownlint catches a skipped heading level (MD001) and a second h1 under a front-matter title (MD025)', () => {
    // --no-globs: lint only the fixtures, not the docs the config lists.
    const planted = run('markdownlint-cli2', [
      '--no-globs',
      `${fixtures}/markdownlint/skipped-heading-level.mdx`,
      `${fixtures}/markdownlint/second-h1.mdx`,
    ]);
    expect(planted.status, planted.output).toBe(1);
    expect(planted.output).toMatch(/skipped-heading-level\.mdx:14(:\d+)? error MD001\/heading-increment/);
    expect(planted.output).toMatch(/second-h1\.mdx:6(:\d+)? error MD025\/single-title/);
    // The clean page has an import, a JSX component and an MDX comment: no false positives.
    const clean = run('markdownlint-cli2', ['--no-globs', `${fixtures}/markdownlint/clean.mdx`]);
    expect(clean.status, clean.output).toBe(0);
  });

  test('cspell catches a misspelling, and knows the project words (USDC, Solana, webhook, Coinwharf)', () => {
    const planted = run('cspell', ['lint', '--no-progress', `${fixtures}/cspell/misspelled.mdx`]);
    expect(planted.status, planted.output).toBe(1);
    expect(planted.output).toMatch(/misspelled\.mdx:6:\d+ - Unknown word \(recieve\)/);
    expect(planted.output).not.toMatch(/Unknown word \((USDC|Solana|webhook|Coinwharf)\)/);
    const clean = run('cspell', ['lint', '--no-progress', `${fixtures}/cspell/clean.mdx`]);
    expect(clean.status, clean.output).toBe(0);
    expect(clean.output).toContain('Files checked: 1, Issues found: 0');
  });
});
