import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/**
 * Prints the closing line CI reads: "N passed, N failed" (", N skipped" when
 * any were skipped). A test that passed only on retry counts as passed, and is
 * named so flakiness stays visible.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult['status']>();
  private readonly flaky: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, result.status);
    if (result.status === 'passed' && result.retry > 0) {
      this.flaky.push(test.titlePath().slice(1).join(' › '));
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
    for (const title of this.flaky) {
      console.log(`flaky (passed on retry): ${title}`);
    }
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
