import { create } from 'zustand';
import type { CheckpointRecordT } from '../../../../shared/contract';
import type { ErrorWords } from '../../../../shared/errors';
import type { AkiraClient } from '../../client/client';
import { textOf } from '../../i18n';
import { timelineStrings } from './timelineStrings';
import { appendPage, mergeTop } from './timelinePaging';

/** What the selected checkpoint is compared with: the one before it, the workspace now, or another one. */
export type Compare = { mode: 'previous' } | { mode: 'now' } | { mode: 'pair'; otherId: string };

/** The Timeline's state: the checkpoints read so far (newest first), the selection and the comparison. */
export interface TimelineState {
  /** The workspace these checkpoints belong to. */
  root: string | null;
  items: CheckpointRecordT[];
  total: number;
  /** The first page has been read. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  /** Why checkpoints are off in this workspace (git is not installed), from `checkpoints.list`. */
  offWords: ErrorWords | null;
  selectedId: string | null;
  compare: Compare;
  /** "Compare with…": the next checkpoint clicked is compared with this one. */
  pickingFor: string | null;
  /** A "Checkpoint now" is running (kept here so it survives switching views). */
  creating: boolean;
  /** What the last "Checkpoint now" did. */
  createNote: { tone: 'ok' | 'error'; text: string } | null;
  select(id: string | null): void;
  setCompare(compare: Compare): void;
  startPicking(id: string): void;
  cancelPicking(): void;
  /** Completes "Compare with…": selects the checkpoint it started from, compared with `otherId`. */
  pick(otherId: string): void;
  patch(patch: Partial<Pick<TimelineState, 'items' | 'total' | 'loaded' | 'loading' | 'error' | 'offWords' | 'creating' | 'createNote'>>): void;
  reset(root?: string | null): void;
}

const initial = {
  items: [] as CheckpointRecordT[],
  total: 0,
  loaded: false,
  loading: false,
  error: null,
  offWords: null,
  selectedId: null,
  compare: { mode: 'previous' } as Compare,
  pickingFor: null,
  creating: false,
  createNote: null,
};

export const useTimelineStore = create<TimelineState>((set) => ({
  root: null,
  ...initial,
  select: (id) =>
    set((s) => {
      if (s.selectedId === id) return s;
      // A pair belongs to the checkpoint it was made on; "with now" carries over as a way of looking.
      return { selectedId: id, compare: s.compare.mode === 'pair' ? { mode: 'previous' } : s.compare, pickingFor: null };
    }),
  setCompare: (compare) => set({ compare, pickingFor: null }),
  startPicking: (id) => set({ pickingFor: id, selectedId: id }),
  cancelPicking: () => set({ pickingFor: null }),
  pick: (otherId) =>
    set((s) => {
      if (!s.pickingFor) return s;
      if (otherId === s.pickingFor) return { pickingFor: null };
      return { selectedId: s.pickingFor, compare: { mode: 'pair', otherId }, pickingFor: null };
    }),
  patch: (patch) => set(patch),
  reset: (root = null) => set({ root, ...initial }),
}));

export type TimelineStore = typeof useTimelineStore;

/** Which files the detail lists and which two states a file's diff shows. */
export type Comparison =
  | { kind: 'show'; id: string }
  | { kind: 'diff'; from: string; to: string };

/** Newer of two checkpoints by time (then by number); unknown ones count as older. */
function isNewer(a: CheckpointRecordT | undefined, b: CheckpointRecordT | undefined): boolean {
  if (!a) return false;
  if (!b) return true;
  const ta = Date.parse(a.createdAt);
  const tb = Date.parse(b.createdAt);
  return ta !== tb ? ta > tb : a.n > b.n;
}

export function comparisonOf(selectedId: string, compare: Compare, items: readonly CheckpointRecordT[]): Comparison {
  if (compare.mode === 'now') return { kind: 'diff', from: selectedId, to: 'now' };
  if (compare.mode === 'pair' && compare.otherId !== selectedId) {
    const a = items.find((r) => r.checkpointId === selectedId);
    const b = items.find((r) => r.checkpointId === compare.otherId);
    return isNewer(b, a)
      ? { kind: 'diff', from: selectedId, to: compare.otherId }
      : { kind: 'diff', from: compare.otherId, to: selectedId };
  }
  return { kind: 'show', id: selectedId };
}

