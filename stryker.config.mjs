// Mutation testing of the code the unit tests (Vitest) hold: `npm run test:mutation`.
// A benchmark-style run, not part of `npm test` or CI. What is mutated, and why the
// rest is left out, is written down in tests/mutation/README.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {configFile: 'vitest.config.mts'},
  // The unit tests that reach the mutated code; the linter and front-matter tests
  // spawn tools for half a minute and touch none of it.
  testFiles: [
    'tests/unit/api-reference/**/*.test.ts',
    'tests/unit/built-site/**/*.test.ts',
    'tests/unit/code-blocks/**/*.test.ts',
    'tests/unit/deploy/**/*.test.ts',
    'tests/unit/markdown-twins/**/*.test.ts',
    'tests/unit/mermaid-chunks/**/*.test.ts',
    'tests/unit/sample-helpers/**/*.test.ts',
    'tests/unit/social-cards/**/*.test.ts',
    'tests/unit/webhook-toolkit/**/*.test.ts',
  ],
  mutate: [
    'src/lib/**/*.ts',
    'plugins/**/*.ts',
    // Browser-only React components: the browser half (Playwright) tests them.
    '!plugins/**/theme/**',
    '!plugins/**/*.d.ts',
    // The shared modules the webhook samples import; the receivers and scripts
    // themselves run as processes in tests/samples.
    'examples/webhooks/verify-by-hand.ts',
    'examples/webhooks/verify-standardwebhooks.ts',
    'examples/webhooks/webhook-event.ts',
    'examples/webhooks/event-store.ts',
  ],
  ignorePatterns: [
    'build',
    '.docusaurus',
    'test-results',
    'playwright-report',
    'tests/.output',
    'tests/mutation',
    'tests/.output',
    'tests/fixtures/site/.docusaurus',
    'tests/fixtures/site/build',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  // Reruns only the mutants whose code or covering tests changed since the last run on this machine.
  incremental: true,
  incrementalFile: 'tests/.output/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: {fileName: 'tests/mutation/report.html'},
  // The JSON report (per-mutant detail, 1 MB) stays local; the HTML report is committed.
  jsonReporter: {fileName: 'tests/.output/stryker-report.json'},
  // The sandbox lives outside the work tree, so tsc, eslint and the build never see its copies.
  tempDirName: '/tmp/stryker-coinwharf',
  cleanTempDir: true,
  thresholds: {high: 90, low: 85, break: null},
};
