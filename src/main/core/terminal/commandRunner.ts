import { accessSync, constants } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AkiraError } from '../errors';
import { resolveInside, toRelative } from '../workspace/pathGuard';
import { commandEnv, type CommandEnvOptions } from './commandEnv';
import { sandboxDenials, type SandboxBlock } from './sandboxDenials';
import { createOutputCapture, type CaptureOptions } from './commandOutput';
import type { PtyHost } from './ptyHost';
import type { TerminalOwner } from '../../../shared/contract';
import { terminalErrors } from '../../../shared/errors';
import type { SandboxBlockReason } from '../../../shared/agent/sandboxBlocks';
import type { SandboxGrant } from '../sandbox/sandboxGrants';

/**
 * Runs one command for the agent in a real pty, visible as a Terminal tab (kind `command`, titled with
 * the command), and answers its exit code and output.
 *
 *   const runner = createCommandRunner({ root, host });
 *   const r = await runner.run({ command: 'npm test', cwd: 'packages/a', timeoutSeconds: 120, signal });
 *   // → { exitCode, output, durationMs, timedOut, killed, killedBy, terminalId, cwd, lines, omittedLines, truncated }
 *
 * Why a fresh non-interactive shell per command (`bash -c <command>`, `bash -lc` on macOS as its
 * terminals do) rather than typing into an interactive shell: the exit code is the command's own, the
 * output holds only what the command printed (no prompt, no echo of the typed line, nothing from rc
 * files' PROMPT_COMMAND), no state leaks from one command into the next (`cd`, variables), and the tab
 * shows "exited with code N" when it is done. The tab stays a real terminal: colours, isatty, and a
 * person can answer a prompt in it.
 *
 * - `cwd` is confined to the workspace (pathGuard: `..`, absolute paths and symlinks that leave it are refused).
 * - Output streams live as `terminal.onData` (as for any tab) and is captured in full through the host's
 *   lossless-exit wrapper; the answer strips ANSI and truncates long output in the middle.
 * - Timeout and AbortSignal: SIGTERM to every process group of the command's session (the exit wrapper
 *   survives it, so the tail is still read), SIGKILL after `killGraceMs`. Closing the tab kills it too.
 * - The environment is Akira's without its secrets (commandEnv.ts: keys Akira knows, `AKIRA_*`, variables
 *   named like secrets), but for the variables `environment()` passes through.
 * - `PAGER`/`GIT_PAGER` are `cat`, so `git log` and the like do not wait for a key.
 * - Finished command tabs stay for people to read; the oldest beyond `keepFinished` are closed.
 * - In the OS sandbox (`sandbox`, core/sandbox: issue 26) the command runs inside bubblewrap with the sandbox's
 *   environment; what the sandbox blocked while it ran (connections the proxy refused, writes and reads the output
 *   says were refused) comes back as `blocked`. `outsideSandbox` runs one command without it (an approval of its own).
 */
export interface RunParams {
  command: string;
  /** Workspace-relative (or absolute inside the workspace) folder to run in; default the root. */
  cwd?: string;
  /** Default `defaultTimeoutSeconds`; clamped to 1…`maxTimeoutSeconds`. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
  /** The agent session and TODO it runs for: the tab says so (issue 27 defect 18). */
  owner?: TerminalOwner;
  /** The tab exists: e.g. to link the tool call to it in the UI. */
  onStart?(info: { terminalId: string; pid: number }): void;
  /** Raw output as it arrives (escape sequences included). */
  onOutput?(text: string): void;
  /** Run this one command outside the OS sandbox (the user approved exactly that). */
  outsideSandbox?: boolean;
  /** What the session's user let through the sandbox for it ("allow for this session": core/sandbox/sandboxGrants.ts). */
  grant?: SandboxGrant | null;
}

export interface RunResult {
  /** The command's exit code; 128 + n when signal n ended it (143 after SIGTERM, 137 after SIGKILL). */
  exitCode: number;
  /** ANSI stripped; long output truncated in the middle with "… N lines omitted …". */
  output: string;
  durationMs: number;
  timedOut: boolean;
  /** True when Akira or the user ended it (timeout, abort, or its tab closed). */
  killed: boolean;
  killedBy: 'timeout' | 'abort' | 'user' | null;
  terminalId: string;
  /** Where it ran, workspace-relative ('' for the root). */
  cwd: string;
  /** Lines printed, and lines left out of `output`. */
  lines: number;
  omittedLines: number;
  truncated: boolean;
  /** It ran inside the OS sandbox. */
  sandboxed: boolean;
  /** What the sandbox refused while it ran (empty outside the sandbox). */
  blocked: SandboxBlock[];
}

