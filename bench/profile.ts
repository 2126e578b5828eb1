// `npm run bench:profile`: where the main thread's time goes while a page
// loads, on the production build served by nginx, in Debian's Chromium at
// Lighthouse's mobile settings (412×823 viewport, 4× CPU slowdown; the
// network is loopback, not throttled). For each route, a Chrome trace with
// V8's sampling profiler from navigation until the main thread is quiet:
//   - every task over 50 ms (a long task) and the blocking time it adds;
//   - its time split by what ran: HTML parsing, CSS parsing, style, layout,
//     paint, garbage collection, script compile, and JavaScript by script and
//     by what was on the stack (Prism's tokenizer, React's hydration entry);
//   - after hydration, how many elements React hydrated in each region of the
//     page (code panels, TOC, sidebar, navbar, webhook tools, the rest).
// Writes medians over the runs to bench/profile-report.md (and .json). A
// report, not a test: the machine is shared, so numbers move run to run.
//   PROFILE_RUNS=3 SITE_BUILD_DIR=build npm run bench:profile
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium, type Page} from '@playwright/test';
import {chromiumLaunchOptions} from '../tests/support/browser';
import {startNginx} from '../tests/support/nginx-server';

const runs = Number(process.env.PROFILE_RUNS ?? 3);
const routes = (process.env.PROFILE_ROUTES ?? '/payments/quickstart,/payments/webhook-guide,/welcome').split(',');
const reportFile = path.resolve(__dirname, process.env.PROFILE_REPORT ?? 'profile-report.md');
const longTask = 50; // ms, as Lighthouse counts blocking time

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args: {
    name?: string;
    data?: {
      url?: string;
      documentLoaderURL?: string;
      startTime?: number;
      cpuProfile?: {nodes?: ProfileNode[]; samples?: number[]};
      timeDeltas?: number[];
    };
    beginData?: {url?: string};
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: {functionName: string; url: string};
}

interface Node {
  event: TraceEvent;
  start: number;
  end: number;
  children: Node[];
}

/** What a trace event's own time is spent on; undefined: whatever its parent is. */
function kindOf(event: TraceEvent): string | undefined {
  const {name} = event;
  if (name === 'ParseHTML') return 'HTML parse';
  if (name === 'ParseAuthorStyleSheet') return 'CSS parse';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name === 'ScheduleStyleRecalculation')
    return 'style';
  if (name === 'Layout' || name === 'IntersectionObserverController::computeIntersections') return 'layout';
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode)/.test(name)) return 'paint';
  if (/GC|GarbageCollect/i.test(name)) return 'GC';
  if (/^v8\.compile|^V8\.Compile|^v8\.parse|^V8\.Parse/i.test(name) || name === 'CacheScript') return 'script compile';
  if (
    name === 'EvaluateScript' ||
    name === 'FunctionCall' ||
    name === 'v8.run' ||
    name === 'V8.Execute' ||
    name === 'RunMicrotasks' ||
    name === 'v8.evaluateModule' ||
    name === 'TimerFire' ||
    name === 'FireAnimationFrame' ||
    name === 'EventDispatch'
  )
    return 'JS';
  return undefined;
}

function tree(events: TraceEvent[]): Node[] {
  const complete = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const event of complete) {
    const node: Node = {event, start: event.ts, end: event.ts + event.dur!, children: []};
    while (stack.length && stack.at(-1)!.end <= node.start) stack.pop();
    if (stack.length) stack.at(-1)!.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}

/** The kind of the deepest event around `ts` under `node`. */
function kindAt(node: Node, ts: number, inherited = 'other'): string {
  const kind = kindOf(node.event) ?? inherited;
  const child = node.children.find((c) => c.start <= ts && ts < c.end);
  return child ? kindAt(child, ts, kind) : kind;
}

