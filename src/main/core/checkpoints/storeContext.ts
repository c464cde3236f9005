import type { GitignoreRules } from '../workspace/gitignoreRules';
import type { CheckpointList } from './checkpointList';
import type { DirtyFeed } from './dirtyFeed';
import type { Exclusions } from './exclusions';
import type { StoreGit } from './gitProcess';
import type { StatCache } from './statCache';
import type { StatPool } from './statPool';
import type { StoreSession } from './storeSession';
import type { DirStamp } from './scanTypes';
import type { StorePaths } from './storeLayout';
import type { CheckpointOperation, CheckpointProgressEvent, CheckpointEmit } from './types';

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
