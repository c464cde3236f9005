import { existsSync } from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * The one way main runs git: `git <args>` in a folder with an environment the caller built (always
 * from cleanGitEnv), stdout collected as bytes, a failure carrying git's stderr. Used by the git
 * service (core/git/gitRunner.ts: status, rev-parse, ls-tree, cat-file in the user's repository) and
 * by the checkpoint store (core/checkpoints/gitProcess.ts: plumbing against the store only, plus
 * long-lived processes through `spawnGit`).
 */

/**
 * The environment git runs with, minus what would point it elsewhere or make it interactive: every
 * GIT_* variable (an inherited GIT_DIR or GIT_INDEX_FILE, e.g. when Akira starts from a git hook, would
 * aim git at another repository; GIT_SSL_CAINFO and the like are dropped too: neither the git service
 * nor the store talks to a remote) and the pager/editor/askpass ones. Callers add the GIT_* settings
 * they need (the git service: read-only status; checkpoints: the store's own config).
 */
const DROPPED = new Set(['PAGER', 'EDITOR', 'VISUAL', 'SSH_ASKPASS', 'PREFIX']);

export function cleanGitEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined) continue;
    const upper = key.toUpperCase();
    if (upper.startsWith('GIT_') || DROPPED.has(upper)) continue;
    env[key] = value;
  }
  return env;
}

export interface GitRunOptions {
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin (then closed; nothing: closed at once). */
  input?: string | Buffer;
  /** Exit codes that are not failures (e.g. 1 for `diff --quiet`). */
  okCodes?: number[];
}

/**
 * git could not start (`code` null, `stderr` the reason) or exited with a code that is not ok. `missing`: it could not
 * start because there is no git on the PATH (ENOENT), a known state (common/gitPresence.ts), not a fault.
 */
export class GitFailure extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
    readonly started: boolean,
    readonly missing = false,
  ) {
    super(started ? `git ${gitCommandName(args)} failed (${code ?? 'signal'}): ${stderr.trim().slice(0, 2000)}` : `Cannot run git: ${stderr}`);
    this.name = 'GitFailure';
  }
}

/** The git command of an argument list (after the `-c` pairs that come first). */
export function gitCommandName(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-c') i++;
    else return args[i];
  }
  return '';
}

/** A spawn's ENOENT means no git on the PATH, unless the folder it was to run in is what is missing. */
function notOnPath(err: NodeJS.ErrnoException, cwd: string): boolean {
  return err.code === 'ENOENT' && existsSync(cwd);
}

/** Whether `err` says that git is not installed (no `git` on the PATH). */
export function isGitMissing(err: unknown): boolean {
  return err instanceof GitFailure && err.missing;
}

/** Runs `git <args>` to completion; stdout as a Buffer. Rejects with GitFailure. */
export function runGit(args: readonly string[], opts: GitRunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e: NodeJS.ErrnoException) => reject(new GitFailure(args, null, e.message, false, notOnPath(e, opts.cwd))));
    child.on('close', (code) => {
      if (code === 0 || (code !== null && opts.okCodes?.includes(code))) resolve(out.length === 1 ? out[0] : Buffer.concat(out));
      else reject(new GitFailure(args, code, Buffer.concat(err).toString('utf8'), true));
    });
    child.stdin.on('error', () => undefined); // git may exit without reading its input
    child.stdin.end(opts.input ?? '');
  });
}

/** Starts a long-lived git process (fast-import, cat-file --batch); the caller owns its streams. */
export function spawnGit(args: readonly string[], opts: { cwd: string; env: Record<string, string> }): ChildProcessWithoutNullStreams {
  return spawn('git', args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
}
