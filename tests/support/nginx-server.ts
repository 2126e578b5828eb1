// Real nginx (Debian's) serving the production build on loopback, with the
// config plugins/deploy/nginx.ts generates for it, as a plain process with a temporary
// prefix for its pid file and temp paths. Used by the tests and the benchmark.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {nginxConfig} from '../../plugins/deploy/nginx';
import {precompress} from '../../plugins/deploy/precompress';
import {readSite, type Site} from '../../plugins/deploy/site';
import {brand} from '../../src/constants/brand';
import {siteBuildDir} from './site-dirs';
import {acceptsConnection} from './tcp';

export const buildDir = path.resolve(siteBuildDir);

export interface NginxServer {
  url: string;
  site: Site;
  configFile: string;
  prefix: string;
  stop(): Promise<void>;
}

/** What nginx serves: a build folder (ours by default; the benchmark's stock site has its own URL). */
export interface NginxOptions {
  root?: string;
  siteUrl?: string;
  workerProcesses?: number | 'auto';
}

/** Writes the config for a build folder on `port` into a fresh prefix directory. */
export function writeNginxConfig(
  port: number,
  {root = buildDir, siteUrl = brand.siteUrl, workerProcesses = 1}: NginxOptions = {},
) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'coinwharf-nginx-'));
  const site = readSite(root, siteUrl);
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(
    configFile,
    nginxConfig(site, {
      root,
      listen: [`127.0.0.1:${port}`],
      workerProcesses,
      accessLog: 'off',
      // As root, workers would drop to `nobody`, who may not read the checkout.
      user: process.getuid?.() === 0 ? 'root' : undefined,
    }),
  );
  return {prefix, configFile, site};
}

/** Runs `nginx -t` on a config; returns its exit status and output. */
export function testNginxConfig(prefix: string, configFile: string) {
  const result = spawnSync('nginx', ['-t', '-p', `${prefix}/`, '-c', configFile, '-e', 'stderr'], {encoding: 'utf8'});
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function waitUntilListening(port: number, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.spawnfile} exited with ${child.exitCode}:\n${log()}`);
    if (await acceptsConnection('127.0.0.1', port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${child.spawnfile} did not listen on ${port}:\n${log()}`);
}

export async function startNginx(options: NginxOptions = {}): Promise<NginxServer> {
  await precompress(options.root ?? buildDir); // as `npm run deploy:nginx` does before nginx serves a build
  const port = await freePort();
  const {prefix, configFile, site} = writeNginxConfig(port, options);
  const child = spawn('nginx', ['-p', `${prefix}/`, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  try {
    await waitUntilListening(port, child, () => log);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(prefix, {recursive: true, force: true});
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    site,
    configFile,
    prefix,
    async stop() {
      child.kill('SIGTERM'); // nginx's fast shutdown
      await exited(child);
      rmSync(prefix, {recursive: true, force: true});
    },
  };
}