/** The script a URL names, shortly: `main.js`, a chunk's file name, or the page. */
function scriptName(url: string): string {
  if (!url) return 'no script (V8 internals)';
  const {pathname} = new URL(url);
  if (!pathname.endsWith('.js')) return 'inline script';
  const file = pathname.split('/').at(-1)!;
  return file.replace(/\.[0-9a-f]{8}\.js$/, '.js');
}

interface Samples {
  times: number[];
  stacks: ProfileNode[][];
}

/** V8's samples from the trace's ProfileChunk events, each with its time and stack. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Samples {
  const nodes = new Map<number, ProfileNode>();
  const times: number[] = [];
  const ids: number[] = [];
  const profiles = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid) profiles.set(event.id!, event.args.data!.startTime!);
  }
  const last = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid || !profiles.has(event.id!)) continue;
    const data = event.args.data!;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let time = last.get(event.id!) ?? profiles.get(event.id!)!;
    const deltas = data.timeDeltas ?? [];
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0;
      times.push(time);
      ids.push(id);
    });
    last.set(event.id!, time);
  }
  const stacks = ids.map((id) => {
    const stack: ProfileNode[] = [];
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent))
      stack.push(node);
    return stack;
  });
  return {times, stacks};
}

/** What a JavaScript sample was doing, from its stack (leaf first). */
function jsKind(stack: ProfileNode[]): string {
  const names = stack.map((n) => n.callFrame.functionName);
  if (names.includes('(garbage collector)')) return 'GC';
  if (names.some((name) => name === 'tokenize' || name === 'highlight')) return 'JS: Prism tokenize';
  const leaf = stack.find((n) => n.callFrame.url) ?? stack[0];
  return `JS: ${scriptName(leaf?.callFrame.url ?? '')}`;
}

interface RunResult {
  /** ms of main-thread work per kind, in long tasks. */
  longTaskTime: Record<string, number>;
  /** ms of main-thread work per kind, in every task up to quiet. */
  allTime: Record<string, number>;
  longTasks: {start: number; duration: number; top: string}[];
  blockingTime: number;
  hydrated: Record<string, number>;
  /** Elements inside code blocks removed from the page while it loaded: a block rendered again. */
  codeElementsReplaced: number;
}

const add = (record: Record<string, number>, key: string, value: number) => {
  record[key] = (record[key] ?? 0) + value;
};

/** Counts the elements React hydrated, by the region of the page they are in. */
async function hydratedElements(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const regions: [string, string][] = [
      ['code panels', '.theme-code-block'],
      ['code tabs (buttons, panels)', '.tabs-container'],
      ['TOC', '.table-of-contents, .theme-doc-toc-mobile'],
      ['sidebar', '.theme-doc-sidebar-container'],
      ['navbar', '.navbar'],
      ['webhook tools', '[data-webhook-tool], [class*="toolPlaceholder"]'],
      ['footer', 'footer'],
      ['article (other)', 'article'],
    ];
    const counts: Record<string, number> = {};
    for (const element of document.querySelectorAll('*')) {
      if (!Object.keys(element).some((key) => key.startsWith('__reactFiber$'))) continue;
      const region = regions.find(([, selector]) => element.closest(selector))?.[0] ?? 'page frame';
      counts[region] = (counts[region] ?? 0) + 1;
    }
    return counts;
  });
}

