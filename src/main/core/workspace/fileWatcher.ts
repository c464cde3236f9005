import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FileChange } from '../../../shared/contract/workspace';
import { createFolderWatch, DEFAULT_MAX_PENDING, type FolderWatch } from './folderWatch';

/**
 * Watches the workspace without exhausting inotify on big trees.
 *
 * - Small trees (at most `eagerBudget` visible entries, found by a bounded walk that skips ignored
 *   folders) get one watch per visible folder (folderWatch.ts), whose events are classified into
 *   add / change / unlink / addDir / unlinkDir, so every change is seen, even in folders the UI never
 *   opened (the Changes panel relies on that). (chokidar's per-entry watch re-listed a folder with an
 *   lstat per entry on every event: ~30 ms of CPU per 3-file edit on a 10k-entry tree.)
 * - Bigger trees fall back to chokidar watching only the folders that were listed (depth 0 each; one
 *   watch per entry), most recently listed first, within `lazyBudget` entries; the least recently
 *   listed folders are dropped beyond that. There the change feed (below) gets a folder watch of its
 *   own, which is what covers the whole tree.
 * Events are coalesced for `batchMs` (per path, latest wins) and handed over as one batch. Back-pressure:
 * more than `maxPending` paths waiting (here, or in the folder watch's queue: folderWatch.ts) is an
 * overflow: the detail is dropped and the next batch is one `onOverflow()` instead ("many files changed,
 * reload what is shown"); a folder watch overflow also withdraws coverage (the checkpoints walk) until
 * the storm is over, and ends with one more `onOverflow()`. chokidar does real work for every event
 * (enough to starve the event loop in a storm): a listed folder whose watcher reports more than 500
 * raw events (or `maxPending`) within a second is not watched for a while (1 s, doubling up to 8 s while
 * storms follow), then watched again, with one more `onOverflow()`. `stats()` tells the queues' sizes.
 *
 * For the checkpoints' change feed (checkpoints/watchFeed.ts) it also hands over, unbatched and
 * unthrottled, every raw fs.watch event of the folder watch (and of chokidar's), every chokidar event as
 * it happens, and whether the watch covers the whole tree (the folder watch is complete, no error
 * since); `alwaysWatch` names a folder that is watched even when the rules ignore it (the feed's cookie
 * folder under `.akira/`).
 */

export type ChangeKind = FileChange['kind'];
export interface RawChange {
  abs: string;
  kind: ChangeKind;
}

export interface FileWatcherOptions {
  root: string;
  /** Synchronous ignore test (gitignored, .git); must be cheap. */
  isIgnored(abs: string, isDir: boolean): boolean;
  /** Lists the visible entries of a folder (for the bounded walk). */
  visibleEntries(absDir: string): Promise<{ abs: string; isDir: boolean }[]>;
  onChanges(changes: RawChange[]): void;
  /** Too many changes to list (an overflow, see above): everything shown may have changed. */
  onOverflow?(): void;
  /** Every raw fs.watch event: `watched` is the watched file or folder, `name` what the event names in it. */
  onRawEvent?(watched: string, name: string | null): void;
  /** Every chokidar event, as it happens (before batching). */
  onEvent?(kind: ChangeKind, abs: string): void;
  /** The watch covers the whole tree (eager, ready, no error since) or no longer does. */
  onCoverage?(complete: boolean): void;
  /** A folder inside the root watched even if ignored (with the folders on its way). */
  alwaysWatch?: string;
  /** Forget a folder's cached ignore rules (its .gitignore changed); used by the folder watch. */
  invalidateRules?(absDir: string): void;
  /** Most folders the folder watch takes on (beyond: no coverage, checkpoints walk; eager mode falls back to lazy). */
  maxFolders?: number;
  /** Most paths waiting in a queue (default 10,000); beyond, an overflow. */
  maxPending?: number;
  batchMs?: number;
  eagerBudget?: number;
  lazyBudget?: number;
  onError?(err: unknown): void;
}

export interface FileWatcher {
  readonly mode: () => 'pending' | 'eager' | 'lazy';
  /** A folder was listed: make sure its entries are watched (no-op when the whole tree is). */
  watchDir(absDir: string, entryCount: number): void;
  /** Resolves once every watch asked for so far is in place. */
  settled(): Promise<void>;
  stats(): WatcherStats;
  dispose(): Promise<void>;
}

export interface WatcherStats {
  /** Paths waiting now (batch + folder watch queue) and the largest either queue has been. */
  pending: number;
  peak: number;
  /** Overflows so far (batch and folder watch) and whether the folder watch is in one now. */
  overflows: number;
  overflowing: boolean;
}

const MAX_BATCH = 5000;
/** Raw events within STORM_WINDOW_MS that make a chokidar watcher a storm's. */
const STORM_EVENTS = 500;
const STORM_WINDOW_MS = 1000;
const SUSPEND_MS = 1000;
const MAX_SUSPEND_MS = 8000;

