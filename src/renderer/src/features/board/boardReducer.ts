import type { AgentApproval, AgentEvent, AgentSessionDetail, AgentStatus, AgentTodo } from '../../../../shared/contract';
import { arr, bool, num, obj, str, todoOf, todosOf, type EventTodo } from '../sessions/eventFields';

/**
 * The TODO board of one session as a pure reducer: a snapshot from `agent.get` (`fromDetail`), then the
 * `agent.onEvent` payloads applied one by one (`applyBoardEvent`).
 *
 * Two kinds of fields:
 * - the snapshot's (status, phase, TODOs, approvals, question, totals): `agent.get` is their source of
 *   truth; events keep them current, and a fresh snapshot replaces them;
 * - what only the events tell (per TODO: its tool calls, tokens and every verdict): kept across snapshots
 *   (matched by TODO id), so a session reopened in this window still shows what was seen of it.
 *
 * Log events carry `seq`: one already applied is skipped, and a jump (`seq > lastSeq + 1`) is reported as a
 * gap so the store fetches the snapshot again. `replay` applies only what can be applied twice safely
 * (assignments, not counters): for events that may already be in a snapshot that arrived after them.
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
  /** All tool calls made for it (from the snapshot, then counted from events). */
  toolCallCount: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  verdicts: (Verdict & { ts: string | null })[];
}

/** The session's totals, as agent.get answers them (then counted on from events). */
export type BoardTotals = AgentSessionDetail['totals'];

export interface BoardState {
  sessionId: string | null;
  /** A snapshot has arrived. */
  loaded: boolean;
  task: string;
  mode: string;
  model: string;
  status: AgentStatus;
  phase: AgentPhase;
  statusReason: string | null;
  planAwaitingApproval: boolean;
  todos: BoardTodo[];
  approvals: AgentApproval[];
  question: AgentQuestion | null;
  finalVerdict: Verdict | null;
  summary: string | null;
  totals: BoardTotals;
  /** The last log event applied (0: none since the board was opened). */
  lastSeq: number;
}

/** How many tool calls a card keeps (the count goes on). */
export const TOOL_CALLS_KEPT = 200;

export function emptyBoard(sessionId: string | null = null): BoardState {
  return {
    sessionId,
    loaded: false,
    task: '',
    mode: '',
    model: '',
    status: 'planning',
    phase: 'plan',
    statusReason: null,
    planAwaitingApproval: false,
    todos: [],
    approvals: [],
    question: null,
    finalVerdict: null,
    summary: null,
    totals: { tokensIn: 0, tokensOut: 0, costUsd: null, modelCalls: 0, toolCalls: 0, commands: 0, fileModifications: 0 },
    lastSeq: 0,
  };
}

function boardTodo(t: AgentTodo | EventTodo, prev?: BoardTodo): BoardTodo {
  const snapshot = 'tokensIn' in t && typeof t.toolCalls === 'number' ? t : null;
  const base: Omit<AgentTodo, 'toolCalls' | 'tokensIn' | 'tokensOut'> = {
    id: t.id,
    description: t.description,
    expectedResult: t.expectedResult,
    status: asTodoStatus(t.status),
    result: t.result,
    rejections: 'rejections' in t ? t.rejections : (prev?.rejections ?? 0),
    lastVerdict: 'lastVerdict' in t ? t.lastVerdict : (prev?.lastVerdict ?? null),
    checkpointIds: 'checkpointIds' in t ? t.checkpointIds : (prev?.checkpointIds ?? []),
  };
  return {
    ...base,
    toolCalls: prev?.toolCalls ?? [],
    // The snapshot counts the whole log; events only what arrived while this window watched.
    toolCallCount: Math.max(snapshot?.toolCalls ?? 0, prev?.toolCallCount ?? 0),
    tokensIn: Math.max(snapshot?.tokensIn ?? 0, prev?.tokensIn ?? 0),
    tokensOut: Math.max(snapshot?.tokensOut ?? 0, prev?.tokensOut ?? 0),
    costUsd: prev?.costUsd ?? 0,
    verdicts: prev?.verdicts ?? [],
  };
}

