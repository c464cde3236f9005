import type { Conflict } from './restoreApply';
import type { RetentionSource } from './retentionSetting';
import type { SkippedFile } from './scanner';
import type { ErrorWords } from '../../../shared/errors';

/** Public types of the checkpoint service (see checkpointService.ts for the API). */

export type CheckpointOrigin = 'manual' | 'agent' | 'before-restore';

/** One line of the checkpoint list (checkpoints.jsonl). */
export interface CheckpointRecord {
  id: string;
  /** Sequence number within its group (session id, or "manual"): the `<n>` of `<n>.md`. */
  n: number;
  commit: string;
  tree: string;
  label: string;
  origin: CheckpointOrigin;
  sessionId?: string;
  todoId?: string;
  /** For origin 'before-restore': the checkpoint that was being restored. */
  restoreOf?: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** Against the previous checkpoint in the list (all files for the first one). */
  filesChanged: number;
  insertions: number;
  deletions: number;
  /** Files not captured (oversized, unreadable, unsupported names); at most SKIPPED_LIMIT listed. */
  skipped: SkippedFile[];
  skippedCount: number;
  /** Workspace-relative path of the metadata file, when one was written. */
  metadataPath?: string;
}

export interface CreateOptions {
  label?: string;
  origin?: CheckpointOrigin;
  sessionId?: string;
  todoId?: string;
  /** When nothing changed since the latest checkpoint, return it (with `unchanged: true`) instead. */
  skipIfUnchanged?: boolean;
}

export interface CreateResult extends CheckpointRecord {
  unchanged?: boolean;
  /** How the workspace was examined: a full walk, or only the paths the change feed reported. */
  scan: 'walk' | 'feed';
  /** Files read and hashed for this checkpoint. */
  hashed: number;
}

export interface ListOptions {
  /** Newest first; skip this many. */
  offset?: number;
  /** Default 100, at most 1000. */
  limit?: number;
  sessionId?: string;
  origin?: CheckpointOrigin;
}

export interface ListResult {
  checkpoints: CheckpointRecord[];
  total: number;
  /** Why checkpoints are off (gitlessCheckpoints.ts: git is not installed). */
  offWords?: ErrorWords;
}

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'type_changed';

export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  /** null for binary files. */
  insertions: number | null;
  deletions: number | null;
  oldMode: number;
  newMode: number;
}

export interface DiffResult {
  /** Checkpoint id, or null for "nothing" (before the first checkpoint). */
  from: string | null;
  /** Checkpoint id, or 'now'. */
  to: string;
  files: ChangedFile[];
  insertions: number;
  deletions: number;
}

export interface CheckpointDetails extends CheckpointRecord {
  /** The checkpoint it is compared with (the previous one in the list), or null. */
  previousId: string | null;
  files: ChangedFile[];
}

export interface FileAtResult {
  checkpointId: string;
  path: string;
  exists: boolean;
  /** Git mode: 0o100644, 0o100755 or 0o120000 (a symlink: the content is its target). */
  mode: number;
  size: number;
  binary: boolean;
  /** UTF-8 text, or null for binary content or a missing file. */
  text: string | null;
  bytes: Buffer;
}

export type PreviewAction = 'create' | 'modify' | 'delete';

export interface RestorePreview {
  checkpointId: string;
  files: { path: string; action: PreviewAction; insertions: number | null; deletions: number | null }[];
  created: number;
  modified: number;
  deleted: number;
  /** Paths that will not be restored because untracked content is in the way (never overwritten). */
  conflicts: Conflict[];
}

export interface RestoreOptions {
  /** Restore only these files or folders (workspace-relative). */
  paths?: string[];
}

export interface RestoreResult {
  checkpointId: string;
  /** The checkpoint of the state before the restore (restore it to undo). */
  beforeCheckpointId: string;
  created: string[];
  modified: string[];
  deleted: string[];
  conflicts: Conflict[];
}

export interface PruneOptions {
  /** Checkpoint ids never pruned (e.g. the one a session would resume from). */
  protect?: string[];
  /** Overrides the service's retention (options.retentionDays, else the setting) for this prune. */
  retentionDays?: number;
  maxStoreBytes?: number;
  /** Only say what the age rule would remove; remove nothing (takes no lock). */
  dryRun?: boolean;
}