async function profile(url: string): Promise<RunResult> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75});
    const page = await context.newPage();
    // tsx (esbuild) names functions with a `__name` helper the page lacks.
    await page.addInitScript('globalThis.__name = (target) => target;');
    await page.addInitScript(() => {
      const counter = window as unknown as {codeElementsReplaced: number};
      counter.codeElementsReplaced = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          const inCode = record.target instanceof Element && record.target.closest('.theme-code-block') !== null;
          for (const node of record.removedNodes) {
            if (!(node instanceof Element)) continue;
            const blocks = inCode ? [node] : [node, ...node.querySelectorAll('.theme-code-block')];
            for (const block of blocks) {
              if (inCode || block.matches('.theme-code-block'))
                counter.codeElementsReplaced += 1 + block.querySelectorAll('*').length;
            }
          }
        }
      }).observe(document, {childList: true, subtree: true});
      new MutationObserver((_, observer) => {
        if (document.documentElement.getAttribute('data-has-hydrated') !== 'true') return;
        (window as unknown as {hydratedAt: number}).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink',
        'loading',
        'toplevel',
        'blink.user_timing',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(url, {waitUntil: 'load'});
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    // Quiet: two seconds of no task over 50 ms, seen from the page.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let timer = setTimeout(resolve, 2000);
          new PerformanceObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(resolve, 2000);
          }).observe({type: 'longtask'});
        }),
    );
    const buffer = await browser.stopTracing();
    const hydratedByRegion = await hydratedElements(page);
    const {codeElementsReplaced, hydratedAt} = await page.evaluate(() => {
      const marks = window as unknown as {codeElementsReplaced: number; hydratedAt: number};
      return {codeElementsReplaced: marks.codeElementsReplaced, hydratedAt: marks.hydratedAt};
    });
    const {traceEvents: events} = JSON.parse(buffer.toString()) as {traceEvents: TraceEvent[]};

    const parse = events.find((e) => e.name === 'ParseHTML' && e.args.beginData?.url === url);
    if (!parse) throw new Error(`No ParseHTML of ${url} in the trace`);
    const {pid, tid} = parse;
    const mainEvents = events.filter((e) => e.pid === pid && e.tid === tid);
    const tasks = tree(mainEvents).filter(
      (n) => n.event.name === 'RunTask' || n.event.name === 'ThreadControllerImpl::RunTask',
    );
    const samples = samplesOf(events, pid, tid);
    const first = parse.ts;
    const navigation = events.find((e) => e.name === 'navigationStart' && e.args.data?.documentLoaderURL === url);
    if (!navigation) throw new Error(`No navigationStart of ${url} in the trace`);
    // performance.now() counts from the navigation's start.
    const hydratedTs = navigation.ts + hydratedAt * 1000;
    const loaded = tasks.filter((task) => task.end >= first);

    const result: RunResult = {
      longTaskTime: {},
      allTime: {},
      longTasks: [],
      blockingTime: 0,
      hydrated: hydratedByRegion,
      codeElementsReplaced,
    };
    let s = 0;
    for (const task of loaded) {
      const durationMs = (task.end - task.start) / 1000;
      const isLong = durationMs > longTask;
      // Time in the task by sample: each sample stands for the time to the next one.
      while (s < samples.times.length && samples.times[s] < task.start) s += 1;
      const perKind: Record<string, number> = {};
      let covered = 0;
      for (; s < samples.times.length && samples.times[s] < task.end; s += 1) {
        const next = Math.min(samples.times[s + 1] ?? task.end, task.end);
        const span = Math.max(0, next - samples.times[s]) / 1000;
        let kind = kindAt(task, samples.times[s]);
        if (kind === 'JS' || kind === 'other') {
          const js = jsKind(samples.stacks[s]);
          kind = kind === 'other' && js === 'JS: no script (V8 internals)' ? 'other' : js;
        }
        if (kind.startsWith('JS')) kind += samples.times[s] < hydratedTs ? ' (to hydration)' : ' (after hydration)';
        add(perKind, kind, span);
        covered += span;
      }
      add(perKind, 'unsampled', Math.max(0, durationMs - covered));
      for (const [kind, ms] of Object.entries(perKind)) {
        add(result.allTime, kind, ms);
        if (isLong) add(result.longTaskTime, kind, ms);
      }
      if (isLong) {
        result.blockingTime += durationMs - longTask;
        const top = Object.entries(perKind).sort((a, b) => b[1] - a[1])[0];
        result.longTasks.push({
          start: Math.round((task.start - first) / 1000),
          duration: Math.round(durationMs),
          top: `${top[0]} ${Math.round(top[1])} ms`,
        });
      }
    }
    return result;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function medianRecord(records: Record<string, number>[]): Record<string, number> {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return Object.fromEntries(
    keys.map((key) => [key, median(records.map((r) => r[key] ?? 0))] as const).sort((a, b) => b[1] - a[1]),
  );
}

