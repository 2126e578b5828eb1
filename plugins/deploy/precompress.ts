// Brotli copies of a build's text files, for nginx's brotli_static (plugins/deploy/nginx.ts): each
// `<file>.br` beside its file, at brotli's highest quality. nginx's brotli filter compresses each
// response as it goes out, at a level cheap enough to run per request (5); done once, ahead of time,
// quality 11 makes main.js 104 KB instead of 115 KB, a page's scripts 10% smaller and the quickstart's
// HTML 50 KB instead of 58 KB: on a slow phone's line (Slow 4G), about a tenth of a second less before
// the page can hydrate. Run by `npm run deploy:nginx` and whenever the tests or benchmarks start nginx
// on a folder; a copy newer than its file is kept, so a second run costs a directory walk.
//   tsx plugins/deploy/precompress.ts [build]
import {existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants} from 'node:zlib';
import {buildEntries} from '../built-site';

/** The files nginx compresses (its brotli_types, by extension). */
export const compressibleFile = /\.(html|js|css|svg|json|xml|xsl|txt|md|yaml)$/;

/** Below this, nginx sends a file as it is (its brotli_min_length), so no copy is made. */
export const minimumBytes = 256;

const compress = promisify(brotliCompress);

/** The copy of `data` nginx sends to a client that accepts brotli. */
export const brotliCopy = (data: Buffer) =>
  compress(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });

/** Which of a build's files (paths under `dir`) get a brotli copy, as absolute paths. */
const compressibleOf = (dir: string, files: string[]) =>
  files
    .filter((file) => compressibleFile.test(file))
    .map((file) => path.join(dir, file))
    .filter((file) => statSync(file).size >= minimumBytes);

/**
 * Writes `<file>.br` for every compressible file under `dir` that has no copy at least as new as
 * itself, and removes every other copy (its file gone, or no longer one that gets a copy) and any
 * half-written one. Each copy is written under another name and then renamed, so an nginx serving
 * the folder meanwhile (another test worker's) never reads half a file. Compresses on libuv's
 * threads, all cores at once.
 */
export async function precompress(dir: string): Promise<{written: number; kept: number; removed: number}> {
  const all = buildEntries(dir).files;
  const files = compressibleOf(dir, all);
  // nginx sends `<uri>.br` whenever it is there, whatever became of its file.
  const wanted = new Set(files.map((file) => `${file}.br`));
  const unwanted = all
    .map((file) => path.join(dir, file))
    .filter((file) => (file.endsWith('.br') && !wanted.has(file)) || /\.br\.\d+\.tmp$/.test(file));
  for (const file of unwanted) rmSync(file);
  const stale = files.filter((file) => {
    const copy = `${file}.br`;
    return !existsSync(copy) || statSync(copy).mtimeMs < statSync(file).mtimeMs;
  });
  await Promise.all(
    stale.map(async (file) => {
      const temporary = `${file}.br.${process.pid}.tmp`;
      writeFileSync(temporary, await brotliCopy(readFileSync(file)));
      renameSync(temporary, `${file}.br`);
    }),
  );
  return {written: stale.length, kept: files.length - stale.length, removed: unwanted.length};
}

/** `precompress(dir)` as a command: says what it did, and returns its exit status. */
export function precompressCommand(dir: string, log: (line: string) => void = console.log): Promise<number> {
  return precompress(dir).then(
    ({written, kept, removed}) => {
      log(`Brotli copies in ${dir}: ${written} written, ${kept} up to date, ${removed} removed.`);
      return 0;
    },
    (error: unknown) => {
      log(`Brotli copies in ${dir} not written: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    },
  );
}

// Run as the command (tsx), not when a test imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  void precompressCommand(process.argv[2] ?? 'build').then((status) => (process.exitCode = status));
}
