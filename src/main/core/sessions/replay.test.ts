import { describe, expect, it } from 'vitest';
import { applyEvent, currentTodo, emptyState, progressOf, replay } from '../../../shared/agent/sessionReplay';
import { resumePoint } from './resumePoint';
import { sessionEventSchema, type SessionEvent } from '../../../shared/agent/sessionEvents';
import { reasonFields, sessionReasons, wordsText } from '../../../shared/errors';
import { eventFactory, SESSION_ID, started, todo } from '../../../testing/sessionEvents';

const change = { path: 'src/a.ts', kind: 'modify' as const, before: 'a', after: 'b', beforeHash: 'h1' };

/** A realistic session: plan, approval, two TODOs with tools, a rejection, a fix, final check. */
function fullSession(): SessionEvent[] {
  const ev = eventFactory();
  return [
    ev(started),
    ev({ type: 'model_call', model: 'test-model', phase: 'plan', status: 200, latencyMs: 120, usage: { promptTokens: 1000, completionTokens: 200 }, costUsd: 0.01 }),
    ev({ type: 'plan_proposed', todos: [todo('t1'), todo('t2')], needsApproval: true }),
    ev({ type: 'status_changed', status: 'awaiting_plan_approval' }),
    ev({ type: 'plan_approved' }),
    ev({ type: 'status_changed', status: 'running', phase: 'execute' }),
    ev({ type: 'todo_updated', todo: todo('t1', 'in_progress') }),
    ev({ type: 'model_call', model: 'test-model', phase: 'execute', todoId: 't1', status: 200, latencyMs: 80, usage: { promptTokens: 500, completionTokens: 50 }, costUsd: 0.002 }),
    ev({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'read_file', input: 'src/a.ts' }),
    ev({ type: 'tool_call_finished', callId: 'c1', todoId: 't1', tool: 'read_file', summary: '3 lines' }),
    ev({ type: 'tool_call_started', callId: 'c2', todoId: 't1', tool: 'edit_file', input: 'src/a.ts' }),
    ev({ type: 'change_proposed', changeId: 'ch1', callId: 'c2', todoId: 't1', change }),
    ev({ type: 'tool_call_finished', callId: 'c2', todoId: 't1', tool: 'edit_file', summary: 'change proposed' }),
    ev({ type: 'change_decided', changeId: 'ch1', decision: 'approved', by: 'policy' }),
    ev({ type: 'change_applied', changeId: 'ch1', path: 'src/a.ts' }),
    ev({ type: 'checkpoint_taken', checkpointId: 'cp1', todoId: 't1' }),
    ev({ type: 'todo_updated', todo: todo('t1', 'verifying', { result: 'edited a.ts' }) }),
    ev({ type: 'verification', todoId: 't1', approved: false, confidence: 0.4, feedback: 'no test' }),
    ev({ type: 'tool_call_started', callId: 'c3', todoId: 't1', tool: 'run_command', input: 'npm test' }),
    ev({ type: 'command_finished', callId: 'c3', todoId: 't1', command: 'npm test', exitCode: 0, durationMs: 900 }),
    ev({ type: 'tool_call_finished', callId: 'c3', todoId: 't1', tool: 'run_command', summary: 'exit 0' }),
    ev({ type: 'verification', todoId: 't1', approved: true, confidence: 0.9, feedback: 'good' }),
    ev({ type: 'todo_updated', todo: todo('t2', 'in_progress') }),
    ev({ type: 'user_message', messageId: 'm1', text: 'also update the README' }),
    ev({ type: 'user_message', messageId: 'm2', text: 'thanks' }),
    ev({ type: 'user_messages_consumed', messageIds: ['m1'] }),
    ev({ type: 'verification', todoId: 't2', approved: true, confidence: 0.8, feedback: '' }),
    ev({ type: 'verification', todoId: 'task', approved: true, confidence: 0.95, feedback: 'all done' }),
    ev({ type: 'session_completed', summary: 'Added /health' }),
  ];
}

