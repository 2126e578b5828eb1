// markdownlint-cli2 ships no types for its entry point: the part of its API that markdown-lint.ts uses.
declare module 'markdownlint-cli2' {
  export function main(params: Record<string, unknown>): Promise<number>;
}
