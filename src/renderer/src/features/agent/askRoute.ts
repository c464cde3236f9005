import type { AgentStatus } from '../../../../shared/contract';

/** A session that is working now and reads a message: not paused or interrupted, not ended. */
export const isLive = (status: AgentStatus): boolean => !['paused', 'interrupted', 'completed', 'failed', 'stopped'].includes(status);

/**
 * Where "Ask the agent about this" goes (issue 27, defect 14): the shown session's message box while that session is
 * live; the task box when no session is live; else the person chooses between a new task and a live session
 * (a paused or broken session on screen is not where a question should silently land).
 */
export function askRoute(sessions: readonly { sessionId: string; status: AgentStatus }[], currentId: string | null): 'task' | 'message' | 'choose' {
  const current = currentId ? sessions.find((s) => s.sessionId === currentId) : undefined;
  // A session just started is shown before the list has been fetched again: it is live.
  if (currentId && (!current || isLive(current.status))) return 'message';
  return sessions.some((s) => isLive(s.status)) ? 'choose' : 'task';
}