/** Reads checkpoint pages into the store, one request at a time, so pages and refreshes never interleave. */
export interface TimelineLoader {
  /** Reads the first page unless it is read or being read. */
  start(): void;
  /** Appends the next older page. */
  more(): void;
  /** Re-reads the newest page and merges it (after a checkpoint was created or restored). */
  refresh(): void;
  /** Re-reads everything shown (after pruning, or a reconnect). */
  reload(): void;
  /** Forgets everything (another workspace was opened); answers still in flight are dropped. */
  reset(root?: string | null): void;
}

export const PAGE_SIZE = 100;
const MAX_LIMIT = 1000;

export function createTimelineLoader(
  client: AkiraClient,
  store: TimelineStore = useTimelineStore,
  pageSize = PAGE_SIZE,
): TimelineLoader {
  let chain: Promise<void> = Promise.resolve();
  let generation = 0;
  let refreshQueued = false;
  let reloadQueued = false;
  let moreQueued = false;

  const state = () => store.getState();

  function enqueue(job: () => Promise<void>) {
    const gen = generation;
    chain = chain.then(async () => {
      if (gen !== generation) return;
      try {
        await job();
      } catch (err) {
        if (gen === generation) state().patch({ loading: false, error: (err as Error).message || textOf(timelineStrings).cannotList });
      }
    });
  }

  const page = (offset: number, limit: number) => client.invoke('checkpoints.list', { offset, limit });

  /** Applies an answer unless the workspace changed while it was on its way. */
  function guarded(gen: number, apply: () => void) {
    if (gen === generation) apply();
  }

  const loader: TimelineLoader = {
    start() {
      const s = state();
      if (s.loaded || s.loading) return;
      state().patch({ loading: true, error: null });
      const gen = generation;
      enqueue(async () => {
        const answer = await page(0, pageSize);
        guarded(gen, () =>
          state().patch({ items: mergeTop(state().items, answer.checkpoints), total: answer.total, loaded: true, loading: false, error: null, offWords: answer.offWords ?? null }),
        );
      });
    },
    more() {
      const s = state();
      if (!s.loaded || moreQueued || s.items.length >= s.total) return;
      moreQueued = true;
      state().patch({ loading: true, error: null });
      const gen = generation;
      enqueue(async () => {
        moreQueued = false;
        const answer = await page(state().items.length, pageSize);
        guarded(gen, () =>
          state().patch({ items: appendPage(state().items, answer.checkpoints), total: answer.total, loading: false, error: null }),
        );
      });
    },
    refresh() {
      // While the first page is on its way, a refresh still follows it: that page may predate the change.
      if (!state().loaded && !state().loading) return loader.start();
      if (refreshQueued || reloadQueued) return;
      refreshQueued = true;
      const gen = generation;
      enqueue(async () => {
        refreshQueued = false;
        const answer = await page(0, pageSize);
        guarded(gen, () =>
          state().patch({ items: mergeTop(state().items, answer.checkpoints), total: answer.total, loaded: true, error: null, offWords: answer.offWords ?? null }),
        );
      });
    },
    reload() {
      if (!state().loaded && !state().loading) return loader.start();
      if (reloadQueued) return;
      reloadQueued = true;
      const gen = generation;
      enqueue(async () => {
        reloadQueued = false;
        const want = Math.max(pageSize, state().items.length);
        const items: CheckpointRecordT[] = [];
        let total = 0;
        while (items.length < want) {
          const answer = await page(items.length, Math.min(MAX_LIMIT, want - items.length));
          items.push(...answer.checkpoints);
          total = answer.total;
          if (answer.checkpoints.length === 0 || items.length >= total) break;
        }
        guarded(gen, () => {
          const merged = mergeTop(state().items, items);
          const selectedId = state().selectedId;
          store.setState({
            items: merged,
            total,
            loaded: true,
            error: null,
            // A selected checkpoint that was pruned is no longer selectable.
            ...(selectedId && !merged.some((r) => r.checkpointId === selectedId) ? { selectedId: null, pickingFor: null } : {}),
          });
        });
      });
    },
    reset(root = null) {
      generation++;
      refreshQueued = reloadQueued = moreQueued = false;
      chain = Promise.resolve();
      state().reset(root);
    },
  };
  return loader;
}
