import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEvent, emptyState, progressOf, reduceInto, replay } from '../../../shared/agent/sessionReplay';
import { resumePoint } from './resumePoint';
import { sessionStatus, todoStatus, type SessionEvent, type SessionEventInput } from '../../../shared/agent/sessionEvents';
import { eventFactory, started, todo } from '../../../testing/sessionEvents';

/** Random sessions from a small pool of ids, so events collide, repeat and come in odd orders. */
const todoId = fc.constantFrom('a', 'b', 'c', 'd', 'task');
const callId = fc.constantFrom('c1', 'c2', 'c3');
const changeId = fc.constantFrom('x', 'y', 'z');
const todoRef = fc.option(todoId, { nil: null });
const aTodo = fc.record({ id: todoId, status: fc.constantFrom(...todoStatus.options) }).map((t) => todo(t.id, t.status));
const change = fc.constantFrom('f1', 'f2').map((path) => ({ path, kind: 'modify' as const, before: 'a', after: 'b', beforeHash: null }));

const input: fc.Arbitrary<SessionEventInput> = fc.oneof(
  fc.record({ type: fc.constant('plan_proposed' as const), todos: fc.array(aTodo, { maxLength: 5 }), needsApproval: fc.boolean() }),
  fc.record({ type: fc.constant('plan_approved' as const) }),
  fc.record({ type: fc.constant('plan_rejected' as const), feedback: fc.string() }),
  fc.record({ type: fc.constant('todo_updated' as const), todo: aTodo }),
  fc.record({ type: fc.constant('todo_added' as const), todo: aTodo, index: fc.nat(6) }),
  fc.record({ type: fc.constant('todo_removed' as const), todoId }),
  fc.record({ type: fc.constant('todo_reordered' as const), order: fc.array(todoId, { maxLength: 6 }) }),
  fc.record({ type: fc.constant('tool_call_started' as const), callId, todoId: todoRef, tool: fc.constant('read_file'), input: fc.string() }),
  fc.record({ type: fc.constant('tool_call_finished' as const), callId, todoId: todoRef, tool: fc.constant('read_file'), summary: fc.string(), isError: fc.boolean() }),
  fc.record({ type: fc.constant('change_proposed' as const), changeId, todoId: todoRef, change }),
  fc.record({ type: fc.constant('change_decided' as const), changeId, decision: fc.constantFrom('approved' as const, 'rejected' as const, 'edited' as const), editedAfter: fc.option(fc.string(), { nil: undefined }) }),
  fc.record({ type: fc.constant('change_applied' as const), changeId, path: fc.constant('f1'), error: fc.option(fc.string(), { nil: undefined }) }),
  fc.record({ type: fc.constant('checkpoint_taken' as const), checkpointId: fc.constantFrom('cp1', 'cp2'), todoId: todoRef }),
  fc.record({ type: fc.constant('verification' as const), todoId, approved: fc.boolean(), confidence: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    type: fc.constant('model_call' as const),
    model: fc.constant('m'),
    phase: fc.constantFrom('plan' as const, 'execute' as const, 'verify' as const),
    todoId: todoRef,
    status: fc.constantFrom(200, 429, null),
    latencyMs: fc.nat(1000),
    usage: fc.option(fc.record({ promptTokens: fc.nat(5000), completionTokens: fc.nat(500) }), { nil: undefined }),
    costUsd: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
  }),
  fc.record({ type: fc.constant('user_message' as const), messageId: fc.constantFrom('m1', 'm2'), text: fc.constant('hello') }),
  fc.record({ type: fc.constant('user_messages_consumed' as const), messageIds: fc.array(fc.constantFrom('m1', 'm2')) }),
  fc.record({ type: fc.constant('status_changed' as const), status: fc.constantFrom(...sessionStatus.options) }),
  fc.record({ type: fc.constant('command_finished' as const), todoId: todoRef, command: fc.constant('ls'), exitCode: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }) }),
  fc.record({ type: fc.constant('session_stopped' as const) }),
);

function build(inputs: SessionEventInput[]): SessionEvent[] {
  const ev = eventFactory();
  return [ev(started), ...inputs.map((i) => ev(i))];
}

describe('replay (property)', () => {
  it('never throws, keeps its invariants, and incremental application equals a full replay', () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 60 }), fc.nat(60), (inputs, cut) => {
        const events = build(inputs);
        const full = replay(events);

        // Incremental (the store's path) and pure application agree with the full replay.
        const draft = replay(events.slice(0, Math.min(cut, events.length)));
        for (const e of events.slice(Math.min(cut, events.length))) reduceInto(draft, e);
        expect(draft).toEqual(full);
        expect(events.reduce(applyEvent, emptyState())).toEqual(full);

        // Invariants.
        const ids = full.todos.map((t) => t.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(full.inFlight.map((c) => c.callId)).size).toBe(full.inFlight.length);
        const changeIds = [...full.pendingChanges, ...full.approvedChanges].map((c) => c.changeId);
        expect(new Set(changeIds).size).toBe(changeIds.length);
        expect(full.lastSeq).toBe(events.length);
        expect(full.lastConsistentSeq).toBeLessThanOrEqual(full.lastSeq);
        if (full.inFlight.length === 0) expect(full.lastConsistentSeq).toBe(full.lastSeq);
        else expect(full.lastConsistentSeq).toBeLessThan(Math.min(...full.inFlight.map((c) => c.seq)));

        const calls = events.filter((e) => e.type === 'model_call');
        expect(full.totals.modelCalls).toBe(calls.length);
        expect(full.totals.tokensIn).toBe(calls.reduce((n, e) => n + (e.usage?.promptTokens ?? 0), 0));
        expect(full.totals.toolCalls).toBe(events.filter((e) => e.type === 'tool_call_started').length);
        expect(full.todos.reduce((n, t) => n + t.toolCalls, 0)).toBeLessThanOrEqual(full.totals.toolCalls);
        for (const t of full.todos) {
          expect(t.rejections).toBe(t.verdicts.filter((v) => !v.approved).length);
          expect(t.recentTools.length).toBeLessThanOrEqual(12);
        }
        const { done, total } = progressOf(full);
        expect(done).toBeLessThanOrEqual(total);
        expect(full.userMessages.length).toBeLessThanOrEqual(events.filter((e) => e.type === 'user_message').length);
        expect(() => resumePoint(full)).not.toThrow();
        expect(structuredClone(full)).toEqual(full); // plain data, serialisable
      }),
      { numRuns: 400 },
    );
  });
});
