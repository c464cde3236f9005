import { describe, expect, it } from 'vitest';
import { createSessionQueue, type QueueEntry } from './sessionQueue';

/** A queue whose started sessions "run" until ended by hand. */
function harness(capacity: number) {
  const runningIds: { id: string; shared: boolean }[] = [];
  const started: string[] = [];
  const q = createSessionQueue({
    capacity: () => capacity,
    running: () => ({ total: runningIds.length, shared: runningIds.filter((r) => r.shared).length }),
  });
  const entry = (id: string, shared = false, parallel = false): QueueEntry => ({
    sessionId: id,
    shared,
    parallel,
    start: async () => {
      started.push(id);
      runningIds.push({ id, shared });
    },
  });
  const end = (id: string) => runningIds.splice(runningIds.findIndex((r) => r.id === id), 1);
  return { q, entry, started, end, runningIds };
}

describe('sessionQueue', () => {
  it('starts in order up to the capacity, and the next one when a slot frees', async () => {
    const h = harness(2);
    for (const id of ['a', 'b', 'c', 'd']) h.q.add(h.entry(id));
    await h.q.pump();
    expect(h.started).toEqual(['a', 'b']);
    expect(h.q.position('c')).toBe(1);
    h.end('a');
    await h.q.pump();
    expect(h.started).toEqual(['a', 'b', 'c']);
    expect(h.q.ids()).toEqual(['d']);
  });

  it('concurrent pumps never start more than the capacity', async () => {
    const h = harness(2);
    for (const id of ['a', 'b', 'c', 'd', 'e']) h.q.add(h.entry(id));
    await Promise.all([h.q.pump(), h.q.pump(), h.q.pump()]);
    expect(h.started).toEqual(['a', 'b']);
  });

  it('a shared-tree session waits for the tree; those behind it that need no tree go first; parallel does not wait', async () => {
    const h = harness(3);
    h.runningIds.push({ id: 'x', shared: true });
    h.q.add(h.entry('s1', true));
    h.q.add(h.entry('w1', false));
    h.q.add(h.entry('s2', true, true));
    await h.q.pump();
    expect(h.started).toEqual(['w1', 's2']);
    expect(h.q.ids()).toEqual(['s1']);
    h.end('x');
    h.end('s2');
    await h.q.pump();
    expect(h.started).toEqual(['w1', 's2', 's1']);
  });

  it('reorder puts the listed first (unknown ids ignored), remove cancels, a failing start is reported and the pump goes on', async () => {
    const failed: string[] = [];
    const started: string[] = [];
    const q = createSessionQueue({ capacity: () => 1, running: () => ({ total: started.length - failed.length, shared: 0 }), onStartFailed: (id) => failed.push(id) });
    const mk = (id: string, fail = false): QueueEntry => ({
      sessionId: id,
      shared: false,
      parallel: false,
      start: async () => {
        started.push(id);
        if (fail) throw new Error('no');
      },
    });
    q.add(mk('a', true));
    q.add(mk('b'));
    q.add(mk('c'));
    q.reorder(['c', 'zzz', 'a']);
    expect(q.ids()).toEqual(['c', 'a', 'b']);
    expect(q.remove('c')).toBe(true);
    expect(q.remove('c')).toBe(false);
    await q.pump();
    expect(failed).toEqual(['a']);
    expect(started).toEqual(['a', 'b']);
  });
});
