import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect} from '@playwright/test';
import {testSecretKey, type MockApi} from '../support/mock-api';
import {callMock, repoRoot, test} from '../support/run-sample';
import {recordUsage} from '../support/sample-usage';
import {readerEnvironment, TerminalSession, type CommandRun} from '../support/terminals';

// The guides that continue the quickstart (testing, refunds, fees and settlement),
// done literally, as a reader does them, in each language: like
// quickstart-flow.spec.ts, each terminal the page names is a fresh interactive
// bash in tmux, each one-line command the page shows is typed into it in the
// page's order and must end with status 0, and each file the page shows is saved
// under the last part of its title in the folder the terminal is in. The only
// substitutions: COINWHARF_API_BASE is the mock, and the reader's own values in
// angle brackets (see `placeholders`). After each command that runs a sample, the
// test checks what it printed and which events the mock sent, against literals
// written out below as the page tells the reader to expect them.
//
// What is reused, and why: each page says the reader works in the quickstart's
// folder, with what the quickstart installed and saved there. So, once per
// language, the test makes that folder by typing the quickstart's own commands
// of "Before you start" (mkdir, npm init and npm install; or the virtual
// environment and pip install), in a home folder of its own, exactly as
// quickstart-flow does, and saves in it every file the quickstart shows for that
// language (its receiver, create-payment, simulate-payment, get-payment...). Every
// test then starts from a hard-linked copy of that home, at the same path (a
// virtual environment knows its own path), and opens new terminals: one npm
// install per language, not one per test.
//
// A page's sections that each start from a new payment are tests of their own
// (the page's "Before you start", then the section's commands): a reader can
// follow any one alone, and no test runs much longer than 30 s. Sections that
// build on the one before (a refund read back after it is made) are one test.
// Each test saves every file the page shows up to the end of its sections, as a
// reader saves them while reading, and types the commands of its sections only.

const languages = ['curl', 'Node.js', 'Python'] as const;
type Language = (typeof languages)[number];
const languageOf: Record<string, Language> = {'.sh': 'curl', '.ts': 'Node.js', '.py': 'Python'};

/**
 * The line before every command block: "In terminal 2:", "In terminal 2 (Python):", "In a new
 * terminal 2:" (the setup a reader who closed terminal 2 repeats), and the quickstart's
 * "With a tunnel, in terminal 2 (curl):".
 */
const marker = /^(?:(?:With|Without) a tunnel, in|In a new|In) (terminal \d)(?: \((curl|Node\.js|Python)\))?:$/;

type Item =
  | {kind: 'files'; files: string[]; line: number; section: string}
  | {kind: 'command'; terminal: string; language?: Language; text: string; line: number; section: string};

/** A page's files and commands, in its order, each with the `## ` section it is in. */
function readPage(page: string): Item[] {
  const lines = readFileSync(path.join(repoRoot, page), 'utf8').split('\n');
  const items: Item[] = [];
  let tabs: string[] | undefined;
  let section = '';
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (line.startsWith('## ')) section = line.slice(3);
    if (line === ':::code-tabs') {
      tabs = [];
      continue;
    }
    if (line === ':::' && tabs) {
      items.push({kind: 'files', files: tabs, line: i + 1, section});
      tabs = undefined;
      continue;
    }
    const fence = /^```(\w+)(.*)$/.exec(line);
    if (!fence) continue;
    const file = /\bfile=(examples\/\S+)/.exec(fence[2])?.[1];
    if (file) {
      if (tabs) tabs.push(file);
      else items.push({kind: 'files', files: [file], line: i + 1, section});
      i += 1; // the fence's closing line
      continue;
    }
    expect(fence[1], `${page}:${i + 1}: a code block that is no sample is a command`).toBe('bash');
    expect(lines[i + 2], `${page}:${i + 1}: a command block holds one line`).toBe('```');
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before -= 1;
    const said = marker.exec(lines[before] ?? '');
    if (!said) throw new Error(`${page}:${i + 1}: the command is not after "In terminal N:" (found ${lines[before]})`);
    items.push({
      kind: 'command',
      terminal: said[1],
      language: said[2] as Language | undefined,
      text: lines[i + 1],
      line: i + 2,
      section,
    });
    i += 2;
  }
  return items;
}

