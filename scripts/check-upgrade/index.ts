/**
 * `npm run check:upgrade [-- <version>]`: the Docusaurus upgrade drill. In a temporary copy of the
 * repository, every `@docusaurus/*` package moves to <version> (default: the newest 3.x release on
 * the registry); then install, build, unit tests and a smoke subset of the browser tests run, and
 * the report says which of our deviations from upstream (src/theme/README.md's swizzles, the
 * patches of patches/) and which plugins an upgrade touches or breaks, each with its file.
 * Nothing in this repository changes; the copy and its logs stay for reading.
 *
 *   npm run check:upgrade                          # the newest 3.x
 *   npm run check:upgrade -- 4.0.0-canary-6808     # a canary
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {runCommand} from '../check-docs/run';
import {copyRepository} from '../repo-copy';
import {
  compareUpstream,
  deviations,
  patchesOf,
  upstreamFile,
  upstreamUnit,
  type Deviation,
  type Patch,
  type UpstreamState,
} from './deviations';
import {
  errorLines,
  failedTests,
  forcedOverrides,
  holdouts,
  newestRelease,
  ourFilesIn,
  thirdPartyIn,
  withDocusaurusAt,
  type PackageJson,
} from './findings';

const repo = path.resolve(__dirname, '../..');
/** The browser specs of the smoke run: routes and the error screens, the navbar, colour mode and the code tabs. */
const smokeSpecs = [
  'tests/e2e/routes.spec.ts',
  'tests/e2e/navbar.spec.ts',
  'tests/e2e/color-mode.spec.ts',
  'tests/e2e/code-tabs.spec.ts',
];

interface Step {
  name: string;
  ok: boolean;
  seconds: number;
  log: string;
  file: string;
}

async function run(
  copy: string,
  logs: string,
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Step> {
  const file = path.join(logs, `${name.toLowerCase().replaceAll(' ', '-')}.log`);
  const started = Date.now();
  process.stdout.write(`==> ${name}: ${command} ${args.join(' ')}\n`);
  const {code, output: log} = await runCommand(copy, command, args, {CI: 'true', ...env});
  writeFileSync(file, log);
  const step = {name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000), log, file};
  process.stdout.write(`    ${step.ok ? 'passed' : 'FAILED'} in ${step.seconds} s (log: ${file})\n`);
  return step;
}

function targetVersion(): string {
  const given = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (given) return given;
  const versions = JSON.parse(
    execFileSync('npm', ['view', '@docusaurus/core', 'versions', '--json'], {cwd: repo, encoding: 'utf8'}),
  ) as string[];
  const newest = newestRelease(versions, 3);
  if (!newest) throw new Error('The registry lists no 3.x release of @docusaurus/core.');
  return newest;
}

/**
 * Upstream's change to what a deviation stands in for, as a diff file in the logs: the component's
 * folder (or its one file) in today's install against the copy's.
 */
function writeUpstreamDiff(deviation: Deviation, copy: string, logs: string): string | undefined {
  const before = upstreamFile(path.join(repo, 'node_modules'), deviation);
  const after = upstreamFile(path.join(copy, 'node_modules'), deviation);
  if (!before || !after) return undefined;
  const file = path.join(logs, 'upstream', `${deviation.ours.replaceAll('/', '__')}.diff`);
  mkdirSync(path.dirname(file), {recursive: true});
  // Exit status 1 means "they differ", which is the case here.
  const diff = spawnSync('git', ['diff', '--no-index', '--no-color', upstreamUnit(before), upstreamUnit(after)], {
    encoding: 'utf8',
  });
  writeFileSync(file, diff.stdout);
  return file;
}

function describeDeviation(deviation: Deviation, state: UpstreamState, copy: string, logs: string): string {
  const upstream = upstreamFile(path.join(copy, 'node_modules'), deviation);
  const where = upstream ? path.relative(path.join(copy, 'node_modules'), upstream) : deviation.package;
  const diff = state === 'changed' ? writeUpstreamDiff(deviation, copy, logs) : undefined;
  const advice: Record<UpstreamState, string> = {
    unchanged: 'unchanged upstream',
    changed:
      deviation.kind === 'wrapper'
        ? 'changed upstream: the wrapper still renders it; read the change for props or internals it relies on'
        : 'changed upstream: our copy lacks the change; compare and port it',
    gone: 'GONE upstream: the file no longer exists; the swizzle or replacement must be redone',
  };
  return `  ${deviation.ours} (${deviation.kind} of ${where}): ${advice[state]}${diff ? ` (diff: ${diff})` : ''}`;
}

