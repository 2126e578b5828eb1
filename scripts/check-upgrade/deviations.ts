import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {patchFiles} from '../../plugins/upstream-patches';
/** One place where the site runs its own code instead of upstream's, and the upstream files it stands in for. */
export interface Deviation {
  kind: 'wrapper' | 'ejected';
  /** Our file, from the repository root. */
  ours: string;
  /** The upstream package, and its files (from the package's folder) that our file wraps, copies or replaces. */
  package: string;
  candidates: string[];
}

/** The packages the register names, and where each keeps its theme components. */
const themes: Record<string, {package: string; folder: string}> = {
  'theme-classic': {package: '@docusaurus/theme-classic', folder: 'lib/theme'},
  'core fallback': {package: '@docusaurus/core', folder: 'lib/client/theme-fallback'},
  'search-local': {package: '@easyops-cn/docusaurus-search-local', folder: 'dist/client/client/theme'},
  'theme-mermaid': {package: '@docusaurus/theme-mermaid', folder: 'lib/theme'},
};

/**
 * The swizzle register, src/theme/README.md: each row's file and the upstream component it names
 * ("theme-classic `DocItem/Footer`"). Rows after the "Ejected" line are ejected copies; rows whose
 * file is under plugins/ are components our plugins ship (their paths are from the repository root).
 */
export function swizzlesOf(register: string): Deviation[] {
  const found: Deviation[] = [];
  let kind: Deviation['kind'] = 'wrapper';
  for (const line of register.split('\n')) {
    if (line.startsWith('Ejected')) kind = 'ejected';
    if (line.startsWith('Local plugins')) kind = 'wrapper';
    const row = /^\| `([^`]+)`[^|]*\| ([\w -]+?) `([^`]+)` \|/.exec(line);
    if (!row) continue;
    const [, file, theme, component] = row;
    const where = themes[theme];
    if (!where)
      throw new Error(
        `src/theme/README.md names an unknown theme "${theme}": add it to scripts/check-upgrade/deviations.ts`,
      );
    found.push({
      kind,
      ours: file.startsWith('plugins/') ? file : `src/theme/${file}`,
      package: where.package,
      candidates: [
        `${where.folder}/${component}/index.js`,
        `${where.folder}/${component}/index.jsx`,
        `${where.folder}/${component}.js`,
      ],
    });
  }
  return found;
}

/** Every swizzle of the register, src/theme/README.md. */
export function deviations(repo: string): Deviation[] {
  return swizzlesOf(readFileSync(path.join(repo, 'src/theme/README.md'), 'utf8'));
}

/** A patch of patches/, which patch-package applies after every install. */
export interface Patch {
  /** Its file, from the repository root. */
  file: string;
  /** The package and the version it was made for, from its name (`@docusaurus+core+3.10.2.patch`). */
  package: string;
  version: string;
  /** The files it changes, from the package's folder. */
  files: string[];
}

/** A patch's package, version and files, from its file name and text. */
export function patchOf(name: string, text: string): Patch {
  const named = /^(.+)\+([^+]+)\.patch$/.exec(name);
  if (!named) throw new Error(`patches/${name} is not named <package>+<version>.patch, as patch-package names it`);
  const packageName = named[1].replaceAll('+', '/');
  const prefix = `a/node_modules/${packageName}/`;
  const files = [...text.matchAll(/^diff --git (\S+) /gm)]
    .map(([, file]) => file)
    .filter((file) => file.startsWith(prefix))
    .map((file) => file.slice(prefix.length));
  return {file: `patches/${name}`, package: packageName, version: named[2], files};
}

/** Every patch of the repository's patches/ folder. */
export const patchesOf = (repo: string): Patch[] =>
  patchFiles(repo).map((file) => patchOf(path.basename(file), readFileSync(file, 'utf8')));

export type UpstreamState = 'unchanged' | 'changed' | 'gone';

/** The deviation's upstream file in a node_modules folder, if the package has one of its candidates. */
export function upstreamFile(nodeModules: string, deviation: Deviation): string | undefined {
  return deviation.candidates
    .map((candidate) => path.join(nodeModules, deviation.package, candidate))
    .find((file) => existsSync(file));
}

/**
 * What a deviation stands in for, given its upstream file: for a component's `index.js`, its folder
 * (search-local's `SearchBar/index.jsx` only re-exports `SearchBar.jsx` beside it); else the file.
 */
export const upstreamUnit = (file: string): string => (/[\\/]index\.jsx?$/.test(file) ? path.dirname(file) : file);

/** The text of an upstream unit (see `upstreamUnit`): a folder's files, sub-folders and source maps left out. */
function upstreamText(file: string): string {
  const unit = upstreamUnit(file);
  if (unit === file) return readFileSync(file, 'utf8');
  return readdirSync(unit)
    .filter((name) => !/\.(map|d\.ts)$/.test(name) && statSync(path.join(unit, name)).isFile())
    .sort()
    .map((name) => `${name}\n${readFileSync(path.join(unit, name), 'utf8')}`)
    .join('\n');
}

/** Whether the upstream file a deviation stands in for is the same in two installs, another, or no more. */
export function compareUpstream(before: string, after: string, deviation: Deviation): UpstreamState {
  const old = upstreamFile(before, deviation);
  const current = upstreamFile(after, deviation);
  if (!current) return 'gone';
  if (!old) return 'changed';
  return upstreamText(old) === upstreamText(current) ? 'unchanged' : 'changed';
}
