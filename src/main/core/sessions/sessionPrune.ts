import { rm } from 'node:fs/promises';
import { terminalStatuses } from '../../../shared/agent/sessionEvents';
import { acquireLock, lockOwner } from './sessionLock';
import { sessionDir } from './sessionFiles';
import type { SessionSummary } from './sessionStore';

/**
 * Removing old session folders (`agent.pruneSessions`, `akira sessions prune [--dry-run]`): a session whose last
 * activity (`updatedAt`) is older than the retention (sessionRetention.ts) goes, folder and logs, when it is finished
 * (completed, failed or stopped). Never one that is open in a process (running, paused, waiting, queued: its
 * writer.lock is held), nor one that could still go on (paused, interrupted, queued…), nor a worktree session whose
 * worktree is still there (its work is not merged or discarded yet): those are `kept`, with why. The session's
 * checkpoints are not touched (they have their own retention: checkpoints.retentionDays).
 */

export type KeptReason = 'live' | 'active' | 'worktree';

export interface PrunedSession {
  sessionId: string;
  task: string;
  status: SessionSummary['status'];
  updatedAt: string;
}

export interface SessionPruneResult {
  dryRun: boolean;
  /** Sessions last active before this time (ISO 8601) are old enough to go. */
  cutoff: string;
  removed: PrunedSession[];
  /** Old enough, but kept. */
  kept: (PrunedSession & { reason: KeptReason })[];
}

export interface SessionPruneOptions {
  root: string;
  sessions: SessionSummary[];
  days: number;
  dryRun: boolean;
  now: Date;
  /** Open in this process (the agent service's live sessions). */
  isOpen(sessionId: string): boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function pruneSessions(o: SessionPruneOptions): Promise<SessionPruneResult> {
  const cutoff = new Date(o.now.getTime() - o.days * DAY_MS).toISOString();
  const result: SessionPruneResult = { dryRun: o.dryRun, cutoff, removed: [], kept: [] };
  for (const s of o.sessions) {
    if (!(s.updatedAt < cutoff)) continue;
    const row: PrunedSession = { sessionId: s.sessionId, task: s.task, status: s.status, updatedAt: s.updatedAt };
    const dir = await sessionDir(o.root, s.sessionId);
    const keep = (reason: KeptReason) => void result.kept.push({ ...row, reason });
    if (o.isOpen(s.sessionId) || (await lockOwner(dir))) keep('live');
    else if (!terminalStatuses.includes(s.status)) keep('active');
    else if (s.worktree && s.worktree.state !== 'discarded') keep('worktree');
    else if (o.dryRun) result.removed.push(row);
    else {
      // Held while the folder goes, so no process opens it meanwhile; a writer that won the race keeps it.
      const lock = await acquireLock(dir, s.sessionId).catch(() => null);
      if (!lock) {
        keep('live');
        continue;
      }
      await rm(dir, { recursive: true, force: true });
      await lock.release().catch(() => undefined);
      result.removed.push(row);
    }
  }
  return result;
}
