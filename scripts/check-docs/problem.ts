/** One thing a writer must fix: where it is, and what to do. */
export interface Problem {
  /** Path from the site root, with forward slashes. */
  file: string;
  /** 1-based line. */
  line: number;
  /** What is wrong; how to fix it. */
  message: string;
}

export function formatProblem({file, line, message}: Problem): string {
  return `${file}:${line}: ${message}`;
}

/** One check's outcome: its problems, or a note on what it did (or why it did not run). */
export interface CheckResult {
  problems: Problem[];
  note?: string;
  /** True when the check could not run at all; it counts as failed. */
  skipped?: boolean;
}
