// `npm run bench:lighthouse`: Lighthouse (mobile defaults: emulated Moto G
// Power, simulated slow 4G and 4× CPU slowdown) against the production build
// served by nginx with the production config, on loopback, in Debian's
// Chromium, side by side with the stock Docusaurus template's doc page
// (bench/stock.ts builds it once and caches it), served and measured the same
// way in the same run. Every route of our sitemap and the stock page are
// measured in turn, round after round, so a busy spell of the machine falls on
// all of them. Also the first-load JS of each (tests/support/first-load.ts),
// the way tests/budgets.json counts it. Writes the medians to
// bench/lighthouse-report.md. A benchmark, not a test: scores are noisy, so
// nothing here passes or fails on them.
//   npm run bench:lighthouse -- --runs 5 --note "quiet machine, nothing else running"
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {chromium} from '@playwright/test';
import type {Result} from 'lighthouse';
import {chromiumLaunchOptions} from '../tests/support/browser';
import {firstLoadJs} from '../tests/support/first-load';
import {buildDir, startNginx, type NginxServer} from '../tests/support/nginx-server';
import {withoutScripts} from './no-js-copy';
import {ensureStockBuild, stockDocRoute, stockSiteDir, stockVersion} from './stock';

const {values: options} = parseArgs({
  options: {
    /** Lighthouse runs per route (and of the stock page). */
    runs: {type: 'string', default: process.env.LIGHTHOUSE_RUNS ?? '5'},
    /** What kind of run this is, for the report's header: a quiet machine, or what else ran. */
    note: {type: 'string', default: ''},
    /** Only these routes (comma-separated), for a quick look; by default every route of the sitemap. */
    routes: {type: 'string'},
    /** Where to write the report (and its .json twin); by default bench/lighthouse-report.md. */
    report: {type: 'string'},
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${options.runs}: give a whole number of runs`);
const lighthouseCli = path.join(__dirname, '../node_modules/.bin/lighthouse');
const lighthouseVersion = (
  JSON.parse(readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as {version: string}
).version;
const reportFile = options.report ? path.resolve(options.report) : path.join(__dirname, 'lighthouse-report.md');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// Every page of the sitemap. Lighthouse refuses to audit a 404 response, so
// the not-found page is left to the axe and budget tests.
const routes = [...readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1]).pathname,
);

/** The stock site's own URL, from its config: its pages' canonical links are under it. */
function stockSiteUrl(): string {
  const config = readFileSync(path.join(stockSiteDir, 'docusaurus.config.ts'), 'utf8');
  const url = /^\s*url: '([^']+)'/m.exec(config)?.[1];
  if (!url) throw new Error(`No url: in ${stockSiteDir}/docusaurus.config.ts`);
  return url;
}

interface Run {
  scores: Record<(typeof categories)[number], number>;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  bytes: number;
  /**
   * The unthrottled load Lighthouse observed before simulating: when the LCP
   * element painted, and the scripts whose download had ended by then. The
   * simulation (Lantern) puts those scripts, on the slow link, before the LCP.
   */
  lcpPaint: {observedMs: number; scriptBytes: number; mainJs: boolean};
  /** Audits below full marks outside performance: what keeps a category from 100. */
  failing: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One Lighthouse run through its CLI, which launches Debian's Chromium with a
 * fresh profile. (Run in-process under tsx, Lighthouse's page functions pick up
 * esbuild's `__name` helper and fail in the page.)
 */
function measure(url: string): Run {
  const output = path.join(os.tmpdir(), `coinwharf-lighthouse-${process.pid}.json`);
  const result = spawnSync(
    lighthouseCli,
    [
      url,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      `--chrome-flags=--headless=new ${(chromiumLaunchOptions.args ?? []).join(' ')}`,
    ],
    {encoding: 'utf8', env: {...process.env, CHROME_PATH: chromiumLaunchOptions.executablePath}},
  );
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url}:\n${result.stderr}`);
  const lhr = JSON.parse(readFileSync(output, 'utf8')) as Result;
  rmSync(output, {force: true});
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const detailItems = <T>(id: string) => ((lhr.audits[id]?.details ?? {}) as {items?: T[]}).items ?? [];
  const observedLcp =
    detailItems<{observedLargestContentfulPaint?: number}>('metrics')[0]?.observedLargestContentfulPaint ?? Number.NaN;
  const scriptsBeforeLcp = detailItems<{
    url: string;
    resourceType?: string;
    networkEndTime?: number;
    transferSize?: number;
  }>('network-requests').filter(
    (request) => request.resourceType === 'Script' && (request.networkEndTime ?? Infinity) <= observedLcp,
  );
  const failing = categories
    .filter((category) => category !== 'performance')
    .flatMap((category) => lhr.categories[category].auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    scores: Object.fromEntries(
      categories.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]),
    ) as Run['scores'],
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    lcpPaint: {
      observedMs: observedLcp,
      scriptBytes: scriptsBeforeLcp.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
      // Docusaurus's main bundle: assets/js/main.<hash>.js (not runtime~main).
      mainJs: scriptsBeforeLcp.some((request) => /\/main\.[0-9a-f]+\.js$/.test(new URL(request.url).pathname)),
    },
    failing,
  };
}

