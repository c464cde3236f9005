import { countLines, type Hunk, type LineCounts } from './hunks';
import { hunksOf } from './reviewDecision';
import type { PendingItem } from './reviewStore';

/**
 * Hunks of a waiting change as the person left it, computed once per (change, edit): the list, the
 * hunk list and the diff editor all ask for them on every render.
 */

type Entry = { edited: string | null; hunks: Hunk[]; counts: LineCounts };
/** Per change: the agent's version (no edit) and the latest edit. */
const proposed = new WeakMap<object, Entry>();
const latest = new WeakMap<object, Entry>();
const EMPTY = { hunks: [] as Hunk[], counts: { added: 0, removed: 0 } };

export function hunksFor(item: Pick<PendingItem, 'change' | 'edited'>): { hunks: Hunk[]; counts: LineCounts } {
  const change = item.change;
  if (!change) return EMPTY;
  const cache = item.edited === null ? proposed : latest;
  const hit = cache.get(change);
  if (hit && hit.edited === item.edited) return hit;
  const hunks = hunksOf(change, item.edited);
  const entry = { edited: item.edited, hunks, counts: countLines(hunks) };
  cache.set(change, entry);
  return entry;
}

/**
 * +/- of the change as the person left it (their edit of the right side included): the list's row and the
 * header both show these, so they agree.
 */
export function countsOf(item: Pick<PendingItem, 'change' | 'edited'>): LineCounts {
  return hunksFor(item).counts;
}
