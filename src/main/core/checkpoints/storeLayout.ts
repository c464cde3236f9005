import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPidLock, describeHolder, readLockHolder, type LockHolder } from '../../common/pidLock';
import { AkiraError } from '../errors';
import { createStoreGit, type StoreGit } from './gitProcess';
import { checkpointErrors } from '../../../shared/errors';

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
 * once (reads need no lock: see checkpointService.ts). It holds `pid host token` (common/pidLock.ts);
 * the file's mtime says since when it is held.
 */
export interface StoreLock {
  /** Waits while another process holds the lock: `onWait` is told who, at once (then every 10 s). */
  acquire(onWait?: (holder: LockHolder) => void): Promise<void>;
  /** One attempt, no waiting: false when another process holds it. */
  tryAcquire(): boolean;
  release(): Promise<void>;
}

const WAIT_REPORT_MS = 10_000;

export function createStoreLock(path: string, timeoutMs: number): StoreLock {
  const lock = createPidLock(path, 'text');
  return {
    tryAcquire: () => lock.tryAcquire(),
    async acquire(onWait) {
      const deadline = Date.now() + timeoutMs;
      let reported = 0;
      while (!lock.tryAcquire()) {
        const late = Date.now() > deadline;
        const report = onWait && Date.now() - reported >= WAIT_REPORT_MS;
        const holder = late || report ? readLockHolder(path) : null;
        if (holder && late) {
          throw new AkiraError('conflict', checkpointErrors.storeBusy(describeHolder(holder)));
        }
        if (holder && report) {
          reported = Date.now();
          onWait?.(holder);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async release() {
      lock.release();
    },
  };
}
