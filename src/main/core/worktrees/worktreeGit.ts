import { devNull } from 'node:os';
import { cleanGitEnv, GitFailure, gitCommandName, runGit } from '../../common/gitRun';
import { createRepoGitGuard, GUARD_ENV, type RepoTrust } from '../../common/repoGitGuard';
import { AkiraError } from '../errors';
import { specErrors } from '../../../shared/errors';

/**
 * git for the worktree module (common/gitRun.ts): argument arrays, no shell, an environment without any
 * inherited GIT_* variable, every run through the repository guard (common/repoGitGuard.ts: no fsmonitor,
 * filter, merge driver or diff program that the repository's own configuration names, until the user trusts
 * them), and the same few settings on every run:
 *
 * - `core.hooksPath` → the null device: none of the repository's hooks run for Akira's own git operations, trusted
 *   or not (a post-checkout hook on `worktree add`, pre-merge-commit/commit-msg/post-merge on a merge could be slow,
 *   interactive or fail for reasons that are not Akira's);
 * - `core.quotePath=false`, `LC_ALL=C`: file names as they are and messages in one language, so that
 *   the files git lists when it refuses a merge can be read back;
 * - `advice.*` off, `GIT_TERMINAL_PROMPT=0`: never a question.
 *
 * The user's own configuration is otherwise kept (identity, autocrlf, their global filters such as git-lfs): the
 * worktree must be checked out and committed the way the user's git would.
 */

export interface WorktreeGit {
  /** Runs `git <args>` in `cwd`; stdout as bytes. A failure → AkiraError (see gitError). */
  bytes(cwd: string, args: readonly string[], opts?: RunOpts): Promise<Buffer>;
  /** The same, stdout as UTF-8 text. */
  text(cwd: string, args: readonly string[], opts?: RunOpts): Promise<string>;
  /** The same but a failure stays a GitFailure (the caller reads git's stderr and exit code). */
  raw(cwd: string, args: readonly string[], opts?: RunOpts): Promise<Buffer>;
}

export interface RunOpts {
  /** Extra environment (GIT_INDEX_FILE, an identity). */
  env?: Record<string, string>;
  input?: string | Buffer;
  okCodes?: number[];
}

const FIXED_CONFIG = [
  `core.hooksPath=${devNull}`,
  'core.quotePath=false',
  'advice.addEmbeddedRepo=false',
  'advice.detachedHead=false',
  'advice.resolveConflict=false',
  'advice.commitBeforeMerge=false',
];

export function worktreeGitEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { ...cleanGitEnv(base), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', LANGUAGE: 'C', ...GUARD_ENV };
}

export function createWorktreeGit(base: NodeJS.ProcessEnv = process.env, trust?: RepoTrust): WorktreeGit {
  const env = worktreeGitEnv(base);
  const guard = createRepoGitGuard(env, trust);
  const head = FIXED_CONFIG.flatMap((c) => ['-c', c]);
  const raw = async (cwd: string, args: readonly string[], opts: RunOpts = {}) =>
    runGit([...head, ...(await guard.prepare(cwd, args))], { cwd, env: opts.env ? { ...env, ...opts.env } : env, input: opts.input, okCodes: opts.okCodes });
  const bytes = (cwd: string, args: readonly string[], opts?: RunOpts) =>
    raw(cwd, args, opts).catch((err: unknown) => {
      throw gitError(err);
    });
  return { raw, bytes, text: async (cwd, args, opts) => (await bytes(cwd, args, opts)).toString('utf8') };
}

/** git's stderr in plain words: no `fatal:`/`error:`/`hint:` prefixes, hints dropped, one line. */
export function plainGitText(stderr: string): string {
  return stderr
    .split(/\r?\n/)
    .filter((line) => line.trim() && !/^hint:/i.test(line))
    .map((line) => line.replace(/^(fatal|error|warning):\s*/i, '').trim())
    .join(' ')
    .slice(0, 2000);
}

/** A git failure as an AkiraError: `unavailable` when git cannot run, else `internal` with git's words. */
export function gitError(err: unknown): unknown {
  if (!(err instanceof GitFailure)) return err;
  if (err.missing) return new AkiraError('unavailable', specErrors.gitNotInstalled);
  if (!err.started) return new AkiraError('unavailable', specErrors.gitCannotRun(err.stderr));
  return new AkiraError('internal', specErrors.gitFailed(gitCommandName(err.args), plainGitText(err.stderr), String(err.code ?? 'signal')));
}

/** Akira's own identity, for repositories where the user has none configured. */
export const AKIRA_IDENTITY: Record<string, string> = {
  GIT_AUTHOR_NAME: 'Akira',
  GIT_AUTHOR_EMAIL: 'akira@localhost',
  GIT_COMMITTER_NAME: 'Akira',
  GIT_COMMITTER_EMAIL: 'akira@localhost',
};

/**
 * The identity commits are made with in the repository at `cwd`: none added (git uses the user's
 * `user.name`/`user.email`, from any config level) when both are configured, else Akira's.
 */
export async function identityEnv(git: WorktreeGit, cwd: string): Promise<Record<string, string>> {
  const out = await git.text(cwd, ['config', '--get-regexp', '^user\\.(name|email)$'], { okCodes: [1] });
  const keys = new Set(
    out
      .split('\n')
      .map((line) => /^(\S+)\s+\S/.exec(line)?.[1]?.toLowerCase())
      .filter(Boolean),
  );
  return keys.has('user.name') && keys.has('user.email') ? {} : AKIRA_IDENTITY;
}
