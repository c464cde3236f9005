import type { CheckpointRecordT } from '../../../../shared/contract';

/**
 * Merging pages of `checkpoints.list` (newest first) into what the Timeline holds. New checkpoints
 * arrive at the top while older pages are being read, so offsets shift under the reader: merges
 * go by id, never by position alone.
 */

/** Keeps the previous object for every record that did not change, so unchanged rows do not re-render. */
function reuse(previous: Map<string, CheckpointRecordT>, record: CheckpointRecordT): CheckpointRecordT {
  const old = previous.get(record.checkpointId);
  return old && old.label === record.label && old.filesChanged === record.filesChanged && old.commit === record.commit
    ? old
    : record;
}

/**
 * A fresh first page replaces the top of the list. When the page reaches into what is loaded (its last
 * record is known), the older records after it are kept; otherwise there may be a gap, so the list
 * becomes just the page and older pages are read again on demand. Records that vanished from the top
 * (pruned) disappear with the old top.
 */
export function mergeTop(items: readonly CheckpointRecordT[], page: readonly CheckpointRecordT[]): CheckpointRecordT[] {
  const previous = new Map(items.map((r) => [r.checkpointId, r]));
  const top = page.map((r) => reuse(previous, r));
  if (page.length === 0) return [];
  const lastId = page[page.length - 1].checkpointId;
  const at = items.findIndex((r) => r.checkpointId === lastId);
  if (at < 0) return top;
  const seen = new Set(page.map((r) => r.checkpointId));
  return [...top, ...items.slice(at + 1).filter((r) => !seen.has(r.checkpointId))];
}

/**
 * An older page (read at offset = records held) appended at the end. Checkpoints created since the
 * list was read push older ones down, so the page may repeat records already held: those are skipped
 * (nothing is missed, since creation only ever shifts records down; pruning reloads the whole list).
 */
export function appendPage(items: readonly CheckpointRecordT[], page: readonly CheckpointRecordT[]): CheckpointRecordT[] {
  const seen = new Set(items.map((r) => r.checkpointId));
  const added = page.filter((r) => !seen.has(r.checkpointId));
  return added.length === 0 ? (items as CheckpointRecordT[]) : [...items, ...added];
}

/** True while older checkpoints remain to be read. */
export function hasMore(loaded: number, total: number): boolean {
  return loaded < total;
}
