import {randomInt} from 'node:crypto';

/** A source of test randomness that replays: the same seed gives the same values. */
export interface SeededRandom {
  seed: number;
  /** `length` pseudo-random bytes. */
  bytes(length: number): Uint8Array;
  /** Their lowercase hex, 2 characters a byte. */
  hex(length: number): string;
  /** A whole number from `min` up to, not including, `max`. */
  int(min: number, max: number): number;
  /** An endpoint secret as Coinwharf issues them: whsec_ + base64 of `length` bytes (32 unless told). */
  secret(length?: number): string;
}

/**
 * The seed of this run: `SEED=<n>` in the environment replays an earlier run,
 * otherwise a fresh one. `name` labels the line that prints it, so a failure's
 * output says how to replay it.
 */
export function seededRandom(name: string): SeededRandom {
  const fromEnv = process.env.SEED || undefined;
  if (fromEnv !== undefined && !/^\d+$/.test(fromEnv)) throw new Error(`SEED must be a whole number, not "${fromEnv}"`);
  const seed = fromEnv === undefined ? randomInt(2 ** 32 - 1) : Number(fromEnv) >>> 0;
  console.info(`${name}: random cases from SEED=${seed} (set SEED=${seed} to replay them)`);

  // A 32-bit state advanced by a constant and mixed by multiply-xorshift rounds:
  // small, fast and good enough to vary test inputs (not for secrets).
  let state = seed;
  const next = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
    return (mixed ^ (mixed >>> 16)) >>> 0;
  };
  const bytes = (length: number) => Uint8Array.from({length}, () => next() & 0xff);
  return {
    seed,
    bytes,
    hex: (length) => Buffer.from(bytes(length)).toString('hex'),
    // Ranges here are far below 2^32, so the modulo bias is negligible for test inputs.
    int: (min, max) => min + (next() % (max - min)),
    secret: (length = 32) => `whsec_${Buffer.from(bytes(length)).toString('base64')}`,
  };
}