describe('replay', () => {
  it('rebuilds a whole session', () => {
    const events = fullSession();
    const s = replay(events);
    expect(s).toMatchObject({
      sessionId: SESSION_ID,
      task: 'Add a /health endpoint and a test',
      mode: 'code-dev',
      model: 'test-model',
      options: { planApproval: true },
      status: 'completed',
      phase: 'done',
      summary: 'Added /health',
      createdAt: events[0].ts,
      updatedAt: events.at(-1)!.ts,
      lastSeq: events.length,
      lastConsistentSeq: events.length,
      plan: { proposed: true, approved: true, awaitingApproval: false },
      pendingChanges: [],
      approvedChanges: [],
      inFlight: [],
      warnings: [],
    });
    expect(s.todos.map((t) => [t.id, t.status])).toEqual([
      ['t1', 'done'],
      ['t2', 'done'],
    ]);
    const t1 = s.todos[0];
    expect(t1).toMatchObject({ result: 'edited a.ts', rejections: 1, toolCalls: 3, checkpointIds: ['cp1'], tokensIn: 500, tokensOut: 50 });
    expect(t1.costUsd).toBeCloseTo(0.002);
    expect(t1.verdicts.map((v) => [v.approved, v.confidence, v.feedback])).toEqual([
      [false, 0.4, 'no test'],
      [true, 0.9, 'good'],
    ]);
    expect(t1.recentTools.map((r) => `${r.tool}:${r.input}:${r.summary}`)).toEqual([
      'read_file:src/a.ts:3 lines',
      'edit_file:src/a.ts:change proposed',
      'run_command:npm test:exit 0',
    ]);
    expect(s.totals).toMatchObject({ tokensIn: 1500, tokensOut: 250, modelCalls: 2, toolCalls: 3, commands: 1, fileModifications: 1 });
    expect(s.totals.costUsd).toBeCloseTo(0.012);
    expect(s.userMessages.map((m) => m.messageId)).toEqual(['m2']);
    expect(s.finalVerdict).toMatchObject({ approved: true, confidence: 0.95, feedback: 'all done' });
    expect(s.checkpoints).toEqual([{ checkpointId: 'cp1', todoId: 't1', seq: 16, label: null }]);
    expect(progressOf(s)).toEqual({ done: 2, total: 2 });
    expect(resumePoint(s)).toEqual({ kind: 'finished' });
  });

  it('is pure and incremental: applyEvent over every prefix equals replay of that prefix', () => {
    const events = fullSession();
    let state = emptyState();
    for (let i = 0; i < events.length; i++) {
      const before = structuredClone(state);
      const next = applyEvent(state, events[i]);
      expect(state).toEqual(before); // the input is not touched
      expect(next).toEqual(replay(events.slice(0, i + 1)));
      state = next;
    }
    const frozen = structuredClone(events);
    replay(events);
    expect(events).toEqual(frozen);
  });

  it('tracks the plan approval cycle: proposed, rejected with feedback, proposed again, approved with edits', () => {
    const ev = eventFactory();
    const base = [ev(started), ev({ type: 'plan_proposed', todos: [todo('a')], needsApproval: true })];
    let s = replay(base);
    expect(s.plan).toEqual({ proposed: true, awaitingApproval: true, approved: false, feedback: null });
    expect(resumePoint(s)).toEqual({ kind: 'plan_approval' });

    const rejected = [...base, ev({ type: 'plan_rejected', feedback: 'split it in two' })];
    s = replay(rejected);
    expect(s.plan).toMatchObject({ awaitingApproval: false, approved: false, feedback: 'split it in two' });
    expect(resumePoint(s)).toEqual({ kind: 'plan' });

    const again = [
      ...rejected,
      ev({ type: 'plan_proposed', todos: [todo('a'), todo('b')], needsApproval: true }),
      ev({ type: 'plan_approved', todos: [todo('b'), todo('a', 'pending', { description: 'Do a, carefully' })] }),
    ];
    s = replay(again);
    expect(s.plan).toMatchObject({ approved: true, awaitingApproval: false });
    expect(s.phase).toBe('execute');
    expect(s.todos.map((t) => `${t.id}:${t.description}`)).toEqual(['b:Do b', 'a:Do a, carefully']);
    expect(resumePoint(s)).toMatchObject({ kind: 'todo', todo: { id: 'b' } });
  });

  it('keeps what was recorded for a TODO when a new plan keeps its id', () => {
    const ev = eventFactory();
    const s = replay([
      ev(started),
      ev({ type: 'plan_proposed', todos: [todo('a'), todo('b')] }),
      ev({ type: 'tool_call_started', callId: 'c', todoId: 'a', tool: 'read_file', input: 'x' }),
      ev({ type: 'tool_call_finished', callId: 'c', todoId: 'a', tool: 'read_file', summary: 'ok' }),
      ev({ type: 'checkpoint_taken', checkpointId: 'cp', todoId: 'a' }),
      ev({ type: 'plan_proposed', todos: [todo('c'), todo('a', 'in_progress'), todo('a')] }),
    ]);
    expect(s.todos.map((t) => [t.id, t.status, t.toolCalls, t.checkpointIds])).toEqual([
      ['c', 'pending', 0, []],
      ['a', 'in_progress', 1, ['cp']],
    ]);
    expect(s.warnings).toEqual([expect.stringContaining('TODO id a appears twice')]);
  });

  it('adds, removes and reorders TODOs', () => {
    const ev = eventFactory();
    const s = replay([
      ev(started),
      ev({ type: 'plan_proposed', todos: [todo('a'), todo('b'), todo('c')] }),
      ev({ type: 'todo_added', todo: todo('x'), index: 1 }),
      ev({ type: 'todo_added', todo: todo('y'), index: 99 }),
      ev({ type: 'todo_added', todo: todo('a') }), // already there: ignored
      ev({ type: 'todo_removed', todoId: 'b' }),
      ev({ type: 'todo_removed', todoId: 'nope' }),
      ev({ type: 'todo_reordered', order: ['c', 'zz', 'a', 'c'] }),
      ev({ type: 'todo_updated', todo: todo('new', 'in_progress') }),
    ]);
    expect(s.todos.map((t) => t.id)).toEqual(['c', 'a', 'x', 'y', 'new']);
    expect(s.warnings).toHaveLength(4);
    expect(s.warnings.join('\n')).toMatch(/todo_added for existing TODO a[\s\S]*unknown TODO nope[\s\S]*unknown TODO zz[\s\S]*unknown TODO new; added/);
  });

  it('verification: approved → done, rejected → in_progress with the count, nextStatus overrides', () => {
    const ev = eventFactory();
    const s = replay([
      ev(started),
      ev({ type: 'plan_proposed', todos: [todo('a', 'verifying'), todo('b', 'verifying'), todo('c', 'verifying')] }),
      ev({ type: 'verification', todoId: 'a', approved: true, confidence: 1 }),
      ev({ type: 'verification', todoId: 'b', approved: false, confidence: 0.2, feedback: 'tests fail' }),
      ev({ type: 'verification', todoId: 'c', approved: false, confidence: 0.1 }),
      ev({ type: 'verification', todoId: 'c', approved: false, confidence: 0.1, nextStatus: 'failed' }),
      ev({ type: 'verification', todoId: 'ghost', approved: true, confidence: 1 }),
    ]);
    expect(s.todos.map((t) => [t.id, t.status, t.rejections, t.verdicts.length])).toEqual([
      ['a', 'done', 0, 1],
      ['b', 'in_progress', 1, 1],
      ['c', 'failed', 2, 2],
    ]);
    expect(s.finalVerdict).toBeNull();
    expect(s.warnings).toEqual([expect.stringContaining('unknown TODO ghost')]);
    expect(resumePoint(s)).toMatchObject({ kind: 'todo', todo: { id: 'b' } });
  });

  it('a TODO really named "task" gets its own verdict, not the final one', () => {
    const ev = eventFactory();
    const s = replay([ev(started), ev({ type: 'plan_proposed', todos: [todo('task')] }), ev({ type: 'verification', todoId: 'task', approved: true, confidence: 1 })]);
    expect(s.finalVerdict).toBeNull();
    expect(s.todos[0].status).toBe('done');
  });

  it('changes: pending until decided, approved until applied, rejected dropped, edited content kept', () => {
    const ev = eventFactory();
    const base = [
      ev(started),
      ev({ type: 'plan_proposed', todos: [todo('a', 'in_progress')] }),
      ev({ type: 'change_proposed', changeId: 'x', todoId: 'a', change }),
      ev({ type: 'change_proposed', changeId: 'y', todoId: 'a', change: { ...change, path: 'b.ts' } }),
      ev({ type: 'change_proposed', changeId: 'z', todoId: 'a', change: { ...change, path: 'c.ts' } }),
    ];
    let s = replay(base);
    expect(s.pendingChanges.map((c) => c.changeId)).toEqual(['x', 'y', 'z']);
    expect(resumePoint(s)).toMatchObject({ kind: 'change_approvals', changes: [{ changeId: 'x' }, { changeId: 'y' }, { changeId: 'z' }] });

    const decided = [
      ...base,
      ev({ type: 'change_decided', changeId: 'x', decision: 'rejected', reason: 'wrong file' }),
      ev({ type: 'change_decided', changeId: 'y', decision: 'edited', editedAfter: 'mine' }),
      ev({ type: 'change_decided', changeId: 'x', decision: 'approved' }), // not pending any more
      ev({ type: 'change_proposed', changeId: 'y', todoId: 'a', change: { ...change, path: 'other.ts' } }), // approved, not applied yet
    ];
    s = replay(decided);
    expect(s.pendingChanges.map((c) => c.changeId)).toEqual(['z']);
    expect(s.approvedChanges).toMatchObject([{ changeId: 'y', decision: 'edited', finalAfter: 'mine' }]);
    expect(resumePoint(s)).toMatchObject({ kind: 'apply_changes', changes: [{ changeId: 'y', finalAfter: 'mine' }] });
    expect(s.approvedChanges[0].change.path).toBe('b.ts');
    expect(s.warnings).toEqual([
      expect.stringContaining('decision for change x, which is not pending'),
      expect.stringContaining('change y proposed again before it was settled'),
    ]);

    s = replay([
      ...decided,
      ev({ type: 'change_applied', changeId: 'y', path: 'b.ts' }),
      ev({ type: 'change_decided', changeId: 'z', decision: 'approved' }),
      ev({ type: 'change_applied', changeId: 'z', path: 'c.ts', error: 'conflict' }),
    ]);
    expect(s.pendingChanges).toEqual([]);
    expect(s.approvedChanges).toEqual([]);
    expect(s.totals.fileModifications).toBe(1);
  });

  it('last consistent step: tool calls in flight hold it back and are reported as lost', () => {
    const ev = eventFactory();
    const events = [
      ev(started),
      ev({ type: 'plan_proposed', todos: [todo('a', 'in_progress')] }),
      ev({ type: 'tool_call_started', callId: 'c1', todoId: 'a', tool: 'read_file', input: 'x' }),
      ev({ type: 'tool_call_finished', callId: 'c1', todoId: 'a', tool: 'read_file', summary: 'ok' }),
      ev({ type: 'tool_call_started', callId: 'c2', todoId: 'a', tool: 'run_command', input: 'npm test' }),
      ev({ type: 'model_call', model: 'm', phase: 'execute', status: 200, latencyMs: 1 }),
    ];
    const s = replay(events);
    expect(s.lastSeq).toBe(6);
    expect(s.lastConsistentSeq).toBe(4);
    expect(s.inFlight).toMatchObject([{ callId: 'c2', tool: 'run_command', input: 'npm test', seq: 5 }]);
    expect(resumePoint(s)).toMatchObject({ kind: 'todo', todo: { id: 'a' }, lostCalls: [{ callId: 'c2' }] });
  });

  it('keeps only the recent tool results of a TODO', () => {
    const ev = eventFactory();
    const events = [ev(started), ev({ type: 'plan_proposed', todos: [todo('a', 'in_progress')] })];
    for (let i = 0; i < 30; i++) {
      events.push(ev({ type: 'tool_call_started', callId: `c${i}`, todoId: 'a', tool: 'read_file', input: `f${i}` }));
      events.push(ev({ type: 'tool_call_finished', callId: `c${i}`, todoId: 'a', tool: 'read_file', summary: `r${i}`, isError: i % 2 === 0 }));
    }
    const s = replay(events);
    expect(s.todos[0].toolCalls).toBe(30);
    expect(s.todos[0].recentTools.map((r) => r.input)).toEqual(Array.from({ length: 12 }, (_, i) => `f${18 + i}`));
    expect(s.todos[0].recentTools.at(-1)!.isError).toBe(false);
  });

  it('status: explicit changes, terminal events, reasons', () => {
    const ev = eventFactory();
    const base = [ev(started)];
    expect(replay(base).status).toBe('planning');
    const paused = [...base, ev({ type: 'status_changed', status: 'paused', reason: 'limit reached: 20 tool loops' })];
    expect(replay(paused)).toMatchObject({ status: 'paused', statusReason: 'limit reached: 20 tool loops' });
    expect(replay([...paused, ev({ type: 'session_failed', reason: '401 from the model' })])).toMatchObject({ status: 'failed', statusReason: '401 from the model' });
    expect(replay([...paused, ev({ type: 'session_stopped' })])).toMatchObject({ status: 'stopped', statusReason: null });
    expect(resumePoint(replay([...paused, ev({ type: 'session_stopped' })]))).toEqual({ kind: 'finished' });
  });

  it('status: the words of a reason are kept beside it (issue 14), and old events without words replay', () => {
    const ev = eventFactory();
    const limit = sessionReasons.fileLimit(25);
    const paused = [ev(started), ev({ type: 'status_changed', status: 'paused', ...reasonFields(limit) })];
    const s = replay(paused);
    expect(s).toMatchObject({ status: 'paused', statusReason: limit.en, statusReasonWords: { key: 'reason.fileLimit', values: [25] } });
    expect(wordsText(s.statusReasonWords!, 'zh-CN')).toBe('会话已达到 25 次文件修改的上限（策略 maxFileModificationsPerSession）。请审查这些更改，然后恢复会话以允许更多修改。');
    // applyEvent (the renderer's board) keeps them too; a change without a reason drops them.
    const stopped = applyEvent(s, ev({ type: 'session_stopped', ...reasonFields(sessionReasons.stoppedFromApp) }));
    expect(stopped).toMatchObject({ status: 'stopped', statusReason: 'Stopped from the app.', statusReasonWords: { key: 'reason.stoppedFromApp', values: [] } });
    const failed = applyEvent(s, ev({ type: 'session_failed', reason: 'an old failure' }));
    expect(failed).toMatchObject({ status: 'failed', statusReason: 'an old failure', statusReasonWords: null });
    expect(applyEvent(s, ev({ type: 'status_changed', status: 'running' }))).toMatchObject({ statusReason: null, statusReasonWords: null });
    // Words written to disk come back through the log's schema (an old line without them too).
    const line = sessionEventSchema.parse(JSON.parse(JSON.stringify(paused[1])));
    expect(line).toMatchObject({ reasonWords: { key: 'reason.fileLimit', values: [25] } });
    expect(sessionEventSchema.parse({ seq: 3, ts: paused[1].ts, type: 'session_stopped', reason: 'old' })).not.toHaveProperty('reasonWords');
  });

  it('model calls: failed attempts count, unknown costs stay null, estimated usage adds up', () => {
    const ev = eventFactory();
    const s = replay([
      ev(started),
      ev({ type: 'model_call', model: 'm', phase: 'plan', status: 429, outcome: 'retry', latencyMs: 5, error: 'rate limited' }),
      ev({ type: 'model_call', model: 'm', phase: 'plan', status: 200, attempt: 2, latencyMs: 5, usage: { promptTokens: 10, completionTokens: 3, estimated: true } }),
    ]);
    expect(s.totals).toMatchObject({ modelCalls: 2, tokensIn: 10, tokensOut: 3, costUsd: null });
  });

  it('skips duplicate and out-of-order seqs, notes gaps and a second session_started', () => {
    const ev = eventFactory();
    const a = ev(started);
    const b = ev({ type: 'user_message', messageId: 'm1', text: 'hi' });
    const gap = ev({ type: 'user_message', messageId: 'm2', text: 'there' }, { seq: 5 });
    const old = ev({ type: 'user_message', messageId: 'm3', text: 'old' }, { seq: 3 });
    const again = ev({ ...started, task: 'other' } as never, { seq: 6 });
    const s = replay([a, b, b, gap, old, again]);
    expect(s.userMessages.map((m) => m.messageId)).toEqual(['m1', 'm2']);
    expect(s.task).toBe('Add a /health endpoint and a test');
    expect(s.lastSeq).toBe(6);
    expect(s.warnings).toHaveLength(4);
    expect(s.warnings.join('\n')).toMatch(/seq 2 .*skipped[\s\S]*3\.\.4 are missing[\s\S]*seq 3 .*skipped[\s\S]*second session_started/);
  });

  it('resume points along the way', () => {
    const ev = eventFactory();
    const events = [ev(started)];
    expect(resumePoint(replay(events))).toEqual({ kind: 'plan' });
    events.push(ev({ type: 'plan_proposed', todos: [todo('a'), todo('b')] }));
    expect(resumePoint(replay(events))).toMatchObject({ kind: 'todo', todo: { id: 'a' }, lostCalls: [] });
    events.push(ev({ type: 'todo_updated', todo: todo('a', 'done') }), ev({ type: 'todo_updated', todo: todo('b', 'failed') }));
    expect(resumePoint(replay(events))).toMatchObject({ kind: 'failed_todo', todo: { id: 'b' } });
    events.push(ev({ type: 'todo_updated', todo: todo('b', 'skipped') }));
    expect(resumePoint(replay(events))).toEqual({ kind: 'final_check' });
    events.push(ev({ type: 'verification', todoId: 'task', approved: false, confidence: 0.3, feedback: 'README missing' }));
    expect(resumePoint(replay(events))).toEqual({ kind: 'final_check' });
    events.push(ev({ type: 'verification', todoId: 'task', approved: true, confidence: 0.9 }));
    expect(resumePoint(replay(events))).toEqual({ kind: 'finished' });
    expect(currentTodo(replay(events))).toBeNull();
  });

  it('the current TODO prefers in_progress and verifying over pending', () => {
    const ev = eventFactory();
    const s = replay([ev(started), ev({ type: 'plan_proposed', todos: [todo('a', 'done'), todo('b'), todo('c', 'verifying')] })]);
    expect(currentTodo(s)?.id).toBe('c');
  });
});