type PatchState = 'applies' | 'applies to another version' | 'fails';

/**
 * Applies one patch in the copy, alone (patch-package applies a folder's patches: each gets its
 * own), and tells whether it applied, to the version it was made for or to another.
 */
async function applyPatch(patch: Patch, copy: string, logs: string): Promise<{state: PatchState; log: string}> {
  const name = path.basename(patch.file, '.patch');
  const folder = path.join('upgrade-logs', 'patches', name);
  mkdirSync(path.join(copy, folder), {recursive: true});
  copyFileSync(path.join(copy, patch.file), path.join(copy, folder, path.basename(patch.file)));
  const {code, output} = await runCommand(copy, 'npx', ['patch-package', '--patch-dir', folder, '--error-on-fail'], {
    CI: 'true',
  });
  const log = path.join(logs, `patch-${name.replaceAll('/', '_')}.log`);
  writeFileSync(log, output);
  const manifest = path.join(copy, 'node_modules', patch.package, 'package.json');
  const installed = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as {version: string}).version
    : '';
  const state: PatchState =
    code !== 0 ? 'fails' : installed === patch.version ? 'applies' : 'applies to another version';
  return {state, log};
}

function describePatch(patch: Patch, state: PatchState, log: string, version: string): string {
  const what = `${patch.file} (patch of ${patch.package}: ${patch.files.join(', ')})`;
  const readme = patch.file.replace(/\.patch$/, '.md');
  const advice: Record<PatchState, string> = {
    applies: 'applies',
    'applies to another version': `applies to ${version}, though made for ${patch.version}: once the tests pass, \`npx patch-package ${patch.package}\` renames it (npm ci fails until then)`,
    fails: `FAILS to apply on ${version}: read upstream's change, port ours (${readme} says what it does and why) and make the patch again (log: ${log})`,
  };
  return `  ${what}: ${advice[state]}`;
}

