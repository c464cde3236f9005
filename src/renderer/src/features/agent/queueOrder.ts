import type { AgentSessionSummary, AgentStatus } from '../../../../shared/contract';
import { textOf } from '../../i18n';
import { agentStrings } from './agentStrings';
import { statusLabel } from './sessionFormat';

/**
 * The agent's queue as the UI shows it (issue 10), pure: queued sessions wait for a free slot
 * (policy maxConcurrentTasks) or for the shared tree, and start by themselves in order; `queuePosition` 1
 * starts next (agent.list / agent.get). Move up / down sends the whole new order to agent.reorderQueue.
 */

type Queued = Pick<AgentSessionSummary, 'sessionId' | 'status' | 'queuePosition'>;

/** "Queued · #2" for a queued session (just "Queued" while its place is unknown); else the status's label. */
export function statusText(status: AgentStatus, queuePosition?: number | null): string {
  const label = statusLabel(status);
  return status === 'queued' && queuePosition ? textOf(agentStrings).queuedAt(label, queuePosition) : label;
}

/** The queued sessions' ids in queue order (1 first); those whose place is not known yet go last, as listed. */
export function queueOrder(sessions: readonly Queued[]): string[] {
  const queued = sessions.filter((s) => s.status === 'queued');
  const placed = queued.filter((s) => s.queuePosition).sort((a, b) => a.queuePosition! - b.queuePosition!);
  return [...placed, ...queued.filter((s) => !s.queuePosition)].map((s) => s.sessionId);
}

/** The order after moving one session a place up (-1) or down (+1); null when it cannot move that way. */
export function moveInQueue(order: readonly string[], sessionId: string, delta: -1 | 1): string[] | null {
  const at = order.indexOf(sessionId);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= order.length) return null;
  const next = [...order];
  [next[at], next[to]] = [next[to], next[at]];
  return next;
}

/** The sessions with their places after agent.reorderQueue answered the queue (others unchanged). */
export function withQueue<S extends Queued>(sessions: readonly S[], queue: readonly string[]): S[] {
  return sessions.map((s) => {
    const at = queue.indexOf(s.sessionId);
    if (at >= 0) return s.queuePosition === at + 1 ? s : { ...s, queuePosition: at + 1 };
    return s.status === 'queued' || s.queuePosition == null ? s : { ...s, queuePosition: null };
  });
}

/** Words for what a queued session waits for ("It starts by itself …"), given the core's reason if known. */
export function queueWaitText(reason: string | null | undefined): string {
  return textOf(agentStrings).queueWait(reason?.trim() || null);
}
