import {spawnSync} from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {copyRepository} from '../../scripts/repo-copy';

// A new writer's first page, done on a copy of the repository exactly as CONTRIBUTING.md says: its
// front-matter template, its sidebar entry, its sample-test template and every command it shows
// (taken from the file, so a wrong step fails here). npm run check:docs must pass on the copy, the
// content, layout and budget specs must pass on its build unchanged, and check:docs must reject
// each planted mistake with the file, the line and the fix.

const repo = path.resolve(__dirname, '../..');
const fixtures = path.join(repo, 'tests/fixtures/writer');
/** CONTRIBUTING's example page, and the walkthrough's: a name no real page will take. */
const example = {name: 'payment-status', python: 'payment_status'};
const page = {name: 'writer-walkthrough', python: 'writer_walkthrough'};
const doc = `docs/payments/${page.name}.mdx`;
const route = `/payments/${page.name}`;
/** Commands CONTRIBUTING shows that this test does not run, with the reason. */
const notRun = {'npm test': 'the whole suite; the proof below runs the specs that know about pages'};

const contributing = readFileSync(path.join(repo, 'CONTRIBUTING.md'), 'utf8');

/** The text of a `## heading` section of CONTRIBUTING, up to the next `## `. */
function section(heading: string): string {
  const start = contributing.indexOf(`\n## ${heading}\n`);
  expect(start, `CONTRIBUTING.md has a "## ${heading}" section`).toBeGreaterThan(-1);
  const end = contributing.indexOf('\n## ', start + 1);
  return contributing.slice(start, end === -1 ? undefined : end);
}