const TODO_STATUSES = new Set<AgentTodo['status']>(['pending', 'in_progress', 'verifying', 'done', 'failed', 'skipped']);
function asTodoStatus(s: string): AgentTodo['status'] {
  return TODO_STATUSES.has(s as AgentTodo['status']) ? (s as AgentTodo['status']) : 'pending';
}

/** The snapshot, keeping what the events told about TODOs whose id stays. */
export function fromDetail(detail: AgentSessionDetail, prev: BoardState | null): BoardState {
  const kept = prev && prev.sessionId === detail.sessionId ? prev : null;
  const old = new Map(kept?.todos.map((t) => [t.id, t]));
  return {
    sessionId: detail.sessionId,
    loaded: true,
    task: detail.task,
    mode: detail.mode,
    model: detail.model,
    status: detail.status,
    phase: detail.phase,
    statusReason: detail.statusReason,
    planAwaitingApproval: detail.planAwaitingApproval,
    todos: detail.todos.map((t) => boardTodo(t, old.get(t.id))),
    approvals: detail.approvals,
    question: detail.question,
    finalVerdict: detail.finalVerdict,
    summary: detail.summary,
    totals: { ...detail.totals },
    lastSeq: kept?.lastSeq ?? 0,
  };
}

/** Replaces the TODO list, keeping what was recorded for TODOs whose id stays. */
function setTodos(state: BoardState, todos: EventTodo[]): BoardTodo[] {
  const old = new Map(state.todos.map((t) => [t.id, t]));
  return todos.map((t) => boardTodo(t, old.get(t.id)));
}

function patchTodo(state: BoardState, todoId: string | null, patch: (t: BoardTodo) => BoardTodo): BoardTodo[] {
  if (!todoId) return state.todos;
  return state.todos.map((t) => (t.id === todoId ? patch(t) : t));
}

export interface Applied {
  state: BoardState;
  /** Log events were missed: fetch the snapshot again. */
  gap: boolean;
}

export function applyBoardEvent(state: BoardState, e: AgentEvent, options: { replay?: boolean } = {}): Applied {
  if (e.sessionId !== state.sessionId) return { state, gap: false };
  let gap = false;
  if (e.seq !== undefined) {
    if (e.seq <= state.lastSeq) return { state, gap: false };
    gap = state.lastSeq > 0 && e.seq > state.lastSeq + 1;
    state = { ...state, lastSeq: e.seq };
  }
  // A rewind: the board is what it was at that point, which only a fresh snapshot says.
  if (e.type === 'rollback') return { state: { ...emptyBoard(state.sessionId), lastSeq: state.lastSeq }, gap: true };
  return { state: reduce(state, e, !!options.replay), gap };
}

/**
 * Applies again an event that arrived while a snapshot was on its way (it may or may not be in it):
 * assignments only, whatever its seq.
 */
export function reapplyBoardEvent(state: BoardState, e: AgentEvent): BoardState {
  return e.sessionId === state.sessionId ? reduce(state, e, true) : state;
}

