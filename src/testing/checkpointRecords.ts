import type { CheckpointRecordT } from '../shared/contract';

/** A checkpoint record for tests: number n, created n seconds after noon on 1 Jan 2026 (UTC). */
export function record(n: number, patch: Partial<CheckpointRecordT> = {}): CheckpointRecordT {
  return {
    checkpointId: `cp${String(n).padStart(4, '0')}`,
    n,
    label: `Checkpoint ${n}`,
    origin: 'manual',
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString(),
    commit: `c${n}`,
    filesChanged: 1,
    insertions: 1,
    deletions: 0,
    skipped: [],
    skippedCount: 0,
    ...patch,
  };
}
