import { hostname } from 'node:os';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AkiraError } from '../errors';

/**
 * One writer per session: `writer.lock` in the session folder holds the writer's pid and host.
 * A lock whose process is gone (a crash, kill -9) is stale and taken over; a live one refuses with
 * `conflict`. `lockOwner` tells recoverInterrupted whether another live process is still writing.
 */

export const LOCK_FILE = 'writer.lock';
const FRESH_MS = 10_000;

interface LockInfo {
  pid: number;
  host: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(path: string): Promise<LockInfo | null> {
  try {
    const info = JSON.parse(await readFile(path, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number' && typeof info.host === 'string' ? { pid: info.pid, host: info.host, since: String(info.since ?? '') } : null;
  } catch {
    return null;
  }
}

/** The live process holding the session's lock, or null when it is free or stale. */
export async function lockOwner(dir: string): Promise<LockInfo | null> {
  const path = join(dir, LOCK_FILE);
  const info = await readLock(path);
  if (!info) {
    // Unreadable: being written right now (fresh), or left half-written by a crash long ago.
    const mtime = await stat(path).then((s) => s.mtimeMs, () => null);
    return mtime !== null && Date.now() - mtime < FRESH_MS ? { pid: -1, host: 'unknown', since: '' } : null;
  }
  if (info.host !== hostname()) return info; // cannot check a process on another machine: assume it lives
  return alive(info.pid) ? info : null;
}

export interface SessionLock {
  release(): Promise<void>;
}

export async function acquireLock(dir: string, sessionId: string): Promise<SessionLock> {
  const path = join(dir, LOCK_FILE);
  const body = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let tries = 0; tries < 3; tries++) {
    try {
      const handle = await open(path, 'wx');
      try {
        await handle.writeFile(body);
      } finally {
        await handle.close();
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await rm(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = await lockOwner(dir);
      if (owner) {
        const who = owner.pid === process.pid && owner.host === hostname() ? 'this process' : `process ${owner.pid} on ${owner.host}`;
        throw new AkiraError('conflict', `Session ${sessionId} is open in ${who}; close it there first.`);
      }
      await rm(path, { force: true }); // stale: its writer is gone
    }
  }
  throw new AkiraError('conflict', `Could not take the lock of session ${sessionId}.`);
}
