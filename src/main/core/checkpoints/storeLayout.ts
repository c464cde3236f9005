import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { AkiraError } from '../errors';
import { createStoreGit, type StoreGit } from './gitProcess';

/**
 * Where a workspace's checkpoints live: `<dataDir>/checkpoints/<first 16 hex of sha256(real path)>/`
 *
 *   git/               bare repository used only as an object store (packs, dedup) + refs/akira/cp/<id>
 *   statcache(.log)    stat data of the latest snapshot (statCache.ts)
 *   checkpoints.jsonl  the checkpoint list (checkpointList.ts)
 *   restore-journal.json  present only while a restore is being applied
 *   walk-state.json    ignore-file stamps of the latest walk (lets a new process trust the stat cache)
 *   workspace.txt      the workspace's real path (for people and tools)
 *   lock               held by the process running an operation (pid, host)
 */

export interface StorePaths {
  dir: string;
  gitDir: string;
  statCache: string;
  statCacheLog: string;
  list: string;
  journal: string;
  walkState: string;
  workspaceFile: string;
  lock: string;
}

export function storeKey(realRoot: string): string {
  return createHash('sha256').update(realRoot).digest('hex').slice(0, 16);
}

export function storePaths(dataDir: string, realRoot: string): StorePaths {
  const dir = join(dataDir, 'checkpoints', storeKey(realRoot));
  return {
    dir,
    gitDir: join(dir, 'git'),
    statCache: join(dir, 'statcache'),
    statCacheLog: join(dir, 'statcache.log'),
    list: join(dir, 'checkpoints.jsonl'),
    journal: join(dir, 'restore-journal.json'),
    walkState: join(dir, 'walk-state.json'),
    workspaceFile: join(dir, 'workspace.txt'),
    lock: join(dir, 'lock'),
  };
}

const STORE_CONFIG: [string, string][] = [
  ['core.autocrlf', 'false'],
  ['core.logAllRefUpdates', 'false'],
  ['gc.auto', '0'],
  ['fastimport.unpackLimit', '0'],
  ['pack.writeBitmaps', 'false'],
  ['repack.writeBitmaps', 'false'],
];

/** The store exists (its repository was initialised). */
export function storeReady(paths: StorePaths): Promise<boolean> {
  return access(join(paths.gitDir, 'HEAD')).then(
    () => true,
    () => false,
  );
}

/** Creates the store when missing (call with the store lock held). */
export async function ensureStore(paths: StorePaths, realRoot: string): Promise<StoreGit> {
  await mkdir(paths.dir, { recursive: true });
  const git = createStoreGit(paths.gitDir, paths.dir);
  if (!(await storeReady(paths))) {
    await rm(paths.gitDir, { recursive: true, force: true });
    await git.run(['init', '--bare', '-q', paths.gitDir]);
    for (const [key, value] of STORE_CONFIG) await git.run(['config', key, value]);
  }
  const recorded = await readFile(paths.workspaceFile, 'utf8').catch(() => null);
  if (recorded?.trim() !== realRoot) await writeFile(paths.workspaceFile, `${realRoot}\n`);
  return git;
}

/**
 * A lock file per store so the app, `akira serve` and the CLI never run two operations that write at
 * once (reads need no lock: see checkpointService.ts). It holds `pid host token`; the file's mtime says
 * since when it is held.
 */
export interface StoreLock {
  /** Waits while another process holds the lock: `onWait` is told who, at once (then every 10 s). */
  acquire(onWait?: (holder: LockHolder) => void): Promise<void>;
  /** One attempt, no waiting: false when another process holds it. */
  tryAcquire(): boolean;
  release(): Promise<void>;
}

/** Who holds a store lock. */
export interface LockHolder {
  pid: number | null;
  host: string;
  /** Its command line when it can be read (Linux, same host), e.g. `akira serve /home/me/project`. */
  command: string | null;
  /** When it took the lock (ms since the epoch). */
  since: number;
}

const WAIT_REPORT_MS = 10_000;

/** "process 1234 (akira serve /ws) since 10:32:05, 12 s ago". */
export function describeHolder(h: LockHolder, now = Date.now()): string {
  const who = h.pid === null ? 'another process' : `process ${h.pid}${h.host && h.host !== hostname() ? ` on ${h.host}` : ''}`;
  const what = h.command ? ` (${h.command})` : '';
  const secs = Math.max(0, Math.round((now - h.since) / 1000));
  return `${who}${what} since ${new Date(h.since).toLocaleTimeString()}, ${secs} s ago`;
}

/** A process's command line from /proc (Linux), shortened: `akira <args>` for the akira command. */
function commandOf(pid: number): string | null {
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
  const script = argv.findIndex((a, i) => i > 0 && /(^|[\\/])(akira(\.cjs)?|cli\.js)$/.test(a));
  const words = script > 0 ? ['akira', ...argv.slice(script + 1)] : argv.map((a, i) => (i === 0 ? basename(a) : a));
  const text = words.join(' ');
  return text ? (text.length > 120 ? `${text.slice(0, 117)}...` : text) : null;
}

/** Who holds the lock at `path` (null: nobody). */
export function readLockHolder(path: string): LockHolder | null {
  let since: number;
  try {
    since = statSync(path).mtimeMs;
  } catch {
    return null;
  }
  const [pidText, host = ''] = readHolder(path).split(' ');
  const pid = Number(pidText) > 0 && Number.isInteger(Number(pidText)) ? Number(pidText) : null;
  return { pid, host, since, command: pid !== null && host === hostname() ? commandOf(pid) : null };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's content, or '' when it is missing or unreadable. */
function readHolder(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Creates the lock file with our id; false when it exists. (Synchronous: two tiny syscalls per operation.) */
function tryCreate(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

export function createStoreLock(path: string, timeoutMs: number): StoreLock {
  // pid and host tell whether a holder is still alive; the token tells two services of one process apart.
  const me = `${process.pid} ${hostname()} ${randomBytes(4).toString('hex')}`;

  /** Takes the lock if it is free or its holder is gone; false while it is held. */
  function attempt(): boolean {
    for (;;) {
      if (tryCreate(path, `${me}\n`)) return true;
      const holder = readHolder(path);
      const [pid, host] = holder.split(' ');
      let mtimeMs = Date.now();
      try {
        mtimeMs = statSync(path).mtimeMs;
      } catch {
        continue; // gone meanwhile: try again
      }
      const age = Date.now() - mtimeMs;
      // An empty lock file older than 10 s was left by a crash between creating and writing it.
      const stale = holder === '' ? age > 10_000 : host === hostname() && !alive(Number(pid));
      if (!stale) return false;
      rmSync(path, { force: true });
    }
  }

  return {
    tryAcquire: attempt,
    async acquire(onWait) {
      const deadline = Date.now() + timeoutMs;
      let reported = 0;
      while (!attempt()) {
        const late = Date.now() > deadline;
        const report = onWait && Date.now() - reported >= WAIT_REPORT_MS;
        const holder = late || report ? readLockHolder(path) : null;
        if (holder && late) {
          throw new AkiraError('conflict', `The checkpoint store is busy: it is held by ${describeHolder(holder)}; try again once it is done.`);
        }
        if (holder && report) {
          reported = Date.now();
          onWait?.(holder);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async release() {
      if (readHolder(path) === me) rmSync(path, { force: true });
    },
  };
}
