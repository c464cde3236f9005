import { describe, expect, it } from 'vitest';
import { replay } from '../../../shared/agent/sessionReplay';
import { todoView } from '../../../shared/agent/sessionView';
import { eventFactory, started, todo } from '../../../testing/sessionEvents';

// Issue 25 (seed 000's createdAt / completedAt): a TODO's times come from its events' times in the replay, so any log
// (older ones included: no event carries a new field) replays with them; agent.get and the board show them.

describe('TODO created and completed times', () => {
  it('created when it joins the board; completed when it ends; cleared when it goes back', () => {
    const ev = eventFactory(Date.parse('2026-01-02T10:00:00.000Z'));
    const events = [
      ev(started), // 10:00:01
      ev({ type: 'plan_proposed', todos: [todo('a'), todo('b')] }), // :02
      ev({ type: 'todo_updated', todo: todo('a', 'in_progress') }), // :03
      ev({ type: 'todo_updated', todo: todo('a', 'verifying') }), // :04
      ev({ type: 'verification', todoId: 'a', approved: false, confidence: 0.4, feedback: 'no' }), // :05 back to in_progress
      ev({ type: 'todo_updated', todo: todo('a', 'verifying') }), // :06
      ev({ type: 'verification', todoId: 'a', approved: true, confidence: 0.9 }), // :07 done
      ev({ type: 'todo_added', todo: todo('c') }), // :08
      ev({ type: 'todo_updated', todo: todo('b', 'failed') }), // :09
    ];
    const at = (s: number) => `2026-01-02T10:00:0${s}.000Z`;
    const byId = Object.fromEntries(replay(events).todos.map((t) => [t.id, todoView(t)]));
    expect([byId.a.createdAt, byId.a.completedAt]).toEqual([at(2), at(7)]);
    expect([byId.b.createdAt, byId.b.completedAt]).toEqual([at(2), at(9)]);
    expect([byId.c.createdAt, byId.c.completedAt]).toEqual([at(8), null]);

    // After the rejection, a is open again: no completion time.
    const midway = replay(events.slice(0, 5)).todos.find((t) => t.id === 'a')!;
    expect(midway.status).toBe('in_progress');
    expect(midway.completedAt).toBeNull();
  });

  it('a replan keeps the time of a TODO that stays', () => {
    const ev = eventFactory(Date.parse('2026-01-02T10:00:00.000Z'));
    const state = replay([ev(started), ev({ type: 'plan_proposed', todos: [todo('a')] }), ev({ type: 'plan_proposed', todos: [todo('a'), todo('z')] })]);
    expect(state.todos.map((t) => [t.id, t.createdAt])).toEqual([
      ['a', '2026-01-02T10:00:02.000Z'],
      ['z', '2026-01-02T10:00:03.000Z'],
    ]);
  });
});
