import { create } from 'zustand';
import type { AgentEvent, AgentEventType, AgentSessionSummary, AgentStatus } from '../../../../shared/contract';
import { withQueue } from './queueOrder';
import { worktreeAfter } from './worktreeWords';
import { sameWords, type ErrorWords } from '../../../../shared/errors';

/**
 * The sessions of the workspace (`agent.list`, kept current by `agent.onEvent`) and the session the UI
 * shows (`currentSessionId`: the board, the activity, the controls and the review read it).
 *
 * Status, phase and tokens are updated in place from the events; what needs the whole TODO list (progress)
 * or a session this window has not listed yet asks for a new `agent.list` (`needsRefresh`, throttled by
 * the caller, see useAgentFeeds.ts). A session entering or leaving the queue moves the others' places, which
 * only the list knows (`queuePosition`): it asks for a new list too.
 */

interface SessionStoreState {
  currentSessionId: string | null;
  sessions: AgentSessionSummary[];
  loaded: boolean;
  error: string | null;
  /** An event said the list is out of date (progress, a new session, places in the queue). */
  needsRefresh: boolean;
  /** Why each session last changed status, when an event or agent.get said so (the list rows' hover for queued ones). */
  statusReasons: Record<string, StatusReason>;
  open(sessionId: string | null): void;
  setSessions(sessions: AgentSessionSummary[]): void;
  setError(error: string): void;
  applyEvent(event: AgentEvent): void;
  /** The queue as agent.reorderQueue answered it: the places of the queued sessions. */
  applyQueue(queue: string[]): void;
  /** Bumped to have the current board fetched again (a change no event announces). */
  boardRefresh: number;
  /**
   * A queued session was cancelled (agent.stop): the core writes session_stopped to its log without announcing
   * it, so the list and the board are fetched again.
   */
  queuedStopped(): void;
  setStatusReason(sessionId: string, reason: string | null, words?: ErrorWords | null): void;
}

/** Why a session last changed status: the English reason as the core wrote it ('' when it gave none) and its words (issue 14), shown with useReasonText. */
export interface StatusReason {
  reason: string;
  words: ErrorWords | null;
}

/** The reasons with this session's set (removed when null): the same map when that says nothing new, so no view draws again. */
function withReason(all: Record<string, StatusReason>, sessionId: string, entry: StatusReason | null): Record<string, StatusReason> {
  const current = all[sessionId];
  const same = entry && current ? current.reason === entry.reason && sameWords(current.words, entry.words) : !entry && !current;
  if (same) return all;
  const next = { ...all };
  if (entry) next[sessionId] = entry;
  else delete next[sessionId];
  return next;
}

/** Events after which the list's progress may read differently (a rewind puts the whole board back). */
const TODO_EVENTS = new Set<AgentEventType>(['plan_proposed', 'plan_approved', 'todo_updated', 'todo_added', 'todo_removed', 'verification', 'rollback']);
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
    const queuePosition = status === 'queued' ? (s.queuePosition ?? null) : null;
    return { ...s, status, phase, updatedAt, live: s.live || isActive(status) || status === 'paused', queuePosition };
  }
  const ending = ENDINGS[e.type];
  // A follow-up (issue 25): the session plans its next round.
  if (e.type === 'round_started') return { ...s, status: 'planning', phase: 'plan', round: e.round, updatedAt, live: true, progress: { done: 0, total: 0 } };
  if (ending) return { ...s, status: ending, phase: ending === 'completed' ? 'done' : s.phase, updatedAt, queuePosition: null };
  if (e.type === 'worktree_merged' || e.type === 'worktree_discarded') {
    const worktree = worktreeAfter(s.worktree, e);
    return worktree === s.worktree ? s : { ...s, worktree, updatedAt };
  }
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
  statusReasons: {},
  boardRefresh: 0,
  queuedStopped: () => set((state) => ({ needsRefresh: true, boardRefresh: state.boardRefresh + 1 })),
  open: (currentSessionId) => set({ currentSessionId }),
  setSessions: (sessions) => set({ sessions, loaded: true, error: null, needsRefresh: false }),
  setError: (error) => set({ error }),
  applyQueue: (queue) => set((state) => ({ sessions: withQueue(state.sessions, queue) })),
  setStatusReason: (sessionId, reason, words) =>
    set((state) => {
      const statusReasons = withReason(state.statusReasons, sessionId, reason ? { reason, words: words ?? null } : null);
      return statusReasons === state.statusReasons ? state : { statusReasons };
    }),
  applyEvent: (e) =>
    set((state) => {
      const reasons =
        e.type === 'status_changed'
          ? { statusReasons: withReason(state.statusReasons, e.sessionId, { reason: e.reason ?? '', words: (e.reason && e.reasonWords) || null }) }
          : {};
      const i = state.sessions.findIndex((s) => s.sessionId === e.sessionId);
      if (i < 0) return e.type === 'session_started' || e.seq !== undefined ? { needsRefresh: true, ...reasons } : state;
      const before = state.sessions[i];
      const next = summaryAfter(before, e);
      const stale =
        TODO_EVENTS.has(e.type) ||
        (next.status !== before.status && (next.status === 'queued' || before.status === 'queued')) ||
        // A merge or discard of a session listed without its tree: the list knows it.
        ((e.type === 'worktree_merged' || e.type === 'worktree_discarded') && !before.worktree);
      if (next === before) return stale ? { needsRefresh: true, ...reasons } : e.type === 'status_changed' ? reasons : state;
      const sessions = [...state.sessions];
      sessions[i] = next;
      return stale ? { sessions, needsRefresh: true, ...reasons } : { sessions, ...reasons };
    }),
}));

/** The session the UI shows (the review view reads it too). */
export const getCurrentSessionId = (): string | null => useSessionStore.getState().currentSessionId;
export const useCurrentSessionId = (): string | null => useSessionStore((s) => s.currentSessionId);
