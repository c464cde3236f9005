import type { SessionEvent, Todo, TodoStatus } from './sessionEvents';
import { prefixUpTo, rewindInto, rewindTarget, type StateAt } from './sessionRewind';

export type { StateAt } from './sessionRewind';
import { emptyState, type ChangeState, type SessionState, type TodoState, type Verdict } from './sessionState';

export * from './sessionState';

/**
 * The session state a resume starts from, rebuilt from the event log by a pure reducer (shared: the core
 * resumes from it and answers agent.get from it; the renderer's board applies the same events with it):
 * - `replay(events)` → SessionState (from nothing);
 * - `applyEvent(state, event)` → a new SessionState (the input is not touched);
 * - `reduceInto(draft, event, stateAt?)` mutates a state the caller owns (the store's incremental path).
 *
 * A `rollback` with `toSeq` (a conversation rewind, rewind.ts) puts the state back as it was right
 * after event `toSeq`: `replay` replays that prefix of its own events; `reduceInto` asks `stateAt`
 * (the store reads the log) and, without it, only counts the rollback and warns.
 *
 * The reducer never throws on odd sequences (a TODO id it does not know, a decision for a change
 * never proposed, a seq that does not follow): it does what is safe and notes it in `warnings`.
 * Events whose seq is not greater than the last one are skipped (a duplicate line).
 */

const RECENT_TOOLS = 12;
const MAX_WARNINGS = 200;

export function replay(events: Iterable<SessionEvent>): SessionState {
  const all = [...events];
  // One pass: the state right after each event a rewind goes back to is kept when the pass gets there.
  // How many rewinds go back to each event: the last one takes the snapshot itself, the others a copy.
  const uses = new Map<number, number>();
  for (const e of all) {
    const to = rewindTarget(e);
    if (to !== null) uses.set(to, (uses.get(to) ?? 0) + 1);
  }
  const snapshots = new Map<number, SessionState>();
  const stateAt: StateAt = (seq) => {
    const snapshot = snapshots.get(seq);
    if (!snapshot) return null;
    const left = (uses.get(seq) ?? 1) - 1;
    uses.set(seq, left);
    if (left > 0) return structuredClone(snapshot);
    snapshots.delete(seq);
    return snapshot;
  };
  const state = emptyState();
  for (const event of all) {
    reduceInto(state, event, stateAt);
    if (uses.has(event.seq) && state.lastSeq === event.seq && !snapshots.has(event.seq)) snapshots.set(event.seq, structuredClone(state));
  }
  return state;
}

/** The state right after event `seq` (what a rewind to it starts from). */
export function replayUpTo(events: readonly SessionEvent[], seq: number): SessionState {
  return replay(prefixUpTo(events, seq));
}

/** (A rewind needs the log: applyEvent only counts it; replay and the store rewind.) */
export function applyEvent(state: SessionState, event: SessionEvent): SessionState {
  const next = structuredClone(state);
  reduceInto(next, event);
  return next;
}

function newTodo(todo: Todo, ts: string | null): TodoState {
  return {
    ...todo,
    createdAt: ts,
    completedAt: null,
    verdicts: [],
    rejections: 0,
    toolCalls: 0,
    checkpointIds: [],
    tokensIn: 0,
    tokensOut: 0,
    costUsd: 0,
    recentTools: [],
    assessment: null,
    tick: null,
    failureHandled: null,
  };
}

/** Replaces the list, keeping what was recorded for TODOs whose id stays. */
function setTodos(state: SessionState, todos: Todo[], ts: string): void {
  const old = new Map(state.todos.map((t) => [t.id, t]));
  const seen = new Set<string>();
  const next: TodoState[] = [];
  for (const todo of todos) {
    if (seen.has(todo.id)) {
      warn(state, `TODO id ${todo.id} appears twice in a plan; the second one is ignored`);
      continue;
    }
    seen.add(todo.id);
    const prev = old.get(todo.id);
    next.push(prev ? { ...prev, ...todo } : newTodo(todo, ts));
  }
  state.todos = next;
}

function warn(state: SessionState, message: string): void {
  if (state.warnings.length < MAX_WARNINGS) state.warnings.push(`seq ${state.lastSeq}: ${message}`);
}

function findTodo(state: SessionState, todoId: string | null, what: string): TodoState | null {
  if (todoId === null) return null;
  const todo = state.todos.find((t) => t.id === todoId);
  if (!todo) warn(state, `${what} names unknown TODO ${todoId}`);
  return todo ?? null;
}

