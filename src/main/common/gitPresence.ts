import { tmpdir } from 'node:os';
import { cleanGitEnv, isGitMissing, runGit } from './gitRun';

/**
 * Whether git is installed (README "Git (the Changes view)"): Akira needs it only for the Changes view, worktree
 * sessions and checkpoints. Without it, createCore builds the folder's services anyway: `git.status` answers
 * `gitMissing`, checkpoints are off (checkpoints/gitlessCheckpoints.ts) and worktrees say why not.
 *
 *   const git = await gitPresence();   // {installed: true, version: 'git version 2.43.0'} | {installed: false, version: null}
 *
 * Only a missing program (ENOENT on the PATH) counts as not installed; a git that starts and then fails is installed.
 * One probe per PATH (a git installed while Akira runs is found again after a minute: a negative answer is kept that
 * long, a positive one for good).
 */
export interface GitPresence {
  installed: boolean;
  /** `git --version`'s line when installed. */
  version: string | null;
}

const NEGATIVE_FOR_MS = 60_000;
const probes = new Map<string, { answer: Promise<GitPresence> }>();

export function gitPresence(env: NodeJS.ProcessEnv = process.env): Promise<GitPresence> {
  const key = env.PATH ?? env.Path ?? '';
  const known = probes.get(key);
  if (known) return known.answer;
  const answer = runGit(['--version'], { cwd: tmpdir(), env: cleanGitEnv(env) }).then(
    (out): GitPresence => ({ installed: true, version: out.toString('utf8').trim() || null }),
    (err: unknown): GitPresence => {
      // A git that exists but fails `--version` (a broken install) is still "installed": its own errors say more.
      if (!isGitMissing(err)) return { installed: true, version: null };
      setTimeout(() => probes.get(key)?.answer === answer && probes.delete(key), NEGATIVE_FOR_MS).unref();
      return { installed: false, version: null };
    },
  );
  probes.set(key, { answer });
  return answer;
}
