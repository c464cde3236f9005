import { simpleGit, type SimpleGit } from 'simple-git';

/**
 * Variables dropped from the environment git runs with: every GIT_* (an inherited GIT_DIR or
 * GIT_INDEX_FILE, e.g. when Akira starts from a git hook, would point git at another repository;
 * this machine's GIT_SSL_CAINFO is harmless but simple-git 4 would refuse it) and the pager/editor
 * ones simple-git 4 refuses unless explicitly allowed.
 */
const DROPPED = new Set(['PAGER', 'EDITOR', 'VISUAL', 'SSH_ASKPASS', 'PREFIX']);

/** A clean environment for read-only git commands. */
export function gitEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined) continue;
    const upper = key.toUpperCase();
    if (upper.startsWith('GIT_') || DROPPED.has(upper)) continue;
    env[key] = value;
  }
  // Never take index.lock for a status refresh: it would race the user's own git commands and,
  // because we watch .git/index, make every status trigger another one.
  env.GIT_OPTIONAL_LOCKS = '0';
  // Paths are data, never globs or pathspec magic.
  env.GIT_LITERAL_PATHSPECS = '1';
  env.GIT_TERMINAL_PROMPT = '0';
  return env;
}

/** The GIT_* variables we set ourselves; simple-git 4 refuses any other GIT_* it is given. */
const OURS = ['GIT_OPTIONAL_LOCKS', 'GIT_LITERAL_PATHSPECS', 'GIT_TERMINAL_PROMPT'];

/** A simple-git instance running in `baseDir` with the clean environment. */
export function createGit(baseDir: string): SimpleGit {
  return simpleGit({ baseDir, maxConcurrentProcesses: 4, trimmed: false, allowEnvironment: OURS }).env(gitEnv());
}

/** The text of a git failure (simple-git puts stderr in the message). */
export function gitErrorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
