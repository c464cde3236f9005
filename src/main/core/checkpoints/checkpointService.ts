import { existsSync } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import { AkiraError } from '../errors';
import {
  changedFiles,
  createCheckpoint,
  diffCheckpoints,
  fileAt,
  normalizePaths,
  POOL_MIN_FILES,
  resolveCheckpoint,
  saveWalk,
  takeSnapshot,
} from './checkpointOps';
import { removeMetadata } from './metadataFile';
import { adoptBorrowed, borrowing } from './repoSeed';
import { previewRestore, recoverJournal, restoreCheckpoint } from './restoreFlow';
import { compareKnown } from './knownFiles';
import { openStoreContext, waitingEvent, type StoreContext } from './storeContext';
import type { LockHolder } from '../../common/pidLock';
import { createStoreLock, storePaths, storeReady } from './storeLayout';
import { readRetentionSetting, RETENTION_DAYS } from './retentionSetting';
import {
  collectGarbage,
  compactPacks,
  deleteRefs,
  diskUsage,
  packCount,
  planRetention,
} from './storeMaintenance';
import type {
  CheckpointDetails,
  CheckpointEmit,
  CheckpointOptions,
  CheckpointRecord,
  CreateOptions,
  CreateResult,
  DiffResult,
  FileAtResult,
  ListOptions,
  ListResult,
  PruneOptions,
  PruneResult,
  PrunedCheckpoint,
  RestoreOptions,
  RestorePreview,
  RestoreResult,
  StoreUsage,
} from './types';
import { checkpointErrors, plainWords, type Words } from '../../../shared/errors';

/**
 * Checkpoints: a fast, deduplicated, safe history of one workspace.
 *
 * ```ts
 * const cps = await createCheckpointService({ root, dataDir, emit, options });
 * const cp = await cps.create({ label: 'before refactor' });          // manual checkpoint
 * await cps.create({ origin: 'agent', sessionId, todoId, skipIfUnchanged: true });
 * const { checkpoints, total } = await cps.list({ offset: 0, limit: 50 }); // newest first, paginated
 * const details = await cps.get(cp.id);           // record + files changed vs the previous checkpoint
 * await cps.diff(a.id, b.id);  await cps.diff(a.id, 'now');             // any two, or with now
 * await cps.fileAt(cp.id, 'src/app.ts');          // content at a checkpoint (Monaco diff)
 * const plan = await cps.preview(cp.id);          // exactly what a restore would create/modify/delete
 * const done = await cps.restore(cp.id);          // or { paths: ['src/app.ts'] }; undo: restore(done.beforeCheckpointId)
 * await cps.prune({ protect: [resumeId] });  await cps.prune({ dryRun: true });  await cps.usage();
 * cps.markDirty(paths); cps.setFeedComplete(true); cps.markAllDirty();   // the watcher's change feed
 * await cps.dispose();
 * ```
 *
 * - Ids: `create` answers `id`; every method also takes a unique id prefix (≥ 4 chars) or 'latest'.
 *   Unknown ids → AkiraError('not_found'); bad input → 'bad_request'; paths outside the workspace
 *   (or through a link that leads out) → 'forbidden'; another process holding the store too long →
 *   'conflict'.
 * - What is captured: every file except what .gitignore files exclude, the built-in exclusions
 *   (exclusions.ts: node_modules, build outputs, caches, `.git`, `.akira`) and files over
 *   `maxFileBytes` (listed in `skipped`). Symlinks are stored as links, executables keep their bit,
 *   nested repositories' files are captured as plain files and their `.git` is never read.
 * - Restore never deletes or overwrites what the store does not track: only files of the state before
 *   the restore (checkpointed first as origin 'before-restore') are deleted; untracked content in the
 *   way is reported in `conflicts` and left alone.
 * - One operation at a time per workspace (an in-process queue plus a lock file shared with other
 *   processes such as the CLI). Progress and changes are emitted as 'checkpoints.onProgress' and
 *   'checkpoints.onChanged' (types.ts: CheckpointEvents).
 * - Change feed: a checkpoint examines only the reported paths when the caller declared the feed
 *   complete (`setFeedComplete(true)`, e.g. the watcher covers the whole tree) since the scan behind the
 *   current stat cache began; otherwise, or after `markAllDirty()`, it walks the tree (stat data keeps
 *   that cheap: only new or changed files are read). `options.beforeScan` runs before every scan so
 *   that pending watcher events are in the feed first (createCore wires the watcher: watchFeed.ts).
 * - Reads (list, get, fileAt, usage, diff between checkpoints) do not wait behind a running
 *   operation, nor for the store lock (opening an existing store does not either): another process's
 *   operation never holds them up; create, restore, preview, diff with 'now' and prune are queued and
 *   take the lock; while another process holds it, 'checkpoints.onWaiting' says who, at once.
 * - Storage: see storeLayout.ts (one store per workspace real path, in the app's data folder); the
 *   user's own `.git`, index, branches and stash are never touched.
 *
 * How a checkpoint is written (and why not through a git index): the walker (scanner.ts) lstat's
 * files (big trees: known ones lstat'ed and compared on worker threads, statPool.ts) and compares them with the persistent stat cache
 * (statCache.ts); only new or changed files are read and hashed. Their blobs and the new tree go to
 * the store's `git fast-import`, kept running between checkpoints (storeSession.ts), which starts
 * from the previous snapshot's tree and applies only the changed entries, then writes the pack and
 * the checkpoint's ref (snapshot.ts). This replaces the planned `update-index --index-info` +
 * `write-tree` + `commit-tree` + `update-ref`: those read and rewrite the whole index (10+ MB at 100k
 * files) in each of several processes, while fast-import's cost follows the number of changes, writes
 * one pack per checkpoint (no loose-object sprawl; small packs are rolled up when quiet) and, kept
 * running, costs no process start. Snapshots are parentless commits under `refs/akira/cp/<id>`, so
 * pruning is deleting refs + gc (no history chain keeps old content alive). The stat cache plays the
 * index's role (stat data + blob id per path).
 */
