import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm, stat, utimes } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import type { WorktreeGit } from './worktreeGit';

/**
 * A work tree's files as a git tree, the way `git add -A` sees them (tracked changes, deletions and
 * untracked files that are not ignored), written through a TEMPORARY index: the work tree's own index,
 * its stash list, HEAD and files are never written. The temporary index starts as a copy of the real
 * one, so git reuses its stat data and hashes only the files that changed (no full re-hash of a 20k-file
 * tree); without a real index it starts empty.
 *
 * Akira's bookkeeping in the workspace stays out (see BOOKKEEPING).
 */

/**
 * Folders of the workspace's `.akira/` that are Akira's runtime records, not the project: session logs,
 * checkpoint notes, the watcher's cookies, and the `.akira/.gitignore` Akira writes for them (common/akiraGitignore.ts:
 * the user's tree has its own; a copy on the branch would make the merge refuse to overwrite it). `.akira/settings.json`, `modes/`,
 * `specs/`, `rules/` belong to the project and are kept.
 */
export const BOOKKEEPING = ['.akira/sessions', '.akira/checkpoints', '.akira/cookies', '.akira/.gitignore'] as const;

/**
 * `git add -A` of the whole work tree into the index `env` names (default the work tree's own), then the
 * bookkeeping paths of the workspace at `prefix` put back as HEAD has them (gone when HEAD has none), so a
 * session's commits never add, change or delete them. (Exclude pathspecs would skip them in one step, but git
 * refuses them with "paths are ignored" when the user's .gitignore ignores `.akira`.)
 */
export async function addAllButBookkeeping(git: WorktreeGit, cwd: string, prefix: string, env?: Record<string, string>): Promise<void> {
  await git.bytes(cwd, ['add', '-A', '--', ':/'], env ? { env } : undefined);
  await git.bytes(cwd, ['reset', '-q', 'HEAD', '--', ...BOOKKEEPING.map((dir) => `:(top)${prefix}${dir}`)], env ? { env } : undefined);
}

/** The path of the index of the work tree at `cwd` (`.git/index`, or the linked worktree's own). */
export async function indexPath(git: WorktreeGit, cwd: string): Promise<string> {
  const out = (await git.text(cwd, ['rev-parse', '--git-path', 'index'])).replace(/\n$/, '');
  return isAbsolute(out) ? out : resolve(cwd, out);
}

export interface TempIndexOptions {
  /** Any folder inside the work tree (git runs there). */
  cwd: string;
  /** The workspace's place in the work tree ('' or `sub/`), for the bookkeeping exclusions. */
  prefix: string;
  /** Where the temporary index is written (created if missing); it is removed afterwards. */
  tmpDir: string;
  /** The work tree's own index file when the caller knows it (saves a git process). */
  index?: string;
}

/** The tree id of the work tree at `cwd` as it is on disk now (see module doc). */
export async function workTreeTree(git: WorktreeGit, opts: TempIndexOptions): Promise<string> {
  await mkdir(opts.tmpDir, { recursive: true });
  const tmpIndex = join(opts.tmpDir, `index-${randomBytes(6).toString('hex')}`);
  try {
    const real = opts.index ?? (await indexPath(git, opts.cwd));
    await copyFile(real, tmpIndex).then(
      // The copy keeps the index's time: git's racy-entry check compares each entry with it, and a copy made
      // now would hide a same-size change made in the same second the index was written.
      async () => {
        const { atime, mtime } = await stat(real);
        await utimes(tmpIndex, atime, mtime);
      },
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      },
    );
    const env = { GIT_INDEX_FILE: tmpIndex };
    await addAllButBookkeeping(git, opts.cwd, opts.prefix, env);
    return (await git.text(opts.cwd, ['write-tree'], { env })).trim();
  } finally {
    await rm(tmpIndex, { force: true });
    await rm(`${tmpIndex}.lock`, { force: true });
  }
}
