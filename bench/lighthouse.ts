// `npm run bench:lighthouse`: Lighthouse (mobile defaults: emulated Moto G
// Power, simulated slow 4G and 4× CPU slowdown) against the production build
// served by nginx with the production config, on loopback, in Debian's
// Chromium. Several runs per route; writes the medians to
// bench/lighthouse-report.md. A benchmark, not a test: scores are noisy, so
// nothing here passes or fails on them.
//   LIGHTHOUSE_RUNS=5 npm run bench:lighthouse
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Result} from 'lighthouse';
import {chromiumLaunchOptions} from '../tests/support/browser';
import {buildDir, startNginx} from '../tests/support/nginx-server';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const lighthouseCli = path.join(__dirname, '../node_modules/.bin/lighthouse');
const lighthouseVersion = (
  JSON.parse(readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as {version: string}
).version;
const reportFile = path.join(__dirname, 'lighthouse-report.md');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// Every page of the sitemap. Lighthouse refuses to audit a 404 response, so
// the not-found page is left to the axe and budget tests.
const routes = [...readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1]).pathname,
);

interface Run {
  scores: Record<(typeof categories)[number], number>;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  bytes: number;
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

function report(results: Map<string, Run[]>, started: Date): string {
  const rows = [...results].map(([route, list]) => {
    const m = (pick: (run: Run) => number) => median(list.map(pick));
    const failing = [...new Set(list.flatMap((run) => run.failing))].join(', ') || 'none';
    return `| \`${route}\` | ${categories.map((c) => m((r) => r.scores[c])).join(' | ')} | ${(m((r) => r.fcp) / 1000).toFixed(2)} s | ${(m((r) => r.lcp) / 1000).toFixed(2)} s | ${(m((r) => r.lcp - r.fcp) / 1000).toFixed(2)} s | ${m((r) => r.cls).toFixed(3)} | ${Math.round(m((r) => r.tbt))} ms | ${Math.round(m((r) => r.bytes) / 1024)} KB | ${failing} |`;
  });
  return [
    '# Lighthouse benchmark',
    '',
    `Run ${started.toISOString()} by \`npm run bench:lighthouse\`: Lighthouse ${lighthouseVersion}, mobile defaults`,
    '(emulated Moto G Power, simulated slow 4G, 4× CPU slowdown), Debian Chromium headless, the production',
    `build served by nginx with the production config on loopback. ${runs} runs per route; every number is the median.`,
    '',
    '| Route | Performance | Accessibility | Best practices | SEO | FCP | LCP | LCP − FCP | CLS | TBT | Transfer | Audits below full marks |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    'Reference (issue #6): the stock `create-docusaurus@3.10.2 classic --typescript` doc page measured on this kind',
    'of machine scores performance ≈ 95 (±5), FCP ≈ 0.9 s, LCP ≈ 2.3 s, with ≈ 222 KB gzip transferred.',
    '',
  ].join('\n');
}

function writeReports(results: Map<string, Run[]>, started: Date): void {
  writeFileSync(reportFile, report(results, started));
  writeFileSync(reportFile.replace(/\.md$/, '.json'), `${JSON.stringify(Object.fromEntries(results), null, 2)}\n`);
}

async function main() {
  const started = new Date();
  const nginx = await startNginx();
  const results = new Map<string, Run[]>();
  try {
    for (const route of routes) {
      const list: Run[] = [];
      for (let i = 0; i < runs; i += 1) list.push(measureWithRetries(`${nginx.url}${route}`));
      results.set(route, list);
      // Written after every route, so a failure later keeps what was measured.
      writeReports(results, started);
      const last = list.at(-1)!;
      console.log(
        `${route}: performance ${list.map((r) => r.scores.performance).join('/')}, LCP ${Math.round(last.lcp)} ms`,
      );
    }
  } finally {
    await nginx.stop();
  }
  console.log(`Wrote ${path.relative(process.cwd(), reportFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
