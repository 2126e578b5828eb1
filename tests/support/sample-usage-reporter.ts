import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {FullResult, Reporter, Suite, TestCase, TestResult} from '@playwright/test/reporter';
import {exampleFiles} from './content';
import {clearUsage, readUsage} from './sample-usage';

/**
 * Configured in playwright.config.ts; a --reporter on the command line replaces it.
 * Fails a run of the whole sample suite in which some file of examples/ was
 * neither run nor imported by a sample test (what counts is recorded as it
 * happens: see sample-usage.ts). A run of only some sample specs checks nothing.
 */
export default class SampleUsageReporter implements Reporter {
  private suite: Suite | undefined;
  private sampleTestsFailed = false;
  private sampleTestsRun = 0;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
    clearUsage();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (!isSampleSpec(test.location.file)) return;
    this.sampleTestsRun += 1;
    if (result.status !== 'passed' && result.status !== 'skipped') this.sampleTestsFailed = true;
  }

  onEnd(_result: FullResult): Promise<{status: FullResult['status']} | undefined> {
    const specsRun = new Set(this.suite?.allTests().map((test) => test.location.file));
    const samplesDir = path.resolve(__dirname, '../samples');
    const allSamples = readdirSync(samplesDir)
      .filter((file) => file.endsWith('.spec.ts'))
      .every((file) => specsRun.has(path.join(samplesDir, file)));
    // A partial run, a listing (--list runs nothing), or sample tests that failed (already red)
    // would list examples for the wrong reason.
    if (!allSamples || this.sampleTestsRun === 0 || this.sampleTestsFailed) return Promise.resolve(undefined);
    const used = readUsage();
    const unrun = exampleFiles.filter((file) => !used.has(`examples/${file}`));
    if (unrun.length === 0) {
      console.log(`Every file in examples/ (${exampleFiles.length}) was run or imported by a sample test.`);
      return Promise.resolve(undefined);
    }
    console.error(
      `Files in examples/ that no sample test ran or imported:\n${unrun.map((f) => `  examples/${f}`).join('\n')}`,
    );
    return Promise.resolve({status: 'failed'});
  }

  printsToStdio(): boolean {
    return false;
  }
}

const isSampleSpec = (file: string) => file.includes(`${path.sep}tests${path.sep}samples${path.sep}`);
