import { approvalOf, type AgentEvent, type AgentEventOf, type AgentEventType, type TerminalInfo } from '../../../../shared/contract';
import type { HubEntry } from '../agent/agentEventHub';
import type { ActivityItem, Halted } from './activityItems';
import type { ErrorWords } from '../../../../shared/errors';
import type { SandboxBlockData } from '../../../../shared/agent/sandboxBlocks';
import { isLive, liveRanges, type RewindMark } from './activityRewinds';

/**
 * The activity stream of one session as a reducer over batches of hub entries (agent events in arrival
 * order, and the command terminals): `applyActivityBatch(state, entries)` → a new state whose `items`
 * array is new and whose changed cards are new objects (unchanged cards keep their identity, so the list
 * re-renders only what changed).
 *
 * The stream keeps at most `cap` cards: the oldest go, and `dropped` counts them.
 *
 * A pause or an end leaves no tool call "running" (they are marked `halted`; a resume's result clears it), and a
 * conversation rewind marks the cards it went back over `rewound` (activityRewinds.ts) and adds a `rewind` card.
 */

export interface ActivityState {
  sessionId: string | null;
  items: ActivityItem[];
  /** Cards removed from the start to stay under the cap. */
  dropped: number;
  lastSeq: number;
  /** key → absolute position (position in `items` + dropped). */
  index: Map<string, number>;
  /** Per TODO, its last failed tool call (what the error card names). */
  failedTools: Map<string, { tool: string; input: string; output: string; errorWords: ErrorWords | null }>;
  /** The text card that streamed deltas are appended to (null: the next delta starts one). */
  streamingKey: string | null;
  /** The rewinds seen so far (rollbacks with `toSeq`), in log order. */
  rewinds: RewindMark[];
  /** Bumped on every batch that changed something (cheap change test for views). */
  version: number;
}

export const ACTIVITY_CAP = 3000;

export function emptyActivity(sessionId: string | null = null): ActivityState {
  return { sessionId, items: [], dropped: 0, lastSeq: 0, index: new Map(), failedTools: new Map(), streamingKey: null, rewinds: [], version: 0 };
}

/** The tab title the core gives a command's terminal (terminal/commandRunner.ts commandTitle). */
export function commandTitle(command: string): string {
  const lines = command.trim().split('\n');
  let title = lines[0].trim();
  if (title.length > 80) title = `${title.slice(0, 79)}…`;
  return lines.length > 1 ? `${title} …` : title;
}

/** The command of a run_command call from its argument summary (a JSON object, possibly cut). */
export function commandOfInput(input: string): string {
  try {
    const parsed = JSON.parse(input) as { command?: unknown };
    if (typeof parsed.command === 'string') return parsed.command;
  } catch {
    const m = /"command"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(input);
    if (m) return m[1].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  }
  return input;
}

class Draft {
  items: ActivityItem[];
  changed = false;
  constructor(readonly s: ActivityState) {
    this.items = s.items.slice();
  }
  at(key: string): ActivityItem | null {
    const abs = this.s.index.get(key);
    if (abs === undefined) return null;
    return this.items[abs - this.s.dropped] ?? null;
  }
  private ownIndex = false;
  add(item: ActivityItem): void {
    if (this.s.index.has(item.key)) {
      this.patch(item.key, () => item);
      return;
    }
    if (!this.ownIndex) {
      this.s.index = new Map(this.s.index); // the input state stays untouched
      this.ownIndex = true;
    }
    this.s.index.set(item.key, this.s.dropped + this.items.length);
    this.items.push(item);
    this.changed = true;
  }
  patch<K extends ActivityItem['kind']>(key: string, fn: (item: Extract<ActivityItem, { kind: K }>) => ActivityItem, kind?: K): boolean {
    const abs = this.s.index.get(key);
    if (abs === undefined) return false;
    const i = abs - this.s.dropped;
    const item = this.items[i];
    if (!item || (kind && item.kind !== kind)) return false;
    this.items[i] = fn(item as Extract<ActivityItem, { kind: K }>);
    this.changed = true;
    return true;
  }
}

