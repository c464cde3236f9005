import type { ContextAttachment, RulesFileInfo, SessionImage } from '../context/contextShapes';
import type { TaskAssessment } from './agentShapes';
import type { ProposedChangeData, SessionPhase, SessionStatus, Todo } from './sessionEvents';
import type { ErrorWords } from '../errors/errorWords';

/** The state a session is resumed from (built by replay.ts from events.jsonl); plain data only. */

export interface Verdict {
  seq: number;
  ts: string;
  approved: boolean;
  confidence: number;
  feedback: string;
}

export interface ToolResultSummary {
  callId: string;
  tool: string;
  input: string;
  summary: string;
  isError: boolean;
}

export interface TodoState extends Todo {
  verdicts: Verdict[];
  /** Rejected verifications (the retry count). */
  rejections: number;
  toolCalls: number;
  checkpointIds: string[];
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  /** The last tool results of this TODO (newest last), for the context of the next call. */
  recentTools: ToolResultSummary[];
  /** Spec sessions: the decision engine's judgement before the task ran. */
  assessment: TaskAssessment | null;
  /** Spec sessions: the tick of its box in tasks.md (after it was verified or judged done). */
  tick: { ok: boolean; message: string | null; ts: string } | null;
  /** Spec sessions: it failed for good and the session went on past it. */
  failureHandled: 'rollback' | 'continue' | null;
  /** When it joined the board and when it ended (done, failed or skipped), from its events' times; null when unknown. */
  createdAt: string | null;
  completedAt: string | null;
}

export interface ChangeState {
  changeId: string;
  callId: string | null;
  todoId: string | null;
  change: ProposedChangeData;
  decision: 'approved' | 'rejected' | 'edited' | null;
  reason: string | null;
  /** The content to write: `change.after`, or the user's edit. */
  finalAfter: string | null;
  proposedSeq: number;
}

export interface InFlightCall {
  callId: string;
  todoId: string | null;
  tool: string;
  input: string;
  seq: number;
}

export interface PendingMessage {
  messageId: string;
  text: string;
  ts: string;
  /** What its @-mentions attached, and its images (issue 11). */
  attachments: ContextAttachment[];
  images: SessionImage[];
}

/** The task's context (issue 11): its mentions' attachments and images, and the rules files the session uses. */
export interface SessionContext {
  attachments: ContextAttachment[];
  images: SessionImage[];
  rules: RulesFileInfo[];
}

/** A finished round of a session (issue 25): what it asked and did, kept when a follow-up starts the next one. */
export interface RoundRecord {
  round: number;
  task: string;
  startedAt: string;
  status: SessionStatus;
  todos: Todo[];
  /** Workspace-relative paths its applied changes wrote. */
  files: string[];
  summary: string | null;
}

export interface SessionState {
  sessionId: string;
  task: string;
  mode: string;
  model: string;
  options: Record<string, unknown>;
  status: SessionStatus;
  statusReason: string | null;
  /** The words of statusReason (issue 14), when the event that set it had them. */
  statusReasonWords: ErrorWords | null;
  phase: SessionPhase;
  createdAt: string;
  updatedAt: string;
  plan: { proposed: boolean; awaitingApproval: boolean; approved: boolean; feedback: string | null };
  todos: TodoState[];
  /** Changes proposed and not yet decided: the approvals a resume asks again. */
  pendingChanges: ChangeState[];
  /** Changes approved (or edited) and not applied yet. */
  approvedChanges: ChangeState[];
  /** Tool calls started and not finished (lost if the process ended). */
  inFlight: InFlightCall[];
  /** User messages not yet given to the model. */
  userMessages: PendingMessage[];
  context: SessionContext;
  /** The checkpoints taken (label: how the session named it, e.g. "TODO t1: a.txt"; null when it named none). */
  checkpoints: { checkpointId: string; todoId: string | null; seq: number; label: string | null }[];
  finalVerdict: Verdict | null;
  summary: string | null;
  totals: {
    tokensIn: number;
    tokensOut: number;
    /** Sum of the calls whose cost is known; null when none is. */
    costUsd: number | null;
    modelCalls: number;
    toolCalls: number;
    commands: number;
    fileModifications: number;
    rollbacks: number;
  };
  /** The round the session is in (1 until a follow-up: `round_started`), its task (the session's task in round 1) and where it started. */
  round: number;
  roundTask: string;
  roundStartSeq: number;
  /** When this round started ('' in round 1: the session's createdAt). */
  roundStartedAt: string;
  /** The earlier rounds, oldest first (empty in round 1). */
  earlierRounds: RoundRecord[];
  /** Paths this round's applied changes wrote (unique, in order). */
  roundFiles: string[];
  /** Worktree sessions: merged back (with the commit) or discarded; null while the worktree is there or for a shared session. */
  worktreeEnd: { state: 'merged'; commit: string } | { state: 'discarded' } | null;
  lastSeq: number;
  /** The last event after which no tool call was in flight: a resume restarts from here. */
  lastConsistentSeq: number;
  warnings: string[];
}

export function emptyState(): SessionState {
  return {
    sessionId: '',
    task: '',
    mode: '',
    model: '',
    options: {},
    status: 'planning',
    statusReason: null,
    statusReasonWords: null,
    phase: 'plan',
    createdAt: '',
    updatedAt: '',
    plan: { proposed: false, awaitingApproval: false, approved: false, feedback: null },
    todos: [],
    pendingChanges: [],
    approvedChanges: [],
    inFlight: [],
    userMessages: [],
    context: { attachments: [], images: [], rules: [] },
    checkpoints: [],
    finalVerdict: null,
    summary: null,
    totals: { tokensIn: 0, tokensOut: 0, costUsd: null, modelCalls: 0, toolCalls: 0, commands: 0, fileModifications: 0, rollbacks: 0 },
    round: 1,
    roundTask: '',
    roundStartSeq: 0,
    roundStartedAt: '',
    earlierRounds: [],
    roundFiles: [],
    worktreeEnd: null,
    lastSeq: 0,
    lastConsistentSeq: 0,
    warnings: [],
  };
}

/** TODOs done (verified) and in all, as session.md shows them. */
export function progressOf(state: Pick<SessionState, 'todos'>): { done: number; total: number } {
  return { done: state.todos.filter((t) => t.status === 'done').length, total: state.todos.length };
}

/** The TODO being worked on: the first in_progress or verifying one, else the first pending one. */
export function currentTodo(state: SessionState): TodoState | null {
  return (
    state.todos.find((t) => t.status === 'in_progress' || t.status === 'verifying') ??
    state.todos.find((t) => t.status === 'pending') ??
    null
  );
}

/** A copy the reducer may change (reduceInto mutates its state): plain data, strings shared rather than copied. */
export function cloneSessionState(state: SessionState): SessionState {
  return copyPlain(state);
}

function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = copyPlain(v);
  return out as T;
}
