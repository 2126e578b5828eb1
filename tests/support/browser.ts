import type {LaunchOptions} from '@playwright/test';

/** Port of the production server the browser tests start; 3000 stays free for `npm run serve`. */
export const testServerPort = Number(process.env.TEST_SERVER_PORT ?? 3210);

/** Debian's Chromium, with the flags that keep it off the network (DEVELOPERS.md). */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
