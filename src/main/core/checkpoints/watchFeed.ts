import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The checkpoints' change feed from the workspace watcher (wired by createCore): lets a checkpoint
 * examine only the paths that changed instead of walking the tree, without ever missing an edit.
 *
 * What is reported to the checkpoint service (`markDirty`, `markAllDirty`, `setFeedComplete`):
 * - every raw fs.watch event, unthrottled and synchronously (chokidar's own events drop a second
 *   change of a file within 50 ms and delay deletions by 100 ms; raw events do neither), plus every
 *   chokidar event (it reports files it finds in new folders, which had no watch yet);
 * - completeness: only while the watcher covers the whole tree (eager mode, ready, no error since);
 *   a loss of coverage marks everything dirty. A burst of raw events large enough to overflow the
 *   kernel's event queue (events silently lost) marks everything dirty too.
 *
 * The barrier (`barrier()`, run by the checkpoint service before it takes the dirty paths): an edit
 * made just before a checkpoint may still sit in the kernel's queue. A cookie file in `.akira/cookies/`
 * (never captured; the watcher watches it even when `.akira` is ignored) is renamed to a new name
 * and the barrier waits until the watcher reports that name: inotify has one queue per process, read
 * in order, and raw events are handed over synchronously as they are read, so every event queued
 * before the rename has been reported by then. A barrier that does not see its cookie in time says
 * so, and the checkpoint walks.
 *
 * Folders that appeared: chokidar lists a new folder before it starts watching it, so a file created
 * in between has no event. Such folders (chokidar's addDir) are reported again at every barrier until
 * an event from their own watch proves it exists, and once more after that (covering the gap).
 */

export interface FeedTarget {
  markDirty(paths: Iterable<string>): void;
  markAllDirty(): void;
  setFeedComplete(complete: boolean): void;
}

export interface WatchFeed {
  /** The watcher's hooks (fileWatcher.ts options). */
  readonly hooks: {
    alwaysWatch: string;
    onRawEvent(watched: string, name: string | null): void;
    onEvent(kind: string, abs: string): void;
    onCoverage(complete: boolean): void;
  };
  /** Where the reports go (the checkpoint service, once it exists). */
  attach(target: FeedTarget): void;
  /** True when every change made before the call has been reported (see module doc). */
  barrier(): Promise<boolean>;
  dispose(): void;
}

export const COOKIE_DIR = join('.akira', 'cookies');
/** Raw events within BURST_MS above which events may have been lost (Linux queues 16,384 by default). */
const BURST_EVENTS = 8192;
const BURST_MS = 1000;
const COOKIE_WAIT_MS = 150;
const COOKIE_ATTEMPTS = 10;

export function createWatchFeed(root: string): WatchFeed {
  const cookieDir = join(root, COOKIE_DIR);
  const inCookieDir = cookieDir + sep;
  let target: FeedTarget | null = null;
  let complete = false;
  let disposed = false;
  /** Folders whose watch is not proven yet; folders proven since the last barrier. */
  const unproven = new Set<string>();
  const proven = new Set<string>();
  const cookieWaits = new Map<string, () => void>();
  let cookie: string | null = null;
  const cookiePrefix = `${process.pid}-${randomBytes(4).toString('hex')}-`;
  let cookieSeq = 0;
  let burstStart = 0;
  let burstCount = 0;

  function changed(abs: string) {
    if (abs.startsWith(inCookieDir)) {
      cookieWaits.get(abs)?.();
      return;
    }
    target?.markDirty([abs]);
  }

  const feed: WatchFeed = {
    hooks: {
      alwaysWatch: cookieDir,
      onRawEvent(watched, name) {
        const now = Date.now();
        if (now - burstStart > BURST_MS) {
          burstStart = now;
          burstCount = 0;
        }
        if (++burstCount === BURST_EVENTS) target?.markAllDirty();
        if (unproven.delete(watched)) proven.add(watched);
        // A file's own watch names the file; a folder's names an entry (or the folder itself).
        // (Plain string work: this runs for every event of a storm, inside the fs.watch callback.)
        changed(!name || isBasename(watched, name) ? watched : watched.endsWith(sep) ? watched + name : watched + sep + name);
      },
      onEvent(kind, abs) {
        if (kind === 'addDir') unproven.add(abs);
        if (kind === 'unlinkDir') {
          for (const dir of [...unproven]) if (dir === abs || dir.startsWith(abs + sep)) unproven.delete(dir);
        }
        changed(abs);
      },
      onCoverage(value) {
        complete = value;
        if (!value) target?.markAllDirty();
        target?.setFeedComplete(value);
      },
    },
    attach(t) {
      target = t;
      t.setFeedComplete(complete);
      if (!complete) t.markAllDirty();
    },
    async barrier() {
      if (!complete || disposed || !target) return false;
      const seen = await cookieSeen();
      if (!seen || !complete) return false;
      target.markDirty([...unproven, ...proven]);
      proven.clear();
      return true;
    },
    dispose() {
      disposed = true;
      complete = false;
      if (cookie) rmSync(cookie, { force: true });
      cookie = null;
    },
  };

  /** Renames the cookie to a new name and waits until the watcher reports it (a few tries). */
  async function cookieSeen(): Promise<boolean> {
    try {
      if (!cookie) {
        mkdirSync(cookieDir, { recursive: true });
        // The user's git (and the file tree) ignore the cookies: a '*' that matches itself too.
        if (!existsSync(join(cookieDir, '.gitignore'))) writeFileSync(join(cookieDir, '.gitignore'), '*\n');
        removeStaleCookies();
        cookie = join(cookieDir, `${cookiePrefix}${cookieSeq}`);
        writeFileSync(cookie, '');
      }
      for (let attempt = 0; attempt < COOKIE_ATTEMPTS && !disposed; attempt++) {
        const next = join(cookieDir, `${cookiePrefix}${++cookieSeq}`);
        let timer: NodeJS.Timeout | undefined;
        const arrived = new Promise<boolean>((resolve) => {
          cookieWaits.set(next, () => resolve(true));
          timer = setTimeout(() => resolve(false), COOKIE_WAIT_MS);
        });
        renameSync(cookie, next);
        cookie = next;
        const ok = await arrived;
        clearTimeout(timer);
        cookieWaits.delete(next);
        if (ok) return true;
        // Not seen: the cookie folder may be new and not watched yet; try again with a new name.
      }
    } catch {
      cookie = null; // the folder or the file went away: start over next time
    }
    return false;
  }

  /** Cookies left by processes that are gone (names start with the pid). */
  function removeStaleCookies() {
    for (const name of readdirSync(cookieDir)) {
      if (name === '.gitignore') continue;
      const pid = Number(name.split('-')[0]);
      let alive = pid === process.pid;
      if (!alive && Number.isInteger(pid) && pid > 0) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch (err) {
          alive = (err as NodeJS.ErrnoException).code === 'EPERM';
        }
      }
      if (!alive) rmSync(join(cookieDir, name), { force: true });
    }
  }

  return feed;
}

/** `basename(path) === name`, without path's normalisation work. */
function isBasename(path: string, name: string): boolean {
  return path.length > name.length && path.endsWith(name) && path[path.length - name.length - 1] === sep;
}
