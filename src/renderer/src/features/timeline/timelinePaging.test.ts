import { describe, expect, it } from 'vitest';
import type { CheckpointRecordT } from '../../../../shared/contract';
import { record } from '../../../../testing/checkpointRecords';
import { appendPage, hasMore, mergeTop } from './timelinePaging';

/** Newest first, like checkpoints.list. */
const newestFirst = (from: number, to: number) => {
  const out: CheckpointRecordT[] = [];
  for (let n = to; n >= from; n--) out.push(record(n));
  return out;
};
const ids = (items: CheckpointRecordT[]) => items.map((r) => r.n);

describe('mergeTop', () => {
  it('puts new checkpoints on top and keeps the older pages already read', () => {
    const held = newestFirst(1, 10); // 10..1
    const page = newestFirst(6, 12); // 12..6: two new ones, reaches into what is held
    expect(ids(mergeTop(held, page))).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('drops the old list when the new page does not reach it (a gap would hide checkpoints)', () => {
    const held = newestFirst(1, 5);
    const page = newestFirst(20, 25);
    expect(ids(mergeTop(held, page))).toEqual([25, 24, 23, 22, 21, 20]);
  });

  it('removes checkpoints that vanished from the top (pruned) and empties on an empty page', () => {
    const held = newestFirst(1, 6);
    const page = [record(6), record(4), record(3)]; // 5 was pruned
    expect(ids(mergeTop(held, page))).toEqual([6, 4, 3, 2, 1]);
    expect(mergeTop(held, [])).toEqual([]);
  });

  it('keeps the same objects for unchanged records (rows do not re-render) and takes changed ones', () => {
    const held = newestFirst(1, 3);
    const relabelled = record(2, { label: 'renamed' });
    const merged = mergeTop(held, [record(3), relabelled]);
    expect(merged[0]).toBe(held[0]);
    expect(merged[1]).toBe(relabelled);
    expect(merged[2]).toBe(held[2]);
  });
});

describe('appendPage', () => {
  it('appends an older page, skipping records shifted into it by newer checkpoints', () => {
    const held = newestFirst(91, 100); // 100..91 (first page of 10)
    // Two checkpoints were created before the next page was read: offset 10 now starts at 92.
    const page = newestFirst(83, 92);
    expect(ids(appendPage(held, page))).toEqual(ids(newestFirst(83, 100)));
  });

  it('answers the same array when nothing is new', () => {
    const held = newestFirst(1, 3);
    expect(appendPage(held, [record(2)])).toBe(held);
  });
});

describe('hasMore', () => {
  it('is true until everything is read', () => {
    expect(hasMore(100, 250)).toBe(true);
    expect(hasMore(250, 250)).toBe(false);
  });
});
