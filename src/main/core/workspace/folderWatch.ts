import { lstatSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';

/**
 * One fs.watch per visible folder (never per file): a folder's watch reports every entry created,
 * deleted, renamed or written in it, so a 250,000-file tree needs one watch per folder (a few
 * thousand), not per entry. fileWatcher.ts uses it for the whole workspace of small trees (with
 * `onChange`: events classified for the UI) and for the checkpoints' change feed of big ones.
 *
 * - Watch, then list: a folder is watched before it is read, so a file created while a new folder is
 *   being covered is either listed or reported. Entries of folders that appear later are reported as
 *   they are found (they are news); those found by the first walk are not.
 * - A folder that goes away takes its watches (and its subfolders') with it.
 * - A `.gitignore` that changes may make folders visible: coverage is withdrawn, the rules of that
 *   folder are refreshed and its subtree is covered again, then coverage comes back.
 * - Coverage (`onCoverage(true)`) once the first walk has watched every visible folder; any failure
 *   (the kernel's watch limit, more than `maxFolders` folders) withdraws it for good and closes the
 *   watches: the checkpoints walk from then on.
 * - Back-pressure: an fs.watch callback only hands the raw event on (`onRawEvent`, cheap) and queues its
 *   path (per path, latest wins); the queue is classified in slices of a few ms, so a storm of events
 *   never starves the event loop (libuv reads inotify until it is empty: an lstat per event there let a
 *   create+unlink loop block the loop for as long as it ran). More than `maxPending` paths queued is an
 *   overflow: the detail is dropped, coverage is withdrawn (the checkpoints walk), `onOverflow(true)`,
 *   and the folders that have events are not watched for a while (even a cheap callback per event can
 *   fall behind a fast enough writer, and the kernel stops queueing events for a folder not watched);
 *   then they are watched and listed again; a folder with events within the next moments starts it
 *   over (waiting twice as long, up to 2 s); else coverage comes back and `onOverflow(false)`.
 *
 *   const fw = createFolderWatch({root, isIgnored, onRawEvent, onCoverage});
 *   await fw.settled(); fw.size(); fw.dispose();
 */

export interface FolderWatchOptions {
  root: string;
  /** The workspace's synchronous ignore test (gitignored, .git). */
  isIgnored(abs: string, isDir: boolean): boolean;
  /** Forget a folder's cached rules (its .gitignore changed). */
  invalidateRules?(absDir: string): void;
  /** A folder watched even when ignored (with the folders on its way). */
  alwaysWatch?: string;
  /** `watched` is the folder, `name` the entry the event is about (null: the folder itself). */
  onRawEvent(watched: string, name: string | null): void;
  onCoverage(complete: boolean): void;
  /**
   * What changed, classified like chokidar (add, change, unlink, addDir, unlinkDir) from the names each folder
   * held when listed and an lstat of the name an event reports; ignored paths are not reported.
   */
  onChange?(kind: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir', abs: string): void;
  maxFolders?: number;
  /** Most paths queued for classification (default 10,000); beyond: overflow (see above). */
  maxPending?: number;
  /** An overflow began (true) or ended (false): what changed meanwhile is not reported one by one. */
  onOverflow?(active: boolean): void;
  onError?(err: unknown): void;
}

export interface FolderWatchStats {
  /** Paths queued now / at most so far. */
  queued: number;
  peak: number;
  /** Overflows so far, and whether one is going on. */
  overflows: number;
  overflowing: boolean;
}

export interface FolderWatch {
  /** Folders watched now. */
  size(): number;
  /** Resolves once the covering in progress (the first walk, new folders) is done. */
  settled(): Promise<void>;
  stats(): FolderWatchStats;
  dispose(): void;
}

const RECOVER_DELAY_MS = 150;
export const DEFAULT_MAX_PENDING = 10_000;
/** Time the queue is classified for before the event loop gets a turn. */
const SLICE_MS = 8;
/** After an overflow: folders are not watched for at least this long; then this long without events ends it. */
const QUIET_MS = 150;
const MAX_PAUSE_MS = 2000;

export function createFolderWatch(o: FolderWatchOptions): FolderWatch {
  const max = o.maxFolders ?? 50_000;
  const always = o.alwaysWatch;
  const watchers = new Map<string, FSWatcher>();
  /** With onChange: each watched folder's entries (name → is a folder) as last seen. */
  const known = new Map<string, Map<string, boolean>>();
  const work = new Set<Promise<void>>();
  let failed = false;
  let closed = false;
  let complete = false;
  let recovering = 0;
  let initialDone = false;
  const maxPending = o.maxPending ?? DEFAULT_MAX_PENDING;
  /** Paths to classify (abs → its watched folder), per path; during an overflow, the folders not watched (`stale`). */
  const queue = new Map<string, string>();
  const stale = new Set<string>();
  let draining: (() => void) | null = null;
  let overflowing = false;
  let eventsSinceQuiet = 0;
  const counts = { peak: 0, overflows: 0 };

  /** Inside the always-watched folder. */
  const underAlways = (abs: string) => !!always && (abs === always || abs.startsWith(always + sep));
  /** A folder to watch: not ignored, or the always-watched folder, inside it or on the way to it. */
  const visible = (abs: string) => abs === o.root || underAlways(abs) || (!!always && always.startsWith(abs + sep)) || !o.isIgnored(abs, true);

  function setCoverage(value: boolean) {
    if (value === complete) return;
    complete = value;
    o.onCoverage(value);
  }

  /** Coverage comes back once nothing withholds it. */
  function maybeCovered() {
    if (initialDone && recovering === 0 && !overflowing && !failed && !closed) setCoverage(true);
  }

  function closeAll() {
    for (const w of watchers.values()) w.close();
    watchers.clear();
    known.clear();
    queue.clear();
    stale.clear();
  }

  function fail(err: unknown) {
    if (failed || closed) return;
    failed = true;
    setCoverage(false);
    closeAll();
    o.onError?.(err);
  }

  /** Stops watching a folder that went away, and everything below it. */
  function forget(abs: string) {
    for (const [dir, w] of watchers) {
      if (dir === abs || dir.startsWith(abs + sep)) {
        w.close();
        watchers.delete(dir);
      }
    }
    for (const dir of [...known.keys()]) if (dir === abs || dir.startsWith(abs + sep)) known.delete(dir);
  }

  function reportChange(kind: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir', abs: string, isDir: boolean) {
    if (!o.onChange) return;
    if (!underAlways(abs) && o.isIgnored(abs, isDir)) return;
    o.onChange(kind, abs);
  }

  /** Classifies what an event names in `dir` against what the folder held (`st`: the name's lstat now). */
  function classify(dir: string, name: string, abs: string, st: Stats | undefined) {
    const names = known.get(dir);
    if (!names) return;
    const before = names.get(name);
    if (!st) {
      if (before === undefined) return;
      names.delete(name);
      reportChange(before ? 'unlinkDir' : 'unlink', abs, before);
      return;
    }
    const isDir = st.isDirectory();
    if (before !== undefined && before !== isDir) reportChange(before ? 'unlinkDir' : 'unlink', abs, before);
    names.set(name, isDir);
    if (before !== isDir) reportChange(isDir ? 'addDir' : 'add', abs, isDir);
    else if (!isDir) reportChange('change', abs, false);
  }

  /** Watches one folder; false when it is gone or the watch failed. */
  function add(dir: string): boolean {
    if (watchers.has(dir)) return true;
    if (watchers.size >= max) {
      fail(new Error(`More than ${max} folders to watch: checkpoints walk the tree instead.`));
      return false;
    }
    try {
      const w = watch(dir, { persistent: false }, (_event, name) => onEvent(dir, name === null || name === undefined ? null : String(name)));
      w.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'EPERM') forget(dir); // the folder went away
        else fail(err);
      });
      watchers.set(dir, w);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') return false;
      fail(err);
      return false;
    }
  }

  /** Watch-then-list, breadth first, from `start`; `report` says whether what is found is news. */
  async function cover(start: string, report: boolean): Promise<void> {
    const queue = [start];
    while (queue.length && !failed && !closed) {
      const dir = queue.shift()!;
      if (!add(dir)) continue;
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
      if (!entries || closed || failed) continue;
      const names = o.onChange ? (known.get(dir) ?? new Map<string, boolean>()) : null;
      if (names) known.set(dir, names);
      for (const e of entries) {
        const abs = join(dir, e.name);
        const isDir = e.isDirectory();
        if (isDir && !watchers.has(abs) && visible(abs)) queue.push(abs);
        if (report) o.onRawEvent(dir, e.name);
        if (names && names.get(e.name) !== isDir) {
          names.set(e.name, isDir);
          if (report) reportChange(isDir ? 'addDir' : 'add', abs, isDir);
        }
      }
    }
  }

  function track(p: Promise<void>) {
    const tracked = p.catch(fail).finally(() => work.delete(tracked));
    work.add(tracked);
  }

  /** The fs.watch callback: as little as possible (see the module doc). */
  function onEvent(dir: string, name: string | null) {
    if (closed || failed || !watchers.has(dir)) return;
    o.onRawEvent(dir, name);
    if (name === null) return;
    if (overflowing) {
      eventsSinceQuiet++;
      return pause(dir);
    }
    queue.set(dir + sep + name, dir);
    if (queue.size > counts.peak) counts.peak = queue.size;
    if (queue.size > maxPending) return overflow();
    if (!draining) track(new Promise<void>((resolve) => ((draining = resolve), setImmediate(drain))));
  }

  /** Classifies queued paths for a few ms, then lets the event loop run. */
  function drain() {
    // (The clock after every path: an lstat in a folder that another process keeps renaming in waits for its lock.)
    const until = performance.now() + SLICE_MS;
    for (const [abs, dir] of queue) {
      queue.delete(abs);
      if (!closed && !failed) handle(dir, abs);
      if (performance.now() > until) break;
    }
    if (queue.size && !closed && !failed) return void setImmediate(drain);
    const done = draining;
    draining = null;
    done?.();
  }

  function handle(dir: string, abs: string) {
    if (!watchers.has(dir)) return; // the folder went away meanwhile
    const name = abs.slice(dir.length + 1);
    const st = safeLstat(abs);
    classify(dir, name, abs, st);
    if (name === '.gitignore') return recover(dir);
    if (watchers.has(abs)) {
      if (!st) forget(abs);
      return;
    }
    if (st?.isDirectory() && visible(abs)) track(cover(abs, true));
  }

  /** Too much queued: drop the detail, withdraw coverage until the folders concerned are quiet and listed again. */
  function overflow() {
    counts.overflows++;
    overflowing = true;
    for (const dir of queue.values()) pause(dir);
    queue.clear();
    setCoverage(false);
    o.onOverflow?.(true);
    track(recoverFromOverflow());
  }

  /** Stops watching a folder during an overflow (its subfolders keep their watches). */
  function pause(dir: string) {
    watchers.get(dir)?.close();
    watchers.delete(dir);
    stale.add(dir);
  }

  async function recoverFromOverflow() {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const over = () => closed || failed;
    for (let wait = QUIET_MS; !over(); wait = Math.min(wait * 2, MAX_PAUSE_MS)) {
      await sleep(wait);
      eventsSinceQuiet = 0;
      const dirs = [...stale];
      stale.clear();
      const listed = new Map<string, Map<string, boolean>>();
      for (const dir of dirs) {
        if (over()) break;
        const names = add(dir) ? await relist(dir) : null;
        if (names) listed.set(dir, names);
        else forget(dir); // gone (or the watch failed: then coverage is gone for good)
      }
      // Subfolders of those that are gone now (one pass over the watches).
      for (const sub of [...watchers.keys()]) {
        const names = listed.get(dirname(sub));
        if (names && !names.get(basename(sub))) forget(sub);
      }
      await sleep(QUIET_MS);
      if (!eventsSinceQuiet && !stale.size) break;
    }
    overflowing = false;
    if (!closed) o.onOverflow?.(false);
    maybeCovered();
  }

  /**
   * Brings a folder's known entries up to date and covers its new subfolders, reporting nothing (an
   * overflow said it all); answers what it holds (null: gone).
   */
  async function relist(dir: string): Promise<Map<string, boolean> | null> {
    o.invalidateRules?.(dir);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
    if (!entries || closed || failed) return null;
    const names = new Map<string, boolean>();
    for (const e of entries) names.set(e.name, e.isDirectory());
    if (o.onChange) known.set(dir, names);
    for (const [name, isDir] of names) {
      const abs = join(dir, name);
      if (isDir && !watchers.has(abs) && visible(abs)) await cover(abs, false);
    }
    return names;
  }

  /** A folder's ignore rules changed: folders below it may have become visible. */
  function recover(dir: string) {
    recovering++;
    setCoverage(false);
    track(
      new Promise<void>((resolve) => setTimeout(resolve, RECOVER_DELAY_MS)).then(async () => {
        o.invalidateRules?.(dir);
        await cover(dir, false);
        recovering--;
        maybeCovered();
      }),
    );
  }

  track(
    cover(o.root, false).then(() => {
      initialDone = true;
      maybeCovered();
    }),
  );

  return {
    size: () => watchers.size,
    stats: () => ({ queued: queue.size, peak: counts.peak, overflows: counts.overflows, overflowing }),
    async settled() {
      while (work.size) await Promise.all([...work]);
    },
    dispose() {
      closed = true;
      setCoverage(false);
      closeAll();
    },
  };
}

function safeLstat(abs: string): Stats | undefined {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
}
