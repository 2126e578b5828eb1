import path from 'node:path';
import {defineConfig} from '@playwright/test';
import {testBrowserLaunchOptions, testServerPort} from './tests/support/browser';

/** The one test group long enough to decide when the run ends: see `projects`. */
const longestFirst = /[\\/]tests[\\/]e2e[\\/]writer-walkthrough\.spec\.ts$/;

// Browser tests run against the production build (`docusaurus build`) served
// by the embedded production server (`docusaurus serve`), never the dev server.
export default defineConfig({
  testDir: './tests',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  outputDir: './test-results',
  // sample-usage-reporter fails a full sample run in which some example was neither run nor imported.
  // It comes before the summary, which then counts its failure and prints the closing line last.
  reporter: [['list'], ['./tests/support/sample-usage-reporter.ts'], ['./tests/support/summary-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${testServerPort}`,
    browserName: 'chromium',
    launchOptions: testBrowserLaunchOptions,
    // A failed test keeps its trace (actions, console, network, sources) without DOM snapshots or
    // screenshots: snapshotting a 10,000-element page at every key press made the accessibility
    // Tab walks 5x slower (18 s instead of 3 s on the webhook guide). In CI, where a failed test
    // runs again, only that second run records one: recording every test's took a tenth of the run.
    trace: {mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', snapshots: false, screenshots: false},
  },
  // Workers take tests in this order, a project's files alphabetically. The writer walkthrough is one
  // serial group of about 150 s: taken last, as its name would have it, one worker ran it alone at the
  // end of the run while the other had only the short sample tests left. Taken first, the other worker
  // runs the rest meanwhile and both finish together.
  projects: [
    {name: 'longest-first', testMatch: longestFirst},
    {name: '', testIgnore: longestFirst},
  ],
  // Sample tests (tests/samples) start their own servers; PW_NO_SERVER=1 runs
  // them alone without the production site.
  webServer: process.env.PW_NO_SERVER
    ? undefined
    : {
        // SITE_BUILD_DIR: another build of the site (a copy with an extra doc) served to the same specs.
        command: `npx docusaurus serve --no-open --host 127.0.0.1 --port ${testServerPort} --dir ${JSON.stringify(path.resolve(process.env.SITE_BUILD_DIR ?? 'build'))}`,
        url: `http://127.0.0.1:${testServerPort}/`,
        reuseExistingServer: false,
        timeout: 60_000,
      },
});