function takeChange(list: ChangeState[], changeId: string): ChangeState | null {
  const i = list.findIndex((c) => c.changeId === changeId);
  return i < 0 ? null : list.splice(i, 1)[0];
}

/** A follow-up: the round so far is kept as an earlier round, and the session plans the new one (issue 25). */
function startRound(state: SessionState, round: number, task: string, seq: number, ts: string): void {
  if (round !== state.round + 1) warn(state, `round ${round} follows round ${state.round}`);
  state.earlierRounds.push({
    round: state.round,
    task: state.roundTask || state.task,
    startedAt: state.roundStartedAt || state.createdAt,
    status: state.status,
    todos: state.todos.map(({ id, description, expectedResult, status, result }) => ({ id, description, expectedResult, status, result })),
    files: state.roundFiles,
    summary: state.summary,
  });
  state.round = round;
  state.roundTask = task;
  state.roundStartSeq = seq;
  state.roundStartedAt = ts;
  state.roundFiles = [];
  state.todos = [];
  // What the ended round left undecided or unapplied (a stopped session's approvals, calls cut short) is not asked again.
  state.pendingChanges = [];
  state.approvedChanges = [];
  state.inFlight = [];
  state.plan = { proposed: false, awaitingApproval: false, approved: false, feedback: null };
  state.finalVerdict = null;
  state.summary = null;
  state.status = 'planning';
  state.statusReason = null;
  state.statusReasonWords = null;
  state.phase = 'plan';
}

