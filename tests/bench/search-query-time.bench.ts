import {cpus, loadavg} from 'node:os';
import {expect, test} from '@playwright/test';
import {routes, waitForHydration} from '../support/site';

/**
 * Time from a query's input event to its results in the navbar search box, on
 * the production build: a report, not a test (timings depend on the machine
 * and whatever else runs on it). `npm run bench:search`; BENCH_ROUNDS=n for
 * more or fewer rounds.
 */
const queries = [
  'signature',
  'confirmations',
  'idempotency key',
  'webhook retry',
  'refund',
  'USDC base',
  'quote window',
  'test key',
  'sandbox',
  'reorg',
  'wrong network',
  'amounts are strings',
  'secret rotation',
  'raw body',
  'go-live checklist',
  'late payment',
  'Sepolia',
  'statuses',
  'signed content headers',
  'create a payment',
];
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);

interface Sample {
  query: string;
  /** Input event → the results (or "No results") are in the DOM (MutationObserver). */
  dom: number;
  /** Input event → the next animation frame after that, i.e. the frame that paints them. */
  frame: number;
  /** Results listed (0: "No results"). */
  hits: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

test('search query time (median and p95)', async ({page}) => {
  await page.goto(routes.quickstart);
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  const input = page.locator('nav.navbar input.navbar__search-input');
  // The plugin makes the box a combobox once its code and index are loaded.
  await expect(input).toHaveAttribute('role', 'combobox');
  await expect(input).toBeFocused();

  /** Runs in the page: empties the box, then times one query to its results. */
  const measure = (query: string) =>
    page.evaluate(async (q): Promise<Omit<Sample, 'query'>> => {
      const box = document.querySelector<HTMLInputElement>('nav.navbar input.navbar__search-input')!;
      const listbox = document.querySelector<HTMLElement>('nav.navbar [role="listbox"]')!;
      const type = (value: string) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
        box.dispatchEvent(new Event('input', {bubbles: true}));
      };
      const shown = () =>
        listbox.querySelector('[role="option"]') !== null || /No results/.test(listbox.textContent ?? '');
      const until = (done: () => boolean) =>
        new Promise<void>((resolve) => {
          if (done()) return resolve();
          const observer = new MutationObserver(() => {
            if (done()) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(listbox, {childList: true, subtree: true, characterData: true});
        });
      type('');
      await until(() => !shown());
      await new Promise((resolve) => setTimeout(resolve, 50));
      const results = until(shown);
      const start = performance.now();
      type(q);
      await results;
      const dom = performance.now() - start;
      const hits = listbox.querySelectorAll('[role="option"]:not(a)').length;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return {dom, frame: performance.now() - start, hits};
    }, query);

  for (const query of queries) await measure(query); // Warm-up round, not counted.
  const samples: Sample[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) samples.push({query, ...(await measure(query))});
  }

  const dom = samples.map((s) => s.dom);
  const frame = samples.map((s) => s.frame);
  const lines = [
    `Search query time, production build, ${routes.quickstart}, ${queries.length} queries × ${rounds} rounds = ${samples.length} samples`,
    `machine: ${cpus().length} CPU (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `input event → results in the DOM:  median ${ms(percentile(dom, 50))}, p95 ${ms(percentile(dom, 95))}, min ${ms(Math.min(...dom))}, max ${ms(Math.max(...dom))}`,
    `input event → next frame:          median ${ms(percentile(frame, 50))}, p95 ${ms(percentile(frame, 95))}`,
    'per query (to the DOM):',
    ...queries.map((query) => {
      const own = samples.filter((s) => s.query === query);
      const times = own.map((s) => s.dom);
      return `  ${query.padEnd(24)} median ${ms(percentile(times, 50)).padStart(8)}  p95 ${ms(percentile(times, 95)).padStart(8)}  ${own[0].hits} results`;
    }),
  ];
  console.log(lines.join('\n'));
  test.info().annotations.push({type: 'median-ms', description: percentile(dom, 50).toFixed(1)});
  test.info().annotations.push({type: 'p95-ms', description: percentile(dom, 95).toFixed(1)});
});
