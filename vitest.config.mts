import {defineConfig} from 'vitest/config';

// The fast half of the suite: pure logic, no build, no browser. The browser
// half is Playwright (playwright.config.ts), against the production build.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Files in a random order, with a seed the run prints, so a hidden order dependency shows up and replays.
    sequence: {shuffle: {files: true, tests: false}},
    testTimeout: 20_000,
  },
});
