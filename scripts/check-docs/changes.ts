import {execFileSync} from 'node:child_process';

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
  } catch {
    return undefined;
  }
}

/**
 * The files a writer has changed: uncommitted and untracked ones, and those changed by commits not
 * yet on the upstream branch (origin/main on a clone of main). Undefined outside a git checkout.
 */
export function changedFiles(root: string): Set<string> | undefined {
  const status = git(root, ['status', '--porcelain', '--untracked-files=all', '--no-renames']);
  if (status === undefined) return undefined;
  const files = status
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3).replace(/^"|"$/g, ''));
  const upstream = git(root, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'])?.trim();
  const base = upstream ? git(root, ['merge-base', 'HEAD', upstream])?.trim() : undefined;
  if (base) files.push(...(git(root, ['diff', '--name-only', `${base}..HEAD`]) ?? '').split('\n').filter(Boolean));
  return new Set(files);
}
