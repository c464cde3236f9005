import type { AgentApproval, AgentEvent, TerminalInfo } from '../../../../shared/contract';
import type { HubEntry } from '../sessions/agentEventHub';
import { arr, bool, num, obj, str, todosOf } from '../sessions/eventFields';
import type { ActivityItem } from './activityItems';

/**
 * The activity stream of one session as a reducer over batches of hub entries (agent events in arrival
 * order, and the command terminals): `applyActivityBatch(state, entries)` → a new state whose `items`
 * array is new and whose changed cards are new objects (unchanged cards keep their identity, so the list
 * re-renders only what changed).
 *
 * The stream keeps at most `cap` cards: the oldest go, and `dropped` counts them.
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
  failedTools: Map<string, { tool: string; input: string; output: string }>;
  /** The text card that streamed deltas are appended to (null: the next delta starts one). */
  streamingKey: string | null;
  /** Bumped on every batch that changed something (cheap change test for views). */
  version: number;
}

export const ACTIVITY_CAP = 3000;

export function emptyActivity(sessionId: string | null = null): ActivityState {
  return { sessionId, items: [], dropped: 0, lastSeq: 0, index: new Map(), failedTools: new Map(), streamingKey: null, version: 0 };
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

function reduce(d: Draft, s: ActivityState, e: AgentEvent): void {
  endStream(d, s, e);
  const base = { ts: e.ts ?? null, todoId: str(e, 'todoId') };
  const seqKey = (prefix: string) => (e.seq !== undefined ? `${prefix}:${e.seq}` : nextKey(prefix));
  switch (e.type) {
    case 'session_started':
      d.add({ ...base, key: 'session', kind: 'session', sessionId: e.sessionId, task: str(e, 'task') ?? '', mode: str(e, 'mode') ?? '', model: str(e, 'model') ?? '' });
      return;
    case 'plan_proposed':
      d.add({ ...base, key: seqKey('plan'), kind: 'plan', todos: todosOf(e), needsApproval: bool(e, 'needsApproval') ?? false });
      return;
    case 'plan_approved':
      d.add({ ...base, key: seqKey('plan-ok'), kind: 'plan_decision', approved: true, by: str(e, 'by') ?? 'user', feedback: '' });
      return;
    case 'plan_rejected':
      d.add({ ...base, key: seqKey('plan-no'), kind: 'plan_decision', approved: false, by: 'user', feedback: str(e, 'feedback') ?? '' });
      return;
    case 'assistant_delta': {
      const piece = str(e, 'text') ?? str(e, 'delta') ?? '';
      if (!piece) return;
      if (!s.streamingKey || !d.patch(s.streamingKey, (t) => ({ ...t, text: t.text + piece }), 'text')) {
        s.streamingKey = nextKey('text');
        d.add({ ...base, key: s.streamingKey, kind: 'text', text: piece, streaming: true });
      }
      return;
    }
    case 'assistant_message': {
      const text = str(e, 'text') ?? '';
      const key = s.streamingKey;
      s.streamingKey = null;
      if (!key || !d.patch(key, (t) => ({ ...t, text, streaming: false }), 'text')) {
        if (text) d.add({ ...base, key: nextKey('text'), kind: 'text', text, streaming: false });
      }
      return;
    }
    case 'user_message':
      d.add({ ...base, key: seqKey('user'), kind: 'user', text: str(e, 'text') ?? '' });
      return;
    case 'tool_call_started': {
      const callId = str(e, 'callId') ?? nextKey('call');
      const tool = str(e, 'tool') ?? '?';
      const input = str(e, 'input') ?? '';
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
          terminalId: null,
        });
      } else {
        d.add({ ...base, key: `call:${callId}`, kind: 'tool', callId, tool, input, output: null, isError: false, durationMs: null, running: true });
      }
      return;
    }
    case 'tool_call_finished': {
      const callId = str(e, 'callId') ?? '';
      const output = str(e, 'summary') ?? '';
      const isError = bool(e, 'isError') ?? false;
      const durationMs = num(e, 'durationMs');
      const tool = str(e, 'tool') ?? '?';
      const todoId = base.todoId;
      if (todoId && isError) s.failedTools = new Map(s.failedTools).set(todoId, { tool, input: (d.at(`call:${callId}`) as { input?: string } | null)?.input ?? '', output });
      const known =
        d.patch(`call:${callId}`, (t) => ({ ...t, output, isError, durationMs, running: false }), 'tool') ||
        d.patch(`call:${callId}`, (t) => ({ ...t, toolResult: output, isError: isError || t.isError, durationMs: t.durationMs ?? durationMs, running: false }), 'terminal');
      if (!known) d.add({ ...base, key: `call:${callId}`, kind: 'tool', callId, tool, input: '', output, isError, durationMs, running: false });
      return;
    }
    case 'command_finished': {
      const callId = str(e, 'callId');
      const patch = {
        exitCode: num(e, 'exitCode'),
        output: str(e, 'output') ?? '',
        durationMs: num(e, 'durationMs'),
        timedOut: bool(e, 'timedOut') ?? false,
        killed: bool(e, 'killed') ?? false,
        running: false,
      };
      const failed = patch.exitCode !== 0;
      if (!callId || !d.patch(`call:${callId}`, (t) => ({ ...t, ...patch, isError: failed }), 'terminal')) {
        const command = str(e, 'command') ?? '';
        d.add({ ...base, key: seqKey('cmd'), kind: 'terminal', callId: callId ?? '', command, toolResult: null, isError: failed, terminalId: null, ...patch });
      }
      return;
    }
    case 'change_proposed': {
      const change = obj(e, 'change');
      const changeId = str(e, 'changeId') ?? nextKey('change');
      const kind = str(change ?? {}, 'kind');
      d.add({
        ...base,
        key: `change:${changeId}`,
        kind: 'change',
        changeId,
        path: str(change ?? {}, 'path') ?? '?',
        changeKind: kind === 'create' || kind === 'delete' ? kind : 'modify',
        decision: null,
        by: null,
        reason: null,
        applied: false,
        error: null,
      });
      return;
    }
    case 'change_decided': {
      const decision = str(e, 'decision');
      d.patch(
        `change:${str(e, 'changeId')}`,
        (c) => ({ ...c, decision: decision === 'approved' || decision === 'rejected' || decision === 'edited' ? decision : null, by: str(e, 'by'), reason: str(e, 'reason') }),
        'change',
      );
      return;
    }
    case 'change_applied':
      d.patch(`change:${str(e, 'changeId')}`, (c) => ({ ...c, applied: !str(e, 'error'), error: str(e, 'error') }), 'change');
      return;
    case 'approval_requested': {
      const changeId = str(e, 'changeId');
      const kind = str(e, 'kind');
      // File changes already have their card (change_proposed); it links to the review.
      if (!changeId || kind === 'change' || (kind !== 'command' && kind !== 'read')) return;
      const { sessionId: _s, type: _t, reason, ...rest } = e as AgentEvent & Record<string, unknown>;
      const approval = { ...rest, changeId, kind, todoId: base.todoId } as AgentApproval;
      d.add({ ...base, key: `approval:${changeId}`, kind: 'approval', approval, reason: typeof reason === 'string' ? reason : '', resolved: null });
      return;
    }
    case 'approval_resolved':
      d.patch(`approval:${str(e, 'changeId')}`, (a) => ({ ...a, resolved: str(e, 'decision') ?? 'resolved' }), 'approval');
      return;
    case 'verification': {
      const todoId = str(e, 'todoId');
      d.add({
        ...base,
        key: seqKey('verdict'),
        kind: 'verification',
        approved: bool(e, 'approved') ?? false,
        confidence: num(e, 'confidence') ?? 0,
        feedback: str(e, 'feedback') ?? '',
        final: todoId === 'task',
        nextStatus: str(e, 'nextStatus'),
      });
      return;
    }
    case 'question': {
      const questionId = str(e, 'questionId') ?? nextKey('q');
      const options = arr(e, 'options').filter((o): o is 'retry' | 'skip' | 'edit' | 'stop' => ['retry', 'skip', 'edit', 'stop'].includes(o as string));
      d.add({
        ...base,
        key: `question:${questionId}`,
        kind: 'error',
        questionId,
        text: str(e, 'text') ?? '',
        options,
        failedTool: (base.todoId && s.failedTools.get(base.todoId)) || null,
        answered: null,
      });
      return;
    }
    case 'question_answered':
      d.patch(`question:${str(e, 'questionId')}`, (q) => ({ ...q, answered: str(e, 'choice') ?? 'answered' }), 'error');
      return;
    case 'checkpoint_taken':
      d.add({ ...base, key: seqKey('cp'), kind: 'checkpoint', checkpointId: str(e, 'checkpointId') ?? '', label: str(e, 'label') ?? '' });
      return;
    case 'status_changed': {
      const status = str(e, 'status') ?? '';
      // "running" after each wait is noise; the waits and pauses are what a person needs to see.
      if (status === 'running' && !str(e, 'reason')) return;
      d.add({ ...base, key: seqKey('status'), kind: 'status', status, phase: str(e, 'phase'), reason: str(e, 'reason') });
      return;
    }
    case 'model_retry':
      // The retried call streams its text again: the cut-off text stays, marked as such.
      if (s.streamingKey) d.patch(s.streamingKey, (t) => ({ ...t, streaming: false, superseded: true }), 'text');
      s.streamingKey = null;
      d.add({ ...base, key: nextKey('retry'), kind: 'notice', level: 'retry', text: describeRetry(e) });
      return;
    case 'warning':
      d.add({ ...base, key: nextKey('warn'), kind: 'notice', level: 'warning', text: str(e, 'message') ?? 'Warning' });
      return;
    case 'model_call': {
      const outcome = str(e, 'outcome');
      if (outcome !== 'failed') return;
      const status = num(e, 'status');
      d.add({ ...base, key: seqKey('model'), kind: 'notice', level: 'model_error', text: `Model call failed${status ? ` (HTTP ${status})` : ''}: ${str(e, 'error') ?? 'no answer'}` });
      return;
    }
    case 'session_completed':
      d.add({ ...base, key: seqKey('end'), kind: 'end', outcome: 'completed', text: str(e, 'summary') ?? '' });
      return;
    case 'session_failed':
      d.add({ ...base, key: seqKey('end'), kind: 'end', outcome: 'failed', text: str(e, 'reason') ?? '' });
      return;
    case 'session_stopped':
      d.add({ ...base, key: seqKey('end'), kind: 'end', outcome: 'stopped', text: str(e, 'reason') ?? '' });
      return;
  }
}

/** Events that may come between a reply's streamed text and its assistant_message. */
const DURING_STREAM = new Set(['assistant_delta', 'assistant_message', 'model_call', 'model_retry', 'user_messages_consumed']);

/** Anything else ends the streamed text (a reply with blank text has no assistant_message). */
function endStream(d: Draft, s: ActivityState, e: AgentEvent): void {
  if (!s.streamingKey || DURING_STREAM.has(e.type)) return;
  d.patch(s.streamingKey, (t) => ({ ...t, streaming: false }), 'text');
  s.streamingKey = null;
}

function describeRetry(e: AgentEvent): string {
  const attempt = num(e, 'attempt');
  const delay = num(e, 'delayMs');
  const reason = str(e, 'reason');
  return `The model call is retried${attempt ? ` (attempt ${attempt})` : ''}${delay ? ` in ${Math.round(delay / 100) / 10} s` : ''}${reason ? `: ${reason}` : '.'}`;
}
