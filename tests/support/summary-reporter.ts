import {existsSync, readFileSync} from 'node:fs';
import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/** The counts of the unit run that `npm test` made before this one (Vitest's JSON report), if any. */
function unitCounts(): {passed: number; failed: number; skipped: number} {
  const file = process.env.UNIT_TEST_RESULTS;
  if (!file || !existsSync(file)) return {passed: 0, failed: 0, skipped: 0};
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/**
 * Prints the closing line CI reads: "N passed, N failed" (", N skipped" when
 * any were skipped), the unit tests `npm test` ran first included. A test that
 * passed only on retry counts as passed, and is named so flakiness stays visible.
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
    const unit = unitCounts();
    if (unit.passed + unit.failed + unit.skipped > 0) {
      console.log(
        `Unit tests (Vitest): ${unit.passed} passed, ${unit.failed} failed; browser and build tests (Playwright): ${passed} passed, ${failed} failed`,
      );
    }
    const all = {passed: passed + unit.passed, failed: failed + unit.failed, skipped: skipped + unit.skipped};
    console.log(`${all.passed} passed, ${all.failed} failed${all.skipped ? `, ${all.skipped} skipped` : ''}`);
  }
}
