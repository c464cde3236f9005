import { create } from 'zustand';
import type { AgentEvent } from '../../../../shared/contract';
import type { AgentEventHub, HubEntry } from '../agent/agentEventHub';
import { applyActivityBatch, emptyActivity, type ActivityState } from './activityReducer';

/**
 * The activity stream of the current session. Entries from the hub are queued and applied in batches,
 * at most once per animation frame (about 16 ms), so a burst of events (a streamed reply, a long command)
 * costs one store update and one render per frame, not one per event.
 *
 *   const detach = attachActivity(hub, sessionId, {loadEarlier});   // the hub's history of the session, and
 *                                                   // the logged events before it (a session this window did not watch)
 *   useActivityStore((s) => s.activity.items)
 *   useActivityStore.getState().toggle(key)              // expanded cards survive windowing
 */

interface ActivityStoreState {
  activity: ActivityState;
  /** Cards the user expanded. */
  expanded: ReadonlySet<string>;
  toggle(key: string): void;
  /** Cards a rewind went back over are shown (greyed); folded away by default. */
  showRewound: boolean;
  setShowRewound(show: boolean): void;
}

export const useActivityStore = create<ActivityStoreState>((set) => ({
  activity: emptyActivity(),
  expanded: new Set(),
  showRewound: false,
  setShowRewound: (showRewound) => set({ showRewound }),
  toggle: (key) =>
    set((s) => {
      const expanded = new Set(s.expanded);
      if (!expanded.delete(key)) expanded.add(key);
      return { expanded };
    }),
}));

/** When the queue is applied: the next frame in a window, a short timer elsewhere (tests). */
export type Scheduler = (flush: () => void) => () => void;

const frameScheduler: Scheduler = (flush) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(flush);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(flush, 16);
  return () => clearTimeout(id);
};

export interface ActivityAttachment {
  detach(): void;
  /** Applies the queued entries now. */
  flush(): void;
}

export interface AttachOptions {
  schedule?: Scheduler;
  /** The session's logged events before `beforeSeq` (undefined: the newest), oldest first (agent.events). */
  loadEarlier?: (beforeSeq: number | undefined) => Promise<AgentEvent[]>;
}

export function attachActivity(hub: AgentEventHub, sessionId: string, options: AttachOptions = {}): ActivityAttachment {
  const schedule = options.schedule ?? frameScheduler;
  const set = useActivityStore.setState;
  let queue: HubEntry[] = [];
  let cancel: (() => void) | null = null;
  let detached = false;

  set({ activity: applyActivityBatch(emptyActivity(sessionId), hub.history(sessionId)), expanded: new Set(), showRewound: false });

  // What happened before this window saw the session comes from its log (model text is not logged).
  const kept = hub.history(sessionId);
  const firstSeq = kept.map((e) => (e.kind === 'agent' ? e.event.seq : undefined)).find((seq) => seq !== undefined);
  if (options.loadEarlier && firstSeq !== 1) {
    options
      .loadEarlier(firstSeq)
      .then((events) => {
        if (detached || !events.length) return;
        const earlier: HubEntry[] = events.map((event, i) => ({ n: i - events.length, kind: 'agent', event }));
        // The hub's history holds everything queued so far: rebuild once, in log order.
        cancel?.();
        cancel = null;
        queue = [];
        set({ activity: applyActivityBatch(emptyActivity(sessionId), [...earlier, ...hub.history(sessionId)]) });
      })
      .catch(() => undefined); // the live stream still works; the empty state says where the log is
  }

  function flush(): void {
    cancel?.();
    cancel = null;
    if (detached || !queue.length) return;
    const batch = queue;
    queue = [];
    const current = useActivityStore.getState().activity;
    const next = applyActivityBatch(current, batch);
    if (next !== current) set({ activity: next });
  }

  const off = hub.listen((entry) => {
    if (entry.kind === 'agent' && entry.event.sessionId !== sessionId) return;
    queue.push(entry);
    cancel ??= schedule(flush);
  });

  return {
    detach() {
      detached = true;
      off();
      cancel?.();
      queue = [];
    },
    flush,
  };
}
