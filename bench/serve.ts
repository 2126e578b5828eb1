// `npm run bench:serve`: wrk against nginx (the production config) and against
// `docusaurus serve`, both on loopback serving the same build, for a doc page,
// a hashed JS asset and a 404. Each run is bounded in time. Writes
// bench/serve-report.md. A benchmark, not a test: nothing here passes or fails
// on speed; it fails only if a server answers wrongly or drops connections.
//   BENCH_SECONDS=10 BENCH_THREADS=2 BENCH_CONNECTIONS=32 npm run bench:serve
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {readdirSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildDir, exited, freePort, startNginx, waitUntilListening} from '../tests/support/nginx-server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const threads = Number(process.env.BENCH_THREADS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const root = path.resolve(__dirname, '..');
const reportFile = path.join(__dirname, 'serve-report.md');

const mainJs = readdirSync(path.join(buildDir, 'assets/js')).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
if (!mainJs) throw new Error('No build/assets/js/main.<hash>.js: run `npm run build` first.');
const targets = [
  {name: 'doc page', path: '/welcome', status: 200},
  {name: 'hashed JS asset', path: `/assets/js/${mainJs}`, status: 200},
  {name: '404', path: '/does-not-exist', status: 404},
];

interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  socketErrors: number;
  unexpectedStatus: number;
}

function wrk(url: string, expectedStatus: number, duration: number): Result {
  const output = execFileSync(
    'wrk',
    [
      `-t${threads}`,
      `-c${connections}`,
      `-d${duration}s`,
      '--timeout',
      '5s',
      '-s',
      path.join(__dirname, 'status.lua'),
      url,
      '--',
      String(expectedStatus),
    ],
    {encoding: 'utf8'},
  );
  const value = (key: string) => {
    const match = new RegExp(`^${key} (\\d+)$`, 'm').exec(output);
    if (!match) throw new Error(`wrk printed no ${key}:\n${output}`);
    return Number(match[1]);
  };
  const requests = value('requests');
  return {
    requests,
    rps: requests / (value('duration_us') / 1e6),
    p50: value('p50_us') / 1000,
    p99: value('p99_us') / 1000,
    socketErrors: value('socket_errors'),
    unexpectedStatus: value('unexpected_status'),
  };
}

async function startDocusaurusServe() {
  const port = await freePort();
  const child = spawn('npx', ['docusaurus', 'serve', '--no-open', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  await waitUntilListening(port, child, () => log);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      process.kill(-child.pid!, 'SIGTERM'); // npx and the server it started
      await exited(child);
    },
  };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main() {
  const load = os.loadavg()[0].toFixed(2);
  const nginx = await startNginx({workerProcesses: 'auto'});
  const embedded = await startDocusaurusServe();
  const rows: string[] = [];
  const ratios: string[] = [];
  let failures = 0;
  try {
    for (const target of targets) {
      const results: Record<string, Result> = {};
      for (const [server, url] of [
        ['nginx', nginx.url],
        ['docusaurus serve', embedded.url],
      ] as const) {
        wrk(`${url}${target.path}`, target.status, 2); // warm-up, not reported
        const result = wrk(`${url}${target.path}`, target.status, seconds);
        results[server] = result;
        failures += result.socketErrors + result.unexpectedStatus;
        rows.push(
          `| ${target.name} | ${server} | ${Math.round(result.rps).toLocaleString('en-US')} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.socketErrors} | ${result.unexpectedStatus} | ${result.requests.toLocaleString('en-US')} |`,
        );
        console.log(
          `${target.name} / ${server}: ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`,
        );
      }
      const ratio = results.nginx.rps / results['docusaurus serve'].rps;
      ratios.push(`| ${target.name} | ${ratio.toFixed(1)}× |`);
    }
  } finally {
    await nginx.stop();
    await embedded.stop();
  }

  const nginxVersion = spawnSync('nginx', ['-v'], {encoding: 'utf8'}).stderr.trim();
  const report = `# Serving benchmark: nginx vs \`docusaurus serve\`

Written by \`npm run bench:serve\` (bench/serve.ts); numbers from one run, not a test.

- When: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${os.cpus().length} CPU cores (${os.cpus()[0]?.model.trim()}), load average ${load} when the run started,
  shared with other builds; wrk, the servers and everything else on the same cores.
- Load: \`wrk -t${threads} -c${connections} -d${seconds}s\` per row after a 2 s warm-up, loopback, HTTP/1.1 keep-alive,
  no \`Accept-Encoding\` (identity bodies from both servers).
- nginx: ${nginxVersion.replace('nginx version: ', '')}, the config \`plugins/deploy/nginx.ts\` generates (all security headers,
  \`worker_processes auto\`), with the access log off. \`docusaurus serve\`: Node ${process.version}, one process.
- Errors: socket errors (connect, read, write, timeout) and responses whose status was not the expected
  one (200, 200, 404).

| Target | Server | Requests/s | p50 latency | p99 latency | Socket errors | Wrong status | Requests |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

Throughput ratio, nginx / \`docusaurus serve\`:

| Target | nginx / embedded |
| --- | ---: |
${ratios.join('\n')}

The JS row moves ${Math.round(statSync(path.join(buildDir, 'assets/js', mainJs!)).size / 1024)} KiB per response (no compression asked for), so both
servers mostly copy bytes there and the gap is smallest. p99 latencies reflect the shared machine
(the load average above) as much as the servers. In production nginx also compresses (brotli or
gzip) and lets browsers keep hashed assets for a year, so most asset requests never reach it.
`;
  writeFileSync(reportFile, report);
  console.log(`Wrote ${path.relative(root, reportFile)}${failures ? `; ${failures} errors` : ', zero errors'}.`);
  if (failures) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