export interface PrunedCheckpoint {
  record: CheckpointRecord;
  /** 'age': older than the retention; 'size': removed (oldest first) while the store was over its size cap. */
  reason: 'age' | 'size';
}

export interface PruneResult {
  /** Ids removed (or, in a dry run, that the age rule would remove), oldest first. */
  removed: string[];
  /** The same with their records and why. */
  pruned: PrunedCheckpoint[];
  /** Checkpoints left (or that would be left). */
  kept: number;
  dryRun: boolean;
  retentionDays: number;
  /** Where the retention came from: the caller (an option), or the setting (retentionSetting.ts). */
  retentionSource: 'option' | RetentionSource;
  /** Things worth saying: a workspace's shorter retention that was not applied, a store over its size cap in a dry run. */
  notes: string[];
  /** `notes` in words of the checkpoint catalog, one for each (issue 14). */
  noteWords: ErrorWords[];
  /** Disk bytes freed (not in a dry run). */
  freedBytes?: number;
  usage: StoreUsage;
}

export interface StoreUsage {
  /** Bytes on disk of the whole store (allocated blocks). */
  diskBytes: number;
  /** Sum of file sizes in the store. */
  bytes: number;
  checkpoints: number;
  packs: number;
  storeDir: string;
}

export interface CheckpointOptions {
  /** Files larger than this are skipped and listed (default 5 MiB). */
  maxFileBytes?: number;
  /**
   * Checkpoints older than this are pruned (1–3650). Unset (as createCore leaves it): the setting
   * `checkpoints.retentionDays` of the global and workspace settings, read at each prune (retentionSetting.ts; default 90).
   */
  retentionDays?: number;
  /** The store is pruned (oldest first) down to this size (default 2 GiB). */
  maxStoreBytes?: number;
  /** Replace the built-in excluded folder names. */
  excludeDirs?: string[];
  /** Add to the built-in excluded folder names. */
  extraExcludeDirs?: string[];
  /** Write `.akira/checkpoints/<session|manual>/<n>.md` (default true). */
  writeMetadata?: boolean;
  /** Fill the store and stat cache in the background at start (default false). */
  warmUp?: boolean;
  /** Start the stat pool with the known files at start, for a big tree's first walk (default false; long-lived faces). */
  preloadStatPool?: boolean;
  /** How long to wait for another process holding the store (default 60 s). */
  lockTimeoutMs?: number;
  /** Ids automatic pruning must keep (asked before each automatic prune). */
  protect?: () => string[];
  /**
   * Runs before every scan: makes sure the change feed has reported every change made so far
   * (watchFeed.ts's barrier). Answering false means it could not: the scan walks the tree.
   */
  beforeScan?: () => Promise<boolean>;
  /**
   * The first snapshot borrows the user's git objects and index stat data (repoSeed.ts), so it costs about a
   * `git status` on a big repository (default true).
   */
  seedFromRepo?: boolean;
}

export type CheckpointOperation = 'create' | 'preview' | 'restore' | 'diff' | 'warm-up' | 'prune' | 'recover';

export interface CheckpointProgressEvent {
  operation: CheckpointOperation;
  phase: 'scanning' | 'hashing' | 'writing' | 'restoring' | 'done';
  done: number;
  total: number;
}

export interface CheckpointChangedEvent {
  reason: 'created' | 'restored' | 'pruned' | 'recovered';
  checkpointId?: string;
}

/** An operation waits for the store lock another process holds (who, since when). */
export interface CheckpointWaitingEvent {
  operation: string;
  pid: number | null;
  /** The holder's command line when it can be read, e.g. `akira serve /home/me/project`. */
  command: string | null;
  /** When the holder took the lock (ms since the epoch). */
  since: number;
  /** All of it in a sentence. */
  message: string;
}

export interface CheckpointEvents {
  'checkpoints.onProgress': CheckpointProgressEvent;
  'checkpoints.onChanged': CheckpointChangedEvent;
  'checkpoints.onWaiting': CheckpointWaitingEvent;
}

export type CheckpointEmit = <N extends keyof CheckpointEvents>(name: N, data: CheckpointEvents[N]) => void;
