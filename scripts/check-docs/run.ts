import {spawn} from 'node:child_process';
import path from 'node:path';

export interface Run {
  code: number | null;
  output: string;
}

/** Runs a command in `cwd` without colours, capturing stdout and stderr together. */
export function runCommand(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({code, output}));
  });
}

/** Runs a tool from node_modules/.bin in `root`: see `runCommand`. */
export function runTool(root: string, tool: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runCommand(root, path.join(root, 'node_modules/.bin', tool), args, env);
}
