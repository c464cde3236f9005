import { reduceInto } from '../../../../shared/agent/sessionReplay';
import { cloneSessionState, emptyState, type SessionState, type TodoState } from '../../../../shared/agent/sessionState';
import { todoView, totalsView, verdictView } from '../../../../shared/agent/sessionView';
import {
  approvalOf,
  asSessionEvent,
  isLogEvent,
  type AgentApproval,
  type AgentEvent,
  type AgentLogEvent,
  type AgentSessionDetail,
  type AgentStatus,
  type AgentTodo,
} from '../../../../shared/contract';
import { stateFromDetail, todosFromView } from './boardSnapshot';
import { textOf } from '../../i18n';
import { boardStrings } from './boardStrings';
import type { ErrorWords } from '../../../../shared/errors';

/**
 * The TODO board of one session as a pure reducer: a snapshot from `agent.get` (`fromDetail`), then the
 * `agent.onEvent` payloads applied one by one (`applyBoardEvent`).
 *
 * The log's events go through the same replay as the core's (src/shared/agent/sessionReplay.ts) on the
 * board's copy of the session state (`log`, seeded by the snapshot: boardSnapshot.ts); the board shows it
 * as agent.get does (sessionView.ts). The live notices add what waits for a person (approvals, the
 * question, the plan), and the tool calls seen in events are kept per TODO (`calls`), across snapshots.
 *
 * Log events carry `seq`: one already applied is skipped, and a jump (`seq > lastSeq + 1`) is reported as a
 * gap so the store fetches the snapshot again. Events that arrived while a snapshot was on its way are
 * applied again on top of it (`reapplyBoardEvent`) when the snapshot does not have them (seq after its own).
 */

export type AgentPhase = AgentSessionDetail['phase'];
export type AgentQuestion = NonNullable<AgentSessionDetail['question']>;
export type Verdict = { approved: boolean; confidence: number; feedback: string };

export interface ToolCallInfo {
  callId: string;
  tool: string;
  input: string;
  summary: string | null;
  isError: boolean;
  durationMs: number | null;
  running: boolean;
}

export interface BoardTodo extends Omit<AgentTodo, 'toolCalls'> {
  /** The recent tool calls seen in events (the newest TOOL_CALLS_KEPT). */
  toolCalls: ToolCallInfo[];
  /** All tool calls made for it. */
  toolCallCount: number;
  costUsd: number;
  /** The verdicts seen in events. */
  verdicts: (Verdict & { ts: string | null })[];
}

/** The session's totals, as agent.get answers them (then counted on from events). */
export type BoardTotals = AgentSessionDetail['totals'];

export interface BoardState {
  sessionId: string | null;
  /** A snapshot has arrived. */
  loaded: boolean;
  /** The session state as the shared replay rebuilds it (what the fields below show). */
  log: SessionState;
  /** The last seq the latest snapshot reflects. */
  snapshotSeq: number;
  /** Per TODO id, the tool calls seen in events. */
  calls: Record<string, ToolCallInfo[]>;
  task: string;
  mode: string;
  model: string;
  status: AgentStatus;
  phase: AgentPhase;
  statusReason: string | null;
  /** Its words (issue 14): show it with useReasonText. */
  statusReasonWords: ErrorWords | null;
  planAwaitingApproval: boolean;
  todos: BoardTodo[];
  approvals: AgentApproval[];
  question: AgentQuestion | null;
  finalVerdict: Verdict | null;
  summary: string | null;
  totals: BoardTotals;
  /** The last log event applied (0: none since the board was opened). */
  lastSeq: number;
  /** Follow-ups (issue 25): the round the TODOs above belong to, its task, and the earlier rounds (oldest first). */
  round: number;
  roundTask: string;
  earlierRounds: SessionState['earlierRounds'];
}

/** How many tool calls a card keeps (the count goes on). */
export const TOOL_CALLS_KEPT = 200;

export function emptyBoard(sessionId: string | null = null): BoardState {
  return view({ sessionId, loaded: false, log: emptyState(), snapshotSeq: 0, calls: {}, approvals: [], question: null, lastSeq: 0 }, null);
}

type Base = Pick<BoardState, 'sessionId' | 'loaded' | 'log' | 'snapshotSeq' | 'calls' | 'approvals' | 'question' | 'lastSeq'>;

