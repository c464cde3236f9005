import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** One record of `git worktree list --porcelain`. */
export interface WorktreeRecord {
  path: string;
  head: string | null;
  /** `refs/heads/…`, or null (detached, bare). */
  branch: string | null;
  bare: boolean;
  locked: boolean;
  prunable: boolean;
}

/** Parses `git worktree list --porcelain` (records separated by blank lines). */
export function parseWorktreeList(out: string): WorktreeRecord[] {
  const records: WorktreeRecord[] = [];
  for (const block of out.split(/\n\n+/)) {
    const lines = block.split('\n').filter(Boolean);
    if (!lines[0]?.startsWith('worktree ')) continue;
    const record: WorktreeRecord = { path: lines[0].slice('worktree '.length), head: null, branch: null, bare: false, locked: false, prunable: false };
    for (const line of lines.slice(1)) {
      if (line.startsWith('HEAD ')) record.head = line.slice(5);
      else if (line.startsWith('branch ')) record.branch = line.slice(7);
      else if (line === 'bare') record.bare = true;
      else if (line === 'locked' || line.startsWith('locked ')) record.locked = true;
      else if (line === 'prunable' || line.startsWith('prunable ')) record.prunable = true;
    }
    records.push(record);
  }
  return records;
}

/**
 * Removes the administrative folders (`<commonDir>/worktrees/<name>/`) that point at the worktree at
 * `path` — what `git worktree prune` would do, but only for Akira's own worktree (a user's worktree on
 * an unmounted disk is left alone). Answers how many were removed.
 */
export async function removeWorktreeMetadata(commonDir: string, path: string): Promise<number> {
  const admin = join(commonDir, 'worktrees');
  const names = await readdir(admin).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const gitdirFile = join(admin, name, 'gitdir');
    const pointer = (await readFile(gitdirFile, 'utf8').catch(() => '')).trim();
    if (!pointer) continue;
    const target = isAbsolute(pointer) ? pointer : resolve(admin, name, pointer);
    if (resolve(dirname(target)) !== resolve(path)) continue;
    await rm(join(admin, name), { recursive: true, force: true });
    removed++;
  }
  if (removed && !(await readdir(admin).catch(() => ['?'])).length) await rm(admin, { recursive: true, force: true });
  return removed;
}