/** The code blocks of `text` (indented ones in list items too), with their language and title. */
function blocks(text: string): {lang: string; title?: string; code: string}[] {
  return [...text.matchAll(/^( *)(`{3,})(\w*)( title="([^"]+)")?\n([\s\S]*?)^\1\2$/gm)].map(
    ([, indent, , lang, , title, code]) => ({
      lang,
      title,
      code: code
        .split('\n')
        .map((line) => line.slice(indent.length))
        .join('\n'),
    }),
  );
}

/** CONTRIBUTING's example names replaced by the walkthrough's. */
const renamed = (text: string) => text.replaceAll(example.name, page.name).replaceAll(example.python, page.python);

/** A block of CONTRIBUTING by its title, renamed. */
function titled(text: string, title: string): string {
  const block = blocks(text).find((b) => b.title === title);
  expect(block, `CONTRIBUTING.md shows ${title}`).toBeDefined();
  return renamed(block!.code);
}

/** The repository copied to a temp folder (a git repository of one commit), with the repository's node_modules. */
function copyRepositoryForWriter(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'cw-writer-'));
  copyRepository(repo, copy);
  symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}

/**
 * The environment of a command run in the copy: none of this Playwright run's own variables. Its
 * builds write no Rspack cache: the copy is built once, and the cache it wrote (110 MB a build) went
 * to the repository's node_modules, which the copy links to.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PW_|PLAYWRIGHT_|TEST_)/.test(name)),
  );
  return {...env, FORCE_COLOR: '0', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', ...extra};
}

function sh(copy: string, command: string, env: Record<string, string> = {}) {
  const started = Date.now();
  const run = spawnSync('bash', ['-c', command], {cwd: copy, env: cleanEnv(env), encoding: 'utf8', timeout: 300_000});
  return {code: run.status, output: `${run.stdout}${run.stderr}`, seconds: (Date.now() - started) / 1000};
}

test.describe('a writer adds a doc as CONTRIBUTING.md says', () => {
  test.describe.configure({mode: 'serial', timeout: 420_000});
  let copy: string;

  test.beforeAll(() => {
    const taken = [doc, `examples/api/${page.name}.ts`, `tests/samples/${page.name}.spec.ts`].filter((file) =>
      existsSync(path.join(repo, file)),
    );
    expect(
      taken,
      `the walkthrough's page ${route} is taken by a real file: rename the walkthrough's page (page.name in tests/e2e/writer-walkthrough.spec.ts)`,
    ).toEqual([]);
    copy = copyRepositoryForWriter();
  });

  test.afterAll(() => {
    if (copy) rmSync(copy, {recursive: true, force: true});
  });

  test('the steps and commands of CONTRIBUTING add the page, and check:docs passes on it', () => {
    const addDoc = section('Add a doc');
    const addSample = section('Add a tested code sample');
    // Step 2: the front-matter template, then the page's body.
    const frontMatter = titled(addDoc, `docs/payments/${example.name}.mdx`);
    expect(frontMatter).toContain(`slug: ${route}\n`);
    mkdirSync(path.join(copy, 'docs/payments/img', page.name), {recursive: true});
    writeFileSync(path.join(copy, doc), frontMatter + readFileSync(path.join(fixtures, 'body.mdx'), 'utf8'));
    // Step 3: the sidebar entry CONTRIBUTING shows, added to the Payments category's items.
    const entry = /'(payments\/[\w-]+)'\]/.exec(titled(addDoc, 'sidebars.ts'))?.[1];
    expect(entry).toBe(`payments/${page.name}`);
    const sidebars = readFileSync(path.join(copy, 'sidebars.ts'), 'utf8');
    const items = /(link: \{type: 'doc', id: 'payments\/index'\},\s*items: \[[^\]]*)\]/;
    expect(sidebars).toMatch(items);
    // As a writer types it: a line of its own at the end of the list, as the list's other entries are.
    writeFileSync(path.join(copy, 'sidebars.ts'), sidebars.replace(items, `$1  '${entry}',\n      ]`));
    // Step 8: the image, next to the page.
    copyFileSync(path.join(fixtures, 'img/flow.svg'), path.join(copy, 'docs/payments/img', page.name, 'flow.svg'));
    // The sample files, and their test from CONTRIBUTING's template.
    for (const file of [`${page.name}.ts`, `${page.python}.py`]) {
      copyFileSync(path.join(fixtures, 'examples/api', file), path.join(copy, 'examples/api', file));
    }
    writeFileSync(
      path.join(copy, `tests/samples/${page.name}.spec.ts`),
      titled(addSample, `tests/samples/${example.name}.spec.ts`),
    );

    // Every command of both sections, in the order CONTRIBUTING gives them.
    const commands = [...blocks(addDoc), ...blocks(addSample)]
      .filter(({lang}) => lang === 'bash')
      .map(({code}) => renamed(code.trim()));
    expect(commands.filter((command) => command in notRun)).toEqual(Object.keys(notRun));
    expect(commands).toContain('npm run check:docs');
    for (const command of commands.filter((c) => !(c in notRun))) {
      const run = sh(copy, command);
      console.log(`$ ${command}  (${run.seconds.toFixed(1)} s, exit ${run.code})`);
      expect(run.code, `${command}\n${run.output}`).toBe(0);
      if (command === 'npm run check:docs') {
        expect(run.output).toContain('check:docs passed');
        // The page's own sample test ran, found as a changed file.
        expect(run.output).toContain(`tests/samples/${page.name}.spec.ts`);
      }
    }
    expect(readFileSync(path.join(copy, 'build/sitemap.xml'), 'utf8')).toContain(`${route}</loc>`);
  });

  test('the content, layout and budget specs pass unchanged on the build with the new page, and check it', () => {
    const report = path.join(copy, 'walkthrough-report.json');
    // The tests that read the new page: the content specs, those that name it, and those over every doc,
    // route or indexed page. The rest check other routes, or behaviour no page changes, which the main
    // run checks on the same files; here they took two minutes to say nothing about the new page.
    const readTheNewPage = String.raw`content/|${route}(?![\w/-])|every doc|every route|per indexed page`;
    const nameAnotherRoute = String.raw` /(?!${route.slice(1)}(?![\w/-]))[\w/-]*`;
    const run = sh(
      copy,
      `npx playwright test tests/content/pages.spec.ts tests/content/code-samples.spec.ts tests/e2e/docs-layout.spec.ts tests/e2e/budgets.spec.ts --grep '${readTheNewPage}' --grep-invert '${nameAnotherRoute}' --reporter=json`,
      {TEST_SERVER_PORT: '3217', PLAYWRIGHT_JSON_OUTPUT_NAME: report},
    );
    console.log(`proof specs: ${run.seconds.toFixed(1)} s, exit ${run.code}`);
    expect(existsSync(report), run.output).toBe(true);
    const reportText = readFileSync(report, 'utf8');
    // The report is this test's, not the writer's: check:docs below would read it as a changed file.
    rmSync(report);
    type Spec = {title: string; ok: boolean; tests: {results: {error?: {message?: string}}[]}[]};
    type Suite = {title: string; suites?: Suite[]; specs?: Spec[]};
    const {suites, stats} = JSON.parse(reportText) as {
      suites: Suite[];
      stats: {expected: number; unexpected: number; skipped: number};
    };
    const firstError = (spec: Spec) =>
      spec.tests
        .flatMap((t) => t.results)
        .find((r) => r.error?.message)
        ?.error?.message?.split('\n')[0] ?? '';
    const titles = (suite: Suite, file: string): {file: string; title: string; ok: boolean; error: string}[] => [
      ...(suite.specs ?? []).map((spec) => ({file, title: spec.title, ok: spec.ok, error: firstError(spec)})),
      ...(suite.suites ?? []).flatMap((child) => titles(child, file)),
    ];
    const specs = suites.flatMap((suite) => titles(suite, suite.title));
    expect(specs.filter(({ok}) => !ok).map(({file, title, error}) => `${file} › ${title}: ${error}`)).toEqual([]);
    expect(stats.unexpected).toBe(0);
    expect(stats.expected).toBeGreaterThanOrEqual(10);
    // The layout and budget specs checked the new route by name.
    const naming = new Set(specs.filter(({title}) => title.includes(route)).map(({file}) => file));
    expect([...naming].sort()).toEqual(['e2e/budgets.spec.ts', 'e2e/docs-layout.spec.ts']);
  });

  test('check:docs rejects broken front matter, a US spelling, a missing sample file, and code that Prettier, ESLint and the type check reject, each with file, line and fix', () => {
    const planted = readFileSync(path.join(copy, doc), 'utf8');
    writeFileSync(
      path.join(copy, doc),
      planted
        .replace(
          /^description: .*$/m,
          'description: Look up a payment: read its status, the amount still due and its confirmations so far.',
        )
        .replace('tells you whether to fulfil the order', 'tells you the behavior to expect'),
    );
    rmSync(path.join(copy, `examples/api/${page.python}.py`));
    // After the sample's 23 lines: a type error in an unused, unformatted line (no semicolon).
    writeFileSync(
      path.join(copy, `examples/api/${page.name}.ts`),
      `${readFileSync(path.join(copy, `examples/api/${page.name}.ts`), 'utf8')}const left: number = 'over'\n`,
    );
    const run = sh(copy, 'npm run check:docs');
    console.log(`check:docs with three mistakes: ${run.seconds.toFixed(1)} s, exit ${run.code}\n${run.output}`);
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'docs/payments/writer-walkthrough.mdx:5: front matter is not valid YAML: the value of description contains ": " and is not quoted; put the whole value in quotes: description: "…".',
    );
    expect(run.output).toContain(
      'docs/payments/writer-walkthrough.mdx:8: "behavior" is US spelling; write the British "behaviour" (house style), or, if it is code (an API value, a CSS property), put it in backticks.',
    );
    expect(run.output).toContain(
      'docs/payments/writer-walkthrough.mdx:21: sample file examples/api/writer_walkthrough.py does not exist; create it, or fix the path after file= (it starts at the repository root: examples/<folder>/<file>).',
    );
    expect(run.output).toContain(
      'examples/api/writer-walkthrough.ts:1: not formatted as Prettier formats it (npm run lint fails on it); run npx prettier --write examples/api/writer-walkthrough.ts',
    );
    expect(run.output).toContain(
      "examples/api/writer-walkthrough.ts:24: 'left' is assigned a value but never used (ESLint @typescript-eslint/no-unused-vars); fix the code (npm run lint fails on it)",
    );
    expect(run.output).toContain(
      "examples/api/writer-walkthrough.ts:24: Type 'string' is not assignable to type 'number' (TypeScript TS2322); fix the types (npm test's type check fails on it)",
    );
    expect(run.output).toMatch(/Build, links and anchors +NOT RUN/);
    expect(run.output).toContain('check:docs failed');
  });
});
