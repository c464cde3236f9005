import { lstat, readFile, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../common/atomicWrite';
import { createCheckpoint, normalizePaths, resolveCheckpoint, takeSnapshot } from './checkpointOps';
import { applyChanges, type ApplyResult, type Conflict } from './restoreApply';
import { progressReporter, type StoreContext } from './storeContext';
import { diffRaw, diffStats, ZERO_OID, type RawChange } from './treeDiff';
import type { RestoreOptions, RestorePreview, RestoreResult } from './types';
import { beforeRestoreLabel } from '../../../shared/checkpointLabels';

/**
 * Restore = checkpoint the current state ('before-restore', so the restore can be undone), write a
 * journal, apply the difference between that state and the target (restoreApply.ts), remove the
 * journal. A journal left by an interruption is completed by the next restore or at service start
 * (re-applying is safe: every path is checked against the before/target states first).
 */

interface Journal {
  version: 1;
  beforeCommit: string;
  targetCommit: string;
  beforeId: string;
  targetId: string;
  paths?: string[];
  /** Tracked files on the way of a path-limited restore (see blockingAncestors). */
  extra?: RawChange[];
  startedAt: string;
}

async function readJournal(path: string): Promise<Journal | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (!text) return null;
  try {
    const j = JSON.parse(text) as Journal;
    return j && j.version === 1 && j.beforeCommit && j.targetCommit ? j : null;
  } catch {
    return null;
  }
}

/** Completes an interrupted restore, if any; answers what it did, or null when there was nothing. */
export async function recoverJournal(ctx: StoreContext): Promise<(ApplyResult & { checkpointId: string }) | null> {
  const journal = await readJournal(ctx.paths.journal);
  if (!journal) {
    await rm(ctx.paths.journal, { force: true });
    return null;
  }
  let result: ApplyResult;
  try {
    const changes = await diffRaw(ctx.git, journal.beforeCommit, journal.targetCommit, journal.paths);
    changes.push(...(journal.extra ?? []));
    result = await applyChanges({ root: ctx.root, git: ctx.git, changes });
  } catch (err) {
    // The commits are gone (store damaged or pruned by hand): nothing can be completed.
    if ((err as { code?: string }).code !== 'internal') throw err;
    result = { created: [], modified: [], deleted: [], conflicts: [] };
  }
  await rm(ctx.paths.journal, { force: true });
  ctx.feed.markAllDirty();
  ctx.emit('checkpoints.onChanged', { reason: 'recovered', checkpointId: journal.targetId });
  return { ...result, checkpointId: journal.targetId };
}

/** Untracked content that would stop a create (a file or a non-empty folder already at the path). */
async function predictConflicts(root: string, changes: RawChange[]): Promise<Conflict[]> {
  const deleted = new Set(changes.filter((c) => c.newMode === 0).map((c) => c.path));
  const conflicts: Conflict[] = [];
  for (const c of changes) {
    if (c.oldMode !== 0 || c.newMode === 0) continue;
    const st = await lstat(join(root, c.path)).catch(() => null);
    if (st && !st.isDirectory()) {
      conflicts.push({ path: c.path, reason: 'untracked_in_the_way', detail: 'an untracked file is in the way' });
    } else if (st?.isDirectory() && !(await onlyDeletedInside(root, c.path, deleted))) {
      conflicts.push({ path: c.path, reason: 'folder_in_the_way', detail: 'a folder with untracked files is in the way' });
    } else if (!st) {
      for (let dir = dirname(c.path); dir !== '.'; dir = dirname(dir)) {
        const parent = await lstat(join(root, dir)).catch(() => null);
        if (parent && !parent.isDirectory() && !deleted.has(dir)) {
          conflicts.push({ path: c.path, reason: 'file_in_the_way', detail: `"${dir}" is an untracked file` });
          break;
        }
        if (parent) break;
      }
    }
  }
  return conflicts;
}

