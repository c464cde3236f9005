import { createGitignoreRules, type GitignoreRules } from '../workspace/gitignoreRules';
import { openCheckpointList, type CheckpointList } from './checkpointList';
import { createDirtyFeed, type DirtyFeed } from './dirtyFeed';
import { createExclusions, type Exclusions } from './exclusions';
import { createStoreGit, type StoreGit } from './gitProcess';
import { openStatCache, type StatCache } from './statCache';
import { createStatPool, type StatPool } from './statPool';
import { createStoreSession, type StoreSession } from './storeSession';
import type { DirStamp } from './scanTypes';
import { describeHolder, type LockHolder } from '../../common/pidLock';
import { ensureStore, type StorePaths } from './storeLayout';
import type { CheckpointOperation, CheckpointOptions, CheckpointProgressEvent, CheckpointEmit, CheckpointWaitingEvent } from './types';

/** Everything the operations of one workspace's store share (built by checkpointService.ts). */
export interface StoreContext {
  root: string;
  paths: StorePaths;
  git: StoreGit;
  /** The git processes kept running between operations (fast-import, update-ref, diff-tree). */
  session: StoreSession;
  cache: StatCache;
  list: CheckpointList;
  rules: GitignoreRules;
  exclusions: Exclusions;
  feed: DirtyFeed;
  maxFileBytes: number;
  statPool: StatPool;
  writeMetadata: boolean;
  emit: CheckpointEmit;
  /** See CheckpointOptions.beforeScan. */
  beforeScan?: () => Promise<boolean>;
  /** When the scan behind the stat cache started (0: unknown, e.g. written by another process). */
  cacheValidFrom: number;
  /** The stat cache's tree was checked to exist in the store (reset after pruning or reloading). */
  cacheVerified: boolean;
  /** What the latest full walk saw (folders entered, ignore-file stamps), for the next walk's baseline. */
  lastWalk: { dirs: Set<string>; ignoreStamp: string; dirStamps?: Map<string, DirStamp> } | null;
  /** When the walk state was last saved, and whether a newer one waits to be saved. */
  walkSavedAt: number;
  walkUnsaved: boolean;
  /** Lines in the files of the first snapshot, when this process took it (for the first record). */
  firstSnapshotLines: number | null;
  /** The first snapshot borrows from the user's repository (repoSeed.ts); CheckpointOptions.seedFromRepo. */
  seedFromRepo: boolean;
}

/** Progress events, at most every 100 ms per phase change (plus the last one). */
export function progressReporter(ctx: StoreContext, operation: CheckpointOperation) {
  let last = 0;
  let lastPhase = '';
  return (phase: CheckpointProgressEvent['phase'], done: number, total: number) => {
    const now = Date.now();
    if (phase === lastPhase && now - last < 100 && done < total) return;
    last = now;
    lastPhase = phase;
    ctx.emit('checkpoints.onProgress', { operation, phase, done, total });
  };
}

/**
 * Opens the state the operations share. `locked`: the caller holds the store lock (the store is
 * created when missing); without it (another process runs an operation) an existing store is only
 * read: the list and the stat cache are read again under the lock before every operation anyway.
 */
export async function openStoreContext(o: {
  root: string;
  paths: StorePaths;
  locked: boolean;
  options: CheckpointOptions;
  maxFileBytes: number;
  emit: CheckpointEmit;
  /** The store's processes have been idle a while (stop them through the queue). */
  onSessionIdle: () => void;
}): Promise<StoreContext> {
  const git = o.locked ? await ensureStore(o.paths, o.root) : createStoreGit(o.paths.gitDir, o.paths.dir);
  return {
    root: o.root,
    paths: o.paths,
    git,
    session: createStoreSession(git, o.onSessionIdle),
    cache: await openStatCache(o.paths.statCache, o.paths.statCacheLog),
    list: await openCheckpointList(o.paths.list),
    rules: await createGitignoreRules(o.root),
    exclusions: createExclusions(o.options.excludeDirs, o.options.extraExcludeDirs),
    feed: createDirtyFeed(o.root),
    maxFileBytes: o.maxFileBytes,
    statPool: createStatPool(),
    writeMetadata: o.options.writeMetadata ?? true,
    emit: o.emit,
    beforeScan: o.options.beforeScan,
    cacheValidFrom: 0,
    cacheVerified: false,
    lastWalk: null,
    walkSavedAt: 0,
    walkUnsaved: false,
    firstSnapshotLines: null,
    seedFromRepo: o.options.seedFromRepo ?? true,
  };
}

/** `checkpoints.onWaiting`: an operation waits for the store lock another process holds. */
export function waitingEvent(operation: string, holder: LockHolder): CheckpointWaitingEvent {
  const message = `The checkpoint store is busy: waiting for ${describeHolder(holder)}.`;
  return { operation, pid: holder.pid, command: holder.command, since: Math.round(holder.since), message };
}