/** Counts visible entries breadth-first; answers false as soon as the count exceeds `budget`. */
async function fitsBudget(opts: FileWatcherOptions, budget: number, isClosed: () => boolean): Promise<boolean> {
  let count = 0;
  const queue = [opts.root];
  while (queue.length) {
    if (isClosed()) return false;
    const dir = queue.shift()!;
    const entries = await opts.visibleEntries(dir).catch(() => []);
    count += entries.length;
    if (count > budget) return false;
    for (const e of entries) if (e.isDir) queue.push(e.abs);
  }
  return true;
}

export function createFileWatcher(opts: FileWatcherOptions): FileWatcher {
  const batchMs = opts.batchMs ?? 100;
  const eagerBudget = opts.eagerBudget ?? 10_000;
  const lazyBudget = opts.lazyBudget ?? 20_000;
  const maxPending = opts.maxPending ?? DEFAULT_MAX_PENDING;
  const stormEvents = Math.min(maxPending, STORM_EVENTS);
  /** Overflow: the next flush is one onOverflow(); `dropping` until then (the batch overflowed). */
  let refresh = false;
  let dropping = false;
  const counts = { peak: 0, overflows: 0 };
  let mode: 'pending' | 'eager' | 'lazy' = 'pending';
  let closed = false;
  let pending = new Map<string, ChangeKind>();
  let timer: NodeJS.Timeout | null = null;
  /** Lazy mode: watched folder → watcher, in least-recently-listed-first order. */
  const lazy = new Map<string, { watcher: FSWatcher | null; count: number }>();
  /** Lazy folders not watched for a while after a storm: when, for how long, the timer that watches them again. */
  const suspensions = new Map<string, { at: number; delay: number; timer: NodeJS.Timeout }>();
  /** Watchers whose 'ready' is still awaited by settled(), with the way to stop awaiting it. */
  const unready = new Map<FSWatcher, () => void>();
  /** Folders listed before the mode was decided. */
  const early = new Map<string, number>();
  let folders: FolderWatch | null = null;
  const readiness = new Set<Promise<void>>();

  const always = opts.alwaysWatch;
  const ignored = (path: string, stats?: { isDirectory(): boolean }) =>
    path !== opts.root &&
    !(always && (path === always || always.startsWith(path + sep) || path.startsWith(always + sep))) &&
    opts.isIgnored(path, stats?.isDirectory() ?? false);
  let complete = false;
  function setCoverage(value: boolean) {
    if (value === complete) return;
    complete = value;
    opts.onCoverage?.(value);
  }

  function flush() {
    timer = null;
    dropping = false;
    if (closed) return;
    if (refresh) {
      refresh = false;
      pending.clear(); // the overflow covers them
      opts.onOverflow?.();
      return;
    }
    if (pending.size === 0) return;
    const batch = [...pending].map(([abs, kind]) => ({ abs, kind }));
    pending = new Map();
    for (let i = 0; i < batch.length; i += MAX_BATCH) opts.onChanges(batch.slice(i, i + MAX_BATCH));
  }

  /** `tell`: pass it on to `onEvent` too (chokidar's events; the folder watch's are covered by its raw events). */
  function record(kind: string, abs: string, tell = true) {
    if (closed || abs === opts.root) return;
    if (!['add', 'change', 'unlink', 'addDir', 'unlinkDir'].includes(kind)) return;
    if (tell) opts.onEvent?.(kind as ChangeKind, abs);
    if (dropping) return;
    const previous = pending.get(abs);
    // A file created and then written within one batch is still news of its creation.
    const next = previous === 'add' && kind === 'change' ? 'add' : (kind as ChangeKind);
    pending.delete(abs);
    pending.set(abs, next);
    if (pending.size > counts.peak) counts.peak = pending.size;
    if (pending.size > maxPending) {
      counts.overflows++;
      dropping = true;
      refreshSoon();
    }
    timer ??= setTimeout(flush, batchMs);
  }

  /** The next flush is one onOverflow() (for the folder watch's overflow: when it begins and when it ends). */
  function refreshSoon() {
    if (closed) return;
    pending.clear();
    refresh = true;
    timer ??= setTimeout(flush, batchMs);
  }

  /** A listed folder's watcher reports a storm: close it, watch the folder again later (see the module doc). */
  function suspend(dir: string) {
    const entry = lazy.get(dir);
    if (closed || !entry?.watcher) return;
    void close(entry.watcher);
    entry.watcher = null;
    counts.overflows++;
    refreshSoon();
    const previous = suspensions.get(dir);
    const delay = previous && Date.now() - previous.at < 10 * MAX_SUSPEND_MS ? Math.min(previous.delay * 2, MAX_SUSPEND_MS) : SUSPEND_MS;
    suspensions.set(dir, { at: Date.now(), delay, timer: setTimeout(() => resume(dir), delay) });
  }

  function resume(dir: string) {
    const entry = lazy.get(dir);
    if (closed || !entry || entry.watcher) return;
    entry.watcher = start(dir, 0, () => suspend(dir));
    entry.watcher.once('ready', refreshSoon);
  }

  function start(paths: string, depth?: number, onStorm?: () => void): FSWatcher {
    const watcher = watch(paths, {
      ignoreInitial: true,
      followSymlinks: false,
      depth,
      ignored,
      ignorePermissionErrors: true,
    });
    watcher.on('all', (event, path) => record(event, path));
    let windowStart = 0;
    let events = 0;
    watcher.on('raw', (_event, name, details) => {
      const now = Date.now();
      if (now - windowStart > STORM_WINDOW_MS) [windowStart, events] = [now, 0];
      if (++events === stormEvents) onStorm?.();
      const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (!closed && watched) opts.onRawEvent?.(watched, (name as string | null) || null);
    });
    watcher.on('error', (err) => {
      setCoverage(false); // a watch may be gone: changes may go unseen from now on
      opts.onError?.(err);
    });
    // chokidar never emits 'ready' for a watcher closed before it was ready: closing stops the wait too.
    const ready = new Promise<void>((resolve) => {
      unready.set(watcher, resolve);
      watcher.once('ready', () => resolve());
    });
    readiness.add(ready);
    void ready.then(() => {
      readiness.delete(ready);
      unready.delete(watcher);
    });
    return watcher;
  }

  function close(watcher: FSWatcher): Promise<void> {
    unready.get(watcher)?.();
    return watcher.close();
  }

  function totalLazy(): number {
    let total = 0;
    for (const w of lazy.values()) total += w.count;
    return total;
  }

  function watchLazy(absDir: string, count: number) {
    const existing = lazy.get(absDir);
    if (existing) {
      lazy.delete(absDir);
      lazy.set(absDir, { ...existing, count });
      return;
    }
    if (count > lazyBudget) return; // one folder beyond the whole budget is not watched
    lazy.set(absDir, { watcher: start(absDir, 0, () => suspend(absDir)), count });
    for (const [dir, entry] of lazy) {
      if (totalLazy() <= lazyBudget) break;
      if (dir === absDir) continue;
      lazy.delete(dir);
      if (entry.watcher) void close(entry.watcher);
      clearTimeout(suspensions.get(dir)?.timer);
      suspensions.delete(dir);
    }
  }

  /** The folder watch: the whole tree's changes (`withChanges`, eager mode) or only the change feed's raw events. */
  function startFolders(withChanges: boolean): FolderWatch {
    return createFolderWatch({
      root: opts.root,
      isIgnored: opts.isIgnored,
      invalidateRules: opts.invalidateRules,
      alwaysWatch: always,
      maxFolders: opts.maxFolders,
      maxPending,
      onOverflow: withChanges ? refreshSoon : undefined,
      onRawEvent: (watched, name) => !closed && opts.onRawEvent?.(watched, name),
      ...(withChanges ? { onChange: (kind: ChangeKind, abs: string) => record(kind, abs, false) } : {}),
      onCoverage: (value) => setCoverage(value),
      onError: (err) => {
        // It closed its watches (e.g. the kernel's watch limit): from now on the listed folders are watched.
        if (mode === 'eager') mode = 'lazy';
        opts.onError?.(err);
      },
    });
  }

  const decided = fitsBudget(opts, eagerBudget, () => closed).then(
    (small) => {
      if (closed) return;
      if (small) {
        mode = 'eager';
        // One watch per folder; the changes are classified from what each folder held (folderWatch.ts).
        folders = startFolders(true);
      } else {
        mode = 'lazy';
        for (const [dir, count] of early) watchLazy(dir, count);
        if (opts.onRawEvent && opts.onCoverage) folders = startFolders(false);
      }
      early.clear();
    },
    (err: unknown) => opts.onError?.(err),
  );

  return {
    mode: () => mode,
    watchDir(absDir, entryCount) {
      if (closed || mode === 'eager') return;
      if (mode === 'pending') early.set(absDir, entryCount);
      else watchLazy(absDir, entryCount);
    },
    async settled() {
      await decided;
      while (readiness.size) await Promise.all([...readiness]);
      await folders?.settled();
    },
    stats() {
      const f = folders?.stats();
      return {
        pending: pending.size + (f?.queued ?? 0),
        peak: Math.max(counts.peak, f?.peak ?? 0),
        overflows: counts.overflows + (f?.overflows ?? 0),
        overflowing: f?.overflowing ?? false,
      };
    },
    async dispose() {
      closed = true;
      setCoverage(false);
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
      await decided.catch(() => undefined);
      folders?.dispose();
      folders = null;
      for (const s of suspensions.values()) clearTimeout(s.timer);
      suspensions.clear();
      const closing = [...lazy.values()].flatMap((w) => (w.watcher ? [close(w.watcher)] : []));
      lazy.clear();
      await Promise.allSettled(closing);
    },
  };
}

/** Lists a folder's entries that are not ignored, for the bounded walk. */
export async function visibleEntriesOf(
  absDir: string,
  isIgnored: (name: string, isDir: boolean) => boolean | Promise<boolean>,
): Promise<{ abs: string; isDir: boolean }[]> {
  const dirents = await readdir(absDir, { withFileTypes: true });
  const out: { abs: string; isDir: boolean }[] = [];
  for (const d of dirents) {
    const isDir = d.isDirectory();
    if (!(await isIgnored(d.name, isDir))) out.push({ abs: join(absDir, d.name), isDir });
  }
  return out;
}