function reduce(s: BoardState, e: AgentEvent, replay: boolean): BoardState {
  const count = !replay;
  switch (e.type) {
    case 'session_started':
      return { ...s, task: str(e, 'task') ?? s.task, mode: str(e, 'mode') ?? s.mode, model: str(e, 'model') ?? s.model };
    case 'plan_proposed': {
      const needs = bool(e, 'needsApproval') ?? false;
      return { ...s, todos: setTodos(s, todosOf(e)), planAwaitingApproval: needs, phase: needs ? s.phase : 'execute' };
    }
    case 'plan_approval_requested':
      return { ...s, todos: setTodos(s, todosOf(e)), planAwaitingApproval: true, status: 'awaiting_plan_approval' };
    case 'plan_approved': {
      const todos = todosOf(e);
      return { ...s, todos: arr(e, 'todos').length ? setTodos(s, todos) : s.todos, planAwaitingApproval: false, phase: 'execute' };
    }
    case 'plan_rejected':
      return { ...s, planAwaitingApproval: false, phase: 'plan' };
    case 'todo_updated': {
      const todo = todoOf(obj(e, 'todo'));
      if (!todo) return s;
      const exists = s.todos.some((t) => t.id === todo.id);
      return {
        ...s,
        todos: exists ? s.todos.map((t) => (t.id === todo.id ? boardTodo(todo, t) : t)) : [...s.todos, boardTodo(todo)],
      };
    }
    case 'todo_added': {
      const todo = todoOf(obj(e, 'todo'));
      if (!todo || s.todos.some((t) => t.id === todo.id)) return s;
      const at = Math.min(num(e, 'index') ?? s.todos.length, s.todos.length);
      const todos = [...s.todos];
      todos.splice(at, 0, boardTodo(todo));
      return { ...s, todos };
    }
    case 'todo_removed':
      return { ...s, todos: s.todos.filter((t) => t.id !== str(e, 'todoId')) };
    case 'todo_reordered': {
      const order = arr(e, 'order').filter((x): x is string => typeof x === 'string');
      const byId = new Map(s.todos.map((t) => [t.id, t]));
      const listed = [...new Set(order)].map((id) => byId.get(id)).filter((t): t is BoardTodo => !!t);
      return { ...s, todos: [...listed, ...s.todos.filter((t) => !listed.includes(t))] };
    }
    case 'tool_call_started': {
      const call: ToolCallInfo = {
        callId: str(e, 'callId') ?? '',
        tool: str(e, 'tool') ?? '?',
        input: str(e, 'input') ?? '',
        summary: null,
        isError: false,
        durationMs: null,
        running: true,
      };
      return {
        ...s,
        totals: count ? { ...s.totals, toolCalls: s.totals.toolCalls + 1 } : s.totals,
        todos: patchTodo(s, str(e, 'todoId'), (t) =>
          t.toolCalls.some((c) => c.callId === call.callId)
            ? t
            : { ...t, toolCallCount: t.toolCallCount + 1, toolCalls: [...t.toolCalls, call].slice(-TOOL_CALLS_KEPT) },
        ),
      };
    }
    case 'tool_call_finished': {
      const callId = str(e, 'callId');
      const done = { summary: str(e, 'summary') ?? '', isError: bool(e, 'isError') ?? false, durationMs: num(e, 'durationMs'), running: false };
      return {
        ...s,
        todos: patchTodo(s, str(e, 'todoId'), (t) => {
          const known = t.toolCalls.some((c) => c.callId === callId);
          const toolCalls = known
            ? t.toolCalls.map((c) => (c.callId === callId ? { ...c, ...done } : c))
            : [...t.toolCalls, { callId: callId ?? '', tool: str(e, 'tool') ?? '?', input: '', ...done }].slice(-TOOL_CALLS_KEPT);
          return { ...t, toolCalls };
        }),
      };
    }
    case 'checkpoint_taken': {
      const id = str(e, 'checkpointId');
      if (!id) return s;
      return { ...s, todos: patchTodo(s, str(e, 'todoId'), (t) => (t.checkpointIds.includes(id) ? t : { ...t, checkpointIds: [...t.checkpointIds, id] })) };
    }
    case 'verification': {
      const todoId = str(e, 'todoId');
      const verdict: Verdict = { approved: bool(e, 'approved') ?? false, confidence: num(e, 'confidence') ?? 0, feedback: str(e, 'feedback') ?? '' };
      if (todoId === 'task' && !s.todos.some((t) => t.id === 'task')) return { ...s, finalVerdict: verdict };
      const next = str(e, 'nextStatus') ?? (verdict.approved ? 'done' : 'in_progress');
      return {
        ...s,
        todos: patchTodo(s, todoId, (t) => ({
          ...t,
          status: asTodoStatus(next),
          lastVerdict: verdict,
          rejections: t.rejections + (count && !verdict.approved ? 1 : 0),
          verdicts: count ? [...t.verdicts, { ...verdict, ts: e.ts ?? null }] : t.verdicts,
        })),
      };
    }
    case 'model_call': {
      if (!count) return s;
      const usage = obj(e, 'usage');
      const tin = (usage && num(usage, 'promptTokens')) || 0;
      const tout = (usage && num(usage, 'completionTokens')) || 0;
      const cost = num(e, 'costUsd');
      const t = s.totals;
      return {
        ...s,
        totals: { ...t, modelCalls: t.modelCalls + 1, tokensIn: t.tokensIn + tin, tokensOut: t.tokensOut + tout, costUsd: cost === null ? t.costUsd : (t.costUsd ?? 0) + cost },
        todos: patchTodo(s, str(e, 'todoId'), (todo) => ({ ...todo, tokensIn: todo.tokensIn + tin, tokensOut: todo.tokensOut + tout, costUsd: todo.costUsd + (cost ?? 0) })),
      };
    }
    case 'command_finished':
      return count ? { ...s, totals: { ...s.totals, commands: s.totals.commands + 1 } } : s;
    case 'change_applied':
      return count && !str(e, 'error') ? { ...s, totals: { ...s.totals, fileModifications: s.totals.fileModifications + 1 } } : s;
    case 'approval_requested': {
      const approval = approvalOf(e);
      if (!approval || s.approvals.some((a) => a.changeId === approval.changeId)) return s;
      return { ...s, approvals: [...s.approvals, approval] };
    }
    case 'approval_resolved':
      return { ...s, approvals: s.approvals.filter((a) => a.changeId !== str(e, 'changeId')) };
    case 'question': {
      const questionId = str(e, 'questionId');
      const todoId = str(e, 'todoId');
      if (!questionId || !todoId) return s;
      const options = arr(e, 'options').filter((o): o is AgentQuestion['options'][number] => ['retry', 'skip', 'edit', 'stop'].includes(o as string));
      return { ...s, question: { questionId, todoId, text: str(e, 'text') ?? '', options } };
    }
    case 'question_answered':
      return s.question?.questionId === str(e, 'questionId') ? { ...s, question: null } : s;
    case 'status_changed': {
      const status = str(e, 'status') as AgentStatus | null;
      const phase = str(e, 'phase') as AgentPhase | null;
      return { ...s, status: status ?? s.status, statusReason: str(e, 'reason'), phase: phase ?? s.phase };
    }
    case 'session_completed':
      return { ...s, status: 'completed', statusReason: null, phase: 'done', summary: str(e, 'summary') ?? s.summary, approvals: [], question: null };
    case 'session_failed':
      return { ...s, status: 'failed', statusReason: str(e, 'reason'), approvals: [], question: null };
    case 'session_stopped':
      return { ...s, status: 'stopped', statusReason: str(e, 'reason'), approvals: [], question: null };
    default:
      return s;
  }
}