async function main(): Promise<void> {
  const version = targetVersion();
  const copy = mkdtempSync(path.join(tmpdir(), `cw-upgrade-${version}-`));
  const logs = path.join(copy, 'upgrade-logs');
  mkdirSync(logs);
  console.log(`Upgrade drill: @docusaurus/* to ${version}, in ${copy}`);
  copyRepository(repo, copy);
  const manifestFile = path.join(copy, 'package.json');
  const {manifest, moved} = withDocusaurusAt(JSON.parse(readFileSync(manifestFile, 'utf8')) as PackageJson, version);
  console.log(`Moved: ${moved.join(', ')}`);
  // A plugin that declares Docusaurus 3 as its own dependency would bring a second Docusaurus (and a
  // second schema library) beside the new one: its dependencies are forced to the version too, to see
  // what breaks past it, and it is reported as what stands in the way.
  const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as Parameters<typeof holdouts>[0];
  const heldOut = holdouts(lock, Number(version.split('.')[0]));
  for (const {name, ranges} of heldOut) {
    console.log(
      `Forced: ${name} declares ${Object.entries(ranges)
        .map(([dependency, range]) => `${dependency} ${range}`)
        .join(', ')}; given ${version} by npm overrides`,
    );
  }
  // The patches are applied one by one after the install, to report each, not by the install's
  // postinstall, which stops at the first that fails: the install runs without it, and the
  // manifest gets it back after (its tests read it).
  const moving = forcedOverrides(manifest, heldOut, version);
  const withoutPostinstall = {...moving, scripts: {...moving.scripts}};
  delete withoutPostinstall.scripts.postinstall;
  const writeManifest = (json: PackageJson) => writeFileSync(manifestFile, `${JSON.stringify(json, null, 2)}\n`);
  writeManifest(withoutPostinstall);

  const steps: Step[] = [];
  // Its own log level: under `npm run --silent` npm passes `silent` down, and the log would lack ERESOLVE.
  const npmInstall = ['install', '--no-audit', '--no-fund', '--loglevel=warn'];
  let install = await run(copy, logs, 'Install', 'npm', npmInstall);
  steps.push(install);
  // A plugin whose peer range stops at 3.x refuses the install; the drill goes on without the check,
  // to find what else breaks, and reports the refusal.
  if (!install.ok && /ERESOLVE/.test(install.log)) {
    install = await run(copy, logs, 'Install without peer checks', 'npm', [...npmInstall, '--legacy-peer-deps']);
    steps.push(install);
  }
  writeManifest(moving);
  const nodeModules = path.join(copy, 'node_modules');
  const upstream = install.ok
    ? deviations(repo).map((deviation) => ({
        deviation,
        state: compareUpstream(path.join(repo, 'node_modules'), nodeModules, deviation),
      }))
    : [];
  const patched: {patch: Patch; state: PatchState; log: string}[] = [];
  if (install.ok) {
    for (const patch of patchesOf(copy)) patched.push({patch, ...(await applyPatch(patch, copy, logs))});
  }
  const build = install.ok ? await run(copy, logs, 'Build', 'npx', ['docusaurus', 'build']) : undefined;
  const unitReport = path.join(logs, 'unit.json');
  const unit = install.ok
    ? await run(copy, logs, 'Unit tests', 'npx', [
        'vitest',
        'run',
        '--reporter=json',
        `--outputFile.json=${unitReport}`,
      ])
    : undefined;
  const smokeReport = path.join(logs, 'smoke.json');
  const smoke = build?.ok
    ? await run(copy, logs, 'Browser smoke tests', 'npx', ['playwright', 'test', ...smokeSpecs, '--reporter=json'], {
        TEST_SERVER_PORT: process.env.TEST_SERVER_PORT ?? '3219',
        PLAYWRIGHT_JSON_OUTPUT_NAME: smokeReport,
      })
    : undefined;
  for (const step of [build, unit, smoke]) if (step) steps.push(step);

  console.log(`\nUpgrade drill report: @docusaurus/* ${version} (logs in ${logs})`);
  for (const {name} of heldOut)
    console.log(`  ${name.padEnd(28)} HOLDS OUT: its Docusaurus ranges leave out ${version}`);
  for (const step of steps)
    console.log(`  ${step.name.padEnd(28)} ${step.ok ? 'passed' : 'FAILED'}  ${step.seconds} s`);
  if (!build) console.log('  Build, unit and browser tests  not run: the install failed');
  else if (!smoke) console.log('  Browser smoke tests           not run: the build failed');

  console.log('\nDeviations from upstream (the swizzles of src/theme/README.md):');
  if (upstream.length === 0) console.log('  not compared: the install failed');
  for (const {deviation, state} of upstream) console.log(describeDeviation(deviation, state, copy, logs));
  console.log('\nPatches (patches/):');
  if (patched.length === 0) console.log('  not applied: the install failed');
  for (const {patch, state, log} of patched) console.log(describePatch(patch, state, log, version));

  const failedSteps = steps.filter((step) => !step.ok);
  for (const step of failedSteps) {
    console.log(`\n${step.name} failed. What it said:`);
    for (const line of errorLines(step.log)) console.log(`  ${line.slice(0, 300)}`);
    const ours = ourFilesIn(step.log);
    if (ours.length > 0) console.log(`  Our files it names: ${ours.join(', ')}`);
    const others = thirdPartyIn(step.log);
    if (others.length > 0) console.log(`  Third-party packages it names: ${others.join(', ')}`);
  }
  for (const [step, report] of [
    [unit, unitReport],
    [smoke, smokeReport],
  ] as const) {
    if (!step || step.ok) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      continue;
    }
    const failed = failedTests(parsed, copy);
    if (failed.length > 0) console.log(`\n${step.name}, failed tests:\n${failed.map((t) => `  ${t}`).join('\n')}`);
  }
  const broken =
    upstream.filter(({state}) => state === 'gone').length +
    patched.filter(({state}) => state === 'fails').length +
    heldOut.length;
  console.log(
    failedSteps.length === 0 && broken === 0
      ? `\ncheck:upgrade passed: the site installs, builds and passes its unit and smoke tests on ${version}.`
      : `\ncheck:upgrade failed on ${version}: ${failedSteps.length} failed steps, ${broken} deviations gone upstream, patches failing or plugins holding out.`,
  );
  process.exitCode = failedSteps.length === 0 && broken === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
