import {spawnSync} from 'node:child_process';
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';

// `npm test` (scripts/test.sh) with its test server port taken: it stops at once, naming the port,
// its variable and the fix, before any build or test starts. `npx` and `npm` are stubs here that
// fail loudly, so a check that let the run go on could not start the real suite from this test.

let server: Server;
let port: number;
let stubs: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as {port: number}).port;
  stubs = mkdtempSync(path.join(tmpdir(), 'cw-test-command-'));
  for (const tool of ['npx', 'npm']) {
    writeFileSync(path.join(stubs, tool), `#!/bin/sh\necho "${tool} ran: $*"\nexit 1\n`);
    chmodSync(path.join(stubs, tool), 0o755);
  }
});

afterAll(() => {
  server?.close();
  if (stubs) rmSync(stubs, {recursive: true, force: true});
});

test('npm test with its port taken stops before the build, naming the port, TEST_SERVER_PORT and the fix', () => {
  const started = Date.now();
  const run = spawnSync('bash', ['scripts/test.sh'], {
    encoding: 'utf8',
    // node_modules/.bin first, as npm puts it: the script's Node.js check needs Node 24.
    env: {
      ...process.env,
      TEST_SERVER_PORT: String(port),
      PATH: `${stubs}:${path.resolve('node_modules/.bin')}:${process.env.PATH}`,
    },
    timeout: 30_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(run.status, output).toBe(1);
  expect(output).toContain(
    `Port ${port} on 127.0.0.1 is in use, and the browser tests serve the site there (TEST_SERVER_PORT, default 3210).`,
  );
  expect(output).toContain('pick a free port: TEST_SERVER_PORT=3310 npm test');
  expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  expect(output, 'nothing was built or run').not.toMatch(/npx ran|npm ran|==> Production build/);
  expect(Date.now() - started).toBeLessThan(10_000);
});
