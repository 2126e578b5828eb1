/**
 * How a TypeScript sample runs: under the loader `npx tsx file.ts` gives it, registered
 * in this Node.js itself (`node --import tsx file.ts`). The tsx command starts Node.js
 * twice, once for itself and once for the file: 1 s of CPU a run instead of 0.2 s, over
 * the hundreds of runs of the sample tests. The literal guide tests type `npx tsx`.
 */
export function typeScriptCommand(file: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', file, ...args]];
}
