import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentSessionSummary } from '../../../../shared/contract';
import { createAgentEventHub } from './agentEventHub';
import { greetSession, skipSession, upTo, type Recording } from './fixtures/recorded';
import { getCurrentSessionId, summaryAfter, useSessionStore } from './sessionStore';

/** The list entry of a recorded session as it was right after it started. */
function startedSummary(r: Recording): AgentSessionSummary {
  const { todos: _t, approvals: _a, question: _q, planAwaitingApproval: _p, finalVerdict: _f, summary: _s, statusReason: _r, ...rest } = r.detail;
  return {
    ...rest,
    status: 'planning',
    phase: 'plan',
    progress: { done: 0, total: 0 },
    totals: { tokensIn: 0, tokensOut: 0, costUsd: null, modelCalls: 0 },
    live: true,
  };
}

beforeEach(() => {
  useSessionStore.setState({ currentSessionId: null, sessions: [], loaded: false, error: null, needsRefresh: false, statusReasons: {} });
});

describe('sessions store', () => {
  it('follows status, phase and tokens of listed sessions from the recorded events', () => {
    const store = useSessionStore.getState();
    store.setSessions([startedSummary(greetSession), startedSummary(skipSession)]);
    const first = upTo(greetSession, 'status_changed');
    for (const e of first) useSessionStore.getState().applyEvent(e);
    expect(useSessionStore.getState().sessions[0]).toMatchObject({ status: 'awaiting_plan_approval', phase: 'plan' });
    for (const e of greetSession.events.slice(first.length)) useSessionStore.getState().applyEvent(e);
    const [greet, skip] = useSessionStore.getState().sessions;
    expect(greet).toMatchObject({ status: 'completed', phase: 'done' });
    expect(greet.totals).toMatchObject({ tokensIn: greetSession.detail.totals.tokensIn, tokensOut: greetSession.detail.totals.tokensOut, modelCalls: greetSession.detail.totals.modelCalls });
    expect(greet.updatedAt).toBe(greetSession.events.at(-1)!.ts);
    expect(skip.status).toBe('planning');
    // Progress needs the TODO list: the list asks to be fetched again.
    expect(useSessionStore.getState().needsRefresh).toBe(true);
    useSessionStore.getState().setSessions(useSessionStore.getState().sessions);
    expect(useSessionStore.getState().needsRefresh).toBe(false);
  });

  it('asks for a new list when a session it does not know starts, and not for notices', () => {
    useSessionStore.getState().setSessions([]);
    useSessionStore.getState().applyEvent({ sessionId: greetSession.sessionId, type: 'warning', message: 'x' });
    expect(useSessionStore.getState().needsRefresh).toBe(false);
    useSessionStore.getState().applyEvent(greetSession.events[0]);
    expect(useSessionStore.getState().needsRefresh).toBe(true);
  });

  it('a rewind asks for a new list: the progress it shows is the rewound board\'s', () => {
    const s = { ...startedSummary(greetSession), status: 'completed' as const, progress: { done: 2, total: 2 } };
    useSessionStore.getState().setSessions([s]);
    useSessionStore.getState().applyEvent({ sessionId: s.sessionId, type: 'rollback', seq: 99, ts: '2026-01-01T00:00:00.000Z', checkpointId: 'cp1', mode: 'conversation', files: [], toSeq: 5 });
    expect(useSessionStore.getState().needsRefresh).toBe(true);
  });

  it('marks failed and stopped sessions, and a paused one stays live', () => {
    const s = startedSummary(skipSession);
    const at = (type: string, extra: object = {}) => ({ sessionId: s.sessionId, type, seq: 99, ts: '2026-01-01T00:00:00.000Z', ...extra }) as never;
    expect(summaryAfter(s, at('session_failed', { reason: 'x' })).status).toBe('failed');
    expect(summaryAfter(s, at('session_stopped')).status).toBe('stopped');
    expect(summaryAfter({ ...s, live: false }, at('status_changed', { status: 'paused' }))).toMatchObject({ status: 'paused', live: true });
    expect(summaryAfter(s, at('tool_call_started'))).toBe(s);
  });

  it('a session entering or leaving the queue asks for the places again and keeps why it waits', () => {
    const s = { ...startedSummary(skipSession), status: 'running' as const };
    const q = { ...startedSummary(greetSession), status: 'queued' as const, queuePosition: 1 };
    useSessionStore.getState().setSessions([s, q]);
    const at = (sessionId: string, extra: object) => ({ sessionId, type: 'status_changed', seq: 99, ts: '2026-01-01T00:00:00.000Z', ...extra }) as never;
    useSessionStore.getState().applyEvent(at(s.sessionId, { status: 'queued', reason: 'Waiting for a free slot.' }));
    expect(useSessionStore.getState()).toMatchObject({ needsRefresh: true, statusReasons: { [s.sessionId]: { reason: 'Waiting for a free slot.', words: null } } });
    expect(useSessionStore.getState().sessions[0]).toMatchObject({ status: 'queued', queuePosition: null });
    useSessionStore.getState().applyQueue([s.sessionId, q.sessionId]);
    expect(useSessionStore.getState().sessions.map((x) => x.queuePosition)).toEqual([1, 2]);
    useSessionStore.setState({ needsRefresh: false });
    useSessionStore.getState().applyEvent(at(q.sessionId, { status: 'running' }));
    expect(useSessionStore.getState().needsRefresh).toBe(true);
    expect(useSessionStore.getState().sessions[1]).toMatchObject({ status: 'running', queuePosition: null });
    useSessionStore.getState().setStatusReason(s.sessionId, null);
    expect(useSessionStore.getState().statusReasons[s.sessionId]).toBeUndefined();
  });

  it('keeps each reason with its words, and the same state when an update says the same thing again', () => {
    const id = greetSession.sessionId;
    const words = () => ({ key: 'reason.waitingFolder', values: [] as string[] });
    useSessionStore.getState().setStatusReason(id, 'Waiting for the folder.', words());
    const before = useSessionStore.getState();
    expect(before.statusReasons[id]).toEqual({ reason: 'Waiting for the folder.', words: words() });
    useSessionStore.getState().setStatusReason(id, 'Waiting for the folder.', words()); // other objects, the same words
    expect(useSessionStore.getState()).toBe(before);
    useSessionStore.getState().setStatusReason(id, 'Waiting for the folder.', { key: 'reason.waitingSlot', values: [] });
    expect(useSessionStore.getState().statusReasons[id].words?.key).toBe('reason.waitingSlot');
    useSessionStore.getState().setStatusReason(id, 'Waiting for the folder.');
    expect(useSessionStore.getState().statusReasons[id]).toEqual({ reason: 'Waiting for the folder.', words: null });
    const map = useSessionStore.getState().statusReasons;
    const changed = { sessionId: id, type: 'status_changed', status: 'queued', seq: 99, ts: '2026-01-01T00:00:00.000Z', reason: 'Waiting for the folder.' } as never;
    useSessionStore.getState().applyEvent(changed);
    expect(useSessionStore.getState().statusReasons).toBe(map);
    useSessionStore.getState().setStatusReason(id, null);
    expect(useSessionStore.getState().statusReasons).toEqual({});
    const empty = useSessionStore.getState();
    useSessionStore.getState().setStatusReason(id, null);
    expect(useSessionStore.getState()).toBe(empty);
  });

  it('holds the current session id for the other views', () => {
    useSessionStore.getState().open(greetSession.sessionId);
    expect(getCurrentSessionId()).toBe(greetSession.sessionId);
    useSessionStore.getState().open(null);
    expect(getCurrentSessionId()).toBeNull();
  });
});

