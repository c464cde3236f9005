import { create } from 'zustand';
import type { AgentEventHub, HubEntry } from '../sessions/agentEventHub';
import { applyActivityBatch, emptyActivity, type ActivityState } from './activityReducer';

/**
 * The activity stream of the current session. Entries from the hub are queued and applied in batches,
 * at most once per animation frame (about 16 ms), so a burst of events (a streamed reply, a long command)
 * costs one store update and one render per frame, not one per event.
 *
 *   const detach = attachActivity(hub, sessionId);      // starts from the hub's history of the session
 *   useActivityStore((s) => s.activity.items)
 *   useActivityStore.getState().toggle(key)              // expanded cards survive windowing
 */

interface ActivityStoreState {
  activity: ActivityState;
  /** Cards the user expanded. */
  expanded: ReadonlySet<string>;
  toggle(key: string): void;
}

export const useActivityStore = create<ActivityStoreState>((set) => ({
  activity: emptyActivity(),
  expanded: new Set(),
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

export function attachActivity(hub: AgentEventHub, sessionId: string, schedule: Scheduler = frameScheduler): ActivityAttachment {
  const set = useActivityStore.setState;
  let queue: HubEntry[] = [];
  let cancel: (() => void) | null = null;
  let detached = false;

  set({ activity: applyActivityBatch(emptyActivity(sessionId), hub.history(sessionId)), expanded: new Set() });

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
