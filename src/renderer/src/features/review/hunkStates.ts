import type { Hunk } from './hunks';

/**
 * A hunk's state as the person left it (issue 27, defect 13): nothing said yet, kept, or rejected. Accepting the file
 * writes every hunk that is not rejected (an undecided hunk is written as the agent proposed it).
 */
export type HunkState = 'undecided' | 'kept' | 'rejected';

export function hunkState(key: string, kept: readonly string[], rejected: ReadonlySet<string> | readonly string[]): HunkState {
  const no = rejected instanceof Set ? rejected.has(key) : (rejected as readonly string[]).includes(key);
  if (no) return 'rejected';
  return kept.includes(key) ? 'kept' : 'undecided';
}

/** What accepting would write: the hunks applied and their lines (a rejected hunk keeps the file's lines). */
export function writtenSummary(hunks: readonly Hunk[], rejected: ReadonlySet<string>): { applied: number; total: number; added: number; removed: number } {
  let applied = 0;
  let added = 0;
  let removed = 0;
  for (const h of hunks) {
    if (rejected.has(h.key)) continue;
    applied++;
    added += h.afterEnd - h.afterStart;
    removed += h.beforeEnd - h.beforeStart;
  }
  return { applied, total: hunks.length, added, removed };
}