export interface CheckpointService {
  readonly root: string;
  readonly storeDir: string;
  create(opts?: CreateOptions): Promise<CreateResult>;
  list(opts?: ListOptions): Promise<ListResult>;
  get(id: string): Promise<CheckpointDetails>;
  /** `from` null: from nothing; `to` 'now': the workspace as it is (scanned). */
  diff(from: string | null, to: string, opts?: { paths?: string[] }): Promise<DiffResult>;
  fileAt(id: string, path: string): Promise<FileAtResult>;
  preview(id: string, opts?: RestoreOptions): Promise<RestorePreview>;
  restore(id: string, opts?: RestoreOptions): Promise<RestoreResult>;
  prune(opts?: PruneOptions): Promise<PruneResult>;
  usage(): Promise<StoreUsage>;
  markDirty(paths: Iterable<string>): void;
  markAllDirty(): void;
  setFeedComplete(complete: boolean): void;
  /** Resolves when every queued operation (warm-up, recovery) has finished, due maintenance included. */
  whenIdle(): Promise<void>;
  dispose(): Promise<void>;
}

export interface CheckpointServiceInit {
  /** The workspace folder (its real path is used). */
  root: string;
  /** The app's data folder (settings/dataDir.ts). */
  dataDir: string;
  emit?: CheckpointEmit;
  options?: CheckpointOptions;
}

const MiB = 1024 * 1024;
const DEFAULTS = { maxFileBytes: 5 * MiB, retentionDays: RETENTION_DAYS.default, maxStoreBytes: 2048 * MiB, lockTimeoutMs: 60_000 };
const AUTO_PRUNE_EVERY_MS = 6 * 3600_000;
/** Maintenance waits for this much quiet after the latest checkpoint or restore (or for whenIdle). */
const MAINTENANCE_AFTER_MS = 1500;
/** How long the store lock is kept after an operation (see enqueue). */
const LOCK_LINGER_MS = 250;

function checkRange(name: string, value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new AkiraError('bad_request', checkpointErrors.outOfRange(name, min, max));
  }
  return value;
}

function checkDays(value: number | undefined, fallback: number): number {
  const days = checkRange('retentionDays', value, 1, 3650, fallback);
  if (!Number.isInteger(days)) throw new AkiraError('bad_request', checkpointErrors.retentionNotWhole);
  return days;
}

