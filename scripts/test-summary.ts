/**
 * The closing line of a split `npm test` (scripts/test.sh): the unit tests' counts, then each
 * Playwright part's, from the files their summary reporters wrote, and last "N passed, N failed".
 * A part whose file is missing did not finish: it counts as one failure.
 *
 *   tsx scripts/test-summary.ts 'Browser and build tests=path/to/counts.json' 'Sample tests=…'
 */
import {existsSync, readFileSync} from 'node:fs';
import {type Counts, unitCounts} from '../tests/support/summary-reporter';

const parts: [string, Counts][] = [['Unit tests (Vitest)', unitCounts()]];
for (const arg of process.argv.slice(2)) {
  const [label, file] = arg.split('=');
  if (existsSync(file)) parts.push([label, JSON.parse(readFileSync(file, 'utf8')) as Counts]);
  else {
    console.log(`${label}: did not finish (no ${file})`);
    parts.push([label, {passed: 0, failed: 1, skipped: 0}]);
  }
}
console.log(parts.map(([label, c]) => `${label}: ${c.passed} passed, ${c.failed} failed`).join('; '));
const all = parts.reduce(
  (sum, [, c]) => ({passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped}),
  {passed: 0, failed: 0, skipped: 0},
);
console.log(`${all.passed} passed, ${all.failed} failed${all.skipped ? `, ${all.skipped} skipped` : ''}`);
process.exitCode = all.failed > 0 ? 1 : 0;
