// cspell:ignore noediting
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

// Terminals as a reader has them: each a fresh interactive bash in its own tmux
// window (a real terminal: Ctrl+C, a TTY for npm and npx), started with only the
// environment given here. Commands are typed into it key by key; the output is
// what the terminal shows, recorded with `tmux pipe-pane`. The prompt carries the
// last exit status, `[exit 0] $ `, so a test sees a command end as a reader does:
// the prompt comes back.

/** ANSI colours and cursor moves, which programs print to a terminal. */
// eslint-disable-next-line no-control-regex -- escape sequences start with the ESC control character
const ansi = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[()][0-9A-B]|\u001b[=>]|\r/g;
const prompt = /\n\[exit (\d+)\] \$ $/;

/** `value` quoted for sh. */
const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

export interface CommandRun {
  command: string;
  exitCode: number;
  /** What the command printed, without its echoed line, colours or the next prompt. */
  output: string;
}

export class Terminal {
  private offset = 0;
  private constructor(
    private readonly session: TerminalSession,
    readonly name: string,
    private readonly log: string,
  ) {}

  static async open(session: TerminalSession, name: string, log: string): Promise<Terminal> {
    const terminal = new Terminal(session, name, log);
    await terminal.waitForPrompt(15_000);
    terminal.offset = terminal.text().length;
    return terminal;
  }

  /** Everything the terminal has shown, without colours, carriage returns or npx's spinner (it draws over it). */
  text(): string {
    return existsSync(this.log)
      ? readFileSync(this.log, 'utf8')
          .replace(ansi, '')
          .replace(/[\u2800-\u28ff]/g, '')
      : '';
  }

  /** What it has shown since the last command was typed. */
  sinceLastCommand(): string {
    return this.text().slice(this.offset);
  }

  /** The terminal's working directory, as its shell has it. */
  cwd(): string {
    return this.session.tmux(['display-message', '-p', '-t', this.name, '#{pane_current_path}']).trim();
  }

  /** Types `command` and Enter. */
  type(command: string): void {
    this.offset = this.text().length;
    this.session.tmux(['send-keys', '-t', this.name, '-l', command]);
    this.session.tmux(['send-keys', '-t', this.name, 'Enter']);
  }

  /** Types `command` and waits for the prompt to come back. */
  async run(command: string, timeoutMs = 60_000): Promise<CommandRun> {
    this.type(command);
    const exitCode = await this.waitForPrompt(timeoutMs, command);
    const shown = this.sinceLastCommand().replace(prompt, '');
    // The terminal echoes the typed line first.
    const output = shown.slice(shown.indexOf('\n') + 1);
    return {command, exitCode, output};
  }

  /** Waits until the terminal has shown text matching `pattern` since the last command. */
  async waitFor(pattern: RegExp, timeoutMs = 45_000, what = String(pattern)): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const shown = this.sinceLastCommand();
      const match = shown.match(pattern);
      if (match) return match;
      // npx asks before it downloads a package that is not installed; the page never says to answer.
      if (/Ok to proceed\? \(y\)/.test(shown)) throw new Error(`${this.name} waits for an answer:\n${shown}`);
      if (Date.now() > deadline) {
        throw new Error(`${this.name} did not show ${what} in ${timeoutMs} ms. It shows:\n${this.sinceLastCommand()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async waitForPrompt(timeoutMs: number, command = 'the shell'): Promise<number> {
    const match = await this.waitFor(prompt, timeoutMs, `its prompt after ${command}`);
    return Number(match[1]);
  }

  /** Ctrl+C, as a reader stops a running receiver. */
  interrupt(): void {
    this.session.tmux(['send-keys', '-t', this.name, 'C-c']);
  }
}

/** A tmux server of its own, holding one window per terminal. */
export class TerminalSession {
  private readonly socket: string;
  private readonly rcFile: string;
  private readonly terminals = new Map<string, Terminal>();

  /**
   * @param workDir a folder for the session's socket, logs and shell start-up file
   * @param startDir where each new terminal starts (the reader's home)
   * @param env the whole environment of each terminal's shell
   */
  constructor(
    private readonly workDir: string,
    private readonly startDir: string,
    private readonly env: Record<string, string>,
  ) {
    mkdirSync(workDir, {recursive: true});
    this.socket = path.join(workDir, 'tmux.sock');
    this.rcFile = path.join(workDir, 'bashrc');
    // The prompt shows the last command's exit status; nothing else is set.
    writeFileSync(this.rcFile, "PS1='\\n[exit $?] $ '\n");
  }

  tmux(args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, '-f', '/dev/null', ...args], {encoding: 'utf8'});
  }

  /** The terminal called `name` ("terminal 1"), opened on first use. */
  async terminal(name: string): Promise<Terminal> {
    const open = this.terminals.get(name);
    if (open) return open;
    const window = `t${this.terminals.size}`;
    const shell = [
      'exec env -i',
      ...Object.entries(this.env).map(([key, value]) => quote(`${key}=${value}`)),
      `bash --noprofile --rcfile ${quote(this.rcFile)} --noediting -i`,
    ].join(' ');
    const size = ['-x', '250', '-y', '50'];
    if (this.terminals.size === 0) {
      this.tmux(['new-session', '-d', '-s', 'reader', '-n', window, ...size, '-c', this.startDir, shell]);
    } else {
      this.tmux(['new-window', '-d', '-t', 'reader:', '-n', window, '-c', this.startDir, shell]);
    }
    const target = `reader:${window}`;
    const log = path.join(this.workDir, `${window}.log`);
    this.tmux(['pipe-pane', '-t', target, '-o', `cat >> ${quote(log)}`]);
    // The first prompt may have come before the pipe: Enter shows another.
    this.tmux(['send-keys', '-t', target, 'Enter']);
    const terminal = await Terminal.open(this, target, log);
    this.terminals.set(name, terminal);
    return terminal;
  }

  /** Everything each terminal showed, for a failure message. */
  transcript(): string {
    return [...this.terminals]
      .map(([name, terminal]) => `----- ${name} -----\n${terminal.text().slice(-6000)}`)
      .join('\n');
  }

  close(): void {
    try {
      this.tmux(['kill-server']);
    } catch {
      // never started, or already gone
    }
  }
}

/** The machine a reader has: Debian with Node.js 24 on the PATH; nothing of this repository. */
const nodeBin = path.resolve(__dirname, '../../node_modules/node/bin');
export function readerEnvironment(apiBase: string): Record<string, string> {
  const env: Record<string, string> = {
    HOME: process.env.HOME ?? '/root',
    PATH: `${nodeBin}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    // The one substitution: the API is the mock.
    COINWHARF_API_BASE: apiBase,
  };
  // The machine's own network settings (proxies, its certificate authorities), as any program there has them.
  for (const [name, value] of Object.entries(process.env)) {
    if (
      value &&
      /^(https?_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR)|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|PIP_CERT)$/i.test(name)
    ) {
      env[name] = value;
    }
  }
  return env;
}
