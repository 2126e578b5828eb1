import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {FullResult, Suite, TestCase, TestResult} from '@playwright/test/reporter';
import {afterAll, beforeAll, expect, test, vi} from 'vitest';

// The reporter that fails a full sample run in which an example was neither
// run nor imported, fed a run as Playwright would: the sample specs' tests, and
// a usage log written the way the runners write it.

const logDir = mkdtempSync(path.join(tmpdir(), 'sample-usage-'));
vi.stubEnv('SAMPLE_USAGE_DIR', logDir);
const {default: SampleUsageReporter} = await import('../../../tests/support/sample-usage-reporter');
const {recordUsage} = await import('../../../tests/support/sample-usage');
const {exampleFiles} = await import('../../../tests/support/content');

const samplesDir = path.resolve(__dirname, '../../samples');
const sampleSpecs = readdirSync(samplesDir).filter((file) => file.endsWith('.spec.ts'));
const testIn = (file: string) => ({location: {file: path.join(samplesDir, file)}}) as TestCase;
const suiteOf = (files: string[]) => ({allTests: () => files.map(testIn)}) as unknown as Suite;
const passed = {status: 'passed'} as TestResult;

/** Runs the reporter over a run of `specs` in which the tests recorded `used`; returns its verdict and what it printed. */
async function run(specs: string[], used: string[], status: TestResult | null = passed) {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((text: string) => void errors.push(text));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const reporter = new SampleUsageReporter();
    reporter.onBegin({}, suiteOf(specs)); // clears the log, as at the start of a real run
    recordUsage(used);
    if (status) for (const spec of specs) reporter.onTestEnd(testIn(spec), status);
    return {verdict: await reporter.onEnd({status: 'passed'} as FullResult), errors};
  } finally {
    spy.mockRestore();
    vi.restoreAllMocks();
  }
}

beforeAll(() => expect(exampleFiles).toContain('webhooks/webhook-event.ts'));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(logDir, {recursive: true, force: true});
});

test('a full sample run that left one example unrun fails, naming it', async () => {
  const used = exampleFiles.filter((file) => file !== 'webhooks/webhook-event.ts').map((file) => `examples/${file}`);
  const {verdict, errors} = await run(sampleSpecs, used);
  expect(verdict).toEqual({status: 'failed'});
  expect(errors).toEqual([
    'Files in examples/ that no sample test ran or imported:\n  examples/webhooks/webhook-event.ts',
  ]);
});

test('a full sample run that ran or imported every example passes', async () => {
  const {verdict, errors} = await run(
    sampleSpecs,
    exampleFiles.map((file) => `examples/${file}`),
  );
  expect(verdict).toBeUndefined();
  expect(errors).toEqual([]);
});

test('a run of some sample specs, a run whose sample tests failed, or a listing, checks nothing', async () => {
  expect((await run(sampleSpecs.slice(1), [])).verdict).toBeUndefined();
  expect((await run(sampleSpecs, [], {status: 'failed'} as TestResult)).verdict).toBeUndefined();
  expect((await run([], [])).verdict).toBeUndefined();
});