/**
 * What a reader of `language` does, as in quickstart-flow: every command for all
 * languages; of a step's commands for one language each, the one for theirs (a
 * curl reader the Node.js one where a step has no curl command); of each group of
 * files, theirs (a curl reader the Node.js file where there is no shell file).
 */
function plan(items: Item[], language: Language): Item[] {
  const chosen: Item[] = [];
  const pick = <T>(options: T[], languageOfOption: (option: T) => Language | undefined): T[] => {
    const mine = options.filter((option) => languageOfOption(option) === language);
    if (mine.length > 0 || language !== 'curl') return mine;
    return options.filter((option) => languageOfOption(option) === 'Node.js');
  };
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i];
    if (item.kind === 'files') {
      const files = pick(item.files, (file) => languageOf[path.extname(file)]);
      if (files.length > 0) chosen.push({...item, files});
      continue;
    }
    if (!item.language) {
      chosen.push(item);
      continue;
    }
    const step = [item];
    for (;;) {
      const next = items[i + 1];
      if (next?.kind !== 'command' || !next.language || next.terminal !== item.terminal) break;
      if (step.some((s) => s.language === next.language)) break;
      step.push(next);
      i += 1;
    }
    chosen.push(...pick(step, (s) => s.language));
  }
  return chosen;
}

/** The sample a command runs, the same in every language: `OUTCOME=late npx tsx simulate-payment.ts` → simulate-payment. */
function sampleOf(command: string): string | undefined {
  const run = /(?:^|\s)(?:bash|npx tsx|python3) (\S+)\.(?:sh|ts|py)$/.exec(command);
  return run?.[1].replaceAll('_', '-');
}

/** JSON a command printed (the whole object: from its first `{` to its last `}`). */
function printed(run: CommandRun): any {
  const start = run.output.indexOf('{');
  const end = run.output.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    return JSON.parse(run.output.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** The address a reader testing refunds gives: one on Base, not a payment's own. */
const customerAddress = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';

/** What a reader puts in place of each placeholder the pages show. */
function placeholders(runs: CommandRun[]): Record<string, () => string> {
  const last = (what: string, test: (value: any) => boolean) => {
    const found = runs
      .map(printed)
      .reverse()
      .find((o) => o && test(o));
    if (!found) throw new Error(`No command printed ${what} yet`);
    return found;
  };
  return {
    '<your cw_test_ key>': () => testSecretKey,
    '<the pay_ id from the response>': () => last('a payment', (o) => o.object === 'payment').id as string,
    '<the rf_ id from the response>': () => last('a refund', (o) => o.object === 'refund').id as string,
    '<the reference from the response>': () => last('a payment', (o) => o.object === 'payment').reference as string,
    '<the address your customer gave you>': () => customerAddress,
  };
}

function fill(text: string, runs: CommandRun[]): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(placeholders(runs))) {
    if (filled.includes(placeholder)) filled = filled.replaceAll(placeholder, value());
  }
  const left = /<[^<>\s][^<>]*>/.exec(filled);
  if (left) throw new Error(`The test does not know what a reader puts in place of ${left[0]}`);
  return filled;
}

/** What one command that runs a sample must show: part of the object it prints, and the events the mock sent meanwhile. */
interface Step {
  runs: string;
  shows: Record<string, unknown>;
  events: string[];
}

const usdc = (amount: string) => ({amount, currency: 'USDC'});
const created: Step = {
  runs: 'create-payment',
  shows: {object: 'payment', status: 'awaiting_payment'},
  events: ['payment.created'],
};
const simulated = (status: string, labels: string[], events: string[], more: Record<string, unknown> = {}): Step => ({
  runs: 'simulate-payment',
  shows: {object: 'payment', status, labels, ...more},
  events,
});

