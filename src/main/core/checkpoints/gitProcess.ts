import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { devNull } from 'node:os';
import { cleanGitEnv, GitFailure, runGit, spawnGit } from '../../common/gitRun';
import { AkiraError } from '../errors';
import { checkpointErrors } from '../../../shared/errors';

/**
 * Runs git (common/gitRun.ts) against the checkpoint store only: always `--git-dir=<store>`, never a
 * work tree of the user's repository, and an environment with every inherited GIT_* variable removed (an inherited
 * GIT_DIR/GIT_INDEX_FILE/GIT_SSL_CAINFO… must never steer the store), the user's global and system
 * config ignored (no `commit.gpgSign`, hooks, fsmonitor or autocrlf can leak in) and a fixed identity.
 */

export interface StoreGit {
  readonly gitDir: string;
  /** Runs `git <args>` to completion; stdout as a Buffer. Non-zero exit → AkiraError('internal'). */
  run(args: string[], opts?: RunOptions): Promise<Buffer>;
  /** Starts a long-lived git process (fast-import, cat-file --batch); the caller owns its streams. */
  spawn(args: string[]): ChildProcessWithoutNullStreams;
}

export interface RunOptions {
  input?: string | Buffer;
  /** Exit codes that are not failures (e.g. 1 for `diff --quiet`). */
  okCodes?: number[];
  cwd?: string;
}

/** The environment for store git processes (see module doc). */
export function storeEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env = cleanGitEnv(base);
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: devNull,
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_AUTHOR_NAME: 'Akira',
    GIT_AUTHOR_EMAIL: 'checkpoints@akira.invalid',
    GIT_COMMITTER_NAME: 'Akira',
    GIT_COMMITTER_EMAIL: 'checkpoints@akira.invalid',
    LC_ALL: 'C',
  });
  return env;
}

export function createStoreGit(gitDir: string, cwd: string): StoreGit {
  const env = storeEnv();
  const head = [`--git-dir=${gitDir}`];
  return {
    gitDir,
    run(args, opts = {}) {
      return runGit([...head, ...args], { cwd: opts.cwd ?? cwd, env, input: opts.input, okCodes: opts.okCodes }).catch((err: unknown) => {
        throw storeGitError(args, err);
      });
    },
    spawn(args) {
      return spawnGit([...head, ...args], { cwd, env });
    },
  };
}

/** A failed store git command as an AkiraError: unavailable when git cannot run, else internal with its stderr. */
function storeGitError(args: string[], err: unknown): unknown {
  if (!(err instanceof GitFailure)) return err;
  if (err.missing) return new AkiraError('unavailable', checkpointErrors.needGit);
  if (!err.started) return new AkiraError('unavailable', checkpointErrors.gitCannotRun(err.stderr));
  return new AkiraError('internal', checkpointErrors.gitFailed(args[0] ?? '', String(err.code ?? 'signal'), err.stderr.trim().slice(0, 2000)));
}

/** Writes to a child's stdin honouring back-pressure. */
export function writeChunk(child: ChildProcessWithoutNullStreams, chunk: string | Buffer): Promise<void> | null {
  if (child.stdin.write(chunk)) return null;
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      child.stdin.off('error', onError);
      resolve();
    };
    const onError = (e: Error) => {
      child.stdin.off('drain', onDrain);
      reject(e);
    };
    child.stdin.once('drain', onDrain);
    child.stdin.once('error', onError);
  });
}

/** Collects a child's stderr and resolves with its exit code. */
export function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  const err: Buffer[] = [];
  child.stderr.on('data', (c: Buffer) => err.push(c));
  return new Promise((resolve) => {
    child.on('error', (e) => resolve({ code: -1, stderr: e.message }));
    child.on('close', (code) => resolve({ code, stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** C-style quoting as git's fast-import and --stdin-paths readers accept it. */
export function quotePath(path: string): string {
  if (!/[\n"\\]/.test(path) && !path.startsWith('"')) return path;
  let out = '"';
  for (const ch of path) {
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else out += ch;
  }
  return `${out}"`;
}
