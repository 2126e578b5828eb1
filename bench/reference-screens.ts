// `npm run bench:reference`: how the API reference reads, from the production build served by nginx
// in Debian's Chromium. Screenshots of /api/payments on a laptop (1280×800, scrolled to the middle
// of Create a payment's fields: the request and response beside them) and on a phone (375×812, at
// Create a payment: the call under the endpoint line), light mode; and, for every operation, how
// many phone screens (375×812) it takes with its folds closed. Writes bench/screenshots/*.png and
// bench/reference-screens.md. A report, not a test: the figures change with the content.
//   SITE_BUILD_DIR=build npm run bench:reference
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../tests/support/browser';
import {startNginx} from '../tests/support/nginx-server';

const phone = {width: 375, height: 812};
const laptop = {width: 1280, height: 800};
const pages = ['payments', 'refunds', 'events', 'webhook-endpoints', 'balance', 'sandbox'];
const shots = path.resolve(__dirname, 'screenshots');

async function main() {
  mkdirSync(shots, {recursive: true});
  const nginx = await startNginx();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: string[] = [];
  try {
    const desk = await browser.newPage({viewport: laptop});
    await desk.goto(`${nginx.url}/api/payments`);
    await desk.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await desk.locator('#create-payment-body-network').scrollIntoViewIfNeeded();
    await desk.screenshot({path: path.join(shots, 'api-payments-laptop.png')});

    const hand = await browser.newPage({viewport: phone});
    for (const page of pages) {
      await hand.goto(`${nginx.url}/api/${page}`);
      await hand.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      const heights = await hand.locator('.api-operation').evaluateAll((operations) =>
        operations.map((operation) => ({
          id: operation.querySelector('h2')!.id,
          title: operation.querySelector('h2')!.textContent.replace(/\u200b/g, ''),
          height: operation.getBoundingClientRect().height,
        })),
      );
      for (const {id, title, height} of heights) {
        rows.push(`| \`/api/${page}#${id}\` | ${title} | ${(height / phone.height).toFixed(1)} |`);
      }
    }
    await hand.goto(`${nginx.url}/api/payments`);
    await hand
      .locator('#create-payment')
      .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 70));
    await hand.screenshot({path: path.join(shots, 'api-payments-phone.png')});
  } finally {
    await browser.close();
    await nginx.stop();
  }
  const report = [
    '# The API reference on a phone and a laptop',
    '',
    'Written by `npm run bench:reference` (bench/reference-screens.ts) from the production build. Screenshots:',
    '`bench/screenshots/api-payments-laptop.png` (1280×800) and `bench/screenshots/api-payments-phone.png` (375×812).',
    '',
    'Phone screens (375×812) each operation takes, its folds (nested and optional fields, whole files) closed:',
    '',
    '| Operation | Title | Screens |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(path.resolve(__dirname, 'reference-screens.md'), report);
  console.log(report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