describe('agent event hub', () => {
  it('keeps each session\'s recent events with the command terminals in arrival order', () => {
    const hub = createAgentEventHub(null, { perSession: 1000, sessions: 1, terminals: 10 });
    const seen: number[] = [];
    const off = hub.listen((e) => seen.push(e.n));
    for (const e of greetSession.entries) hub.push(e);
    const history = hub.history(greetSession.sessionId);
    expect(history).toHaveLength(greetSession.entries.length);
    expect(history.map((e) => e.n)).toEqual(seen);
    expect(history.findIndex((e) => e.kind === 'terminal')).toBe(greetSession.entries.findIndex((e) => e.kind === 'terminal'));
    for (const e of skipSession.entries) hub.push(e);
    expect(hub.history(greetSession.sessionId)).toEqual([]); // one session kept: the older went
    expect(hub.history(skipSession.sessionId).every((e) => e.kind === 'agent')).toBe(true);
    off();
  });

  it('drops the oldest events of a session past its limit', () => {
    const hub = createAgentEventHub(null, { perSession: 10, sessions: 4, terminals: 10 });
    for (const e of greetSession.entries) hub.push(e);
    const history = hub.history(greetSession.sessionId).filter((e) => e.kind === 'agent');
    expect(history).toHaveLength(10);
    expect(history.at(-1)).toMatchObject({ event: { type: 'session_completed' } });
  });
});
