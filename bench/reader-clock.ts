// `npm run bench:reader-clock`: what a reader on a slow phone waits for, in a real browser. Debian's
// Chromium loads each page with DevTools' own throttling at Lighthouse's mobile settings (its
// "Slow 4G": 562.5 ms round trip, 1,474.56 kbit/s down, 675 kbit/s up; 4× CPU slowdown; a 412×823
// viewport, cache empty), from nginx with the production config (gzip) on loopback, and records:
//   - first contentful paint (the Paint Timing API);
//   - the article's first paragraph painted (Element Timing, set on it as the parser inserts it);
//   - hydrated: when React has hydrated the page (`<html data-has-hydrated="true">`, set by Docusaurus).
// Beside ours, in the same run and the same way: the stock Docusaurus template's doc page
// (bench/stock.ts), and a copy of our build with every script removed (no hydration, the ceiling).
// Medians of `--runs` (3) loads per page, taken round-robin. Writes bench/reader-clock-report.md.
// A report, not a test: times move with the machine's load.
//   npx tsx bench/reader-clock.ts --runs 3 --routes /payments/quickstart,/api/payments
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {chromium, type Browser} from '@playwright/test';
import {chromiumLaunchOptions} from '../tests/support/browser';
import {startNginx, type NginxServer} from '../tests/support/nginx-server';
import {withoutScripts} from './no-js-copy';
import {ensureStockBuild, stockDocRoute, stockSiteDir} from './stock';

const {values: options} = parseArgs({
  options: {runs: {type: 'string', default: '3'}, routes: {type: 'string'}, report: {type: 'string'}},
});
const runs = Number(options.runs);
const routes = (options.routes ?? '/welcome,/payments/quickstart,/payments/webhook-guide,/api/payments').split(',');
const buildDir = path.resolve(process.env.SITE_BUILD_DIR ?? 'build');
const reportFile = path.resolve(options.report ?? path.join(__dirname, 'reader-clock-report.md'));

/** Lighthouse's mobile throttling as DevTools applies it (Lighthouse's `devtools` throttling method). */
const slow4g = {latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8};
const cpuSlowdown = 4;
const viewport = {width: 412, height: 823};

interface Measure {
  fcp: number;
  paragraph: number;
  hydrated: number | undefined;
}

/**
 * Runs before the page's own scripts: marks the article's first paragraph for Element Timing as the
 * parser inserts it, and notes when Docusaurus marks the page hydrated. Page code is a string: tsx
 * would wrap a function's inner functions in a helper the page does not have.
 */
const probe = `
  window.__readerClock = {hydrated: undefined};
  new MutationObserver((_, observer) => {
    const paragraph = document.querySelector('article p');
    if (paragraph && !paragraph.hasAttribute('elementtiming')) paragraph.setAttribute('elementtiming', 'first-paragraph');
    if (window.__readerClock.hydrated === undefined && document.documentElement.dataset.hasHydrated === 'true') {
      window.__readerClock.hydrated = performance.now();
      observer.disconnect();
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-has-hydrated']});
`;

/** The page's clock once it is quiet: FCP, the first paragraph's paint and hydration, in ms from navigation. */
const readClock = `(async () => {
  const entries = (type) => new Promise((resolve) => {
    new PerformanceObserver((list, observer) => { observer.disconnect(); resolve(list.getEntries()); })
      .observe({type, buffered: true});
    setTimeout(() => resolve([]), 2000);
  });
  const paint = (await entries('paint')).find((entry) => entry.name === 'first-contentful-paint');
  const element = (await entries('element')).find((entry) => entry.identifier === 'first-paragraph');
  return {fcp: paint ? paint.startTime : NaN, paragraph: element ? element.renderTime : NaN, hydrated: window.__readerClock.hydrated};
})()`;

async function measure(browser: Browser, url: string, expectHydration: boolean): Promise<Measure> {
  // The benchmark's own probe is page code the production CSP would refuse; the pages' scripts are the same either way.
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  await cdp.send('Network.emulateNetworkConditions', {offline: false, ...slow4g});
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
  await page.addInitScript({content: probe});
  await page.goto(url, {waitUntil: 'load', timeout: 60_000});
  if (expectHydration) {
    await page.waitForFunction('window.__readerClock.hydrated !== undefined', undefined, {timeout: 60_000});
  }
  const result = await page.evaluate<Measure>(readClock);
  await context.close();
  return result;
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');
const spread = (values: number[]) => {
  const finite = values.filter((value) => Number.isFinite(value));
  return finite.length ? `${seconds(Math.min(...finite))}–${seconds(Math.max(...finite))}` : '–';
};

interface Target {
  label: string;
  url: () => string;
  hydrates: boolean;
  measures: Measure[];
}

async function main() {
  const started = new Date();
  const stockDir = ensureStockBuild();
  const noJsDir = withoutScripts(buildDir);
  const stockConfig = readFileSync(path.join(stockSiteDir, 'docusaurus.config.ts'), 'utf8');
  const servers: NginxServer[] = [];
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const ours = await startNginx({root: buildDir});
    const stock = await startNginx({root: stockDir, siteUrl: /^\s*url: '([^']+)'/m.exec(stockConfig)?.[1]});
    const noJs = await startNginx({root: noJsDir});
    servers.push(ours, stock, noJs);
    const targets: Target[] = [
      {label: `stock \`${stockDocRoute}\``, url: () => `${stock.url}${stockDocRoute}`, hydrates: true, measures: []},
      ...routes.flatMap((route): Target[] => [
        {label: `\`${route}\``, url: () => `${ours.url}${route}`, hydrates: true, measures: []},
        {label: `\`${route}\`, no JavaScript`, url: () => `${noJs.url}${route}`, hydrates: false, measures: []},
      ]),
    ];
    for (let round = 1; round <= runs; round += 1) {
      for (const target of targets) {
        const result = await measure(browser, target.url(), target.hydrates);
        target.measures.push(result);
        console.log(
          `round ${round}/${runs} ${target.label}: FCP ${seconds(result.fcp)}, first paragraph ${seconds(result.paragraph)}, hydrated ${seconds(result.hydrated ?? NaN)}`,
        );
      }
    }
    const stockHydrated = median(targets[0].measures.map((m) => m.hydrated ?? NaN));
    const rows = targets.map(({label, measures, hydrates}) => {
      const hydrated = measures.map((m) => m.hydrated ?? NaN);
      return `| ${label} | ${seconds(median(measures.map((m) => m.fcp)))} | ${seconds(median(measures.map((m) => m.paragraph)))} | ${
        hydrates ? `${seconds(median(hydrated))} (${spread(hydrated)})` : 'none'
      } | ${hydrates ? (median(hydrated) / stockHydrated).toFixed(2) : '–'} |`;
    });
    const report = [
      '# The reader’s clock',
      '',
      `Run ${started.toISOString()} by \`bench/reader-clock.ts\`: Debian Chromium (headless), DevTools throttling at`,
      'Lighthouse’s mobile settings (562.5 ms round trip, 1,474.56 kbit/s down, 675 kbit/s up, 4× CPU), a 412×823',
      'viewport, cache disabled, each build served by nginx with the production config on loopback. Stock is the',
      `create-docusaurus classic template's \`${stockDocRoute}\`; "no JavaScript" is our build with every script removed.`,
      `${runs} loads per page, round-robin; medians, and the spread of hydration.`,
      '',
      '| Page | First contentful paint | First paragraph painted | Hydrated (spread) | Hydrated ÷ stock |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
    ].join('\n');
    writeFileSync(reportFile, report);
    console.log(report);
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    rmSync(noJsDir, {recursive: true, force: true});
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
