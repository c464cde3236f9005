import { spawn } from 'node:child_process';

/**
 * Runs one checker's program without a shell and collects what it prints.
 *
 *   const r = await runCheckerProcess({file, args, cwd, env, timeoutMs: 60_000, signal});
 *   r.ended → 'exit' | 'timeout' | 'abort' | 'error' (could not start: r.error, e.g. ENOENT)
 *
 * - The program leads a process group of its own (`detached`), so a time-out or an abort kills the whole
 *   group with SIGKILL: the checker and whatever it started (tsc's node, cargo's rustc, a watcher…).
 *   When it ends by itself, what it left running in its group is killed too.
 * - stdout and stderr are kept up to `maxBytes` each (the rest is read and dropped, so the program never
 *   blocks on a full pipe); `stdoutCut`/`stderrCut` say so.
 * - The answer comes when the program has exited and its pipes are closed; a pipe still held open by
 *   something that escaped the group (its own session) is closed 1 s after the exit.
 */

export interface CheckerProcessInput {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
  maxBytes?: number;
}

export interface CheckerProcessResult {
  ended: 'exit' | 'timeout' | 'abort' | 'error';
  exitCode: number | null;
  /** The signal that ended it (ours after a time-out or an abort). */
  exitSignal: string | null;
  error: NodeJS.ErrnoException | null;
  pid: number | null;
  stdout: string;
  stderr: string;
  stdoutCut: boolean;
  stderrCut: boolean;
  durationMs: number;
}

export const MAX_OUTPUT_BYTES = 20 * 1024 * 1024;
const PIPE_GRACE_MS = 1000;

function collector(max: number) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let cut = false;
  return {
    push(chunk: Buffer) {
      if (bytes >= max) {
        cut = true;
        return;
      }
      const room = max - bytes;
      if (chunk.length > room) cut = true;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(kept);
      bytes += kept.length;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
    cut: () => cut,
  };
}

/** SIGKILL to the process group led by `pid` (and to `pid` itself where groups do not exist). */
export function killGroup(pid: number): void {
  try {
    if (process.platform === 'win32') process.kill(pid, 'SIGKILL');
    else process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export function runCheckerProcess(input: CheckerProcessInput): Promise<CheckerProcessResult> {
  const started = performance.now();
  const max = input.maxBytes ?? MAX_OUTPUT_BYTES;
  const out = collector(max);
  const err = collector(max);
  return new Promise((resolve) => {
    if (input.signal?.aborted) {
      resolve({ ended: 'abort', exitCode: null, exitSignal: null, error: null, pid: null, stdout: '', stderr: '', stdoutCut: false, stderrCut: false, durationMs: 0 });
      return;
    }
    let ended: CheckerProcessResult['ended'] = 'exit';
    let startError: NodeJS.ErrnoException | null = null;
    let exitCode: number | null = null;
    let exitSignal: string | null = null;
    let settled = false;
    let graceTimer: NodeJS.Timeout | null = null;

    const child = spawn(input.file, [...input.args], {
      cwd: input.cwd,
      env: input.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
      shell: false,
    });
    const pid = child.pid ?? null;
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => err.push(c));

    const stop = (why: 'timeout' | 'abort') => {
      if (settled || ended !== 'exit' || pid === null) return;
      ended = why;
      killGroup(pid);
    };
    const timer = setTimeout(() => stop('timeout'), input.timeoutMs);
    const onAbort = () => stop('abort');
    input.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      input.signal?.removeEventListener('abort', onAbort);
      resolve({
        ended: startError ? 'error' : ended,
        exitCode,
        exitSignal,
        error: startError,
        pid,
        stdout: out.text(),
        stderr: err.text(),
        stdoutCut: out.cut(),
        stderrCut: err.cut(),
        durationMs: Math.round(performance.now() - started),
      });
    };

    child.on('error', (e: NodeJS.ErrnoException) => {
      // the program could not be started (ENOENT, EACCES…); no 'exit' follows
      if (pid !== null) return;
      startError = e;
      finish();
    });
    child.on('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      // what it left behind in its group goes with it
      if (pid !== null) killGroup(pid);
      graceTimer = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish();
      }, PIPE_GRACE_MS);
    });
    child.on('close', finish);
  });
}
