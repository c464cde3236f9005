import { cleanGitEnv, GitFailure, runGit } from '../../common/gitRun';
import { createRepoGitGuard, GUARD_ENV, type RepoGitGuard, type RepoProgramsState, type RepoTrust } from '../../common/repoGitGuard';

/** A clean environment for git commands (status refreshes and the git actions alike). */
export function gitEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env = cleanGitEnv(base);
  // Never take index.lock for a status refresh: it would race the user's own git commands and,
  // because we watch .git/index, make every status trigger another one.
  env.GIT_OPTIONAL_LOCKS = '0';
  // Paths are data, never globs or pathspec magic.
  env.GIT_LITERAL_PATHSPECS = '1';
  env.GIT_TERMINAL_PROMPT = '0';
  return { ...env, ...GUARD_ENV };
}

/** git in one folder of the user's repository (common/gitRun.ts with the environment above). */
export interface Git {
  /** stdout as text (UTF-8); `input` goes to stdin (a patch for `git apply -`). Rejects with GitFailure (see gitErrorText). */
  text(args: string[], input?: string): Promise<string>;
  /** stdout as bytes. */
  bytes(args: string[], input?: string): Promise<Buffer>;
  /** The programs the repository names and whether they are trusted (null outside a repository). */
  programs(): Promise<RepoProgramsState | null>;
}

/** Git processes one instance runs at once (a burst of diffs queues instead of forking dozens). */
const MAX_PROCESSES = 4;

/**
 * git running in `baseDir` with the clean environment, through the repository guard (common/repoGitGuard.ts):
 * no program the repository's own configuration names runs until the user trusts it. Pass one guard to every `Git` of a
 * service (`gitGuard`): it keeps what it read of the repository's configuration per folder, so it is read once.
 */
export function createGit(baseDir: string, guard: RepoGitGuard = gitGuard()): Git {
  const env = gitEnv();
  let running = 0;
  const queue: (() => void)[] = [];
  async function bytes(args: string[], input?: string): Promise<Buffer> {
    if (running >= MAX_PROCESSES) await new Promise<void>((r) => queue.push(r));
    running++;
    try {
      return await runGit(await guard.prepare(baseDir, args), { cwd: baseDir, env, input });
    } finally {
      running--;
      queue.shift()?.();
    }
  }
  return {
    bytes,
    text: async (args, input) => (await bytes(args, input)).toString('utf8'),
    programs: () => guard.programs(baseDir),
  };
}

/** A repository guard with git's clean environment (`trust`: the user's trust in repositories' programs; none: never). */
export function gitGuard(trust?: RepoTrust): RepoGitGuard {
  return createRepoGitGuard(gitEnv(), trust);
}

/** The text of a git failure: what git wrote on stderr. */
export function gitErrorText(err: unknown): string {
  if (err instanceof GitFailure) return err.stderr || err.message;
  return err instanceof Error ? err.message : String(err);
}
