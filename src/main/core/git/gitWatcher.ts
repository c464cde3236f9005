import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { RepoLocation } from './repoLocation';

/**
 * Watches what a repository's state is made of: HEAD, index and the other files at the top of the
 * git dir (non-recursive, so objects/ and logs/ stay quiet), the shared git dir of a linked
 * worktree, and refs/ (recursive where the platform allows it). Lock files are ignored: git renames
 * them over the real file when done, which is the event that counts. Missing folders are skipped.
 */
export function watchRepo(location: RepoLocation, onChange: () => void): () => void {
  const watchers: FSWatcher[] = [];
  const relevant = (name: string | Buffer | null) => {
    if (name === null) return true;
    const text = name.toString();
    return !text.endsWith('.lock');
  };
  const add = (dir: string, recursive: boolean): boolean => {
    try {
      const watcher = watch(dir, { recursive, persistent: false }, (_event, name) => {
        if (relevant(name)) onChange();
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
      return true;
    } catch {
      return false;
    }
  };
  add(location.gitDir, false);
  if (location.commonDir !== location.gitDir) add(location.commonDir, false);
  const refs = join(location.commonDir, 'refs');
  if (!add(refs, true)) {
    add(refs, false);
    add(join(refs, 'heads'), false);
  }
  return () => {
    for (const watcher of watchers.splice(0)) watcher.close();
  };
}

/**
 * Outside a repository: watches the workspace folder itself (non-recursive) so that a `git init`
 * there, which creates `.git`, is noticed.
 */
export function watchForRepoCreation(root: string, onChange: () => void): () => void {
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(root, { persistent: false }, (_event, name) => {
      if (name === null || name.toString() === '.git') onChange();
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = null;
  }
  return () => watcher?.close();
}