/** The fields the board shows, from its log copy; TODOs that did not change keep their object (cards re-render less). */
function view(b: Base, prev: BoardState | null): BoardState {
  const { log } = b;
  const old = new Map(prev?.todos.map((t) => [t.id, t]));
  return {
    ...b,
    task: log.task,
    mode: log.mode,
    model: log.model,
    status: log.status,
    phase: log.phase,
    statusReason: log.statusReason,
    statusReasonWords: log.statusReasonWords,
    planAwaitingApproval: log.plan.awaitingApproval,
    todos: log.todos.map((t) => boardTodo(t, b.calls[t.id] ?? NO_CALLS, old.get(t.id))),
    finalVerdict: verdictView(log.finalVerdict),
    summary: log.summary,
    totals: totalsView(log),
    round: log.round,
    roundTask: log.roundTask || log.task,
    earlierRounds: log.earlierRounds,
  };
}

const NO_CALLS: ToolCallInfo[] = [];

function boardTodo(t: TodoState, calls: ToolCallInfo[], prev: BoardTodo | undefined): BoardTodo {
  const { toolCalls, ...shown } = todoView(t);
  const verdicts = t.verdicts.filter((v) => v.seq > 0);
  if (prev && prev.toolCalls === calls && prev.toolCallCount === toolCalls && prev.costUsd === t.costUsd && prev.verdicts.length === verdicts.length && sameShown(prev, shown)) return prev;
  return {
    ...shown,
    checkpointIds: [...shown.checkpointIds],
    toolCalls: calls,
    toolCallCount: toolCalls,
    costUsd: t.costUsd,
    verdicts: verdicts.map(({ approved, confidence, feedback, ts }) => ({ approved, confidence, feedback, ts })),
  };
}

function sameShown(a: BoardTodo, b: Omit<AgentTodo, 'toolCalls'>): boolean {
  const va = a.lastVerdict;
  const vb = b.lastVerdict;
  return (
    a.id === b.id &&
    a.description === b.description &&
    a.expectedResult === b.expectedResult &&
    a.status === b.status &&
    a.result === b.result &&
    a.createdAt === b.createdAt &&
    a.completedAt === b.completedAt &&
    a.rejections === b.rejections &&
    a.tokensIn === b.tokensIn &&
    a.tokensOut === b.tokensOut &&
    a.checkpointIds.join('\n') === b.checkpointIds.join('\n') &&
    (va === vb || (!!va && !!vb && va.approved === vb.approved && va.confidence === vb.confidence && va.feedback === vb.feedback))
  );
}

/** The snapshot, keeping what the events told about TODOs whose id stays. */
export function fromDetail(detail: AgentSessionDetail, prev: BoardState | null): BoardState {
  const kept = prev && prev.sessionId === detail.sessionId ? prev : null;
  const base: Base = {
    sessionId: detail.sessionId,
    loaded: true,
    log: stateFromDetail(detail, kept?.log ?? null),
    snapshotSeq: detail.lastSeq,
    calls: kept?.calls ?? {},
    approvals: detail.approvals,
    question: detail.question,
    lastSeq: kept?.lastSeq ?? 0,
  };
  return view(base, kept);
}

export interface Applied {
  state: BoardState;
  /** Log events were missed: fetch the snapshot again. */
  gap: boolean;
}

export function applyBoardEvent(state: BoardState, e: AgentEvent): Applied {
  if (e.sessionId !== state.sessionId) return { state, gap: false };
  let gap = false;
  if (isLogEvent(e)) {
    if (e.seq <= state.lastSeq) return { state, gap: false };
    gap = state.lastSeq > 0 && e.seq > state.lastSeq + 1;
    state = { ...state, lastSeq: e.seq };
  }
  // A rewind: the board is what it was at that point, which only a fresh snapshot says.
  if (e.type === 'rollback') return { state: { ...emptyBoard(state.sessionId), lastSeq: state.lastSeq }, gap: true };
  return { state: reduce(state, e), gap };
}

/**
 * Applies again an event that arrived while a snapshot was on its way: the notices, and the log's events
 * the snapshot does not reflect yet.
 */
