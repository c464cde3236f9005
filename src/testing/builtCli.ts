import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * Runs one of the repo's built entry points (`bin/akira.cjs`, `bin/start.cjs`) as a child process,
 * the way a person runs it, collecting its output (it needs `npm run build` first; `npm ci` does it).
 *
 *   const cli = runBuilt('akira.cjs', ['run', '--task', '…'], {cwd, env});
 *   await cli.exited;  cli.stdout()  cli.stderr()  cli.child.kill()
 */

export const repoRoot = resolve(__dirname, '..', '..');

/** The environment a built entry point gets: this one, in English unless a test names a locale (cliLanguage.ts). */
const childEnv = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8', ...env });
export const binPath = (script: string) => join(repoRoot, 'bin', script);

/**
 * The environment of a built entry point run on a terminal (node-pty) as a person runs it: `CI` is cleared, since a
 * CI job's `CI=true` makes `akira run` non-interactive (io.ts isInteractive) and the test is about the person's terminal.
 */
export const terminalEnv = (env: NodeJS.ProcessEnv = {}) => childEnv({ CI: '', ...env }) as Record<string, string>;

export interface BuiltRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runBuilt(script: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): BuiltRun {
  const child = spawn(process.execPath, [binPath(script), ...args], {
    cwd: options.cwd,
    env: childEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  // Resolves once the output is all read ('close'), or shortly after the exit if a grandchild
  // still holds the pipes.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => {
    child.once('close', (code, signal) => r({ code, signal }));
    child.once('exit', (code, signal) => setTimeout(() => r({ code, signal }), 1000).unref());
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

export interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a built entry point to its end with stdin closed (not a terminal), answering its exit code and output. */
export function execBuilt(script: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<ExecResult> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [binPath(script), ...args],
      { cwd: options.cwd, env: childEnv(options.env), maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}
