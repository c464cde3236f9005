import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { parseEventLog } from './eventLog';
import { replay, replayUpTo } from '../../../shared/agent/sessionReplay';
import { resumePoint } from './resumePoint';
import { branchEvents } from '../../../shared/agent/sessionRewind';
import type { SessionEvent } from '../../../shared/agent/sessionEvents';
import { createSessionStore, type SessionStore } from './sessionStore';
import { eventFactory, started, todo } from '../../../testing/sessionEvents';

// A conversation rewind (agent.rewind) is a `rollback` event with `toSeq`: the log stays append-only
// and replay rebuilds the state as it was right after event `toSeq`.

/** Plan t1, t2; t1 writes and is checkpointed (cp-t1, seq 8), then done; t2 starts and writes (cp-t2, seq 15). */
function twoTodos(ev = eventFactory()): SessionEvent[] {
  return [
    ev(started),
    ev({ type: 'checkpoint_taken', checkpointId: 'cp-start', todoId: null }),
    ev({ type: 'plan_proposed', todos: [todo('t1'), todo('t2')], needsApproval: false }),
    ev({ type: 'status_changed', status: 'running', phase: 'execute' }),
    ev({ type: 'todo_updated', todo: todo('t1', 'in_progress') }),
    ev({ type: 'tool_call_started', callId: 'c1', todoId: 't1', tool: 'write_file', input: 'a.txt' }),
    ev({ type: 'tool_call_finished', callId: 'c1', todoId: 't1', tool: 'write_file', summary: 'wrote a.txt' }),
    ev({ type: 'checkpoint_taken', checkpointId: 'cp-t1', todoId: 't1' }),
    ev({ type: 'model_call', model: 'm', phase: 'execute', todoId: 't1', status: 200, latencyMs: 5, usage: { promptTokens: 100, completionTokens: 10 }, costUsd: 0.5 }),
    ev({ type: 'user_message', messageId: 'm1', text: 'use tabs' }),
    ev({ type: 'verification', todoId: 't1', approved: true, confidence: 0.9, feedback: 'ok' }),
    ev({ type: 'todo_updated', todo: todo('t2', 'in_progress') }),
    ev({ type: 'tool_call_started', callId: 'c2', todoId: 't2', tool: 'write_file', input: 'b.txt' }),
    ev({ type: 'tool_call_finished', callId: 'c2', todoId: 't2', tool: 'write_file', summary: 'wrote b.txt' }),
    ev({ type: 'checkpoint_taken', checkpointId: 'cp-t2', todoId: 't2' }),
    ev({ type: 'status_changed', status: 'paused', reason: 'Paused by the user.' }),
  ];
}