/** An OS sandbox commands start in (core/sandbox's Sandbox fits). */
export interface CommandSandbox {
  wrap(command: string, opts: { cwd?: string; env?: Record<string, string> }): { file: string; args: string[]; env: Record<string, string>; sandboxed: boolean };
  onBlocked(listener: (blocked: { host: string; port: number; reason: SandboxBlockReason }) => void): () => void;
}

export interface CommandRunnerOptions {
  /** The workspace root (a real path). */
  root: string;
  host: PtyHost;
  defaultTimeoutSeconds?: number;
  maxTimeoutSeconds?: number;
  /** Between SIGTERM and SIGKILL (default 2000). */
  killGraceMs?: number;
  /** Finished command tabs kept open (default 3: older ones close, `terminal.onClosed`, so they do not pile up). */
  keepFinished?: number;
  /** Shape of the captured output (see commandOutput.ts). */
  capture?: CaptureOptions;
  /** The shell that runs commands: `[file, ...args]` to which the command is appended (default bash -c, else sh -c). */
  shell?: string[];
  /** False where no one watches the tabs (the CLI): output is not sent as events until a client attaches. */
  watched?: boolean;
  cols?: number;
  rows?: number;
  /** Extra environment for commands. */
  env?: Record<string, string>;
  /** What commands inherit: Akira's environment (default process.env), scrubbed by commandEnv.ts. */
  inheritEnv?: NodeJS.ProcessEnv;
  /**
   * Asked before each command: the variables to pass through anyway and the keys Akira knows (their values
   * are left out whatever the variable's name). Without it, or when it fails, only names are scrubbed.
   */
  environment?: () => CommandEnvOptions | Promise<CommandEnvOptions>;
  /** The OS sandbox to run commands in, asked before each command (none: commands run as they are). */
  sandbox?: (grant?: SandboxGrant | null) => CommandSandbox | null | Promise<CommandSandbox | null>;
}

