// Loaded with `node --import` into a Node.js sample a test runs with a fast clock (run-sample.ts,
// clockSpeed): the sample's waits, `sleep()` from node:timers/promises and AbortSignal.timeout(), take
// 1/SAMPLE_CLOCK_SPEED of the time they ask for. The sample's code and what it prints are unchanged,
// so "retrying in 2 s" still reads 2 s; the test divides the gaps it measures by the same speed.
// With SAMPLE_CLOCK_LOG set, each sleep's seconds, as asked for, are noted in that file, a line each.
import {appendFileSync} from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';
import timers from 'node:timers/promises';

const speed = Number(process.env.SAMPLE_CLOCK_SPEED);
if (!(speed > 0))
  throw new Error(`SAMPLE_CLOCK_SPEED must be a positive number, not ${process.env.SAMPLE_CLOCK_SPEED}`);

const sleep = timers.setTimeout;
const log = process.env.SAMPLE_CLOCK_LOG;
timers.setTimeout = (ms, ...rest) => {
  if (log) appendFileSync(log, `${Number(ms) / 1000}\n`);
  return sleep(Number(ms) / speed, ...rest);
};
syncBuiltinESMExports();

const timeout = AbortSignal.timeout.bind(AbortSignal);
AbortSignal.timeout = (ms) => timeout(ms / speed);