/** Lighthouse now and then loses a trace (NO_NAVSTART); such a run is repeated, twice at most. */
function measureWithRetries(url: string): Run {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return measure(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`Retrying ${url}: ${(error as Error).message.split('\n')[1] ?? ''}`);
    }
  }
}

/** What is measured: our routes and the stock doc page, each with the build it is served from. */
interface Target {
  label: string;
  route: string;
  dir: string;
  server: () => NginxServer;
  /** The route's page with every script removed (./no-js-copy.ts): the ceiling its scripts cost points against. */
  noJs?: boolean;
}

interface Measured {
  target: Target;
  runs: Run[];
  firstLoadJs?: number;
}

const fmt = {
  s: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
  ms: (ms: number) => `${Math.round(ms)} ms`,
  kb: (bytes: number) => `${Math.round(bytes / 1024)} KB`,
  ratio: (value: number, stock: number) => (stock > 0 ? `${(value / stock).toFixed(2)}` : 'n/a'),
};

/** How many runs of ours and of stock painted the LCP element after main.js had arrived. */
function lcpPaintSummary(measured: Measured[], stock: Measured | undefined): string {
  const count = (items: Measured[]) => {
    const all = items.flatMap((item) => item.runs);
    return `${all.filter((run) => run.lcpPaint.mainJs).length} of ${all.length}`;
  };
  return `It had in ${count(measured.filter((item) => item !== stock))} runs of our pages and ${count(stock ? [stock] : [])} of the stock page.`;
}

function report(measured: Measured[], started: Date, load: {start: number[]; end?: number[]}): string {
  const m = (item: Measured, pick: (run: Run) => number) => median(item.runs.map(pick));
  const stock = measured.find((item) => item.target.label.startsWith('stock'));
  const stockOf = (pick: (run: Run) => number) => (stock && stock.runs.length ? m(stock, pick) : Number.NaN);
  const rows = measured
    .filter((item) => item.runs.length)
    .map((item) => {
      const failing = [...new Set(item.runs.flatMap((run) => run.failing))].join(', ') || 'none';
      const perf = m(item, (r) => r.scores.performance);
      const tbt = m(item, (r) => r.tbt);
      const lcp = m(item, (r) => r.lcp);
      const bytes = m(item, (r) => r.bytes);
      const js = item.firstLoadJs;
      const stockJs = stock?.firstLoadJs;
      const ceiling = measured.find(
        (other) => other.target.noJs && !item.target.noJs && other.target.route === item.target.route,
      );
      return [
        item.target.label,
        ...categories.map((c) => m(item, (r) => r.scores[c])),
        fmt.s(m(item, (r) => r.fcp)),
        fmt.s(lcp),
        fmt.ms(tbt),
        m(item, (r) => r.cls).toFixed(3),
        fmt.kb(bytes),
        js === undefined ? 'n/a' : `${js.toLocaleString('en-GB')} B`,
        `${item.runs.filter((r) => r.lcpPaint.mainJs).length}/${item.runs.length}`,
        fmt.kb(m(item, (r) => r.lcpPaint.scriptBytes)),
        fmt.ratio(
          perf,
          stockOf((r) => r.scores.performance),
        ),
        fmt.ratio(
          tbt,
          stockOf((r) => r.tbt),
        ),
        fmt.ratio(
          lcp,
          stockOf((r) => r.lcp),
        ),
        fmt.ratio(
          bytes,
          stockOf((r) => r.bytes),
        ),
        js === undefined || stockJs === undefined ? 'n/a' : fmt.ratio(js, stockJs),
        ceiling?.runs.length ? `${m(ceiling, (r) => r.scores.performance) - perf}` : 'n/a',
        failing,
      ];
    });
  const loads = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  return [
    '# Lighthouse benchmark',
    '',
    `Run ${started.toISOString()} by \`npm run bench:lighthouse\`: Lighthouse ${lighthouseVersion}, mobile defaults`,
    '(emulated Moto G Power, simulated slow 4G, 4× CPU slowdown), Debian Chromium headless, each build served by',
    'nginx with the production config on loopback. Ours is the production build of this tree; stock is',
    `\`create-docusaurus@${stockVersion} classic --typescript\` built from the registry (\`bench/stock.ts\`), its \`${stockDocRoute}\`.`,
    `${runs} runs of each page, measured in turn round after round; every number is the median.`,
    '',
    `Kind of run: ${options.note || 'not stated (give --note)'}. Load average (1, 5, 15 min, ${os.cpus().length} cores) at the`,
    `start: ${loads(load.start)}${load.end ? `; at the end: ${loads(load.end)}` : ''}.`,
    '',
    'First-load JS: gzip (level 9) of every script requested up to hydration, link prefetching off, measured by',
    '`firstLoadJs()` of `tests/support/first-load.ts` in the same run (as `tests/budgets.json` counts it). The',
    '`÷ stock` columns divide the route\'s median by the stock doc page\'s. "No JavaScript" is the same page of a copy',
    'of the build with every script removed (`bench/no-js-copy.ts`), the ceiling: `Points below no JS` is its',
    "Performance less the page's, the points its scripts cost (0: none).",
    '',
    "LCP: on a doc page the LCP element is text of the server's HTML (the article's first paragraph), yet the",
    'simulated LCP trails FCP. Lighthouse loads the page unthrottled, then simulates slow 4G and 4× CPU over',
    'what it observed (Lantern): every request and task that ended before the observed LCP paint is put before',
    "the simulated one. On loopback the deferred `main.js` arrives within tens of milliseconds, and Chromium's",
    'first paint comes after it, so its download on the slow link and its evaluation count in LCP; in a run',
    'where the paint also followed the route chunks, they count too. `main.js before LCP paint` counts the',
    'runs where it had arrived by the observed paint; `JS before LCP paint` is the median transfer of the',
    `scripts that had. ${lcpPaintSummary(measured, stock)} The scripts stay in the audit as shipped.`,
    '',
    '| Route | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Transfer | First-load JS | main.js before LCP paint | JS before LCP paint | Perf ÷ stock | TBT ÷ stock | LCP ÷ stock | Transfer ÷ stock | First-load JS ÷ stock | Points below no JS | Audits below full marks |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
    '',
  ].join('\n');
}