export function reduceInto(state: SessionState, event: SessionEvent, stateAt?: StateAt): void {
  if (event.seq <= state.lastSeq) {
    warn(state, `event seq ${event.seq} (${event.type}) does not follow ${state.lastSeq}; skipped`);
    return;
  }
  if (state.lastSeq > 0 && event.seq !== state.lastSeq + 1) warn(state, `events ${state.lastSeq + 1}..${event.seq - 1} are missing`);
  state.lastSeq = event.seq;
  state.updatedAt = event.ts;

  switch (event.type) {
    case 'session_started':
      if (state.sessionId) warn(state, 'a second session_started; the first one is kept');
      else {
        state.sessionId = event.sessionId;
        state.task = event.task;
        state.roundTask = event.task;
        state.mode = event.mode;
        state.model = event.model;
        state.options = event.options;
        state.createdAt = event.ts;
        state.status = 'planning';
        state.phase = 'plan';
      }
      break;
    case 'round_started':
      startRound(state, event.round, event.task, event.seq, event.ts);
      break;
    case 'plan_proposed':
      setTodos(state, event.todos, event.ts);
      state.plan = { proposed: true, awaitingApproval: event.needsApproval, approved: !event.needsApproval, feedback: null };
      if (!event.needsApproval) state.phase = 'execute';
      break;
    case 'plan_approved':
      if (event.todos) setTodos(state, event.todos, event.ts);
      if (!state.plan.proposed) warn(state, 'plan approved before any plan was proposed');
      state.plan = { ...state.plan, awaitingApproval: false, approved: true };
      state.phase = 'execute';
      break;
    case 'plan_rejected':
      state.plan = { ...state.plan, awaitingApproval: false, approved: false, feedback: event.feedback };
      state.phase = 'plan';
      break;
    case 'todo_updated': {
      const i = state.todos.findIndex((t) => t.id === event.todo.id);
      if (i < 0) {
        warn(state, `todo_updated for unknown TODO ${event.todo.id}; added`);
        state.todos.push(newTodo(event.todo, event.ts));
      } else state.todos[i] = { ...state.todos[i], ...event.todo };
      break;
    }
    case 'todo_added': {
      if (state.todos.some((t) => t.id === event.todo.id)) {
        warn(state, `todo_added for existing TODO ${event.todo.id}; ignored`);
        break;
      }
      const at = Math.min(event.index ?? state.todos.length, state.todos.length);
      state.todos.splice(at, 0, newTodo(event.todo, event.ts));
      break;
    }
    case 'todo_removed': {
      const i = state.todos.findIndex((t) => t.id === event.todoId);
      if (i < 0) warn(state, `todo_removed for unknown TODO ${event.todoId}`);
      else state.todos.splice(i, 1);
      break;
    }
    case 'todo_reordered': {
      const byId = new Map(state.todos.map((t) => [t.id, t]));
      const listed: TodoState[] = [];
      for (const todoId of event.order) {
        const todo = byId.get(todoId);
        if (!todo) warn(state, `todo_reordered names unknown TODO ${todoId}`);
        else if (!listed.includes(todo)) listed.push(todo);
      }
      state.todos = [...listed, ...state.todos.filter((t) => !listed.includes(t))];
      break;
    }
    case 'tool_call_started': {
      const todo = findTodo(state, event.todoId, 'tool_call_started');
      if (todo) todo.toolCalls += 1;
      state.totals.toolCalls += 1;
      state.inFlight = state.inFlight.filter((c) => c.callId !== event.callId);
      state.inFlight.push({ callId: event.callId, todoId: event.todoId, tool: event.tool, input: event.input, seq: event.seq });
      break;
    }
    case 'tool_call_finished': {
      const started = state.inFlight.find((c) => c.callId === event.callId);
      if (!started) warn(state, `tool call ${event.callId} finished without a start`);
      state.inFlight = state.inFlight.filter((c) => c.callId !== event.callId);
      const todo = findTodo(state, event.todoId, 'tool_call_finished');
      if (todo) {
        todo.recentTools.push({
          callId: event.callId,
          tool: event.tool,
          input: started?.input ?? '',
          summary: event.summary,
          isError: event.isError,
        });
        if (todo.recentTools.length > RECENT_TOOLS) todo.recentTools.splice(0, todo.recentTools.length - RECENT_TOOLS);
      }
      break;
    }
    case 'change_proposed':
      if ([...state.pendingChanges, ...state.approvedChanges].some((c) => c.changeId === event.changeId)) {
        warn(state, `change ${event.changeId} proposed again before it was settled; the first one is kept`);
        break;
      }
      state.pendingChanges.push({
        changeId: event.changeId,
        callId: event.callId ?? null,
        todoId: event.todoId,
        change: event.change,
        decision: null,
        reason: null,
        finalAfter: event.change.after,
        proposedSeq: event.seq,
      });
      break;
    case 'change_decided': {
      const change = takeChange(state.pendingChanges, event.changeId);
      if (!change) {
        warn(state, `decision for change ${event.changeId}, which is not pending`);
        break;
      }
      change.decision = event.decision;
      change.reason = event.reason ?? null;
      if (event.decision === 'edited') {
        if (event.editedAfter === undefined) warn(state, `change ${event.changeId} edited without content; the proposed content is kept`);
        else change.finalAfter = event.editedAfter;
      }
      if (event.decision !== 'rejected') state.approvedChanges.push(change);
      break;
    }
    case 'change_applied': {
      const change = takeChange(state.approvedChanges, event.changeId) ?? takeChange(state.pendingChanges, event.changeId);
      if (!change) warn(state, `change ${event.changeId} applied without an approval on record`);
      if (!event.error) {
        state.totals.fileModifications += 1;
        if (!state.roundFiles.includes(event.path)) state.roundFiles.push(event.path);
      }
      break;
    }
    case 'command_finished':
      state.totals.commands += 1;
      break;
    case 'checkpoint_taken': {
      state.checkpoints.push({ checkpointId: event.checkpointId, todoId: event.todoId, seq: event.seq, label: event.label ?? null });
      const todo = findTodo(state, event.todoId, 'checkpoint_taken');
      if (todo && !todo.checkpointIds.includes(event.checkpointId)) todo.checkpointIds.push(event.checkpointId);
      break;
    }
    case 'verification': {
      const verdict: Verdict = {
        seq: event.seq,
        ts: event.ts,
        approved: event.approved,
        confidence: event.confidence,
        feedback: event.feedback,
      };
      if (event.todoId === 'task' && !state.todos.some((t) => t.id === 'task')) {
        state.finalVerdict = verdict;
        break;
      }
      const todo = findTodo(state, event.todoId, 'verification');
      if (!todo) break;
      todo.verdicts.push(verdict);
      if (!event.approved) todo.rejections += 1;
      const next: TodoStatus = event.nextStatus ?? (event.approved ? 'done' : 'in_progress');
      todo.status = next;
      break;
    }
    case 'model_call': {
      const usage = event.usage ?? { promptTokens: 0, completionTokens: 0 };
      const t = state.totals;
      t.modelCalls += 1;
      t.tokensIn += usage.promptTokens;
      t.tokensOut += usage.completionTokens;
      if (event.costUsd !== null) t.costUsd = (t.costUsd ?? 0) + event.costUsd;
      const todo = findTodo(state, event.todoId, 'model_call');
      if (todo) {
        todo.tokensIn += usage.promptTokens;
        todo.tokensOut += usage.completionTokens;
        todo.costUsd += event.costUsd ?? 0;
      }
      break;
    }
    case 'user_message':
      state.userMessages.push({ messageId: event.messageId, text: event.text, ts: event.ts, attachments: event.attachments, images: event.images });
      break;
    case 'context_attached':
      state.context.attachments = event.attachments;
      state.context.images = event.images;
      break;
    case 'mode_changed':
      state.mode = event.to;
      break;
    case 'rules_loaded':
      state.context.rules = event.files;
      break;
    case 'user_messages_consumed': {
      const consumed = new Set(event.messageIds);
      state.userMessages = state.userMessages.filter((m) => !consumed.has(m.messageId));
      break;
    }
    case 'status_changed':
      state.status = event.status;
      state.statusReason = event.reason ?? null;
      state.statusReasonWords = (event.reason && event.reasonWords) || null;
      if (event.phase) state.phase = event.phase;
      break;
    case 'rollback': {
      state.totals.rollbacks += 1;
      const to = rewindTarget(event);
      if (to === null) {
        if (event.toSeq !== undefined) warn(state, `rollback to seq ${event.toSeq}, which is not before it; ignored`);
        break;
      }
      const target = stateAt?.(to) ?? null;
      if (!target || target.lastSeq !== to) warn(state, `rollback to seq ${to}, which is not in the log; the state is kept`);
      else rewindInto(state, target, event);
      break;
    }
    case 'task_assessed': {
      const todo = findTodo(state, event.todoId, 'task_assessed');
      if (todo) {
        const { detected, confidence, reasoning, provider, judgedDone, threshold, checks, reasoningWords, checkWords } = event;
        // The words only when the event has them (an old log's replay stays as it was).
        todo.assessment = { detected, confidence, reasoning, provider, judgedDone, threshold, checks, ...(reasoningWords ? { reasoningWords } : {}), ...(checkWords ? { checkWords } : {}) };
      }
      break;
    }
    case 'spec_ticked': {
      const todo = findTodo(state, event.todoId, 'spec_ticked');
      if (todo) todo.tick = { ok: event.ok, message: event.message ?? null, ts: event.ts };
      break;
    }
    case 'todo_failure_handled': {
      const todo = findTodo(state, event.todoId, 'todo_failure_handled');
      if (todo) todo.failureHandled = event.action;
      break;
    }
    case 'worktree_merged':
      state.worktreeEnd = { state: 'merged', commit: event.commit };
      break;
    case 'worktree_discarded':
      state.worktreeEnd = { state: 'discarded' };
      break;
    case 'session_completed':
      state.status = 'completed';
      state.statusReason = null;
      state.statusReasonWords = null;
      state.phase = 'done';
      state.summary = event.summary;
      break;
    case 'session_failed':
      state.status = 'failed';
      state.statusReason = event.reason;
      state.statusReasonWords = event.reasonWords ?? null;
      break;
    case 'session_stopped':
      state.status = 'stopped';
      state.statusReason = event.reason ?? null;
      state.statusReasonWords = (event.reason && event.reasonWords) || null;
      break;
    case 'resumed_with':
      // The log says what changed; the state goes on (the model a call used is in model_call).
      break;
    case 'subtask_started':
    case 'subtask_finished':
      // A sub-task is a session of its own (its events are in its folder); the call it answers is a tool call here.
      break;
    default: {
      const never: never = event;
      warn(state, `unknown event ${(never as { type: string }).type}`);
    }
  }
  stampTodoEnds(state, event.ts);
  if (state.inFlight.length === 0) state.lastConsistentSeq = event.seq;
}

const ENDED: ReadonlySet<string> = new Set(['done', 'failed', 'skipped']);

/** A TODO that ended with this event gets its time; one that went back (a rejected review, an edit) loses it. */
function stampTodoEnds(state: SessionState, ts: string): void {
  for (const todo of state.todos) {
    if (!ENDED.has(todo.status)) todo.completedAt = null;
    else if (!todo.completedAt) todo.completedAt = ts;
  }
}
