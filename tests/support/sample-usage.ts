import {appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

/**
 * What the sample tests really run or import from examples/, recorded as it
 * happens, so "every example is run by a sample test" counts runs and not
 * names (a file named only in a comment used to count):
 * - a file a runner starts (runSample, runScript, Receiver.start) is logged by the runner;
 * - a Python process logs every examples/ file it runs or imports
 *   (python-usage/sitecustomize.py, an audit hook);
 * - a test worker logs the examples/ modules it imported (require.cache) when it exits.
 * tests/support/sample-usage-reporter.ts clears the log when a run begins and checks it when the run ends.
 */

const repoRoot = path.resolve(__dirname, '../..');
const examplesDir = path.join(repoRoot, 'examples');
// SAMPLE_USAGE_DIR moves the log, for the reporter's own unit test.
export const usageDir = process.env.SAMPLE_USAGE_DIR ?? path.join(repoRoot, 'tests/.output/sample-usage');
const logFile = path.join(usageDir, `${process.pid}.log`);

/** Records files (paths from the repository root, `examples/…`) as run. */
export function recordUsage(files: string[]): void {
  const examples = files.filter((file) => file.startsWith('examples/'));
  if (examples.length === 0) return;
  mkdirSync(usageDir, {recursive: true});
  appendFileSync(logFile, examples.map((file) => `${file}\n`).join(''));
}

/** What a Python child needs to log its examples/ files itself. */
export function pythonUsageEnv(): Record<string, string> {
  mkdirSync(usageDir, {recursive: true});
  return {
    PYTHONPATH: path.join(__dirname, 'python-usage'),
    SAMPLE_USAGE_LOG: path.join(usageDir, `python-${process.pid}.log`),
    SAMPLE_USAGE_EXAMPLES: examplesDir,
  };
}

/** Every examples/ file this run has recorded. */
export function readUsage(): Set<string> {
  let logs: string[] = [];
  try {
    logs = readdirSync(usageDir);
  } catch {
    return new Set();
  }
  return new Set(logs.flatMap((log) => readFileSync(path.join(usageDir, log), 'utf8').split('\n').filter(Boolean)));
}

export function clearUsage(): void {
  rmSync(usageDir, {recursive: true, force: true});
}

process.once('exit', () => {
  // Keys may carry a loader's query (tsx adds ?namespace=…); the file is what counts.
  const loaded = Object.keys(require.cache)
    .map((key) => key.replace(/\?.*$/, ''))
    .filter((file) => file.startsWith(`${examplesDir}${path.sep}`))
    .map((file) => path.relative(repoRoot, file).split(path.sep).join('/'));
  recordUsage(loaded);
});
