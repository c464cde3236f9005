import { lstatSync, watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';

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
  onError?(err: unknown): void;
}

export interface FolderWatch {
  /** Folders watched now. */
  size(): number;
  /** Resolves once the covering in progress (the first walk, new folders) is done. */
  settled(): Promise<void>;
  dispose(): void;
}

const RECOVER_DELAY_MS = 150;

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

  /** Inside the always-watched folder. */
  const underAlways = (abs: string) => !!always && (abs === always || abs.startsWith(always + sep));
  /** A folder to watch: not ignored, or the always-watched folder, inside it or on the way to it. */
  const visible = (abs: string) => abs === o.root || underAlways(abs) || (!!always && always.startsWith(abs + sep)) || !o.isIgnored(abs, true);

  function setCoverage(value: boolean) {
    if (value === complete) return;
    complete = value;
    o.onCoverage(value);
  }

  function closeAll() {
    for (const w of watchers.values()) w.close();
    watchers.clear();
    known.clear();
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

  /** Classifies what an event names in `dir` against what the folder held. */
  function classify(dir: string, name: string, abs: string) {
    const names = known.get(dir);
    if (!names) return;
    const before = names.get(name);
    let st: ReturnType<typeof lstatSync> | undefined;
    try {
      st = lstatSync(abs);
    } catch {
      st = undefined;
    }
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

  function onEvent(dir: string, name: string | null) {
    if (closed || failed || !watchers.has(dir)) return;
    o.onRawEvent(dir, name);
    if (name === null) return;
    const abs = join(dir, name);
    classify(dir, name, abs);
    if (name === '.gitignore') return recover(dir);
    if (watchers.has(abs)) {
      if (!safeExists(abs)) forget(abs);
      return;
    }
    if (safeIsDir(abs) && visible(abs)) track(cover(abs, true));
  }

  /** A folder's ignore rules changed: folders below it may have become visible. */
  function recover(dir: string) {
    recovering++;
    setCoverage(false);
    track(
      new Promise<void>((resolve) => setTimeout(resolve, RECOVER_DELAY_MS)).then(async () => {
        o.invalidateRules?.(dir);
        await cover(dir, false);
        if (--recovering === 0 && !failed && !closed) setCoverage(true);
      }),
    );
  }

  track(
    cover(o.root, false).then(() => {
      if (!failed && !closed && recovering === 0) setCoverage(true);
    }),
  );

  return {
    size: () => watchers.size,
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

function safeIsDir(abs: string): boolean {
  try {
    return lstatSync(abs).isDirectory();
  } catch {
    return false;
  }
}

function safeExists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}
