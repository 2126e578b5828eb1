/** The pure parts of the upgrade drill: which version, what to install, and who a failure names. */
import path from 'node:path';

/** The newest release of a major line on the registry: no canary, alpha, beta or release candidate. */
export function newestRelease(versions: string[], major: number): string | undefined {
  const releases = versions
    .filter((version) => /^\d+\.\d+\.\d+$/.test(version) && Number(version.split('.')[0]) === major)
    .map((version) => ({version, parts: version.split('.').map(Number)}));
  releases.sort((a, b) => a.parts[0] - b.parts[0] || a.parts[1] - b.parts[1] || a.parts[2] - b.parts[2]);
  return releases.at(-1)?.version;
}

export interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  [key: string]: unknown;
}

/** The manifest with every `@docusaurus/*` dependency at `version`, and the names moved. */
export function withDocusaurusAt(manifest: PackageJson, version: string): {manifest: PackageJson; moved: string[]} {
  const moved: string[] = [];
  const move = (deps: Record<string, string> | undefined) =>
    deps &&
    Object.fromEntries(
      Object.entries(deps).map(([name, range]) => {
        if (!name.startsWith('@docusaurus/')) return [name, range];
        moved.push(name);
        return [name, version];
      }),
    );
  return {
    manifest: {...manifest, dependencies: move(manifest.dependencies), devDependencies: move(manifest.devDependencies)},
    moved: moved.sort(),
  };
}

/** Our files a log names (a stack frame, a module path, an error's location), each once, in order. */
export function ourFilesIn(log: string): string[] {
  const found = log.matchAll(
    /(?<![\w/.-]node_modules\/)(?<![\w-])((?:src|plugins|scripts|docs|changelog|api)\/[\w@./-]+\.(?:tsx?|mdx?|css|ya?ml|json)|docusaurus\.config\.ts|sidebars\.ts)\b/g,
  );
  return [...new Set([...found].map(([, file]) => file))];
}

/** Packages other than Docusaurus's own a log's paths go through, each once, in order. */
export function thirdPartyIn(log: string): string[] {
  const found = [...log.matchAll(/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//g)].map(([, name]) => name);
  // The bundler, the compiler and the schema library sit under every error: they name no culprit.
  const infrastructure =
    /^(@docusaurus\/|@rspack\/|webpack$|@swc\/|@babel\/|joi$|@hapi\/|@sideway\/|react-dom$|react$)/;
  return [...new Set(found.filter((name) => !infrastructure.test(name)))];
}

/** The lines of a log that say what went wrong, at most `limit`: errors first, else its last lines. */
export function errorLines(log: string, limit = 12): string[] {
  const lines = log.split('\n').map((line) => line.trimEnd());
  const errors = lines.filter((line) =>
    /\b(error|Error|ERR!|ERESOLVE|failed|Cannot|not recognized|not found)\b/.test(line),
  );
  return (errors.length > 0 ? errors : lines.filter(Boolean).slice(-limit)).slice(0, limit);
}

/** A third-party package whose own `@docusaurus/*` ranges leave out the version the drill moves to. */
export interface Holdout {
  name: string;
  /** Its `@docusaurus/*` dependencies and peer dependencies, with the ranges it declares. */
  ranges: Record<string, string>;
}

/** Whether an npm range (`^2 || ^3`, `>=3.5`, `3.x`) can take a version of `major`: each alternative's lowest bound. */
export function rangeTakesMajor(range: string, major: number): boolean {
  return range.split('||').some((alternative) => {
    const bound = /^\s*(\^|~|>=|>)?\s*v?(\d+|\*|x)/.exec(alternative);
    if (!bound || bound[2] === '*' || bound[2] === 'x') return true;
    const lowest = Number(bound[2]);
    return bound[1] === '>=' || bound[1] === '>' ? lowest <= major : lowest === major;
  });
}

/**
 * The third-party packages of a lockfile (npm's `packages` map) that depend on `@docusaurus/*`
 * packages by ranges that leave out `major`: an upgrade installs Docusaurus twice for them.
 */
export function holdouts(
  lock: {packages: Record<string, {dependencies?: Record<string, string>; peerDependencies?: Record<string, string>}>},
  major: number,
): Holdout[] {
  return Object.entries(lock.packages)
    .filter(([location]) => location.startsWith('node_modules/') && !location.includes('@docusaurus/'))
    .map(([location, entry]) => ({
      name: location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length),
      ranges: Object.fromEntries(
        Object.entries({...entry.dependencies, ...entry.peerDependencies}).filter(
          ([dependency, range]) => dependency.startsWith('@docusaurus/') && !rangeTakesMajor(range, major),
        ),
      ),
    }))
    .filter(({ranges}) => Object.keys(ranges).length > 0);
}

/** npm `overrides` that give each holdout's `@docusaurus/*` dependencies `version`, added to the manifest's own. */
export function forcedOverrides(manifest: PackageJson, found: Holdout[], version: string): PackageJson {
  const overrides = {...(manifest.overrides as Record<string, unknown> | undefined)};
  for (const {name, ranges} of found) {
    overrides[name] = Object.fromEntries(Object.keys(ranges).map((dependency) => [dependency, version]));
  }
  return {...manifest, overrides};
}

type PlaywrightSuite = {specs?: {title: string; ok: boolean; file: string}[]; suites?: PlaywrightSuite[]};
type VitestFile = {name: string; assertionResults: {status: string; fullName: string}[]};

/**
 * The failed tests of a Playwright or Vitest JSON report, as `file › title`; Vitest's absolute file
 * paths are made relative to `root`, the copy the tests ran in.
 */
export function failedTests(report: unknown, root: string): string[] {
  const failed: string[] = [];
  const {testResults} = report as {testResults?: VitestFile[]};
  if (testResults) {
    for (const file of testResults) {
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failed.push(`${path.relative(root, file.name)} › ${test.fullName}`);
      }
    }
    return failed;
  }
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) if (!spec.ok) failed.push(`${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (report as {suites?: PlaywrightSuite[]}).suites ?? []) walk(suite);
  return failed;
}