let noticeCounter = 0;
const nextKey = (prefix: string) => `${prefix}:${++noticeCounter}`;

export function applyActivityBatch(state: ActivityState, entries: readonly HubEntry[], cap = ACTIVITY_CAP): ActivityState {
  const next: ActivityState = { ...state, index: state.index, failedTools: state.failedTools };
  const d = new Draft(next);
  for (const entry of entries) {
    if (entry.kind === 'terminal') attachTerminal(d, entry.terminal);
    else if (entry.event.sessionId === state.sessionId) {
      const e = entry.event;
      if (e.seq !== undefined) {
        if (e.seq <= next.lastSeq) continue;
        next.lastSeq = e.seq;
      }
      reduce(d, next, e);
    }
  }
  if (!d.changed) return state;
  if (d.items.length > cap) {
    if (next.index === state.index) next.index = new Map(state.index);
    const drop = d.items.length - cap + Math.floor(cap / 10);
    for (const item of d.items.slice(0, drop)) next.index.delete(item.key);
    d.items.splice(0, drop);
    next.dropped += drop;
  }
  next.items = d.items;
  next.version = state.version + 1;
  return next;
}

function attachTerminal(d: Draft, terminal: TerminalInfo): void {
  for (let i = d.items.length - 1; i >= 0 && i >= d.items.length - 50; i--) {
    const item = d.items[i];
    if (item.kind === 'terminal' && item.running && !item.terminalId && commandTitle(item.command) === terminal.title) {
      d.patch(item.key, (t) => ({ ...t, terminalId: terminal.terminalId }), 'terminal');
      return;
    }
  }
}

type PlanTodo = Extract<ActivityItem, { kind: 'plan' }>['todos'][number];

const samePlan = (a: readonly PlanTodo[], b: readonly PlanTodo[]) =>
  a.length === b.length && a.every((t, i) => t.id === b[i].id && t.description === b[i].description && t.expectedResult === b[i].expectedResult);

/**
 * An approval that carries TODOs approved the plan as the user edited it (board plan review): the latest plan card
 * shows that plan, marked edited, rather than the model's proposal.
 */
function showEditedPlan(d: Draft, todos: readonly PlanTodo[]): void {
  for (let i = d.items.length - 1; i >= 0; i--) {
    const item = d.items[i];
    if (item.kind !== 'plan' || item.rewound) continue;
    if (samePlan(item.todos, todos)) return;
    const edited = todos.map(({ id, description, expectedResult }) => ({ id, description, expectedResult }));
    d.patch(item.key, (p) => ({ ...p, todos: edited, edited: true }), 'plan');
    return;
  }
}

/** The TODO an event is about (null: the session's). */
function todoIdOf(e: AgentEvent): string | null {
  return 'todoId' in e ? (e.todoId ?? null) : null;
}

