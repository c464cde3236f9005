import { afterEach, describe, expect, it } from 'vitest';
import type { CheckpointRecordT } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { record } from '../../../../testing/checkpointRecords';
import { comparisonOf, createTimelineLoader, useTimelineStore } from './timelineStore';
import { expectQuietFor, waitFor } from '../../../../testing/waitFor';
import { heldAnswers } from '../../../../testing/heldAnswers';

/** An in-memory `checkpoints.list` (newest first, paged like the contract); the loader is what is under test. */
function backend(count: number) {
  let records: CheckpointRecordT[] = [];
  for (let n = 1; n <= count; n++) records.unshift(record(n));
  const calls: { offset: number; limit: number }[] = [];
  const held = heldAnswers();
  let failNext = false;
  const client = {
    async invoke(name: string, input: { offset: number; limit: number }) {
      if (name !== 'checkpoints.list') throw new Error(`unexpected ${name}`);
      calls.push(input);
      const wait = held.pending();
      if (wait) await wait;
      if (failNext) {
        failNext = false;
        throw new ClientError('internal', 'store is busy');
      }
      return { checkpoints: records.slice(input.offset, input.offset + input.limit), total: records.length };
    },
  } as unknown as AkiraClient;
  return {
    client,
    calls,
    create(n: number) {
      records.unshift(record(n));
    },
    prune(ns: number[]) {
      records = records.filter((r) => !ns.includes(r.n));
    },
    failOnce() {
      failNext = true;
    },
    hold: held.hold,
  };
}

const settle = (predicate: () => boolean, what: string) => waitFor(predicate, what, 2000);
const ns = () => useTimelineStore.getState().items.map((r) => r.n);
const idle = () => !useTimelineStore.getState().loading;

afterEach(() => useTimelineStore.getState().reset(null));

describe('timeline loader', () => {
  it('reads the newest page first, then older pages on demand, until all are read', async () => {
    const be = backend(25);
    const loader = createTimelineLoader(be.client, useTimelineStore, 10);
    loader.start();
    loader.start(); // a second start while loading is a no-op
    await settle(() => useTimelineStore.getState().loaded, 'first page');
    expect(ns()).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(useTimelineStore.getState().total).toBe(25);
    loader.more();
    await settle(() => ns().length === 20 && idle(), 'second page');
    loader.more();
    await settle(() => ns().length === 25 && idle(), 'last page');
    loader.more(); // nothing left: no request
    expect(be.calls).toEqual([
      { offset: 0, limit: 10 },
      { offset: 10, limit: 10 },
      { offset: 20, limit: 10 },
    ]);
  });

  it('loses nothing and repeats nothing when checkpoints are created while older pages are read', async () => {
    const be = backend(30);
    const loader = createTimelineLoader(be.client, useTimelineStore, 10);
    loader.start();
    await settle(() => useTimelineStore.getState().loaded, 'first page');
    be.create(31);
    be.create(32);
    loader.more(); // offsets shifted by two: the page repeats 22 and 21
    await settle(() => ns().length >= 18 && idle(), 'second page');
    loader.refresh(); // the created event
    await settle(() => ns()[0] === 32, 'refresh');
    expect(ns()).toEqual(Array.from({ length: 20 }, (_, i) => 32 - i));
    loader.more();
    await settle(() => ns().length === 30 && idle(), 'third page');
    loader.more();
    await settle(() => ns().length === 32 && idle(), 'last page');
    const expected = Array.from({ length: 32 }, (_, i) => 32 - i);
    expect(ns()).toEqual(expected);
  });

  it('reload drops pruned checkpoints and a selection that no longer exists', async () => {
    const be = backend(12);
    const loader = createTimelineLoader(be.client, useTimelineStore, 5);
    loader.start();
    await settle(() => useTimelineStore.getState().loaded, 'first page');
    loader.more();
    await settle(() => ns().length === 10 && idle(), 'second page');
    useTimelineStore.getState().select(record(9).checkpointId);
    be.prune([9, 10, 3]);
    loader.reload();
    await settle(() => !ns().includes(9), 'reload');
    expect(ns()).toEqual([12, 11, 8, 7, 6, 5, 4, 2, 1]);
    expect(useTimelineStore.getState().total).toBe(9);
    expect(useTimelineStore.getState().selectedId).toBeNull();
  });

  it('a refresh asked for while the first page is on its way still runs after it', async () => {
    const be = backend(3);
    const loader = createTimelineLoader(be.client, useTimelineStore, 10);
    const release = be.hold();
    loader.start();
    await settle(() => be.calls.length === 1, 'first request');
    loader.refresh();
    be.create(4); // created after the first page was (in effect) read
    release();
    await settle(() => ns()[0] === 4, 'refresh after start');
    expect(ns()).toEqual([4, 3, 2, 1]);
  });

  it('shows an error and recovers on the next request', async () => {
    const be = backend(3);
    const loader = createTimelineLoader(be.client, useTimelineStore, 10);
    be.failOnce();
    loader.start();
    await settle(() => useTimelineStore.getState().error !== null, 'error');
    expect(useTimelineStore.getState().error).toBe('store is busy');
    expect(useTimelineStore.getState().loaded).toBe(false);
    loader.start();
    await settle(() => useTimelineStore.getState().loaded, 'retry');
    expect(ns()).toEqual([3, 2, 1]);
    expect(useTimelineStore.getState().error).toBeNull();
  });

  it('drops answers meant for a workspace that was closed', async () => {
    const be = backend(3);
    const loader = createTimelineLoader(be.client, useTimelineStore, 10);
    const release = be.hold();
    loader.start();
    await settle(() => be.calls.length === 1, 'request');
    loader.reset('/other');
    release();
    // The released answer belongs to the old root: nothing of it may land.
    await expectQuietFor(50, () => useTimelineStore.getState().items.length > 0 && 'the old root’s checkpoints landed');
    expect(useTimelineStore.getState()).toMatchObject({ root: '/other', items: [], loaded: false });
  });
});