/** Each page, in the units the tests follow, and what each sample run in a unit shows, in order. */
interface Unit {
  /** The `## ` sections it follows (and saves the files of), in the page's order. */
  sections: string[];
  steps: Step[];
}

/** A unit of one section. */
const section = (name: string, steps: Step[]): Unit => ({sections: [name], steps});

const pages: {page: string; units: Unit[]}[] = [
  {
    page: 'docs/payments/testing.mdx',
    units: [
      section('Run an outcome', [
        created,
        simulated('requires_action', ['UNDER'], ['payment.pending', 'payment.requires_action'], {
          amount_received: usdc('20.00'),
        }),
        simulated('succeeded', [], ['payment.pending', 'payment.succeeded'], {amount_received: usdc('25.00')}),
      ]),
      section('Test payments that require action', [
        created,
        simulated('requires_action', ['LATE'], ['payment.expired', 'payment.updated', 'payment.requires_action']),
        {runs: 'accept-payment', shows: {status: 'succeeded', labels: ['LATE']}, events: ['payment.succeeded']},
      ]),
      section('Force an expiry', [
        created,
        simulated('expired', [], ['payment.expired']),
        simulated('requires_action', ['LATE'], ['payment.updated', 'payment.requires_action']),
      ]),
      section('Force a failure', [
        created,
        simulated('failed', [], ['payment.pending', 'payment.failed']),
        simulated('requires_action', ['LATE'], ['payment.updated', 'payment.requires_action']),
        created,
        simulated('awaiting_payment', [], ['payment.pending', 'payment.awaiting_payment']),
        simulated('succeeded', [], ['payment.pending', 'payment.succeeded']),
      ]),
      section('Force a cancellation', [
        created,
        {runs: 'cancel-payment', shows: {status: 'canceled', labels: []}, events: ['payment.canceled']},
        simulated('requires_action', ['LATE'], ['payment.updated', 'payment.requires_action']),
      ]),
      section('Test funds after the end', [
        created,
        simulated('succeeded', [], ['payment.pending', 'payment.succeeded'], {amount_received: usdc('25.00')}),
        simulated('succeeded', ['OVER'], ['payment.updated', 'payment.updated'], {amount_received: usdc('27.50')}),
      ]),
      section('Force refunds', [
        created,
        simulated('succeeded', ['OVER'], ['payment.pending', 'payment.succeeded'], {amount_received: usdc('27.50')}),
        // A refund changes a succeeded payment's amount_refunded, not its status: payment.updated.
        {
          runs: 'create-refund',
          shows: {object: 'refund', status: 'pending', reason: 'overpayment', amount: usdc('2.50')},
          events: ['payment.updated'],
        },
        {
          runs: 'simulate-refund',
          shows: {object: 'refund', status: 'failed'},
          events: ['refund.failed', 'payment.updated'],
        },
        {
          runs: 'create-refund',
          shows: {object: 'refund', status: 'pending', reason: 'overpayment', amount: usdc('2.50')},
          events: ['payment.updated'],
        },
        {runs: 'simulate-refund', shows: {object: 'refund', status: 'succeeded'}, events: ['refund.succeeded']},
        {
          runs: 'get-balance',
          shows: {
            object: 'balance',
            available: [{asset: 'USDC', network: 'base', amount: usdc('24.725')}],
            reserved: [],
            pending: [],
          },
          events: [],
        },
      ]),
    ],
  },
  {
    page: 'docs/payments/refunds.mdx',
    units: [
      {
        sections: ['Refund a payment', 'Read a refund'],
        steps: [
          created,
          simulated('succeeded', [], ['payment.pending', 'payment.succeeded']),
          {
            runs: 'create-refund',
            shows: {object: 'refund', status: 'pending', amount: usdc('10.00')},
            events: ['payment.updated'],
          },
          {
            runs: 'create-refund',
            shows: {object: 'refund', status: 'pending', amount: usdc('15.00')},
            events: ['payment.updated'],
          },
          {
            runs: 'get-refund',
            shows: {object: 'refund', status: 'pending', amount: usdc('15.00'), transaction_hash: null},
            events: [],
          },
          {
            runs: 'list-refunds',
            shows: {object: 'list', data: [{amount: usdc('15.00')}, {amount: usdc('10.00')}], has_more: false},
            events: [],
          },
        ],
      },
      section('Refund an overpayment', [
        created,
        simulated('succeeded', ['OVER'], ['payment.pending', 'payment.succeeded'], {amount_received: usdc('27.50')}),
        {
          runs: 'refund-overpayment',
          shows: {object: 'refund', status: 'pending', reason: 'overpayment', amount: usdc('2.50')},
          events: ['payment.updated'],
        },
      ]),
      section('Refund an underpaid or late payment', [
        created,
        simulated('requires_action', ['UNDER'], ['payment.pending', 'payment.requires_action']),
        {
          runs: 'create-refund',
          shows: {object: 'refund', status: 'pending', reason: 'declined', amount: usdc('20.00')},
          events: ['payment.canceled'],
        },
      ]),
      section('Try refunds in the sandbox', [
        created,
        simulated('requires_action', ['UNDER'], ['payment.pending', 'payment.requires_action']),
        {
          runs: 'create-refund',
          shows: {object: 'refund', status: 'pending', reason: 'declined', amount: usdc('20.00')},
          events: ['payment.canceled'],
        },
        // The failed full refund puts the payment back in requires_action; the new one cancels it again.
        {
          runs: 'simulate-refund',
          shows: {object: 'refund', status: 'failed'},
          events: ['refund.failed', 'payment.requires_action'],
        },
        {
          runs: 'create-refund',
          shows: {object: 'refund', status: 'pending', reason: 'declined', amount: usdc('20.00')},
          events: ['payment.canceled'],
        },
        {runs: 'simulate-refund', shows: {object: 'refund', status: 'succeeded'}, events: ['refund.succeeded']},
      ]),
    ],
  },
  {
    page: 'docs/payments/fees-and-settlement.mdx',
    units: [
      {
        // The search finds the payment the balance section made.
        sections: ['Read your balance', 'Reconcile'],
        steps: [
          created,
          simulated('succeeded', [], ['payment.pending', 'payment.succeeded']),
          {
            runs: 'get-balance',
            shows: {
              object: 'balance',
              available: [{asset: 'USDC', network: 'base', amount: usdc('24.75')}],
              reserved: [],
              pending: [],
            },
            events: [],
          },
          {
            runs: 'find-payment',
            shows: {
              object: 'list',
              data: [{reference: expect.stringMatching(/^order_[0-9a-f]{8}$/), status: 'succeeded'}],
              has_more: false,
            },
            events: [],
          },
        ],
      },
    ],
  },
];