export function reapplyBoardEvent(state: BoardState, e: AgentEvent): BoardState {
  if (e.sessionId !== state.sessionId || (isLogEvent(e) && e.seq <= state.snapshotSeq) || e.type === 'rollback') return state;
  return reduce(state, e);
}

/** The shared replay on a copy of the board's log (the board checks the order of seqs itself). */
function replayed(log: SessionState, e: AgentLogEvent): SessionState {
  const next = cloneSessionState(log);
  next.lastSeq = e.seq - 1;
  reduceInto(next, asSessionEvent(e));
  return next;
}

function reduce(s: BoardState, e: AgentEvent): BoardState {
  const base: Base = isLogEvent(e) ? { ...s, log: replayed(s.log, e), calls: callsAfter(s.calls, e) } : s;
  switch (e.type) {
    case 'plan_approval_requested': {
      const log = cloneSessionState(s.log);
      log.todos = todosFromView(e.todos, log.todos);
      log.plan = { ...log.plan, proposed: true, awaitingApproval: true, approved: false };
      log.status = 'awaiting_plan_approval';
      return view({ ...s, log }, s);
    }
    case 'approval_requested': {
      const approval = approvalOf(e);
      if (s.approvals.some((a) => a.changeId === approval.changeId)) return s;
      return { ...s, approvals: [...s.approvals, approval] };
    }
    case 'approval_resolved':
      return { ...s, approvals: s.approvals.filter((a) => a.changeId !== e.changeId) };
    case 'question':
      return { ...s, question: { questionId: e.questionId, todoId: e.todoId, text: e.text, options: e.options } };
    case 'question_answered':
      return s.question?.questionId === e.questionId ? { ...s, question: null } : s;
    case 'session_completed':
    case 'session_failed':
    case 'session_stopped':
      return view({ ...base, approvals: [], question: null }, s);
    default:
      return base === s ? s : view(base, s);
  }
}

/** The tool calls of each TODO's card, after a log event. */
function callsAfter(calls: BoardState['calls'], e: AgentLogEvent): BoardState['calls'] {
  if (e.type === 'round_started') return {}; // a new round's TODO ids may repeat an earlier round's
  if ((e.type !== 'tool_call_started' && e.type !== 'tool_call_finished') || !e.todoId) return calls;
  const list = calls[e.todoId] ?? NO_CALLS;
  if (e.type === 'tool_call_started') {
    if (list.some((c) => c.callId === e.callId)) return calls;
    const call: ToolCallInfo = { callId: e.callId, tool: e.tool, input: e.input, summary: null, isError: false, durationMs: null, running: true };
    return { ...calls, [e.todoId]: [...list, call].slice(-TOOL_CALLS_KEPT) };
  }
  const done = { summary: e.summary, isError: e.isError, durationMs: e.durationMs ?? null, running: false };
  const known = list.some((c) => c.callId === e.callId);
  const next = known
    ? list.map((c) => (c.callId === e.callId ? { ...c, ...done } : c))
    : [...list, { callId: e.callId, tool: e.tool, input: '', ...done }].slice(-TOOL_CALLS_KEPT);
  return { ...calls, [e.todoId]: next };
}

/** Done (or skipped) out of all TODOs. */
export function progressOf(todos: readonly { status: AgentTodo['status'] }[]): { done: number; total: number } {
  return { done: todos.filter((t) => t.status === 'done' || t.status === 'skipped').length, total: todos.length };
}

export type ColumnId = 'pending' | 'in_progress' | 'done' | 'failed';
const COLUMN_TITLE = { pending: 'columnPending', in_progress: 'columnInProgress', done: 'columnDone', failed: 'columnFailed' } as const;
/** The board's columns; a column's title is read in the UI's language at the time it is read. */
export const COLUMNS: readonly { id: ColumnId; readonly title: string }[] = (Object.keys(COLUMN_TITLE) as ColumnId[]).map((id) => ({
  id,
  get title() {
    return textOf(boardStrings)[COLUMN_TITLE[id]];
  },
}));

export function columnOf(status: AgentTodo['status']): ColumnId {
  if (status === 'in_progress' || status === 'verifying') return 'in_progress';
  if (status === 'done' || status === 'skipped') return 'done';
  return status;
}
