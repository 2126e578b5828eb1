import path from 'node:path';
import {defineConfig} from '@playwright/test';
import {chromiumLaunchOptions, testServerPort} from './tests/support/browser';

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
    launchOptions: chromiumLaunchOptions,
    // A failed test keeps its trace (actions, console, network, sources) without DOM snapshots or
    // screenshots: snapshotting a 10,000-element page at every key press made the accessibility
    // Tab walks 5x slower (18 s instead of 3 s on the webhook guide).
    trace: {mode: 'retain-on-failure', snapshots: false, screenshots: false},
  },
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