function writeReports(measured: Measured[], started: Date, load: {start: number[]; end?: number[]}): void {
  writeFileSync(reportFile, report(measured, started, load));
  const json = Object.fromEntries(
    measured.map((item) => [item.target.label, {firstLoadJs: item.firstLoadJs, runs: item.runs}]),
  );
  writeFileSync(reportFile.replace(/\.md$/, '.json'), `${JSON.stringify(json, null, 2)}\n`);
}

/** First-load JS of each target, in one browser. */
async function measureFirstLoadJs(measured: Measured[]): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // A page without scripts never hydrates: it has no first-load JS to measure.
    for (const item of measured.filter(({target}) => !target.noJs)) {
      const page = await browser.newPage();
      // tsx (esbuild) names functions with a `__name` helper the page lacks: without it, the init
      // script that turns prefetching off would throw, and every prefetched chunk would count.
      await page.addInitScript('globalThis.__name = (target) => target;');
      item.firstLoadJs = (
        await firstLoadJs(page, `${item.target.server().url}${item.target.route}`, item.target.dir)
      ).gzipBytes;
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const started = new Date();
  const load: {start: number[]; end?: number[]} = {start: os.loadavg()};
  const stockDir = ensureStockBuild();
  // nginx with the production config (plugins/deploy/nginx.ts) for each build folder, on a free loopback port.
  const ours = await startNginx();
  const stock = await startNginx({root: stockDir, siteUrl: stockSiteUrl()});
  const noJsDir = withoutScripts(buildDir);
  const noJs = await startNginx({root: noJsDir});
  const measured: Measured[] = [
    {target: {label: `stock \`${stockDocRoute}\``, route: stockDocRoute, dir: stockDir, server: () => stock}, runs: []},
    ...(options.routes?.split(',') ?? routes).flatMap((route) => [
      {target: {label: `\`${route}\``, route, dir: buildDir, server: () => ours}, runs: []},
      {
        target: {label: `\`${route}\`, no JavaScript`, route, dir: noJsDir, server: () => noJs, noJs: true},
        runs: [],
      },
    ]),
  ];
  try {
    await measureFirstLoadJs(measured);
    for (let round = 1; round <= runs; round += 1) {
      for (const item of measured) {
        item.runs.push(measureWithRetries(`${item.target.server().url}${item.target.route}`));
        const last = item.runs.at(-1)!;
        console.log(
          `round ${round}/${runs} ${item.target.label}: performance ${last.scores.performance}, TBT ${Math.round(last.tbt)} ms, LCP ${Math.round(last.lcp)} ms`,
        );
      }
      // Written after every round, so a failure later keeps what was measured.
      writeReports(measured, started, load);
    }
    load.end = os.loadavg();
    writeReports(measured, started, load);
  } finally {
    await ours.stop();
    await stock.stop();
    await noJs.stop();
    rmSync(noJsDir, {recursive: true, force: true});
  }
  console.log(`Wrote ${path.relative(process.cwd(), reportFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