/**
 * The folder a reader has after the quickstart, made once per language: its "Before you start"
 * commands typed, then every file it shows for the language saved in the folder they made.
 */
const quickstart = readPage('docs/payments/quickstart.mdx');
const quickstartSetup = quickstart.filter((item) => item.section === 'Before you start');
const quickstartFiles = quickstart.filter((item) => item.kind === 'files');
const quickstartFolder = 'coinwharf-quickstart';

const setupSection = 'Before you start';

async function eventTypes(mock: MockApi): Promise<string[]> {
  const list = await callMock(mock, 'GET', '/events?limit=100');
  expect(list.has_more).toBe(false);
  return list.data.map((e: {type: string}) => e.type).reverse();
}

/** Types `items` (already planned for one language) into `session`'s terminals, saving the files, checking each sample run. */
/** Saves each file under the last part of its title, as a reader does. */
function save(files: string[], folder: string) {
  for (const file of files)
    writeFileSync(path.join(folder, path.basename(file)), readFileSync(path.join(repoRoot, file)));
  recordUsage(files);
}

async function follow(session: TerminalSession, page: string, items: Item[], steps: Step[], mock?: MockApi) {
  const runs: CommandRun[] = [];
  const shown: string[] = [];
  let lastTerminal = 'terminal 2';
  for (const item of items) {
    if (item.kind === 'files') {
      save(item.files, (await session.terminal(lastTerminal)).cwd());
      continue;
    }
    const text = fill(item.text, runs);
    const terminal = await session.terminal(item.terminal);
    lastTerminal = item.terminal;
    const before = mock ? (await eventTypes(mock)).length : 0;
    const run = await terminal.run(text, 120_000);
    runs.push(run);
    const where = `${page}:${item.line}, ${item.terminal}: ${text}`;
    expect(run.exitCode, `${where}\n${session.transcript()}`).toBe(0);
    const sample = sampleOf(text);
    if (!mock || !sample) continue;
    const step = steps[shown.length];
    shown.push(sample);
    expect(step, `${where}: the test expects no more sample runs in this part of the page`).toBeDefined();
    expect(sample, where).toBe(step.runs);
    expect(printed(run), `${where} printed:\n${run.output}`).toMatchObject(step.shows);
    expect((await eventTypes(mock)).slice(before), `${where}: the events sent`).toEqual(step.events);
  }
  if (mock) expect(shown, `${page}: the samples run`).toEqual(steps.map((s) => s.runs));
}

