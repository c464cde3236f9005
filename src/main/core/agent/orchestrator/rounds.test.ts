import { describe, expect, it } from 'vitest';
import { replay } from '../../../../shared/agent/sessionReplay';
import { eventFactory, started, todo } from '../../../../testing/sessionEvents';
import { renderSessionDoc } from '../../sessions/sessionDoc';
import { modelTask } from './roundContext';

// Rounds (issue 25): a log without round_started replays as round 1; round_started keeps the round so far apart
// (task, TODOs, files, summary), clears what the ended round left undecided, and a rewind into round 1 goes back there.

const TASK = 'Add a /health endpoint and a test';

function firstRound() {
  const ev = eventFactory();
  return {
    ev,
    events: [
      ev(started),
      ev({ type: 'checkpoint_taken', checkpointId: 'cp-start', todoId: null, label: 'start of the session' }),
      ev({ type: 'plan_proposed', todos: [todo('t1')], needsApproval: false }),
      ev({ type: 'change_proposed', changeId: 'c1', todoId: 't1', change: { path: 'src/health.ts', kind: 'create', before: null, after: 'x', beforeHash: null } }),
      ev({ type: 'change_decided', changeId: 'c1', decision: 'approved' }),
      ev({ type: 'change_applied', changeId: 'c1', path: 'src/health.ts' }),
      ev({ type: 'todo_updated', todo: todo('t1', 'done', { result: 'GET /health answers 200' }) }),
      ev({ type: 'change_proposed', changeId: 'c2', todoId: 't1', change: { path: 'README.md', kind: 'modify', before: 'a', after: 'b', beforeHash: null } }),
      ev({ type: 'session_stopped', reason: 'enough' }),
    ],
  };
}

describe('rounds in the replay', () => {
  it('an old log is round 1 with no earlier rounds', () => {
    const state = replay(firstRound().events);
    expect(state).toMatchObject({ round: 1, roundTask: TASK, earlierRounds: [], roundFiles: ['src/health.ts'], status: 'stopped' });
    expect(modelTask(state, 10_000)).toBe(TASK);
    expect(renderSessionDoc(state)).toContain('## Task');
  });

  it('round_started keeps round 1 apart and plans round 2 from nothing left over', () => {
    const { ev, events } = firstRound();
    events.push(ev({ type: 'round_started', round: 2, task: 'Also add /ready' }));
    const state = replay(events);
    expect(state).toMatchObject({ round: 2, roundTask: 'Also add /ready', task: TASK, status: 'planning', phase: 'plan', todos: [], pendingChanges: [], roundFiles: [], summary: null });
    expect(state.plan.proposed).toBe(false);
    expect(state.earlierRounds).toEqual([
      { round: 1, task: TASK, startedAt: events[0].ts, status: 'stopped', todos: [{ id: 't1', description: 'Do t1', expectedResult: 't1 works', status: 'done', result: 'GET /health answers 200' }], files: ['src/health.ts'], summary: null },
    ]);
    const task = modelTask(state, 10_000);
    expect(task.startsWith('Also add /ready')).toBe(true);
    for (const piece of ['## Round 1 (stopped)', TASK, 'Do t1', 'GET /health answers 200', 'Files changed: src/health.ts']) expect(task).toContain(piece);
    const doc = renderSessionDoc(state);
    expect(doc).toContain('## Round 1: task');
    expect(doc).toContain('## Round 2: task');
    expect(doc).toContain('round: 2');
  });

  it('the earlier rounds stay within the budget: the newest whole, older ones shortened or left out', () => {
    const { ev, events } = firstRound();
    events.push(ev({ type: 'round_started', round: 2, task: 'Round two' }), ev({ type: 'plan_proposed', todos: [todo('r2', 'pending', { description: 'x'.repeat(3000) })], needsApproval: false }), ev({ type: 'session_completed', summary: 'two done' }), ev({ type: 'round_started', round: 3, task: 'Round three' }));
    const state = replay(events);
    const small = modelTask(state, 1200);
    expect(small.length).toBeLessThanOrEqual(1200);
    expect(small.startsWith('Round three')).toBe(true);
  });

  it('a rewind to a checkpoint of round 1 puts the session back in round 1', () => {
    const { ev, events } = firstRound();
    events.push(ev({ type: 'round_started', round: 2, task: 'Also add /ready' }), ev({ type: 'rollback', checkpointId: 'cp-start', mode: 'conversation', toSeq: 2 }));
    const state = replay(events);
    expect(state).toMatchObject({ round: 1, earlierRounds: [], status: 'paused' });
  });
});
