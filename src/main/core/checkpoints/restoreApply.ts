import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, rmdirSync, symlinkSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { resolveInside } from '../workspace/pathGuard';
import { readBlobs } from './catFile';
import type { StoreGit } from './gitProcess';
import { blobOid } from './snapshot';
import type { RawChange } from './treeDiff';

/**
 * Applies the difference between two snapshots to the workspace, file by file, safely:
 * - each path is first checked against the state it is expected to be in (the "before" snapshot):
 *   a path already in the target state is left alone (so re-applying after an interruption is
 *   harmless), a path in neither state (changed since) is reported as a conflict, never overwritten;
 * - deletions only remove files the "before" snapshot tracks, then folders they left empty;
 * - writes go to a temporary file in the same folder, get their mode, and are renamed over the path
 *   (readers never see a torn file); symbolic links are recreated as links; binary/empty files as is;
 * - every path is confined to the workspace through its real parent folder (a symlinked folder that
 *   leads outside is refused), and a folder or file in the way that holds untracked content is a
 *   conflict, never deleted.
 */

export interface Conflict {
  path: string;
  reason: 'changed_since' | 'untracked_in_the_way' | 'folder_in_the_way' | 'file_in_the_way' | 'outside_workspace' | 'io_error';
  detail?: string;
}

export interface ApplyResult {
  created: string[];
  modified: string[];
  deleted: string[];
  conflicts: Conflict[];
}

type Current =
  | { kind: 'missing' }
  | { kind: 'dir' }
  | { kind: 'other' }
  | { kind: 'entry'; mode: number; oid: string; perm: number };

const isDeletion = (c: RawChange) => c.newMode === 0;

/** What is at `abs` now (synchronous: callers work in short slices, see `breather`). */
function currentState(abs: string): Current {
  let st: Stats | undefined;
  try {
    st = lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return { kind: 'other' };
  }
  if (!st) return { kind: 'missing' };
  if (st.isDirectory()) return { kind: 'dir' };
  try {
    if (st.isSymbolicLink()) return { kind: 'entry', mode: 0o120000, oid: blobOid(readlinkSync(abs, { encoding: 'buffer' })), perm: 0 };
    if (!st.isFile()) return { kind: 'other' };
    return { kind: 'entry', mode: st.mode & 0o100 ? 0o100755 : 0o100644, oid: blobOid(readFileSync(abs)), perm: st.mode & 0o7777 };
  } catch {
    return { kind: 'missing' };
  }
}

/** Yields to the event loop when the current slice of synchronous work has run 8 ms. */
function breather() {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart > 8) {
      await new Promise((r) => setImmediate(r));
      sliceStart = performance.now();
    }
  };
}

function same(cur: Current, mode: number, oid: string): boolean {
  if (mode === 0) return cur.kind === 'missing';
  return cur.kind === 'entry' && cur.mode === mode && cur.oid === oid;
}

export interface ApplyInput {
  root: string;
  git: StoreGit;
  changes: RawChange[];
}

