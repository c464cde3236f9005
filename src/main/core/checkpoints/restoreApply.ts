import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, lstatSync, openSync, readFileSync, readlinkSync, renameSync, rmSync, rmdirSync, symlinkSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AkiraError, toContractError } from '../errors';
import { openConfinedDir, type ConfinedDir } from '../workspace/confinedFs';
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
 *   leads outside is refused), which is opened and checked (confinedFs) and named through its
 *   descriptor where the platform allows, so a folder swapped for a link during the restore cannot
 *   redirect a write or delete; a folder or file in the way that holds untracked content is a
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

/** Open checked folders kept at a time (each holds a descriptor). */
const OPEN_DIRS = 64;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** Sets the mode of the regular file at `path` through a descriptor (never through a link swapped in). */
function chmodNoFollow(path: string, mode: number) {
  const fd = openSync(path, constants.O_RDONLY | NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  try {
    fchmodSync(fd, mode);
  } finally {
    closeSync(fd);
  }
}

/** Writes a new file (never an existing one or through a link) with `mode`, through its descriptor. */
function writeNewFile(path: string, content: Buffer, mode: number) {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o600);
  try {
    for (let at = 0; at < content.length; ) at += writeSync(fd, content, at, content.length - at);
    fchmodSync(fd, mode);
  } finally {
    closeSync(fd);
  }
}

/** What a conflict says about an error: never an absolute server path. */
const detailOf = (err: unknown) => toContractError(err).message;
const leadsOutside = (err: unknown) => err instanceof AkiraError && err.code === 'forbidden';

/**
 * Checked folders by workspace-relative path, the most recently used kept open. A folder's `path`
 * must be used right after `get` (a later `get` may close it).
 */
function folderCache(root: string) {
  const open = new Map<string, ConfinedDir>();
  return {
    /** The checked folder that holds `rel` (created when asked), null when it does not exist; forbidden when it leads outside. */
    async get(rel: string, create = false): Promise<ConfinedDir | null> {
      const parent = dirname(rel) === '.' ? '' : dirname(rel);
      const cached = open.get(parent);
      if (cached) {
        open.delete(parent);
        open.set(parent, cached);
        if (!cached.exact) await cached.check();
        return cached;
      }
      const dir = await openConfinedDir(root, await resolveInside(root, parent), { create });
      if (!dir) return null;
      open.set(parent, dir);
      if (open.size > OPEN_DIRS) {
        const [oldest, evicted] = open.entries().next().value!;
        open.delete(oldest);
        await evicted.close();
      }
      return dir;
    },
    async closeAll() {
      for (const dir of open.values()) await dir.close();
      open.clear();
    },
  };
}

export async function applyChanges(input: ApplyInput): Promise<ApplyResult> {
  const folders = folderCache(input.root);
  try {
    return await apply(input, folders);
  } finally {
    await folders.closeAll();
  }
}

async function apply({ git, changes }: ApplyInput, folders: ReturnType<typeof folderCache>): Promise<ApplyResult> {
  const result: ApplyResult = { created: [], modified: [], deleted: [], conflicts: [] };
  const breathe = breather();

  /** The entry's path in its checked folder, null when the folder is missing; a conflict (and null) when it leads outside. */
  async function entryPath(change: RawChange, create = false): Promise<string | null | false> {
    try {
      const dir = await folders.get(change.path, create);
      return dir ? join(dir.path, basename(change.path)) : null;
    } catch (err) {
      const reason = leadsOutside(err) ? 'outside_workspace' : 'file_in_the_way';
      result.conflicts.push({ path: change.path, reason, ...(reason === 'file_in_the_way' ? { detail: detailOf(err) } : {}) });
      return false;
    }
  }

  // 1. Deletions of tracked files, then the folders they leave empty.
  const emptied = new Set<string>();
  for (const change of changes.filter(isDeletion)) {
    await breathe();
    const abs = await entryPath(change);
    if (abs === false) continue;
    if (abs === null) continue; // its folder is gone: so is the file
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
      result.conflicts.push({ path: change.path, reason: 'io_error', detail: detailOf(err) });
    }
  }
  const dirs = [...emptied].filter((d) => d !== '.').sort((a, b) => b.split('/').length - a.split('/').length);
  const tried = new Set<string>();
  while (dirs.length) {
    const dir = dirs.shift()!;
    if (tried.has(dir)) continue;
    tried.add(dir);
    try {
      const parent = await folders.get(dir);
      if (!parent) continue;
      rmdirSync(join(parent.path, basename(dir)));
      if (dirname(dir) !== '.') dirs.push(dirname(dir));
    } catch {
      // not empty (untracked or still-tracked content), gone, or leads outside: leave it
    }
  }
  await folders.closeAll(); // deletions may have changed what the folders are

  // 2. Writes: decide per path, then stream the blobs that must be written.
  const writes: { change: RawChange; contentNeeded: boolean; existingPerm: number | null }[] = [];
  for (const change of changes) {
    if (isDeletion(change)) continue;
    await breathe();
    const found = await entryPath(change);
    if (found === false) continue;
    const cur: Current = found === null ? { kind: 'missing' } : currentState(found);
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
    if (found === null && (await entryPath(change, true)) === false) continue; // its folders could not be made
    const perm = cur.kind === 'entry' && cur.mode !== 0o120000 ? cur.perm : null;
    const modeOnly = cur.kind === 'entry' && cur.oid === change.newOid && cur.mode !== 0o120000 && change.newMode !== 0o120000;
    writes.push({ change, contentNeeded: !modeOnly, existingPerm: perm });
  }

  const permFor = (exec: boolean, existing: number | null) => {
    if (existing === null) return exec ? 0o755 : 0o644;
    return exec ? existing | ((existing & 0o444) >> 2) : existing & ~0o111;
  };

  for (const w of writes.filter((x) => !x.contentNeeded)) {
    const abs = await entryPath(w.change);
    if (!abs) continue;
    try {
      chmodNoFollow(abs, permFor(w.change.newMode === 0o100755, w.existingPerm));
      result.modified.push(w.change.path);
    } catch (err) {
      result.conflicts.push({ path: w.change.path, reason: 'io_error', detail: detailOf(err) });
    }
  }

  const withContent = writes.filter((x) => x.contentNeeded);
  await readBlobs(
    git,
    withContent.map((w) => w.change.newOid),
    async (i, content) => {
      const { change, existingPerm } = withContent[i];
      await breathe();
      const dir = await folders.get(change.path, true).catch((err: unknown) => {
        const reason = leadsOutside(err) ? 'outside_workspace' : 'io_error';
        result.conflicts.push({ path: change.path, reason, ...(reason === 'io_error' ? { detail: detailOf(err) } : {}) });
        return null;
      });
      if (!dir) return;
      const name = basename(change.path);
      const tmp = join(dir.path, `.${name.slice(0, 80)}.akira-${randomBytes(4).toString('hex')}.tmp`);
      try {
        if (change.newMode === 0o120000) symlinkSync(content, tmp);
        else writeNewFile(tmp, content, permFor(change.newMode === 0o100755, existingPerm));
        renameSync(tmp, join(dir.path, name));
        (change.oldMode === 0 ? result.created : result.modified).push(change.path);
      } catch (err) {
        try {
          rmSync(tmp, { force: true });
        } catch {
          // nothing left to clean
        }
        result.conflicts.push({ path: change.path, reason: 'io_error', detail: detailOf(err) });
      }
    },
  );
  return result;
}
