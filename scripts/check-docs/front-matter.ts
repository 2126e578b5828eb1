import {checkedFiles, checkFrontMatter} from '../check-front-matter';
import type {CheckResult} from './problem';

/** Front matter against its schema (scripts/check-front-matter.ts), broken YAML included. */
export async function checkFrontMatterStep(root: string): Promise<CheckResult> {
  const files = checkedFiles(root);
  const problems = await checkFrontMatter(root);
  return {problems, note: `${files.length} files`};
}
