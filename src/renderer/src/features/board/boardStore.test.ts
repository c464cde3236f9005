import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent, AgentSessionDetail } from '../../../../shared/contract';
import type { AkiraClient } from '../../client/client';
import { createAgentEventHub } from '../agent/agentEventHub';
import { greetSession, skipSession, upTo } from '../agent/fixtures/recorded';
import { applyBoardEvent, columnOf, emptyBoard, fromDetail, progressOf, reapplyBoardEvent, type BoardState } from './boardReducer';
import { attachBoard, useBoardStore, type BoardAttachment } from './boardStore';

const replayAll = (events: AgentEvent[], sessionId: string): BoardState =>
  events.reduce((s, e) => applyBoardEvent(s, e).state, emptyBoard(sessionId));

describe('board reducer on recorded sessions', () => {
  it('rebuilds the final board of agent.get from the events alone', () => {
    const { events, detail, sessionId } = greetSession;
    const board = replayAll(events, sessionId);
    expect(board.status).toBe('completed');
    expect(board.phase).toBe('done');
    expect(board.todos.map(({ id, status, result, rejections, lastVerdict, checkpointIds }) => ({ id, status, result, rejections, lastVerdict, checkpointIds }))).toEqual(
      detail.todos.map(({ id, status, result, rejections, lastVerdict, checkpointIds }) => ({ id, status, result, rejections, lastVerdict, checkpointIds })),
    );
    expect(board.totals).toEqual(detail.totals);
    expect(board.finalVerdict).toEqual(detail.finalVerdict);
    expect(board.summary).toBe(detail.summary);
    expect(progressOf(board.todos)).toEqual(detail.progress);
  });

  it('shows the plan waiting for approval, then the rejected TODO back in progress with the verdict', () => {
    const { sessionId } = greetSession;
    const waiting = replayAll(upTo(greetSession, 'plan_approval_requested'), sessionId);
    expect(waiting.planAwaitingApproval).toBe(true);
    expect(waiting.status).toBe('awaiting_plan_approval');
    expect(waiting.todos.map((t) => [t.id, columnOf(t.status)])).toEqual([['t1', 'pending'], ['t2', 'pending']]);

    const rejected = replayAll(upTo(greetSession, 'verification'), sessionId);
    const t1 = rejected.todos[0];
    expect(rejected.planAwaitingApproval).toBe(false);
    expect(columnOf(t1.status)).toBe('in_progress');
    expect(t1).toMatchObject({ rejections: 1, result: 'wrote greet.txt', lastVerdict: { approved: false, confidence: 0.85 } });
    expect(t1.lastVerdict?.feedback).toContain('not "hello world"');
  });

  it('counts each TODO\'s tool calls, checkpoints and the tokens of its model calls', () => {
    const { events, sessionId } = greetSession;
    const board = replayAll(events, sessionId);
    const [t1, t2] = board.todos;
    expect(t1.toolCalls.map((c) => c.tool)).toEqual(['write_file', 'update_todo', 'edit_file', 'update_todo']);
    expect(t1.toolCalls.every((c) => !c.running && c.summary !== null && c.durationMs !== null)).toBe(true);
    expect(t2.toolCalls.map((c) => c.tool)).toEqual(['run_command', 'update_todo']);
    const tokensOf = (todoId: string) =>
      events
        .filter((e) => e.type === 'model_call' && e.todoId === todoId)
        .reduce((sum, e) => sum + (e.type === 'model_call' && e.usage ? e.usage.promptTokens + e.usage.completionTokens : 0), 0);
    expect(t1.tokensIn + t1.tokensOut).toBe(tokensOf('t1'));
    expect(t2.tokensIn + t2.tokensOut).toBe(tokensOf('t2'));
    expect(tokensOf('t1')).toBeGreaterThan(0);
    expect(t1.verdicts.map((v) => v.approved)).toEqual([false, true]);
  });

  it('puts a TODO failed at the retry limit in Failed, then in Done when skipped; the question comes and goes', () => {
    const { sessionId } = skipSession;
    const failed = replayAll(upTo(skipSession, 'verification', (e) => e.type === 'verification' && e.todoId === 'a'), sessionId);
    expect(columnOf(failed.todos[0].status)).toBe('failed');
    const asked = replayAll(upTo(skipSession, 'question'), sessionId);
    expect(asked.question).toMatchObject({ todoId: 'a', options: ['retry', 'skip', 'edit', 'stop'] });
    expect(asked.status).toBe('waiting_approval');
    const end = replayAll(skipSession.events, sessionId);
    expect(end.question).toBeNull();
    expect(end.todos.map((t) => [t.id, t.status, columnOf(t.status)])).toEqual([['a', 'skipped', 'done'], ['b', 'done', 'done']]);
    expect(progressOf(end.todos)).toEqual({ done: 2, total: 2 });
  });

  it('skips an event already applied and reports a gap in seq', () => {
    const { events, sessionId } = greetSession;
    let s = replayAll(events.slice(0, 10), sessionId);
    const again = applyBoardEvent(s, events[9]);
    expect(again.state).toBe(s);
    const next = events.slice(10).find((e) => e.seq !== undefined && e.seq > s.lastSeq + 1)!;
    const jumped = applyBoardEvent(s, next);
    expect(jumped.gap).toBe(true);
    s = applyBoardEvent(s, events.slice(10).find((e) => e.seq === s.lastSeq + 1)!).state;
    expect(s.lastSeq).toBe(events[9].seq! + 1);
  });

  it('a rewind (rollback) clears the board and asks for a fresh snapshot', () => {
    const { events, sessionId } = greetSession;
    const s = replayAll(events, sessionId);
    expect(s.todos.length).toBeGreaterThan(0);
    const r = applyBoardEvent(s, { sessionId, type: 'rollback', seq: s.lastSeq + 1, toSeq: 5, checkpointId: 'cp' } as AgentEvent);
    expect(r.gap).toBe(true);
    expect(r.state.todos).toEqual([]);
    expect(r.state.lastSeq).toBe(s.lastSeq + 1);
    expect(r.state.loaded).toBe(false);
  });

  it('keeps what only the events told across a new snapshot', () => {
    const { events, sessionId, detail } = greetSession;
    const board = replayAll(events, sessionId);
    const snap = fromDetail(detail, board);
    expect(snap.todos[0].toolCalls).toHaveLength(4);
    expect(snap.todos[0].tokensIn).toBe(board.todos[0].tokensIn);
    expect(snap.lastSeq).toBe(board.lastSeq);
    expect(fromDetail(detail, null).todos[0].toolCalls).toEqual([]);
  });

  it('applies again, on a snapshot, only the log events it does not reflect (no counter twice), and the notices', () => {
    const { events, sessionId, detail } = greetSession;
    const snap = fromDetail(detail, null);
    const call = events.findLast((e) => e.type === 'model_call')!;
    expect(call.seq).toBeLessThanOrEqual(detail.lastSeq);
    expect(reapplyBoardEvent(snap, call)).toBe(snap);
    const after = reapplyBoardEvent(snap, { ...call, seq: detail.lastSeq + 1 });
    expect(after.totals.modelCalls).toBe(detail.totals.modelCalls + 1);
    const asked = reapplyBoardEvent(snap, { sessionId, type: 'question', questionId: 'q9', todoId: 't1', text: 'Retry?', options: ['retry'] });
    expect(asked.question?.questionId).toBe('q9');
  });

  it('keeps the object of a TODO an event did not change (its card does not re-render)', () => {
    const { events, sessionId } = greetSession;
    const board = replayAll(events, sessionId);
    const call = events.filter((e) => e.type === 'model_call').findLast((e) => e.todoId === 't2')!;
    const next = applyBoardEvent(board, { ...call, seq: board.lastSeq + 1 }).state;
    expect(next.todos[0]).toBe(board.todos[0]);
    expect(next.todos[1]).not.toBe(board.todos[1]);
  });
});

