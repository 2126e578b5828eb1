import type {LaunchOptions} from '@playwright/test';

/** Port of the production server the browser tests start; 3000 stays free for `npm run serve`. */
export const testServerPort = Number(process.env.TEST_SERVER_PORT ?? 3210);

/** The flags that keep Chromium off the network (DEVELOPERS.md). */
const offlineArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, the browser readers use: the benchmarks (bench/) measure pages in it. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: offlineArgs,
};

/**
 * The browser tests' Chromium: Debian's chromium-headless-shell, the same Chromium release built
 * without the browser's windowing and UI, which Playwright itself runs headless tests in. The same
 * four tests took 65–71 s in it and 80–85 s in the full browser on two cores.
 */
export const testBrowserLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: offlineArgs,
};
