import type { AkiraClient } from '../../client/client';
import { ClientError } from '../../client/client';
import { decideAccept } from './reviewDecision';
import { useReviewStore, type PendingItem, type ReviewStore } from './reviewStore';

/**
 * The answers a person gives in the Review view, sent to the session (agent.approve / agent.reject):
 *
 *   await accept(client, key)           → 'done' | {needsReason: why}   (every hunk rejected: ask for a reason, then reject)
 *   await reject(client, key, reason)   → 'done'
 *   await acceptAll(client)             → keys that need a reason instead (every hunk rejected)
 *   await rejectAll(client, reason)
 *
 * An item whose session no longer waits for it (answered elsewhere, paused) leaves the list; other
 * failures stay on the item as its error.
 */

export type AcceptResult = 'done' | 'failed' | { needsReason: string };

/** Flushes the right side's pending edit into the store before its text is used (set by the mounted editor). */
let flushEdits: (() => void) | null = null;
export function setEditFlusher(f: (() => void) | null): void {
  flushEdits = f;
}

async function send(store: ReviewStore, item: PendingItem, call: () => Promise<unknown>, outcome: { decision: 'approved' | 'rejected' | 'edited'; reason: string | null }): Promise<boolean> {
  store.getState().setBusy(item.key, true);
  try {
    await call();
    store.getState().resolved(item.sessionId, item.changeId, { ...outcome, by: 'user' });
    return true;
  } catch (err) {
    if (err instanceof ClientError && err.code === 'not_found') {
      store.getState().resolved(item.sessionId, item.changeId, { decision: 'cancelled', by: 'session', reason: err.message });
      return false;
    }
    store.getState().setBusy(item.key, false, err instanceof Error ? err.message : String(err));
    return false;
  }
}

const find = (store: ReviewStore, key: string) => store.getState().items.find((i) => i.key === key) ?? null;

export async function accept(client: AkiraClient, key: string, store: ReviewStore = useReviewStore): Promise<AcceptResult> {
  flushEdits?.();
  const item = find(store, key);
  if (!item || item.busy) return 'failed';
  const { sessionId, changeId } = item;
  if (!item.change) {
    return (await send(store, item, () => client.invoke('agent.approve', { sessionId, changeId }), { decision: 'approved', reason: null })) ? 'done' : 'failed';
  }
  const d = decideAccept(item.change, item.edited, new Set(item.rejected));
  if (d.action === 'reject') return { needsReason: d.why };
  const content = d.content;
  const ok = await send(store, item, () => client.invoke('agent.approve', content === undefined ? { sessionId, changeId } : { sessionId, changeId, content }), {
    decision: content === undefined ? 'approved' : 'edited',
    reason: null,
  });
  return ok ? 'done' : 'failed';
}

/** Approves a command and adds its prefix to the global allow list ("Always allow", agent.approve {alwaysAllow}). */
export async function acceptAlways(client: AkiraClient, key: string, store: ReviewStore = useReviewStore): Promise<'done' | 'failed'> {
  const item = find(store, key);
  if (!item || item.busy || !item.command?.allowPrefix) return 'failed';
  const ok = await send(store, item, () => client.invoke('agent.approve', { sessionId: item.sessionId, changeId: item.changeId, alwaysAllow: true }), { decision: 'approved', reason: null });
  return ok ? 'done' : 'failed';
}

export async function reject(client: AkiraClient, key: string, reason: string, store: ReviewStore = useReviewStore): Promise<'done' | 'failed'> {
  const item = find(store, key);
  const why = reason.trim();
  if (!item || item.busy || !why) return 'failed';
  const ok = await send(store, item, () => client.invoke('agent.reject', { sessionId: item.sessionId, changeId: item.changeId, reason: why }), { decision: 'rejected', reason: why });
  return ok ? 'done' : 'failed';
}

/** Accepts every waiting item as the person left it; answers the keys whose hunks were all rejected (they need a reason). */
export async function acceptAll(client: AkiraClient, store: ReviewStore = useReviewStore): Promise<string[]> {
  flushEdits?.();
  const needReason: string[] = [];
  for (const item of [...store.getState().items]) {
    const r = await accept(client, item.key, store);
    if (typeof r === 'object') needReason.push(item.key);
  }
  return needReason;
}

export async function rejectAll(client: AkiraClient, reason: string, store: ReviewStore = useReviewStore): Promise<void> {
  for (const item of [...store.getState().items]) await reject(client, item.key, reason, store);
}