function approvalOf(e: AgentEvent): AgentApproval | null {
  const changeId = str(e, 'changeId');
  const kind = str(e, 'kind');
  if (!changeId || (kind !== 'change' && kind !== 'command' && kind !== 'read')) return null;
  const { sessionId: _s, type: _t, seq: _q, ts: _ts, reason: _r, ...rest } = e as AgentEvent & Record<string, unknown>;
  return { ...(rest as Omit<AgentApproval, 'changeId' | 'kind'>), changeId, kind, todoId: str(e, 'todoId') };
}

/** Done (or skipped) out of all TODOs. */
export function progressOf(todos: readonly { status: AgentTodo['status'] }[]): { done: number; total: number } {
  return { done: todos.filter((t) => t.status === 'done' || t.status === 'skipped').length, total: todos.length };
}

export type ColumnId = 'pending' | 'in_progress' | 'done' | 'failed';
export const COLUMNS: { id: ColumnId; title: string }[] = [
  { id: 'pending', title: 'Pending' },
  { id: 'in_progress', title: 'In progress' },
  { id: 'done', title: 'Done' },
  { id: 'failed', title: 'Failed' },
];

export function columnOf(status: AgentTodo['status']): ColumnId {
  if (status === 'in_progress' || status === 'verifying') return 'in_progress';
  if (status === 'done' || status === 'skipped') return 'done';
  return status;
}