function reduce(d: Draft, s: ActivityState, e: AgentEvent): void {
  endStream(d, s, e);
  const base = { ts: e.ts ?? null, todoId: todoIdOf(e), at: e.seq ?? s.lastSeq + 0.5 };
  const seqKey = (prefix: string) => (e.seq !== undefined ? `${prefix}:${e.seq}` : nextKey(prefix));
  switch (e.type) {
    case 'session_started':
      d.add({ ...base, key: 'session', kind: 'session', sessionId: e.sessionId, task: e.task, mode: e.mode, model: e.model });
      return;
    case 'plan_proposed':
      d.add({ ...base, key: seqKey('plan'), kind: 'plan', todos: e.todos, needsApproval: e.needsApproval });
      return;
    case 'plan_approved':
      if (e.todos) showEditedPlan(d, e.todos);
      d.add({ ...base, key: seqKey('plan-ok'), kind: 'plan_decision', approved: true, by: e.by, feedback: '' });
      return;
    case 'plan_rejected':
      d.add({ ...base, key: seqKey('plan-no'), kind: 'plan_decision', approved: false, by: 'user', feedback: e.feedback });
      return;
    case 'assistant_delta': {
      const piece = e.text;
      if (!piece) return;
      if (!s.streamingKey || !d.patch(s.streamingKey, (t) => ({ ...t, text: t.text + piece }), 'text')) {
        s.streamingKey = nextKey('text');
        d.add({ ...base, key: s.streamingKey, kind: 'text', text: piece, streaming: true });
      }
      return;
    }
    case 'assistant_message': {
      const text = e.text;
      const key = s.streamingKey;
      s.streamingKey = null;
      if (!key || !d.patch(key, (t) => ({ ...t, text, streaming: false }), 'text')) {
        if (text) d.add({ ...base, key: nextKey('text'), kind: 'text', text, streaming: false });
      }
      return;
    }
    case 'user_message':
      d.add({ ...base, key: seqKey('user'), kind: 'user', text: e.text });
      return;
    case 'round_started':
      d.add({ ...base, key: seqKey('round'), kind: 'round', round: e.round, task: e.task });
      return;
    case 'subtask_started':
      d.add({ ...base, key: `subtask:${e.childId}`, kind: 'subtask', childId: e.childId, task: e.task, mode: e.mode, status: null, summary: '' });
      return;
    case 'subtask_finished':
      d.patch(`subtask:${e.childId}`, (c) => ({ ...c, status: e.status, summary: e.summary }), 'subtask');
      return;
    case 'tool_call_started': {
      const { callId, tool, input } = e;
      if (tool === 'run_command') {
        d.add({
          ...base,
          key: `call:${callId}`,
          kind: 'terminal',
          callId,
          command: commandOfInput(input),
          exitCode: null,
          output: null,
          toolResult: null,
          isError: false,
          durationMs: null,
          timedOut: false,
          killed: false,
          running: true,
          halted: null,
          terminalId: null,
        });
      } else {
        d.add({ ...base, key: `call:${callId}`, kind: 'tool', callId, tool, input, output: null, isError: false, errorWords: null, durationMs: null, running: true, halted: null });
      }
      return;
    }
    case 'tool_call_finished': {
      const { callId, tool, isError } = e;
      const output = e.summary;
      const durationMs = e.durationMs ?? null;
      const errorWords = e.errorWords ?? null;
      const todoId = base.todoId;
      if (todoId && isError) s.failedTools = new Map(s.failedTools).set(todoId, { tool, input: (d.at(`call:${callId}`) as { input?: string } | null)?.input ?? '', output, errorWords });
      const known =
        d.patch(`call:${callId}`, (t) => ({ ...t, output, isError, errorWords, durationMs, running: false, halted: null }), 'tool') ||
        d.patch(`call:${callId}`, (t) => ({ ...t, toolResult: output, ...denial(e), isError: isError || t.isError, durationMs: t.durationMs ?? durationMs, running: false, halted: null }), 'terminal');
      if (!known) d.add({ ...base, key: `call:${callId}`, kind: 'tool', callId, tool, input: '', output, isError, errorWords, durationMs, running: false, halted: null });
      return;
    }
    case 'command_finished': {
      const callId = e.callId ?? null;
      const patch = {
        exitCode: e.exitCode,
        output: e.output ?? '',
        durationMs: e.durationMs ?? null,
        timedOut: e.timedOut ?? false,
        killed: e.killed ?? false,
        sandboxed: e.sandboxed ?? false,
        blocked: e.blocked ?? [],
        running: false,
        halted: null,
      };
      const failed = patch.exitCode !== 0;
      // A run after the sandbox card: the card keeps what the first run met, and says how it was allowed.
      const again = (t: { blocked?: SandboxBlockData[] }) => {
        if (!e.rerun) return {};
        const before = t.blocked ?? [];
        const seen = new Set(before.map((b) => JSON.stringify(b)));
        return { rerun: e.rerun, blocked: [...before, ...patch.blocked.filter((b) => !seen.has(JSON.stringify(b)))] };
      };
      if (!callId || !d.patch(`call:${callId}`, (t) => ({ ...t, ...patch, ...again(t), isError: failed }), 'terminal')) {
        d.add({ ...base, key: seqKey('cmd'), kind: 'terminal', callId: callId ?? '', command: e.command, toolResult: null, isError: failed, terminalId: null, ...patch });
      }
      return;
    }
    case 'change_proposed':
      if (e.callId) d.patch(`call:${e.callId}`, (t) => ({ ...t, changeId: e.changeId }), 'tool');
      d.add({
        ...base,
        key: `change:${e.changeId}`,
        kind: 'change',
        changeId: e.changeId,
        path: e.change.path,
        changeKind: e.change.kind,
        decision: null,
        by: null,
        reason: null,
        applied: false,
        error: null,
      });
      return;
    case 'change_decided':
      d.patch(`change:${e.changeId}`, (c) => ({ ...c, decision: e.decision, by: e.by, reason: e.reason ?? null, ...(e.reason && e.reasonWords ? { reasonWords: e.reasonWords } : {}) }), 'change');
      return;
    case 'change_applied':
      d.patch(`change:${e.changeId}`, (c) => ({ ...c, applied: !e.error, error: e.error ?? null, ...(e.errorWords ? { errorWords: e.errorWords } : {}) }), 'change');
      return;
    case 'approval_requested':
      // File changes already have their card (change_proposed); it links to the review.
      if (e.kind === 'change') return;
      d.add({ ...base, key: `approval:${e.changeId}`, kind: 'approval', approval: { ...approvalOf(e), todoId: base.todoId }, reason: e.reason, ...(e.reasonWords ? { reasonWords: e.reasonWords } : {}), resolved: null });
      return;
    case 'approval_resolved':
      d.patch(`approval:${e.changeId}`, (a) => ({ ...a, resolved: e.decision, ...(e.sandbox ? { sandboxAnswer: e.sandbox } : {}) }), 'approval');
      return;
    case 'verification':
      d.add({
        ...base,
        key: seqKey('verdict'),
        kind: 'verification',
        approved: e.approved,
        confidence: e.confidence,
        feedback: e.feedback,
        final: e.todoId === 'task',
        nextStatus: e.nextStatus ?? null,
      });
      return;
    case 'question':
      d.add({
        ...base,
        key: `question:${e.questionId}`,
        kind: 'error',
        questionId: e.questionId,
        text: e.text,
        options: e.options,
        failedTool: (base.todoId && s.failedTools.get(base.todoId)) || null,
        answered: null,
      });
      return;
    case 'question_answered':
      d.patch(`question:${e.questionId}`, (q) => ({ ...q, answered: e.choice }), 'error');
      return;
    case 'checkpoint_taken':
      d.add({ ...base, key: seqKey('cp'), kind: 'checkpoint', checkpointId: e.checkpointId, label: e.label ?? '' });
      return;
    case 'status_changed':
      if (e.status === 'paused' || e.status === 'interrupted') halt(d, 'paused');
      else if (e.status === 'stopped' || e.status === 'failed' || e.status === 'completed') halt(d, 'ended');
      // "running" after each wait is noise; the waits and pauses are what a person needs to see.
      if (e.status === 'running' && !e.reason) return;
      d.add({ ...base, key: seqKey('status'), kind: 'status', status: e.status, phase: e.phase ?? null, reason: e.reason ?? null, ...(e.reasonWords ? { reasonWords: e.reasonWords } : {}) });
      return;
    case 'model_retry':
      // The retried call streams its text again: the cut-off text stays, marked as such.
      if (s.streamingKey) d.patch(s.streamingKey, (t) => ({ ...t, streaming: false, superseded: true }), 'text');
      s.streamingKey = null;
      d.add({ ...base, key: nextKey('retry'), kind: 'notice', level: 'retry', attempt: e.attempt ?? null, delayMs: e.delayMs ?? null, reason: e.reason ?? null, ...(e.reasonWords ? { reasonWords: e.reasonWords } : {}) });
      return;
    case 'warning':
      d.add({ ...base, key: nextKey('warn'), kind: 'notice', level: 'warning', message: e.message, ...(e.messageWords ? { messageWords: e.messageWords } : {}) });
      return;
    case 'model_call':
      if (e.outcome !== 'failed') return;
      d.add({ ...base, key: seqKey('model'), kind: 'notice', level: 'model_error', status: e.status ?? null, error: e.error ?? null, ...(e.errorWords ? { errorWords: e.errorWords } : {}) });
      return;
    case 'resumed_with':
      d.add({ ...base, key: seqKey('resumed'), kind: 'resumed', changed: e.changed, model: e.setup.model, baseUrl: e.setup.baseUrl });
      return;
    case 'rollback':
      if (e.toSeq !== undefined && e.toSeq < e.seq) rewind(d, s, e.seq, e.toSeq, e.checkpointId, e.undoes ?? null, base);
      return;
    case 'session_completed':
      halt(d, 'ended');
      d.add({ ...base, key: seqKey('end'), kind: 'end', outcome: 'completed', text: e.summary });
      return;
    case 'session_failed':
      halt(d, 'ended');
      d.add({ ...base, key: seqKey('end'), kind: 'end', outcome: 'failed', text: e.reason, ...(e.reasonWords ? { textWords: e.reasonWords } : {}) });
      return;
    case 'session_stopped':
      halt(d, 'stopped');
      d.add({ ...base, key: seqKey('end'), kind: 'end', outcome: 'stopped', text: e.reason ?? '', ...(e.reasonWords ? { textWords: e.reasonWords } : {}) });
      return;
  }
}