/** True when every file below `rel` is one the restore deletes (so the folder will be removed). */
async function onlyDeletedInside(root: string, rel: string, deleted: Set<string>, budget = { n: 2000 }): Promise<boolean> {
  const entries = await readdir(join(root, rel), { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (--budget.n < 0) return false;
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) {
      if (!(await onlyDeletedInside(root, child, deleted, budget))) return false;
    } else if (!deleted.has(child)) return false;
  }
  return true;
}

/**
 * A restore limited to some paths may need a tracked file on the way removed (restoring `a/b` where
 * `a` is now a tracked file): those deletions are added (the file is in the before-restore checkpoint).
 */
function blockingAncestors(ctx: StoreContext, changes: RawChange[]): RawChange[] {
  const extra = new Map<string, RawChange>();
  const listed = new Set(changes.map((c) => c.path));
  for (const c of changes) {
    if (c.newMode === 0) continue;
    for (let i = c.path.indexOf('/'); i > 0; i = c.path.indexOf('/', i + 1)) {
      const prefix = c.path.slice(0, i);
      const entry = ctx.cache.entries.get(prefix);
      if (!entry || listed.has(prefix) || extra.has(prefix)) continue;
      extra.set(prefix, { path: prefix, status: 'D', oldMode: entry.mode, newMode: 0, oldOid: entry.oid, newOid: ZERO_OID });
    }
  }
  return [...extra.values()];
}

export async function previewRestore(ctx: StoreContext, id: string, opts: RestoreOptions = {}): Promise<RestorePreview> {
  const target = resolveCheckpoint(ctx, id);
  const paths = await normalizePaths(ctx.root, opts.paths);
  const now = await takeSnapshot(ctx, 'now', 'preview');
  const changes = await diffRaw(ctx.git, now.commit, target.commit, paths);
  if (paths) changes.push(...blockingAncestors(ctx, changes));
  const counts = new Map((changes.length <= 5000 ? (await diffStats(ctx.git, now.commit, target.commit, paths)).files : []).map((f) => [f.path, f]));
  const files = changes.map((c) => ({
    path: c.path,
    action: c.oldMode === 0 ? ('create' as const) : c.newMode === 0 ? ('delete' as const) : ('modify' as const),
    insertions: counts.get(c.path)?.insertions ?? null,
    deletions: counts.get(c.path)?.deletions ?? null,
  }));
  return {
    checkpointId: target.id,
    files,
    created: files.filter((f) => f.action === 'create').length,
    modified: files.filter((f) => f.action === 'modify').length,
    deleted: files.filter((f) => f.action === 'delete').length,
    conflicts: await predictConflicts(ctx.root, changes),
  };
}

export async function restoreCheckpoint(ctx: StoreContext, id: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const target = resolveCheckpoint(ctx, id);
  const paths = await normalizePaths(ctx.root, opts.paths);
  await recoverJournal(ctx);
  const before = await createCheckpoint(
    ctx,
    { origin: 'before-restore', label: beforeRestoreLabel(target), restoreOf: target.id },
    'restore',
  );
  const changes = await diffRaw(ctx.git, before.commit, target.commit, paths);
  const extra = paths ? blockingAncestors(ctx, changes) : [];
  changes.push(...extra);
  const journal: Journal = {
    version: 1,
    beforeCommit: before.commit,
    targetCommit: target.commit,
    beforeId: before.id,
    targetId: target.id,
    ...(paths ? { paths } : {}),
    ...(extra.length ? { extra } : {}),
    startedAt: new Date().toISOString(),
  };
  await writeFileAtomic(ctx.paths.journal, JSON.stringify(journal));
  const report = progressReporter(ctx, 'restore');
  report('restoring', 0, changes.length);
  const applied = await applyChanges({ root: ctx.root, git: ctx.git, changes });
  await rm(ctx.paths.journal, { force: true });
  // Our own writes: the next checkpoint must look at them even if the watcher is slow to report.
  ctx.feed.markDirty(changes.map((c) => c.path));
  report('done', changes.length, changes.length);
  ctx.emit('checkpoints.onChanged', { reason: 'restored', checkpointId: target.id });
  return { checkpointId: target.id, beforeCheckpointId: before.id, ...applied };
}