function section(route: string, list: RunResult[]): string[] {
  const longTime = medianRecord(list.map((r) => r.longTaskTime));
  const allTime = medianRecord(list.map((r) => r.allTime));
  const hydrated = medianRecord(list.map((r) => r.hydrated));
  const total = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
  const medianRun = [...list].sort((a, b) => a.blockingTime - b.blockingTime)[Math.floor(list.length / 2)];
  return [
    `## \`${route}\``,
    '',
    `Blocking time (sum of each long task's time over 50 ms): median ${Math.round(median(list.map((r) => r.blockingTime)))} ms`,
    `(runs: ${list.map((r) => Math.round(r.blockingTime)).join(', ')} ms). Main-thread work from the HTML's parse to quiet:`,
    `median ${Math.round(total(allTime))} ms, of which ${Math.round(total(longTime))} ms in long tasks.`,
    '',
    '| What ran | In long tasks | All tasks |',
    '| --- | ---: | ---: |',
    ...Object.keys(allTime).map(
      (kind) => `| ${kind} | ${Math.round(longTime[kind] ?? 0)} ms | ${Math.round(allTime[kind])} ms |`,
    ),
    '',
    `Long tasks of the median run (start after the HTML's parse began, duration, what took most of it):`,
    '',
    '| Start | Duration | Most of it |',
    '| ---: | ---: | --- |',
    ...medianRun.longTasks.map((t) => `| ${t.start} ms | ${t.duration} ms | ${t.top} |`),
    '',
    `Elements inside code blocks removed and rendered again while the page loaded (median): ${median(list.map((r) => r.codeElementsReplaced))}.`,
    '',
    `Elements React hydrated, by region (median; ${Math.round(total(hydrated))} in all):`,
    '',
    '| Region | Elements |',
    '| --- | ---: |',
    ...Object.entries(hydrated).map(([region, count]) => `| ${region} | ${count} |`),
    '',
  ];
}

async function main() {
  const started = new Date();
  const nginx = await startNginx();
  const results: Record<string, RunResult[]> = {};
  try {
    for (const route of routes) {
      results[route] = [];
      for (let i = 0; i < runs; i += 1) {
        // Now and then Chromium's trace lacks the navigation's start event; such a run is drawn again.
        let run: RunResult | undefined;
        for (let attempt = 1; !run; attempt += 1) {
          try {
            run = await profile(`${nginx.url}${route}`);
          } catch (error) {
            if (attempt === 3) throw error;
            console.log(`${route}: run dropped (${(error as Error).message}), drawn again`);
          }
        }
        results[route].push(run);
        console.log(`${route}: blocking ${Math.round(run.blockingTime)} ms, ${run.longTasks.length} long tasks`);
      }
    }
  } finally {
    await nginx.stop();
  }
  const lines = [
    '# Main-thread profile',
    '',
    `Run ${started.toISOString()} by \`npm run bench:profile\` on the production build in \`${process.env.SITE_BUILD_DIR ?? 'build'}\`,`,
    `served by nginx on loopback; Debian Chromium headless, 412×823 viewport, 4× CPU slowdown (CDP`,
    `\`Emulation.setCPUThrottlingRate\`, as Lighthouse's mobile preset), no network throttling. ${runs} runs per`,
    'route, medians. Time is attributed by V8 samples (about one per millisecond): each sample is given to the',
    'deepest trace event around it (HTML parse, style, layout, paint, compile, GC) or, inside script, to',
    "Prism's tokenizer if `tokenize` is on the stack, else to the script whose code is running. `unsampled` is a",
    "task's time no sample fell in. The machine is shared by other jobs: numbers move between runs.",
    '',
    ...Object.entries(results).flatMap(([route, list]) => section(route, list)),
  ];
  writeFileSync(reportFile, `${lines.join('\n')}`);
  writeFileSync(reportFile.replace(/\.md$/, '.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), reportFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