for (const language of languages) {
  test.describe(`${language}: the guides after the quickstart, typed into terminals as each page says`, () => {
    // One prepared quickstart folder per language, shared by the tests below in turn.
    test.describe.configure({mode: 'serial', timeout: 120_000});
    let work: string;
    const home = () => path.join(work, 'home');
    const template = () => path.join(work, 'template');

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      work = mkdtempSync(path.join(tmpdir(), 'coinwharf-guides-'));
      mkdirSync(home());
      const session = new TerminalSession(
        path.join(work, 'tmux-setup'),
        home(),
        readerEnvironment('http://127.0.0.1:9'),
      );
      try {
        await follow(session, 'docs/payments/quickstart.mdx', plan(quickstartSetup, language), []);
      } finally {
        session.close();
      }
      for (const item of plan(quickstartFiles, language)) {
        if (item.kind === 'files') save(item.files, path.join(home(), quickstartFolder));
      }
      renameSync(home(), template());
    });

    test.afterAll(() => {
      if (work) rmSync(work, {recursive: true, force: true});
    });

    /** A fresh copy of the prepared home, at the same path, and new terminals in it. */
    async function asReader(mock: MockApi, name: string, body: (session: TerminalSession) => Promise<void>) {
      rmSync(home(), {recursive: true, force: true});
      execFileSync('cp', ['-al', template(), home()]);
      const session = new TerminalSession(path.join(work, `tmux-${name}`), home(), readerEnvironment(mock.baseUrl));
      try {
        await body(session);
      } finally {
        session.close();
      }
    }

    for (const {page, units} of pages) {
      const items = readPage(page);
      const setup = items.filter((item) => item.section === setupSection);
      const withCommands = [...new Set(items.map((item) => item.section))].filter(
        (name) => name !== setupSection && items.some((i) => i.section === name && i.kind === 'command'),
      );

      test(`${page}: every section with commands is followed by one test below`, () => {
        const followed = units.flatMap((unit) => unit.sections);
        expect(followed.filter((name) => withCommands.includes(name))).toEqual(withCommands);
        expect(setup.filter((item) => item.kind === 'command').length).toBeGreaterThan(0);
      });

      for (const {sections, steps} of units) {
        test(`${page}, "Before you start" then "${sections.join('", "')}"`, async ({mock}) => {
          await asReader(mock, sections[0].replaceAll(/\W+/g, '-'), async (session) => {
            // The files the page shows up to the unit's end, as a reader saves them while reading; its sections' commands.
            const end = Math.max(...items.map((item, i) => (sections.includes(item.section) ? i : -1)));
            const unit = items
              .slice(0, end + 1)
              .filter((item) => item.section !== setupSection)
              .filter((item) => item.kind === 'files' || sections.includes(item.section));
            await follow(session, page, plan([...setup, ...unit], language), steps, mock);
            expect(mock.violations).toEqual([]);
          });
        });
      }
    }
  });
}
