import { simpleGit, type SimpleGit } from 'simple-git';
import { cleanGitEnv } from './cleanGitEnv';

/** A clean environment for read-only git commands. */
export function gitEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env = cleanGitEnv(base);
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
