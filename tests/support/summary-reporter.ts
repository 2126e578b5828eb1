import path from 'node:path';
import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/** How many of the slowest tests the run names before its closing line. */
const slowestShown = 10;

/** `tests/e2e/seo.spec.ts › titles › every page…`: the file from the repository root, then the titles. */
function fullTitle(test: TestCase): string {
  const file = path.relative(process.cwd(), test.location.file).split(path.sep).join('/');
  return [file, ...test.titlePath().slice(3)].join(' › ');
}

/**
 * Prints the ten slowest tests, then the closing line CI reads: "N passed,
 * N failed" (", N skipped" when any were skipped), which `npm test` adds the
 * unit tests' counts to (scripts/test.sh). That line stays the last one printed. A test that
 * passed only on retry counts as passed, and is named so flakiness stays visible.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult['status']>();
  /** Each test's time, all its attempts together. */
  private readonly durations = new Map<TestCase, number>();
  private readonly flaky: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, result.status);
    this.durations.set(test, (this.durations.get(test) ?? 0) + result.duration);
    if (result.status === 'passed' && result.retry > 0) {
      this.flaky.push(fullTitle(test));
    }
  }

  onEnd(result: FullResult): void {
    const statuses = [...this.outcomes.values()];
    const passed = statuses.filter((s) => s === 'passed').length;
    const skipped = statuses.filter((s) => s === 'skipped').length;
    let failed = statuses.length - passed - skipped;
    if (failed === 0 && result.status !== 'passed') {
      failed = 1; // the run itself failed (web server, global setup or time-out)
    }
    const slowest = [...this.durations].sort(([, a], [, b]) => b - a).slice(0, slowestShown);
    if (slowest.length > 0) {
      console.log(`The ${slowest.length} slowest tests:`);
      for (const [test, ms] of slowest) {
        console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${fullTitle(test)}`);
      }
    }
    for (const title of this.flaky) {
      console.log(`flaky (passed on retry): ${title}`);
    }
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