/** The session paused or ended: tool calls it left unfinished are no longer "running". */
function halt(d: Draft, halted: Exclude<Halted, null>): void {
  for (const item of d.items) {
    if ((item.kind === 'tool' || item.kind === 'terminal') && item.running) d.patch(item.key, (t) => ({ ...t, running: false, halted }), item.kind);
  }
}

/**
 * A conversation rewind (or its undo): marks the cards that are no longer on the session's branch, unmarks those that
 * are again, and adds the rewind's card, which names the checkpoint by the label its card showed.
 */
function rewind(d: Draft, s: ActivityState, seq: number, toSeq: number, checkpointId: string, undoes: number | null, base: { ts: string | null; todoId: string | null; at: number }): void {
  s.rewinds = [...s.rewinds, { seq, toSeq }];
  const live = liveRanges(s.rewinds);
  let count = 0;
  for (const item of d.items) {
    if (item.kind === 'rewind' || item.kind === 'session') continue;
    const rewound = !isLive(live, item.at);
    if (rewound === !!item.rewound) continue;
    if (rewound) count++;
    d.patch(item.key, (i) => ({ ...i, rewound }));
  }
  if (undoes !== null) d.patch(`rewind:${undoes}`, (r) => ({ ...r, undone: true }), 'rewind');
  const undone = undoes === null ? null : (d.at(`rewind:${undoes}`) as Extract<ActivityItem, { kind: 'rewind' }> | null);
  const checkpoint = d.at(`cp:${toSeq}`);
  const label = undone?.label ?? (checkpoint?.kind === 'checkpoint' ? checkpoint.label || null : null);
  d.add({ ...base, key: `rewind:${seq}`, kind: 'rewind', checkpointId, label, count, undone: false, undo: undoes !== null });
}

/** Events that may come between a reply's streamed text and its assistant_message. */
const DURING_STREAM = new Set<AgentEventType>(['assistant_delta', 'assistant_message', 'model_call', 'model_retry', 'user_messages_consumed']);

/** Anything else ends the streamed text (a reply with blank text has no assistant_message). */
function endStream(d: Draft, s: ActivityState, e: AgentEvent): void {
  if (!s.streamingKey || DURING_STREAM.has(e.type)) return;
  d.patch(s.streamingKey, (t) => ({ ...t, streaming: false }), 'text');
  s.streamingKey = null;
}

/** A command the policy refused: why, and its words (older logs have neither). */
function denial(e: AgentEventOf<'tool_call_finished'>): { deniedReason?: string; deniedReasonWords?: AgentEventOf<'tool_call_finished'>['deniedReasonWords'] } {
  if (!e.deniedReason) return {};
  return { deniedReason: e.deniedReason, ...(e.deniedReasonWords ? { deniedReasonWords: e.deniedReasonWords } : {}) };
}