describe('selection and comparison', () => {
  const items = [record(3), record(2), record(1)];
  const id = (n: number) => record(n).checkpointId;

  it('compares with the previous checkpoint by default, with now on request', () => {
    const s = useTimelineStore.getState();
    s.select(id(2));
    expect(comparisonOf(id(2), useTimelineStore.getState().compare, items)).toEqual({ kind: 'show', id: id(2) });
    s.setCompare({ mode: 'now' });
    expect(comparisonOf(id(2), useTimelineStore.getState().compare, items)).toEqual({ kind: 'diff', from: id(2), to: 'now' });
    // "with now" carries over to the next selection.
    s.select(id(1));
    expect(useTimelineStore.getState().compare).toEqual({ mode: 'now' });
  });

  it('"Compare with…" pairs two checkpoints, always older → newer, and ends with the next selection', () => {
    const s = useTimelineStore.getState();
    s.startPicking(id(3));
    expect(useTimelineStore.getState().pickingFor).toBe(id(3));
    s.pick(id(1));
    const state = useTimelineStore.getState();
    expect(state).toMatchObject({ selectedId: id(3), compare: { mode: 'pair', otherId: id(1) }, pickingFor: null });
    expect(comparisonOf(state.selectedId!, state.compare, items)).toEqual({ kind: 'diff', from: id(1), to: id(3) });
    expect(comparisonOf(id(1), { mode: 'pair', otherId: id(3) }, items)).toEqual({ kind: 'diff', from: id(1), to: id(3) });
    s.select(id(2));
    expect(useTimelineStore.getState().compare).toEqual({ mode: 'previous' });
  });

  it('picking the same checkpoint cancels instead of comparing it with itself', () => {
    const s = useTimelineStore.getState();
    s.startPicking(id(2));
    s.pick(id(2));
    expect(useTimelineStore.getState()).toMatchObject({ pickingFor: null, compare: { mode: 'previous' } });
  });
});
