import { join } from 'node:path';
import { createPidLock, describeHolder, isThisProcess, liveLockHolder, readLockHolder, type LockHolder } from '../../common/pidLock';
import { AkiraError } from '../errors';
import { sessionErrors } from '../../../shared/errors';

/**
 * One writer per session: `writer.lock` in the session folder holds the writer's pid and host (JSON,
 * see common/pidLock.ts). A lock whose process is gone (a crash, kill -9) is stale and taken over; a
 * live one refuses with `conflict`. `lockOwner` tells recoverInterrupted whether another live process
 * is still writing; `clearStaleLock` removes a dead writer's lock (recoverInterrupted, when a folder is opened), so
 * no `writer.lock` outlives its process for long.
 */

export const LOCK_FILE = 'writer.lock';

/** The live process holding the session's lock, or null when it is free or stale. */
export async function lockOwner(dir: string): Promise<LockHolder | null> {
  return liveLockHolder(join(dir, LOCK_FILE));
}

/**
 * Removes the session's lock file when the process that held it is gone: taken over and released, so a lock a
 * live writer takes meanwhile is never the one removed. Answers whether a stale lock was removed.
 */
export function clearStaleLock(dir: string): boolean {
  const lock = createPidLock(join(dir, LOCK_FILE), 'json');
  if (!readLockHolder(lock.path) || liveLockHolder(lock.path)) return false;
  if (!lock.tryAcquire()) return false;
  lock.release();
  return true;
}

/** How long a live holder from another process is waited for before the session is refused as open elsewhere. */
const HOLDER_GRACE_MS = 2000;

export interface SessionLock {
  release(): Promise<void>;
}

export async function acquireLock(dir: string, sessionId: string): Promise<SessionLock> {
  const lock = createPidLock(join(dir, LOCK_FILE), 'json');
  const deadline = Date.now() + HOLDER_GRACE_MS;
  for (let tries = 0; tries < 3; ) {
    if (lock.tryAcquire()) {
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          lock.release();
        },
      };
    }
    const owner = liveLockHolder(lock.path);
    if (owner) {
      // A holder on its way out is waited for a moment: Akira killed through its launcher (bin/secretEnv.cjs) ends
      // itself when it sees the launcher gone, a few milliseconds later.
      if (!isThisProcess(owner) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const who = isThisProcess(owner) ? 'this process' : describeHolder(owner);
      throw new AkiraError('conflict', sessionErrors.openElsewhere(sessionId, who));
    }
    tries++;
  }
  throw new AkiraError('conflict', sessionErrors.noLock(sessionId));
}