export async function createCheckpointService(init: CheckpointServiceInit): Promise<CheckpointService> {
  const options = init.options ?? {};
  const maxFileBytes = checkRange('maxFileBytes', options.maxFileBytes, 1, 2048 * MiB, DEFAULTS.maxFileBytes);
  // A fixed retention, or (unset) the setting checkpoints.retentionDays, read at each prune.
  const fixedDays = options.retentionDays === undefined ? undefined : checkDays(options.retentionDays, DEFAULTS.retentionDays);
  const maxStoreBytes = checkRange('maxStoreBytes', options.maxStoreBytes, MiB, Number.MAX_SAFE_INTEGER, DEFAULTS.maxStoreBytes);
  const lockTimeoutMs = checkRange('lockTimeoutMs', options.lockTimeoutMs, 0, 3600_000, DEFAULTS.lockTimeoutMs);

  const root = await realpath(init.root).catch(() => {
    throw new AkiraError('not_found', checkpointErrors.folderNotFound(init.root));
  });
  const paths = storePaths(init.dataDir, root);
  const lock = createStoreLock(paths.lock, lockTimeoutMs);
  await mkdir(paths.dir, { recursive: true }); // the lock lives in it
  const emit = init.emit ?? (() => undefined);
  const waiting = (operation: string) => (holder: LockHolder) => emit('checkpoints.onWaiting', waitingEvent(operation, holder));
  // Reads need no lock (see `read`): an existing store opens at once even while another process
  // (a second `akira serve`, the CLI) runs an operation; only creating the store waits for it.
  let locked = lock.tryAcquire();
  if (!locked && !(await storeReady(paths))) {
    await lock.acquire(waiting('open'));
    locked = true;
  }
  let ctx: StoreContext;
  try {
    ctx = await openStoreContext({
      root,
      paths,
      locked,
      options,
      maxFileBytes,
      emit,
      // Idle processes are stopped through the queue (so never in the middle of an operation).
      onSessionIdle: () => void enqueue('stop', () => ctx.session.close()).catch(() => undefined),
    });
  } finally {
    if (locked) await lock.release();
  }

  let disposed = false;
  let tail: Promise<unknown> = Promise.resolve();
  let lastAutoPrune = 0;

  // The store lock is kept for LOCK_LINGER_MS after an operation, so that a burst of operations
  // (a checkpoint and its maintenance, a restore after a preview…) takes it once; nothing else can
  // have changed the store while it was held, so the state on disk need not be read again either.
  let lockHeld = false;
  let releaseTimer: NodeJS.Timeout | null = null;
  function releaseLock(): Promise<void> {
    if (releaseTimer) clearTimeout(releaseTimer);
    releaseTimer = null;
    const step = tail.then(async () => {
      if (!lockHeld || releaseTimer) return;
      lockHeld = false;
      await lock.release();
    });
    tail = step.catch(() => undefined);
    return step;
  }

  /** Runs `fn` after every earlier operation, holding the store lock, with fresh on-disk state. */
  function enqueue<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    if (disposed) return Promise.reject(new AkiraError('unavailable', checkpointErrors.serviceClosed));
    const run = tail.then(async () => {
      if (releaseTimer) clearTimeout(releaseTimer);
      releaseTimer = null;
      const continuous = lockHeld;
      if (!lockHeld) {
        await lock.acquire(waiting(operation));
        lockHeld = true;
      }
      try {
        if (!continuous) {
          await ctx.list.refresh();
          const before = ctx.cache.tree;
          await ctx.cache.refresh();
          if (ctx.cache.tree !== before) {
            ctx.cacheValidFrom = 0; // another process took a snapshot: the feed no longer describes the cache
            ctx.cacheVerified = false;
            ctx.lastWalk = null;
          }
          ctx.session.checkFresh();
        }
        return await fn();
      } finally {
        releaseTimer = setTimeout(() => void releaseLock(), LOCK_LINGER_MS);
        releaseTimer.unref();
      }
    });
    tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Read-only operations do not wait for the queue (a first checkpoint of a big tree may take a while;
   * the Timeline must stay usable): the list is append-only/atomically rewritten and git objects are
   * immutable, so reading next to a running operation is safe.
   */
  async function read<T>(fn: () => Promise<T>): Promise<T> {
    if (disposed) throw new AkiraError('unavailable', checkpointErrors.serviceClosed);
    await ctx.list.refresh();
    return fn();
  }

  async function removeCheckpoints(records: CheckpointRecord[]): Promise<void> {
    if (!records.length) return;
    const ids = new Set(records.map((r) => r.id));
    await ctx.session.close(); // gc may drop objects the running fast-import believes are stored
    await ctx.list.remove(ids);
    await deleteRefs(ctx.git, [...ids], new Set(ctx.list.all().map((r) => r.id)));
    for (const r of records) if (r.metadataPath) await removeMetadata(root, r.metadataPath);
    await collectGarbage(ctx.git);
    ctx.cacheVerified = false;
  }

  async function usageNow(): Promise<StoreUsage> {
    const { bytes, diskBytes } = await diskUsage(paths.dir);
    return { bytes, diskBytes, checkpoints: ctx.list.all().length, packs: await packCount(paths.gitDir), storeDir: paths.dir };
  }

  interface Retention {
    days: number;
    source: PruneResult['retentionSource'];
    notes: Words[];
  }

  /** A prune's notes: English, and the same in words (issue 14). */
  const notesOf = (notes: Words[]) => ({ notes: notes.map((n) => n.en), noteWords: notes.map(plainWords) });

  /** The retention of one prune: the caller's, the service's fixed one, else the setting as it is now. */
  async function retention(opts: PruneOptions): Promise<Retention> {
    if (opts.retentionDays !== undefined) return { days: checkDays(opts.retentionDays, DEFAULTS.retentionDays), source: 'option', notes: [] };
    if (fixedDays !== undefined) return { days: fixedDays, source: 'option', notes: [] };
    const setting = await readRetentionSetting(root, init.dataDir);
    return { days: setting.days, source: setting.source, notes: setting.ignoredWords ? [{ ...setting.ignoredWords, en: setting.ignored! }] : [] };
  }

  function protectedIds(opts: PruneOptions): Set<string> {
    return new Set([...(opts.protect ?? []), ...(options.protect?.() ?? [])]);
  }

  const sizeCap = (opts: PruneOptions) => checkRange('maxStoreBytes', opts.maxStoreBytes, MiB, Number.MAX_SAFE_INTEGER, maxStoreBytes);
  const aged = (records: CheckpointRecord[]): PrunedCheckpoint[] => records.map((record) => ({ record, reason: 'age' }));

  async function pruneNow(opts: PruneOptions, keep: Retention): Promise<PruneResult> {
    const cap = sizeCap(opts);
    const all = ctx.list.all();
    const plan = planRetention(all, keep.days, protectedIds(opts));
    const before = await usageNow();
    const pruned = aged(plan.expired);
    await removeCheckpoints(plan.expired);
    let usage = plan.expired.length ? await usageNow() : before;
    const rest = [...plan.rest];
    while (usage.diskBytes > cap && rest.length) {
      const batch = rest.splice(0, Math.max(1, Math.ceil(rest.length / 10)));
      await removeCheckpoints(batch);
      pruned.push(...batch.map((record): PrunedCheckpoint => ({ record, reason: 'size' })));
      usage = await usageNow();
    }
    if (pruned.length) ctx.emit('checkpoints.onChanged', { reason: 'pruned' });
    return {
      removed: pruned.map((p) => p.record.id),
      pruned,
      kept: ctx.list.all().length,
      dryRun: false,
      retentionDays: keep.days,
      retentionSource: keep.source,
      ...notesOf(keep.notes),
      freedBytes: Math.max(0, before.diskBytes - usage.diskBytes),
      usage,
    };
  }

  /** What the age rule would remove now; removes nothing. */
  async function planPrune(opts: PruneOptions, keep: Retention): Promise<PruneResult> {
    const cap = sizeCap(opts);
    const all = ctx.list.all();
    const plan = planRetention(all, keep.days, protectedIds(opts));
    const usage = await usageNow();
    const notes = [...keep.notes];
    if (usage.diskBytes > cap) {
      notes.push(checkpointErrors.overSizeCap(Math.round(usage.diskBytes / MiB), Math.round(cap / MiB)));
    }
    return {
      removed: plan.expired.map((r) => r.id),
      pruned: aged(plan.expired),
      kept: all.length - plan.expired.length,
      dryRun: true,
      retentionDays: keep.days,
      retentionSource: keep.source,
      ...notesOf(notes),
      usage,
    };
  }

  /**
   * Housekeeping after checkpoints: roll up small packs; prune now and then. It runs once things are
   * quiet (a checkpoint taken right after another must not wait behind a repack), or at whenIdle.
   */
  let maintenanceTimer: NodeJS.Timeout | null = null;
  let maintenanceDue = false;
  function scheduleMaintenance(): void {
    maintenanceDue = true;
    if (maintenanceTimer) clearTimeout(maintenanceTimer);
    maintenanceTimer = setTimeout(() => void runMaintenance(), MAINTENANCE_AFTER_MS);
    maintenanceTimer.unref();
  }
  function runMaintenance(): Promise<void> {
    if (maintenanceTimer) clearTimeout(maintenanceTimer);
    maintenanceTimer = null;
    if (!maintenanceDue || disposed) return Promise.resolve();
    maintenanceDue = false;
    return enqueue('maintenance', async () => {
      // A roll-up stops the store's processes (their packs are kept while they run); start them again
      // so that the next checkpoint does not wait for them.
      // A first snapshot that borrowed the user's objects copies them in now (repoSeed.ts).
      if (borrowing(ctx.git)) {
        await adoptBorrowed(ctx.git, () => ctx.session.close());
        ctx.session.warm();
      }
      if (await compactPacks(ctx.git, () => ctx.session.close())) ctx.session.warm();
      if (Date.now() - lastAutoPrune > AUTO_PRUNE_EVERY_MS) {
        lastAutoPrune = Date.now();
        // An invalid setting prunes nothing by age (nothing is deleted on a guess; `checkpoints.prune`
        // says what is wrong); the size cap still applies.
        const keep = await retention({}).catch((): Retention => ({ days: Infinity, source: 'default', notes: [] }));
        await pruneNow({}, keep);
      }
    }).catch(() => undefined);
  }

  // Complete an interrupted restore, then (optionally) fill the store and stat cache in the background.
  if (existsSync(paths.journal)) void enqueue('recover', () => recoverJournal(ctx)).catch(() => undefined);
  // A process that ended before copying in what its first snapshot borrowed: copy it now (repoSeed.ts).
  if (borrowing(ctx.git)) scheduleMaintenance();
  if (options.warmUp) void enqueue('warm-up', () => takeSnapshot(ctx, 'warm-up', 'warm-up')).catch(() => undefined);
  // A big tree's first walk in this process: its stat pool is started and given the file list now.
  if (options.preloadStatPool && ctx.cache.entries.size > POOL_MIN_FILES) {
    void enqueue('preload', async () => {
      const byDir = ctx.cache.byDir(); // (first: building it moves the generation)
      await compareKnown(ctx.root, ctx.statPool, { byDir, generation: ctx.cache.generation, touched: ctx.cache.touched });
    }).catch(() => undefined);
  }

  const service: CheckpointService = {
    root,
    storeDir: paths.dir,
    async create(opts = {}) {
      const result = await enqueue('create', () => createCheckpoint(ctx, opts));
      scheduleMaintenance();
      return result;
    },
    list(opts = {}) {
      return read(async () => {
        const offset = checkRange('offset', opts.offset, 0, Number.MAX_SAFE_INTEGER, 0);
        const limit = checkRange('limit', opts.limit, 1, 1000, 100);
        let all = ctx.list.all();
        if (opts.sessionId !== undefined || opts.origin !== undefined) {
          all = all.filter((r) => (opts.sessionId === undefined || r.sessionId === opts.sessionId) && (opts.origin === undefined || r.origin === opts.origin));
        }
        const end = all.length - offset;
        const page = end > 0 ? all.slice(Math.max(0, end - limit), end).reverse() : [];
        return { checkpoints: page, total: all.length };
      });
    },
    get(id) {
      return read(async () => {
        const rec = resolveCheckpoint(ctx, id);
        const all = ctx.list.all();
        const previous = all[all.indexOf(rec) - 1] ?? null;
        const files = await changedFiles(ctx, previous?.commit ?? null, rec.commit);
        return { ...rec, previousId: previous?.id ?? null, files };
      });
    },
    diff(from, to, opts = {}) {
      // Comparing with "now" scans the workspace and writes a snapshot: queued; anything else only reads.
      const run = async () => diffCheckpoints(ctx, from, to, await normalizePaths(root, opts.paths));
      return to === 'now' ? enqueue('diff', run) : read(run);
    },
    fileAt(id, path) {
      return read(() => fileAt(ctx, id, path));
    },
    preview(id, opts) {
      return enqueue('preview', () => previewRestore(ctx, id, opts));
    },
    async restore(id, opts) {
      const result = await enqueue('restore', async () => {
        // What is restored must not depend on the user's repository keeping its objects.
        // (When they are already gone, the restore says which object is missing.)
        await adoptBorrowed(ctx.git, () => ctx.session.close()).catch(() => undefined);
        return restoreCheckpoint(ctx, id, opts);
      });
      scheduleMaintenance();
      return result;
    },
    async prune(opts = {}) {
      const keep = await retention(opts); // a bad setting fails here, before anything waits for the store
      return opts.dryRun ? read(() => planPrune(opts, keep)) : enqueue('prune', () => pruneNow(opts, keep));
    },
    usage() {
      return read(usageNow);
    },
    markDirty: (p) => ctx.feed.markDirty(p),
    markAllDirty: () => ctx.feed.markAllDirty(),
    setFeedComplete: (c) => ctx.feed.setComplete(c),
    async whenIdle() {
      await runMaintenance();
      for (let seen = tail; ; seen = tail) {
        await seen;
        if (seen === tail) break;
      }
      await releaseLock(); // idle: other processes need not wait
    },
    async dispose() {
      if (disposed) return;
      if (ctx.walkUnsaved) await enqueue('save', () => saveWalk(ctx, true)).catch(() => undefined);
      await service.whenIdle();
      disposed = true;
      await ctx.session.close();
      await ctx.statPool.dispose();
    },
  };
  return service;
}
