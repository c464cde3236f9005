import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
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

/** Creates the store when missing (call with the store lock held). */
export async function ensureStore(paths: StorePaths, realRoot: string): Promise<StoreGit> {
  await mkdir(paths.dir, { recursive: true });
  const git = createStoreGit(paths.gitDir, paths.dir);
  const ready = await access(join(paths.gitDir, 'HEAD')).then(
    () => true,
    () => false,
  );
  if (!ready) {
    await rm(paths.gitDir, { recursive: true, force: true });
    await git.run(['init', '--bare', '-q', paths.gitDir]);
    for (const [key, value] of STORE_CONFIG) await git.run(['config', key, value]);
  }
  const recorded = await readFile(paths.workspaceFile, 'utf8').catch(() => null);
  if (recorded?.trim() !== realRoot) await writeFile(paths.workspaceFile, `${realRoot}\n`);
  return git;
}

/** A lock file per store so the app, `akira serve` and the CLI never run two operations at once. */
export interface StoreLock {
  acquire(): Promise<void>;
  release(): Promise<void>;
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
  return {
    async acquire() {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (tryCreate(path, `${me}\n`)) return;
        const holder = readHolder(path);
        const [pid, host] = holder.split(' ');
        let mtimeMs = Date.now();
        try {
          mtimeMs = statSync(path).mtimeMs;
        } catch {
          // gone meanwhile: try again
        }
        const age = Date.now() - mtimeMs;
        // An empty lock file older than 10 s was left by a crash between creating and writing it.
        const stale = holder === '' ? age > 10_000 : host === hostname() && !alive(Number(pid));
        if (stale) {
          rmSync(path, { force: true });
          continue;
        }
        if (Date.now() > deadline) {
          throw new AkiraError('conflict', `The checkpoint store is busy (held by process ${holder || 'unknown'}); try again.`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async release() {
      if (readHolder(path) === me) rmSync(path, { force: true });
    },
  };
}
