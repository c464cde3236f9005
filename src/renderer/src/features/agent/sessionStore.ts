import { create } from 'zustand';
import type { AgentEvent, AgentEventType, AgentSessionSummary, AgentStatus } from '../../../../shared/contract';

/**
 * The sessions of the workspace (`agent.list`, kept current by `agent.onEvent`) and the session the UI
 * shows (`currentSessionId`: the board, the activity, the controls and the review read it).
 *
 * Status, phase and tokens are updated in place from the events; what needs the whole TODO list (progress)
 * or a session this window has not listed yet asks for a new `agent.list` (`needsRefresh`, throttled by
 * the caller, see useAgentFeeds.ts).
 */

interface SessionStoreState {
  currentSessionId: string | null;
  sessions: AgentSessionSummary[];
  loaded: boolean;
  error: string | null;
  /** An event said the list is out of date (progress, a new session). */
  needsRefresh: boolean;
  open(sessionId: string | null): void;
  setSessions(sessions: AgentSessionSummary[]): void;
  setError(error: string): void;
  applyEvent(event: AgentEvent): void;
}

const TODO_EVENTS = new Set<AgentEventType>(['plan_proposed', 'plan_approved', 'todo_updated', 'todo_added', 'todo_removed', 'verification']);
const ENDINGS: Partial<Record<AgentEventType, AgentStatus>> = {
  session_completed: 'completed',
  session_failed: 'failed',
  session_stopped: 'stopped',
};

export const ACTIVE_STATUSES: readonly AgentStatus[] = ['planning', 'awaiting_plan_approval', 'running', 'waiting_approval'];
export const isActive = (status: AgentStatus) => ACTIVE_STATUSES.includes(status);

/** A summary after one event (the same object when the event changes nothing in it). */
export function summaryAfter(s: AgentSessionSummary, e: AgentEvent): AgentSessionSummary {
  const updatedAt = e.ts ?? s.updatedAt;
  if (e.type === 'status_changed') {
    const { status } = e;
    const phase = e.phase ?? s.phase;
    return { ...s, status, phase, updatedAt, live: s.live || isActive(status) || status === 'paused' };
  }
  const ending = ENDINGS[e.type];
  if (ending) return { ...s, status: ending, phase: ending === 'completed' ? 'done' : s.phase, updatedAt };
  if (e.type === 'model_call') {
    const { usage } = e;
    const cost = e.costUsd;
    const t = s.totals;
    return {
      ...s,
      updatedAt,
      totals: {
        ...t,
        modelCalls: t.modelCalls + 1,
        tokensIn: t.tokensIn + (usage?.promptTokens ?? 0),
        tokensOut: t.tokensOut + (usage?.completionTokens ?? 0),
        costUsd: cost === null ? t.costUsd : (t.costUsd ?? 0) + cost,
      },
    };
  }
  return s;
}

export const useSessionStore = create<SessionStoreState>((set) => ({
  currentSessionId: null,
  sessions: [],
  loaded: false,
  error: null,
  needsRefresh: false,
  open: (currentSessionId) => set({ currentSessionId }),
  setSessions: (sessions) => set({ sessions, loaded: true, error: null, needsRefresh: false }),
  setError: (error) => set({ error }),
  applyEvent: (e) =>
    set((state) => {
      const i = state.sessions.findIndex((s) => s.sessionId === e.sessionId);
      if (i < 0) return e.type === 'session_started' || e.seq !== undefined ? { needsRefresh: true } : state;
      const next = summaryAfter(state.sessions[i], e);
      const stale = TODO_EVENTS.has(e.type);
      if (next === state.sessions[i]) return stale ? { needsRefresh: true } : state;
      const sessions = [...state.sessions];
      sessions[i] = next;
      return stale ? { sessions, needsRefresh: true } : { sessions };
    }),
}));

/** The session the UI shows (the review view reads it too). */
export const getCurrentSessionId = (): string | null => useSessionStore.getState().currentSessionId;
export const useCurrentSessionId = (): string | null => useSessionStore((s) => s.currentSessionId);
