// `npm run bench:functions -- --builds before-dir,after-dir --labels before,after`: how much main-thread
// time named JavaScript functions take while a page loads, hydrates and settles, in two builds side
// by side. Each build is an unminified production build (`docusaurus build --no-minify --out-dir …`),
// so the functions keep their names; nginx serves each with the production config on loopback.
// Debian's Chromium loads a page at 412×823 with 4× CPU slowdown (no network throttling) and runs
// V8's CPU profiler (a sample every 0.2 ms) from navigation until 4 s after hydration. For each
// function, its inclusive time: the samples with it anywhere on the stack. "JavaScript" is every
// sample in script (not idle, not the browser's own work, not garbage collection). Loads are taken
// round-robin over the builds. A report, not a test: times move with the machine's load, so it
// prints every run, not only a median.
//   npm run bench:functions -- --builds /tmp/before,/tmp/after --labels 235f740,b5ab58b --runs 3
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../tests/support/browser';
import {startNginx, type NginxServer} from '../tests/support/nginx-server';

const {values: options} = parseArgs({
  options: {
    builds: {type: 'string'},
    labels: {type: 'string'},
    routes: {type: 'string', default: '/payments/quickstart,/payments/webhook-guide,/api/payments'},
    functions: {
      type: 'string',
      default:
        'performWorkOnRoot,performSyncWorkOnRoot,flushPassiveEffects,useShallowMemoObject,createCodeBlockMetadata',
    },
    runs: {type: 'string', default: '3'},
    note: {type: 'string', default: ''},
    report: {type: 'string'},
  },
});
if (!options.builds) throw new Error('--builds dir[,dir…]: unminified builds to compare');
const builds = options.builds.split(',').map((dir) => path.resolve(dir));
const labels = options.labels?.split(',') ?? builds.map((dir) => path.basename(dir));
const routes = options.routes.split(',');
const functions = options.functions.split(',');
const runs = Number(options.runs);
const reportFile = path.resolve(options.report ?? path.join(__dirname, 'function-profile-report.md'));
const notScript = new Set(['(idle)', '(program)', '(root)', '(garbage collector)']);

interface ProfileNode {
  id: number;
  callFrame: {functionName: string};
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Milliseconds of JavaScript, then of each function in `functions`, in one load of `url`. */
async function measure(url: string): Promise<number[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75});
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', {interval: 200});
    await cdp.send('Profiler.start');
    await page.goto(url, {waitUntil: 'load'});
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    // What the page does right after hydration (effects, idle work, prefetching) counts too.
    await page.waitForTimeout(4000);
    const {profile} = (await cdp.send('Profiler.stop')) as {profile: CpuProfile};
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    const totals = [0, ...functions.map(() => 0)];
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    samples.forEach((leaf, i) => {
      // A sample stands for the time to the next one.
      const ms = (deltas[i + 1] ?? 0) / 1000;
      if (!notScript.has(byId.get(leaf)!.callFrame.functionName)) totals[0] += ms;
      const onStack = new Set<string>();
      for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id)) {
        onStack.add(byId.get(id)!.callFrame.functionName);
      }
      functions.forEach((name, j) => {
        if (onStack.has(name)) totals[j + 1] += ms;
      });
    });
    return totals;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const started = new Date();
  const servers: NginxServer[] = [];
  for (const root of builds) servers.push(await startNginx({root}));
  // results[route][build][run] = [JavaScript, ...functions]
  const results = new Map<string, number[][][]>(routes.map((route) => [route, builds.map(() => [])]));
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const route of routes) {
        for (const [b, server] of servers.entries()) {
          const totals = await measure(`${server.url}${route}`);
          results.get(route)![b].push(totals);
          console.log(`run ${run}/${runs} ${route} ${labels[b]}: JavaScript ${Math.round(totals[0])} ms`);
        }
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  const names = ['JavaScript', ...functions];
  const lines = [
    '# Named functions while a page loads and hydrates',
    '',
    ...(options.note ? [options.note, ''] : []),
    `Run ${started.toISOString()} by \`npm run bench:functions\`: unminified production builds (\`docusaurus build`,
    `--no-minify\`) served by nginx on loopback; Debian Chromium headless, 412×823, 4× CPU slowdown, no network`,
    `throttling; V8's CPU profiler from navigation to 4 s after hydration. Inclusive time at 4× CPU (the samples`,
    `with the function anywhere on the stack), each of ${runs} runs and the median; loads round-robin over the builds.`,
    `Builds: ${labels.map((label, b) => `${label} (\`${builds[b]}\`)`).join(', ')}.`,
    '',
  ];
  for (const route of routes) {
    lines.push(
      `## \`${route}\``,
      '',
      `| Function | ${labels.join(' | ')} |`,
      `| --- |${labels.map(() => ' ---: |').join('')}`,
    );
    names.forEach((name, j) => {
      const cells = results.get(route)!.map((runsOfBuild) => {
        const values = runsOfBuild.map((totals) => Math.round(totals[j]));
        return `${median(values)} ms (${values.join(', ')})`;
      });
      lines.push(`| ${j === 0 ? name : `\`${name}\``} | ${cells.join(' | ')} |`);
    });
    lines.push('');
  }
  writeFileSync(reportFile, lines.join('\n'));
  console.log(`Wrote ${path.relative(process.cwd(), reportFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
