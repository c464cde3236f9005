import { approvalOf } from '../../../../shared/contract';
import type { AkiraClient } from '../../client/client';
import { useReviewStore, type PendingItem, type ReviewStore } from './reviewStore';

/**
 * Feeds the review store: `agent.onEvent` notices (approval_requested / approval_resolved) as they
 * come, and `agent.list` + `agent.get` (what waits now, per live session) on start, on reconnect and
 * whenever a session's status changes (a pause or stop cancels what waited without a notice).
 *
 *   const stop = startReviewFeed(client, {onArrived: (item) => notify(item)});
 */

export interface ReviewFeedOptions {
  store?: ReviewStore;
  /** Something started waiting (not called for what was already waiting when the feed started). */
  onArrived?(item: PendingItem): void;
  /** A load failed (the feed keeps going; the next event or reconnect tries again). */
  onError?(error: Error): void;
}

export function startReviewFeed(client: AkiraClient, options: ReviewFeedOptions = {}): () => void {
  const store = options.store ?? useReviewStore;
  let stopped = false;
  const report = (err: unknown) => options.onError?.(err instanceof Error ? err : new Error(String(err)));

  async function syncSession(sessionId: string) {
    const since = performance.now();
    try {
      const d = await client.invoke('agent.get', { sessionId });
      if (stopped) return;
      store.getState().syncSession(sessionId, d.live ? d.approvals : [], since, { task: d.task, status: d.status });
    } catch (err) {
      report(err);
    }
  }

  async function loadAll() {
    const since = performance.now();
    try {
      const { sessions } = await client.invoke('agent.list');
      if (stopped) return;
      const state = store.getState();
      const live = new Set(sessions.filter((s) => s.live).map((s) => s.sessionId));
      // Sessions no longer live wait for nothing.
      for (const id of new Set(state.items.map((i) => i.sessionId))) if (!live.has(id)) state.syncSession(id, [], since);
      await Promise.all([...live].map((id) => syncSession(id)));
    } catch (err) {
      report(err);
    }
  }

  const offEvent = client.subscribe('agent.onEvent', (e) => {
    const { sessionId } = e;
    if (e.type === 'approval_requested') {
      // The whole approval (its change, command or read, and what a protected file steers).
      const approval = approvalOf(e);
      const state = store.getState();
      const isNew = !state.items.some((i) => i.sessionId === sessionId && i.changeId === approval.changeId);
      state.requested(sessionId, approval, e.reason, undefined, e.reasonWords);
      const item = store.getState().items.find((i) => i.sessionId === sessionId && i.changeId === approval.changeId);
      if (isNew && item) {
        performance.mark('akira.review.arrived', { detail: { changeId: approval.changeId } });
        options.onArrived?.(item);
      }
      if (!store.getState().sessions[sessionId]) void syncSession(sessionId);
    } else if (e.type === 'approval_resolved') {
      store.getState().resolved(sessionId, e.changeId, { decision: e.decision, by: e.by, reason: e.reason ?? null });
    } else if (e.type === 'status_changed' || e.type === 'session_stopped' || e.type === 'session_failed' || e.type === 'session_completed') {
      const status = e.type === 'status_changed' ? e.status : null;
      // A running session resolves its approvals with notices; anything else may have cancelled them.
      if (status === 'running' || status === 'waiting_approval' || status === 'planning') {
        const known = store.getState().sessions[sessionId];
        if (known) store.getState().setSession(sessionId, { ...known, status });
        return;
      }
      void syncSession(sessionId);
    }
  });
  const offState = client.onState((state) => {
    if (state === 'connected') void loadAll();
  });
  void loadAll();
  return () => {
    stopped = true;
    offEvent();
    offState();
  };
}
