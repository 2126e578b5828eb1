// The stock Docusaurus site the benchmark compares ours with: the classic
// TypeScript template of create-docusaurus at a pinned version, from the npm
// registry (no other network), installed and built once, then kept under
// ~/.cache/coinwharf-docs/. `docs/intro` of that build is the stock doc page.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const stockVersion = '3.10.2';
/** Its install needs this pin: the template's @docsearch/react range resolves to a version our registry lacks. */
const overrides = {'@docsearch/react': '4.7.0'};
export const stockDocRoute = '/docs/intro';

const cacheDir = path.join(os.homedir(), '.cache', 'coinwharf-docs');
export const stockSiteDir = path.join(cacheDir, `create-docusaurus-${stockVersion}-classic-ts`);
export const stockBuildDir = path.join(stockSiteDir, 'build');

function run(command: string, args: string[], cwd: string): void {
  console.log(`stock site: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {cwd, stdio: ['ignore', 'inherit', 'inherit'], env: process.env});
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${result.status})`);
}

/** The stock site scaffolded and installed, if the cache lacks it. */
export function ensureStockInstall(): void {
  mkdirSync(cacheDir, {recursive: true});
  if (!existsSync(path.join(stockSiteDir, 'package.json'))) {
    const scratch = path.join(cacheDir, `scaffold-${process.pid}`);
    rmSync(scratch, {recursive: true, force: true});
    mkdirSync(scratch);
    run(
      'npx',
      ['--yes', `create-docusaurus@${stockVersion}`, 'site', 'classic', '--typescript', '--skip-install', '-p', 'npm'],
      scratch,
    );
    renameSync(path.join(scratch, 'site'), stockSiteDir);
    rmSync(scratch, {recursive: true, force: true});
  }
  const manifest = path.join(stockSiteDir, 'package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifest, `${JSON.stringify({...pkg, overrides}, null, 2)}\n`);
  if (!existsSync(path.join(stockSiteDir, 'node_modules', '@docusaurus', 'core'))) {
    run('npm', ['install', '--no-audit', '--no-fund'], stockSiteDir);
  }
}

/** The stock site's build folder, scaffolded, installed and built first if the cache lacks it. */
export function ensureStockBuild(): string {
  if (existsSync(path.join(stockBuildDir, 'docs', 'intro', 'index.html'))) return stockBuildDir;
  ensureStockInstall();
  run('npx', ['docusaurus', 'build'], stockSiteDir);
  return stockBuildDir;
}

// `tsx bench/stock.ts install` prepares it without building; `tsx bench/stock.ts` builds it too.
if (require.main === module) {
  if (process.argv[2] === 'install') ensureStockInstall();
  else console.log(ensureStockBuild());
}