export interface CommandRunner {
  run(params: RunParams): Promise<RunResult>;
  /** Commands running now. */
  running(): number;
  /** Kills running commands and waits (bounded) until they ended. */
  dispose(): Promise<void>;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** bash (non-interactive; a login shell on macOS, as its terminals start) or sh; cmd.exe on Windows. */
export function commandShell(platform = process.platform, env = process.env): string[] {
  if (platform === 'win32') return [env.COMSPEC ?? 'cmd.exe', '/d', '/s', '/c'];
  const bash = ['/bin/bash', '/usr/bin/bash', '/usr/local/bin/bash'].find(executable);
  if (bash) return [bash, platform === 'darwin' ? '-lc' : '-c'];
  return ['/bin/sh', '-c'];
}

/** The tab's title: the command's first line, shortened. */
export function commandTitle(command: string): string {
  const lines = command.trim().split(/\r?\n/);
  let title = lines[0].trim();
  if (title.length > 80) title = `${title.slice(0, 79)}…`;
  return lines.length > 1 ? `${title} …` : title;
}

export function createCommandRunner(options: CommandRunnerOptions): CommandRunner {
  const { root, host } = options;
  const defaultTimeout = options.defaultTimeoutSeconds ?? 120;
  const maxTimeout = options.maxTimeoutSeconds ?? 3600;
  const killGraceMs = options.killGraceMs ?? 2000;
  const keepFinished = options.keepFinished ?? 3;
  const shell = options.shell ?? commandShell();
  const active = new Map<string, { stop(reason: 'abort'): void; done: Promise<unknown> }>();
  const finished: string[] = [];
  let disposed = false;

  async function resolveCwd(cwd: string | undefined): Promise<string> {
    const real = await resolveInside(root, cwd?.trim() || '.', { mustExist: true });
    if (!(await stat(real)).isDirectory()) throw new AkiraError('bad_request', terminalErrors.notAFolder(cwd ?? '.'));
    return real;
  }

  /** Closes the oldest finished command tabs beyond `keepFinished`. */
  function retire(terminalId: string) {
    finished.push(terminalId);
    while (finished.length > keepFinished) {
      const oldest = finished.shift()!;
      try {
        host.kill({ terminalId: oldest });
      } catch {
        // the user closed it already
      }
    }
  }

  async function run(params: RunParams): Promise<RunResult> {
    if (disposed) throw new AkiraError('unavailable', terminalErrors.runnerClosing);
    const command = params.command;
    if (typeof command !== 'string' || !command.trim()) throw new AkiraError('bad_request', terminalErrors.emptyCommand);
    if (command.includes('\0')) throw new AkiraError('bad_request', terminalErrors.nulInCommand);
    const cwd = await resolveCwd(params.cwd);
    if (params.signal?.aborted) throw new AkiraError('unavailable', terminalErrors.cancelledBeforeStart);
    const requested = params.timeoutSeconds ?? defaultTimeout;
    const timeoutSeconds = Math.min(Math.max(Number.isFinite(requested) ? requested : defaultTimeout, 1), maxTimeout);
    const envOptions = await Promise.resolve()
      .then(() => options.environment?.() ?? {})
      .catch(() => ({}));
    const scrubbed = commandEnv(options.inheritEnv ?? process.env, envOptions);
    const sandbox = params.outsideSandbox ? null : await options.sandbox?.(params.grant);
    // Mode `required` without a sandbox throws here: nothing runs.
    const attempt = sandbox?.wrap(command, { cwd, env: { PAGER: 'cat', GIT_PAGER: 'cat', ...scrubbed, ...options.env } });
    const wrapped = attempt?.sandboxed ? attempt : null;
    const program = wrapped ? { file: wrapped.file, args: wrapped.args } : { file: shell[0], args: [...shell.slice(1), command] };
    const baseEnv = wrapped ? wrapped.env : scrubbed;
    const sandboxed = wrapped !== null;
    const refused: { host: string; port: number; reason: SandboxBlockReason }[] = [];
    const stopListening = sandboxed ? sandbox!.onBlocked((b) => refused.push(b)) : () => undefined;
    const capture = createOutputCapture(options.capture);
    const started = performance.now();

    let resolveExit!: (code: number) => void;
    const exited = new Promise<number>((resolve) => (resolveExit = resolve));
    const { terminalId, pid } = host.spawn({
      program,
      title: commandTitle(command),
      kind: 'command',
      ...(params.owner ? { owner: params.owner } : {}),
      cwd,
      baseEnv,
      env: wrapped ? {} : { PAGER: 'cat', GIT_PAGER: 'cat', ...options.env },
      cols: options.cols ?? 120,
      rows: options.rows ?? 30,
      survive: ['SIGTERM'],
      unattended: options.watched === false,
      onOutput: (text) => {
        capture.push(text);
        try {
          params.onOutput?.(text);
        } catch {
          // a listener's error is not the command's
        }
      },
      onExit: (code) => resolveExit(code),
    });

    // (an object: TypeScript does not see the callbacks below assign it)
    const end: { killedBy: RunResult['killedBy'] } = { killedBy: null };
    let killTimer: NodeJS.Timeout | null = null;
    const stop = (reason: 'timeout' | 'abort') => {
      if (end.killedBy) return;
      end.killedBy = reason;
      host.signal(terminalId, 'SIGTERM');
      killTimer = setTimeout(() => host.signal(terminalId, 'SIGKILL'), killGraceMs);
    };
    const timer = setTimeout(() => stop('timeout'), timeoutSeconds * 1000);
    const onAbort = () => stop('abort');
    params.signal?.addEventListener('abort', onAbort, { once: true });
    active.set(terminalId, { stop, done: exited });
    try {
      params.onStart?.({ terminalId, pid });
    } catch {
      // a listener's error is not the command's
    }

    const exitCode = await exited;
    stopListening();
    clearTimeout(timer);
    if (killTimer) clearTimeout(killTimer);
    params.signal?.removeEventListener('abort', onAbort);
    active.delete(terminalId);
    // A tab closed by the user is no longer listed (its process got SIGHUP).
    if (!end.killedBy && !host.list().terminals.some((t) => t.terminalId === terminalId)) end.killedBy = 'user';
    else retire(terminalId);
    const { killedBy } = end;
    const out = capture.finish();
    return {
      exitCode,
      output: out.text,
      durationMs: Math.round(performance.now() - started),
      timedOut: killedBy === 'timeout',
      killed: killedBy !== null,
      killedBy,
      terminalId,
      cwd: toRelative(root, cwd),
      lines: out.lines,
      omittedLines: out.omittedLines,
      truncated: out.truncated,
      sandboxed,
      blocked: sandboxed ? [...refused.map((b) => ({ kind: 'network' as const, host: b.host, port: b.port, reason: b.reason })), ...sandboxDenials(out.text, { root })] : [],
    };
  }

  return {
    run,
    running: () => active.size,
    async dispose() {
      disposed = true;
      const all = [...active.values()];
      for (const a of all) a.stop('abort');
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, killGraceMs + 2000)));
      await Promise.race([Promise.all(all.map((a) => a.done)), bound]);
      clearTimeout(timer);
    },
  };
}