/** agent.get answered by a test: each call waits for `answer()`. */
function fakeClient(detail: () => AgentSessionDetail) {
  const pending: (() => void)[] = [];
  let gets = 0;
  const client = {
    async invoke(name: string) {
      if (name !== 'agent.get') throw new Error(`unexpected ${name}`);
      gets++;
      await new Promise<void>((resolve) => pending.push(resolve));
      return structuredClone(detail());
    },
    subscribe: () => () => undefined,
    state: () => 'connected',
    onState: () => () => undefined,
  } as unknown as AkiraClient;
  return {
    client,
    gets: () => gets,
    answer() {
      pending.splice(0).forEach((r) => r());
    },
  };
}

let attached: BoardAttachment | null = null;
afterEach(() => {
  attached?.detach();
  attached = null;
});

describe('board store', () => {
  it('starts from the hub\'s history, takes the snapshot, then applies live events', async () => {
    const { events, sessionId, detail } = greetSession;
    const hub = createAgentEventHub(null);
    for (const event of events.slice(0, 6)) hub.push({ kind: 'agent', event });
    const backend = fakeClient(() => ({ ...detail, status: 'awaiting_plan_approval', phase: 'plan', planAwaitingApproval: true, todos: detail.todos.map((t) => ({ ...t, status: 'pending', result: null, rejections: 0, lastVerdict: null, checkpointIds: [] })) }));
    attached = attachBoard(backend.client, hub, sessionId);
    expect(useBoardStore.getState().board.todos.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(useBoardStore.getState().board.loaded).toBe(false);
    backend.answer();
    await attached.settled();
    expect(useBoardStore.getState().board).toMatchObject({ loaded: true, planAwaitingApproval: true });
    for (const event of events.slice(6)) hub.push({ kind: 'agent', event });
    const board = useBoardStore.getState().board;
    expect(board.status).toBe('completed');
    expect(board.todos.map((t) => t.status)).toEqual(['done', 'done']);
    expect(backend.gets()).toBe(1);
  });

  it('fetches the snapshot again on a gap, and applies again what arrived meanwhile', async () => {
    const { events, sessionId, detail } = greetSession;
    const hub = createAgentEventHub(null);
    const backend = fakeClient(() => detail);
    attached = attachBoard(backend.client, hub, sessionId);
    backend.answer();
    await attached.settled();
    const logged = events.filter((e) => e.seq !== undefined);
    hub.push({ kind: 'agent', event: logged[0] });
    hub.push({ kind: 'agent', event: logged[2] }); // seq 2 is missing
    expect(backend.gets()).toBe(2);
    // While the snapshot is on its way, the question arrives; the snapshot (taken before it) must not hide it.
    hub.push({ kind: 'agent', event: { sessionId, type: 'question', questionId: 'q1', todoId: 't1', text: 'Retry?', options: ['retry', 'stop'] } });
    backend.answer();
    await attached.settled();
    const { board, fetches } = useBoardStore.getState();
    expect(fetches).toBe(2);
    expect(board.question).toMatchObject({ questionId: 'q1', options: ['retry', 'stop'] });
    expect(board.lastSeq).toBe(logged[2].seq);
  });

  it('ignores other sessions and reports a failed agent.get without losing the events', async () => {
    const { events, sessionId } = greetSession;
    const hub = createAgentEventHub(null);
    const client = {
      invoke: async () => {
        throw new Error('not_found: no such session');
      },
      subscribe: () => () => undefined,
      state: () => 'connected',
      onState: () => () => undefined,
    } as unknown as AkiraClient;
    attached = attachBoard(client, hub, sessionId);
    await attached.settled();
    expect(useBoardStore.getState().error).toContain('no such session');
    hub.push({ kind: 'agent', event: { ...events[0], sessionId: skipSession.sessionId } });
    expect(useBoardStore.getState().board.lastSeq).toBe(0);
    for (const event of events) hub.push({ kind: 'agent', event });
    expect(useBoardStore.getState().board.status).toBe('completed');
  });
});