export async function applyChanges({ root, git, changes }: ApplyInput): Promise<ApplyResult> {
  const result: ApplyResult = { created: [], modified: [], deleted: [], conflicts: [] };
  const confined = new Map<string, boolean>();
  const breathe = breather();

  async function insideRoot(rel: string): Promise<boolean> {
    const parent = dirname(rel);
    if (parent === '.') return true;
    let ok = confined.get(parent);
    if (ok === undefined) {
      ok = await resolveInside(root, parent).then(
        () => true,
        () => false,
      );
      confined.set(parent, ok);
    }
    return ok;
  }

  // 1. Deletions of tracked files, then the folders they leave empty.
  const emptied = new Set<string>();
  for (const change of changes.filter(isDeletion)) {
    if (!(await insideRoot(change.path))) {
      result.conflicts.push({ path: change.path, reason: 'outside_workspace' });
      continue;
    }
    const abs = join(root, change.path);
    await breathe();
    const cur = currentState(abs);
    if (cur.kind === 'missing') continue;
    if (!same(cur, change.oldMode, change.oldOid)) {
      result.conflicts.push({ path: change.path, reason: cur.kind === 'dir' ? 'folder_in_the_way' : 'changed_since' });
      continue;
    }
    try {
      unlinkSync(abs);
      result.deleted.push(change.path);
      emptied.add(dirname(change.path));
    } catch (err) {
      result.conflicts.push({ path: change.path, reason: 'io_error', detail: (err as Error).message });
    }
  }
  confined.clear(); // deletions may have changed what the parents are
  const dirs = [...emptied].filter((d) => d !== '.').sort((a, b) => b.split('/').length - a.split('/').length);
  const tried = new Set<string>();
  while (dirs.length) {
    const dir = dirs.shift()!;
    if (tried.has(dir)) continue;
    tried.add(dir);
    try {
      rmdirSync(join(root, dir));
      const parent = dirname(dir);
      if (parent !== '.') dirs.push(parent);
    } catch {
      // not empty (untracked or still-tracked content) or gone: leave it
    }
  }

  // 2. Writes: decide per path, then stream the blobs that must be written.
  const writes: { change: RawChange; contentNeeded: boolean; existingPerm: number | null }[] = [];
  const made = new Set<string>();
  for (const change of changes) {
    if (isDeletion(change)) continue;
    if (!(await insideRoot(change.path))) {
      result.conflicts.push({ path: change.path, reason: 'outside_workspace' });
      continue;
    }
    const abs = join(root, change.path);
    await breathe();
    const cur = currentState(abs);
    if (same(cur, change.newMode, change.newOid)) continue; // already restored
    if (cur.kind === 'dir') {
      result.conflicts.push({ path: change.path, reason: 'folder_in_the_way' });
      continue;
    }
    if (!same(cur, change.oldMode, change.oldOid)) {
      // A file the "before" snapshot does not track (ignored, oversized…) is never overwritten.
      result.conflicts.push({ path: change.path, reason: change.oldMode === 0 ? 'untracked_in_the_way' : 'changed_since' });
      continue;
    }
    const parentAbs = dirname(abs);
    if (!made.has(parentAbs)) {
      try {
        mkdirSync(parentAbs, { recursive: true });
        made.add(parentAbs);
      } catch (err) {
        result.conflicts.push({ path: change.path, reason: 'file_in_the_way', detail: (err as Error).message });
        continue;
      }
    }
    const perm = cur.kind === 'entry' && cur.mode !== 0o120000 ? cur.perm : null;
    const modeOnly = cur.kind === 'entry' && cur.oid === change.newOid && cur.mode !== 0o120000 && change.newMode !== 0o120000;
    writes.push({ change, contentNeeded: !modeOnly, existingPerm: perm });
  }

  const permFor = (exec: boolean, existing: number | null) => {
    if (existing === null) return exec ? 0o755 : 0o644;
    return exec ? existing | ((existing & 0o444) >> 2) : existing & ~0o111;
  };

  for (const w of writes.filter((x) => !x.contentNeeded)) {
    try {
      chmodSync(join(root, w.change.path), permFor(w.change.newMode === 0o100755, w.existingPerm));
      result.modified.push(w.change.path);
    } catch (err) {
      result.conflicts.push({ path: w.change.path, reason: 'io_error', detail: (err as Error).message });
    }
  }

  const withContent = writes.filter((x) => x.contentNeeded);
  await readBlobs(
    git,
    withContent.map((w) => w.change.newOid),
    async (i, content) => {
      const { change, existingPerm } = withContent[i];
      const abs = join(root, change.path);
      const tmp = join(dirname(abs), `.${basename(abs).slice(0, 80)}.akira-${randomBytes(4).toString('hex')}.tmp`);
      await breathe();
      try {
        if (change.newMode === 0o120000) {
          symlinkSync(content, tmp);
        } else {
          writeFileSync(tmp, content, { mode: 0o600 });
          chmodSync(tmp, permFor(change.newMode === 0o100755, existingPerm));
        }
        renameSync(tmp, abs);
        (change.oldMode === 0 ? result.created : result.modified).push(change.path);
      } catch (err) {
        try {
          rmSync(tmp, { force: true });
        } catch {
          // nothing left to clean
        }
        result.conflicts.push({ path: change.path, reason: 'io_error', detail: (err as Error).message });
      }
    },
  );
  return result;
}
