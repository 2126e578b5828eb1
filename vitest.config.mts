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
    // Test files share one module cache per worker instead of a fresh one each: the unit tests took 53 s
    // instead of 82 s on 2 cores, most of the difference re-importing the same modules 59 times. What a
    // file changes in the process is put back after each test (globals, mocks) or by the file itself.
    isolate: false,
    unstubGlobals: true,
    restoreMocks: true,
  },
});
