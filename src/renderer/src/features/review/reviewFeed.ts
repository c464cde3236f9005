import type { AgentApproval, AgentEvent } from '../../../../shared/contract';
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

const DECISIONS = new Set(['approved', 'rejected', 'edited']);

/** The approval carried by an `approval_requested` notice, or null when it is not one. */
export function approvalOf(e: AgentEvent): AgentApproval | null {
  const x = e as Record<string, unknown>;
  if (typeof x.changeId !== 'string' || (x.kind !== 'change' && x.kind !== 'command' && x.kind !== 'read')) return null;
  return {
    changeId: x.changeId,
    kind: x.kind,
    todoId: typeof x.todoId === 'string' ? x.todoId : null,
    ...(x.change ? { change: x.change as AgentApproval['change'] } : {}),
    ...(x.command ? { command: x.command as AgentApproval['command'] } : {}),
    ...(x.tool ? { tool: x.tool as AgentApproval['tool'] } : {}),
    ...(typeof x.protected === 'string' ? { protected: x.protected } : {}),
  };
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
    const x = e as Record<string, unknown>;
    if (e.type === 'approval_requested') {
      const approval = approvalOf(e);
      if (!approval) return;
      const state = store.getState();
      const isNew = !state.items.some((i) => i.sessionId === sessionId && i.changeId === approval.changeId);
      state.requested(sessionId, approval, typeof x.reason === 'string' ? x.reason : null);
      const item = store.getState().items.find((i) => i.sessionId === sessionId && i.changeId === approval.changeId);
      if (isNew && item) {
        performance.mark('akira.review.arrived', { detail: { changeId: approval.changeId } });
        options.onArrived?.(item);
      }
      if (!store.getState().sessions[sessionId]) void syncSession(sessionId);
    } else if (e.type === 'approval_resolved') {
      if (typeof x.changeId !== 'string') return;
      const decision = DECISIONS.has(x.decision as string) ? (x.decision as 'approved' | 'rejected' | 'edited') : 'approved';
      store.getState().resolved(sessionId, x.changeId, {
        decision,
        by: x.by === 'policy' ? 'policy' : 'user',
        reason: typeof x.reason === 'string' ? x.reason : null,
      });
    } else if (e.type === 'status_changed' || e.type === 'session_stopped' || e.type === 'session_failed' || e.type === 'session_completed') {
      const status = typeof x.status === 'string' ? x.status : null;
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