describe('replay of a conversation rewind', () => {
  it('goes back to the state right after the checkpoint, keeping the totals and the seq', () => {
    const ev = eventFactory();
    const events = twoTodos(ev);
    const before = replay(events);
    expect(before.todos.map((t) => t.status)).toEqual(['done', 'in_progress']);
    const rollback = ev({ type: 'rollback', checkpointId: 'cp-t1', mode: 'conversation', toSeq: 8 });
    const s = replay([...events, rollback]);

    const at8 = replayUpTo(events, 8);
    expect(s.todos).toEqual(at8.todos);
    expect(s.todos.map((t) => [t.id, t.status, t.checkpointIds])).toEqual([
      ['t1', 'in_progress', ['cp-t1']],
      ['t2', 'pending', []],
    ]);
    expect(s.todos[0].recentTools.map((r) => r.summary)).toEqual(['wrote a.txt']);
    expect(s.checkpoints.map((c) => c.checkpointId)).toEqual(['cp-start', 'cp-t1']);
    expect(s.userMessages).toEqual([]); // sent after the checkpoint: rewound too
    expect(s).toMatchObject({ status: 'paused', phase: 'execute', lastSeq: rollback.seq, lastConsistentSeq: rollback.seq, updatedAt: rollback.ts });
    expect(s.statusReason).toMatch(/Rewound to checkpoint cp-t1/);
    // Spent is spent: tokens and cost stay; the rollback is counted.
    expect(s.totals).toMatchObject({ tokensIn: 100, tokensOut: 10, costUsd: 0.5, modelCalls: 1, toolCalls: 2, rollbacks: 1 });
    expect(s.warnings).toEqual([]);
    expect(resumePoint(s)).toMatchObject({ kind: 'todo', todo: { id: 't1', status: 'in_progress' }, lostCalls: [] });
  });

  it('continues after the rewind, and a later rewind can go back into the branch left (redo)', () => {
    const ev = eventFactory();
    const events = twoTodos(ev);
    events.push(ev({ type: 'rollback', checkpointId: 'cp-start', mode: 'conversation', toSeq: 2 })); // 17
    let s = replay(events);
    expect(s.plan.proposed).toBe(false);
    expect(s.todos).toEqual([]);
    expect(resumePoint(s)).toEqual({ kind: 'plan' });

    events.push(ev({ type: 'plan_proposed', todos: [todo('x')], needsApproval: false })); // 18
    events.push(ev({ type: 'todo_updated', todo: todo('x', 'in_progress') })); // 19
    events.push(ev({ type: 'checkpoint_taken', checkpointId: 'cp-x', todoId: 'x' })); // 20
    s = replay(events);
    expect(s.todos.map((t) => `${t.id}:${t.status}`)).toEqual(['x:in_progress']);
    expect(s.checkpoints.map((c) => c.checkpointId)).toEqual(['cp-start', 'cp-x']);

    // Back to t2's checkpoint, which the first rewind went back over.
    events.push(ev({ type: 'rollback', checkpointId: 'cp-t2', mode: 'conversation', toSeq: 15 })); // 21
    s = replay(events);
    expect(s.todos.map((t) => `${t.id}:${t.status}`)).toEqual(['t1:done', 't2:in_progress']);
    // …and to x's, after a rewind in its own past.
    events.push(ev({ type: 'rollback', checkpointId: 'cp-x', mode: 'conversation', toSeq: 20 })); // 22
    s = replay(events);
    expect(s.todos.map((t) => `${t.id}:${t.status}`)).toEqual(['x:in_progress']);
    expect(s.totals.rollbacks).toBe(3);
    expect(s.warnings).toEqual([]);

    expect(branchEvents(events).map((e) => e.seq)).toEqual([1, 2, 18, 19, 20]);

    // Twice to the same point: each rewind gets the state of then, untouched by what came after the first.
    events.push(ev({ type: 'rollback', checkpointId: 'cp-start', mode: 'conversation', toSeq: 2 })); // 23
    s = replay(events);
    expect(s.todos).toEqual([]);
    expect(s.checkpoints.map((c) => c.checkpointId)).toEqual(['cp-start']);
    expect(s.warnings).toEqual([]);
  });

  it('names the checkpoint by its label, and an undone rewind brings back the state and status of before it', () => {
    const ev = eventFactory();
    const events = twoTodos(ev);
    events[7] = { ...events[7], label: 'TODO t1: a.txt' } as SessionEvent; // cp-t1 (seq 8)
    events.push(ev({ type: 'session_completed', summary: 'all done' })); // 17
    const before = replay(events);
    const rewind = ev({ type: 'rollback', checkpointId: 'cp-t1', mode: 'conversation', toSeq: 8 }); // 18
    events.push(rewind);
    expect(replay(events).statusReason).toBe('Rewound to checkpoint “TODO t1: a.txt”: the conversation is as it was then (files are not touched by a rewind). Resume to continue from there.');
    expect(replay(events).statusReasonWords).toEqual({ key: 'reason.rewound', values: ['cp-t1', 'TODO t1: a.txt'] });
    events.push(ev({ type: 'status_changed', status: 'paused', reason: 'Rewound …' })); // 19
    events.push(ev({ type: 'rollback', checkpointId: 'cp-t1', mode: 'conversation', toSeq: 17, undoes: 18 })); // 20
    const s = replay(events);
    expect(s).toMatchObject({ status: 'completed', statusReason: null, statusReasonWords: null, phase: 'done', summary: 'all done' });
    expect(s.todos).toEqual(before.todos);
    expect(s.checkpoints).toEqual(before.checkpoints);
    expect(s.totals.rollbacks).toBe(2);
    expect(s.warnings).toEqual([]);
    // The branch is the one from before the rewind again.
    expect(branchEvents(events).map((e) => e.seq)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
  });

  it('ignores a rollback that points forward or into a gap, with a warning; a files-only rollback changes nothing', () => {
    const ev = eventFactory();
    const events = twoTodos(ev);
    const before = replay(events);
    const forward = ev({ type: 'rollback', checkpointId: 'cp-t1', mode: 'conversation', toSeq: 40 });
    let s = replay([...events, forward]);
    expect(s.todos).toEqual(before.todos);
    expect(s.warnings.join('\n')).toMatch(/not before it/);

    const gap = [...events.slice(0, 3), ...events.slice(4)];
    s = replay([...gap, ev({ type: 'rollback', checkpointId: 'x', mode: 'conversation', toSeq: 4 })]);
    expect(s.warnings.join('\n')).toMatch(/rollback to seq 4, which is not in the log/);
    expect(s.todos.map((t) => t.status)).toEqual(['done', 'in_progress']);

    s = replay([...events, ev({ type: 'rollback', checkpointId: 'cp-t1', mode: 'files', files: ['a.txt'] })]);
    expect(s.todos).toEqual(before.todos);
    expect(s.status).toBe('paused');
    expect(s.totals.rollbacks).toBe(1);
  });
});

describe('a rewind through the store (the incremental path)', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let store: SessionStore;
  beforeEach(async () => {
    ({ dir: root, cleanup } = await tempDir('akira-rewind-'));
    store = createSessionStore({ root });
  });
  afterEach(async () => {
    await store.dispose();
    await cleanup();
  });

  it('rebuilds the live state from the log, writes rollbacks.md, and a reload replays the same', async () => {
    const s = await store.createSession({ task: 'two files', mode: 'code-dev', model: 'm' });
    for (const e of twoTodos().slice(1)) {
      const { seq: _s, ts: _t, ...input } = e;
      await s.append(input as never);
    }
    await s.append({ type: 'rollback', checkpointId: 'cp-t1', mode: 'conversation', toSeq: 8 });
    const live = s.state();
    expect(live.todos.map((t) => `${t.id}:${t.status}`)).toEqual(['t1:in_progress', 't2:pending']);
    expect(live.status).toBe('paused');
    await s.close();

    const log = parseEventLog(await readFile(join(s.dir, 'events.jsonl'), 'utf8'));
    expect(log.events.map((e) => e.type).filter((t) => t === 'checkpoint_taken')).toHaveLength(3); // history kept
    const reloaded = (await store.loadSession(s.sessionId)).state;
    expect(reloaded).toEqual(live);
    const rollbacks = await readFile(join(s.dir, 'rollbacks.md'), 'utf8');
    expect(rollbacks).toMatch(/restored `cp-t1` · mode conversation/);
    expect(rollbacks).toMatch(/just after event #8/);
    expect(await readFile(join(s.dir, 'history.md'), 'utf8')).toMatch(/\*\*Rewound\*\* the conversation to checkpoint `cp-t1`/);
  });

  it('createSessionFrom copies another log with its times, numbered again', async () => {
    const events = twoTodos();
    const copy = await store.createSessionFrom({ task: 'fork', mode: 'code-dev', model: 'm' }, events.slice(0, 8));
    const state = copy.state();
    expect(state.lastSeq).toBe(8);
    expect(state.todos.map((t) => `${t.id}:${t.status}`)).toEqual(['t1:in_progress', 't2:pending']);
    await copy.close();
    const log = (await store.loadSession(copy.sessionId)).events;
    expect(log[0]).toMatchObject({ type: 'session_started', sessionId: copy.sessionId, task: 'fork' });
    expect(log.slice(1).map((e) => e.ts)).toEqual(events.slice(1, 8).map((e) => e.ts));
  });
});
