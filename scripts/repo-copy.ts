import {execFileSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync} from 'node:fs';
import path from 'node:path';

/**
 * Copies the repository's files (tracked, and untracked but not ignored: what a commit of the work
 * would hold) into `copy`, without node_modules, the build or caches, and makes the copy a git
 * repository of one commit: the build dates each doc by its last commit, and fails outside git.
 */
export function copyRepository(repo: string, copy: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: repo})
    .toString()
    .split('\0')
    .filter((file) => file && existsSync(path.join(repo, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), {recursive: true});
    copyFileSync(path.join(repo, file), path.join(copy, file));
  }
  const git = (...args: string[]) => execFileSync('git', args, {cwd: copy, stdio: 'ignore'});
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=Copy', '-c', 'user.email=copy@example.invalid', 'commit', '-q', '-m', 'base');
}
