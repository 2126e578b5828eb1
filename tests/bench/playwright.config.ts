import path from 'node:path';
import {defineConfig} from '@playwright/test';
import base from '../../playwright.config';

// Benchmarks (npm run bench:search): the normal config's browser and production
// server, but only tests/bench/*.bench.ts, one worker, and no pass/fail budget.
// `npm test` never runs them: its testMatch is *.spec.ts.
const root = path.join(__dirname, '..', '..');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /.*\.bench\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  outputDir: path.join(root, 'test-results', 'bench'),
  reporter: [['list']],
  webServer: base.webServer && !Array.isArray(base.webServer) ? {...base.webServer, cwd: root} : base.webServer,
});
