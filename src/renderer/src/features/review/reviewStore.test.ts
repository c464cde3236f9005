import { afterEach, describe, expect, it } from 'vitest';
import type { AgentApproval } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { computeHunks } from './hunks';
import { accept, acceptAll, reject, rejectAll } from './reviewActions';
import { startReviewFeed } from './reviewFeed';
import { useReviewStore } from './reviewStore';
import { expectQuietFor, waitFor } from '../../../../testing/waitFor';
import { heldAnswers } from '../../../../testing/heldAnswers';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';

const fileChange = (changeId: string, path: string, before: string | null, after: string | null, kind: 'create' | 'modify' | 'delete' = 'modify'): AgentApproval => ({
  changeId,
  kind: 'change',
  todoId: 't1',
  change: { path, kind, before, after },
});
const command = (changeId: string, cmd: string): AgentApproval => ({
  changeId,
  kind: 'command',
  todoId: 't1',
  command: { command: cmd, destructive: true, reason: 'destructive commands always ask' },
});

/** An in-memory agent backend: sessions with what waits, the calls it got, and events it can push. */
function backend() {
  const waiting = new Map<string, AgentApproval[]>();
  const live = new Set<string>();
  const statuses = new Map<string, string>();
  const calls: { name: string; input: any }[] = [];
  const listeners = new Set<(e: any) => void>();
  const stateListeners = new Set<(s: string) => void>();
  const held = heldAnswers();
  const client = {
    async invoke(name: string, input: any) {
      calls.push({ name, input });
      const wait = held.pending();
      if (wait) await wait;
      if (name === 'agent.list') return { sessions: [...new Set([...live, ...waiting.keys()])].map((sessionId) => ({ sessionId, live: live.has(sessionId) })) };
      if (name === 'agent.get') return { sessionId: input.sessionId, task: `task of ${input.sessionId.slice(0, 4)}`, status: statuses.get(input.sessionId) ?? 'waiting_approval', live: live.has(input.sessionId), approvals: waiting.get(input.sessionId) ?? [] };
      if (name === 'agent.approve' || name === 'agent.reject') {
        const list = waiting.get(input.sessionId) ?? [];
        if (!list.some((a) => a.changeId === input.changeId)) throw new ClientError('not_found', `Nothing with id ${input.changeId} waits for approval in this session.`);
        waiting.set(input.sessionId, list.filter((a) => a.changeId !== input.changeId));
        return { ok: true };
      }
      throw new Error(`unexpected ${name}`);
    },
    subscribe(name: string, l: (e: any) => void) {
      if (name !== 'agent.onEvent') throw new Error(`unexpected subscription ${name}`);
      listeners.add(l);
      return () => listeners.delete(l);
    },
    onState(l: (s: string) => void) {
      stateListeners.add(l);
      return () => stateListeners.delete(l);
    },
    state: () => 'connected',
  } as unknown as AkiraClient;
  return {
    client,
    calls,
    wait(sessionId: string, a: AgentApproval) {
      live.add(sessionId);
      waiting.set(sessionId, [...(waiting.get(sessionId) ?? []), a]);
    },
    /** A session waits for something new and says so. */
    request(sessionId: string, a: AgentApproval) {
      this.wait(sessionId, a);
      for (const l of listeners) l({ sessionId, type: 'approval_requested', ...a, reason: 'file changes need approval' });
    },
    emit(e: Record<string, unknown>) {
      for (const l of listeners) l(e);
    },
    /** The session cancels everything (pause/stop) without a notice; agent.get then answers `status`. */
    cancel(sessionId: string, status = 'stopped') {
      waiting.set(sessionId, []);
      statuses.set(sessionId, status);
    },
    reconnect() {
      for (const l of stateListeners) l('connected');
    },
    hold: held.hold,
  };
}

const settle = (predicate: () => boolean, what: string) => waitFor(predicate, what, 2000);

const state = () => useReviewStore.getState();
const keys = () => state().items.map((i) => i.changeId);
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  state().reset();
});

describe('review store fed by the agent', () => {
  it('loads what already waits in live sessions, then follows approval_requested / approval_resolved', async () => {
    const b = backend();
    b.wait(S1, fileChange('ch-1', 'a.txt', 'a\n', 'A\n'));
    const arrived: string[] = [];
    stop = startReviewFeed(b.client, { onArrived: (i) => arrived.push(i.changeId) });
    await settle(() => keys().length === 1, 'the waiting change to load');
    expect(state().selectedKey).toBe(`${S1}/ch-1`);
    expect(state().sessions[S1]?.task).toBe(`task of 1111`);
    expect(arrived).toEqual([]); // it was waiting before: no notification

    b.request(S2, command('cmd-1', 'rm -rf build'));
    expect(keys()).toEqual(['ch-1', 'cmd-1']);
    expect(arrived).toEqual(['cmd-1']);
    expect(state().items[1].reason).toBe('file changes need approval');
    expect(state().selectedKey).toBe(`${S1}/ch-1`);

    b.emit({ sessionId: S1, type: 'approval_resolved', changeId: 'ch-1', decision: 'approved', by: 'user' });
    expect(keys()).toEqual(['cmd-1']);
    expect(state().selectedKey).toBe(`${S2}/cmd-1`);
    expect(state().decided.map((d) => [d.label, d.decision])).toEqual([['a.txt', 'approved']]);
  });

  it('drops what a paused or stopped session no longer waits for, and reloads on reconnect', async () => {
    const b = backend();
    stop = startReviewFeed(b.client);
    await settle(() => b.calls.some((c) => c.name === 'agent.list'), 'the first load');
    b.request(S1, fileChange('ch-1', 'a.txt', 'a\n', 'A\n'));
    b.request(S1, fileChange('ch-2', 'b.txt', 'b\n', 'B\n'));
    b.cancel(S1, 'paused');
    b.emit({ sessionId: S1, type: 'status_changed', status: 'paused', seq: 9 });
    await settle(() => keys().length === 0, 'the cancelled changes to leave');
    // A paused session holds them (it asks again when it resumes)…
    expect(state().decided.map((d) => d.decision)).toEqual(['held', 'held']);
    // …and asked again, one waits and is no longer listed as held.
    b.request(S1, fileChange('ch-1', 'a.txt', 'a\n', 'A\n'));
    expect(keys()).toEqual(['ch-1']);
    expect(state().decided.map((d) => [d.label, d.decision])).toEqual([['b.txt', 'held']]);
    // A stopped one dropped them.
    b.cancel(S1, 'stopped');
    b.emit({ sessionId: S1, type: 'session_stopped', seq: 12 });
    await settle(() => keys().length === 0, 'the dropped change to leave');
    expect(state().decided.map((d) => [d.label, d.decision])).toEqual([['b.txt', 'held'], ['a.txt', 'cancelled']]);

    b.wait(S2, fileChange('ch-3', 'c.txt', null, 'new\n', 'create'));
    b.reconnect();
    await settle(() => keys().length === 1, 'the reload after reconnect');
    expect(keys()).toEqual(['ch-3']);
  });

  it('keeps a change that arrives while a load is in flight, and does not bring back one answered meanwhile', async () => {
    const b = backend();
    b.wait(S1, fileChange('old', 'o.txt', 'o\n', 'O\n'));
    const release = b.hold();
    stop = startReviewFeed(b.client);
    await settle(() => b.calls.length === 1, 'agent.list to be asked');
    release();
    await settle(() => keys().length === 1, 'the first load');
    const release2 = b.hold();
    b.emit({ sessionId: S1, type: 'status_changed', status: 'paused' }); // starts agent.get, held
    await settle(() => b.calls.filter((c) => c.name === 'agent.get').length === 2, 'the second agent.get');
    b.request(S1, fileChange('fresh', 'f.txt', 'f\n', 'F\n')); // arrives during the get
    b.emit({ sessionId: S1, type: 'approval_resolved', changeId: 'old', decision: 'rejected', by: 'user', reason: 'no' });
    release2();
    // The held answer still lists 'old' (resolved meanwhile): it must not come back when the answer lands.
    await expectQuietFor(50, () => keys().includes('old') && 'the resolved change came back');
    expect(keys()).toEqual(['fresh']);
  });

  it('moves the selection with next/previous and keeps per-hunk state per change', () => {
    const s = state();
    s.requested(S1, fileChange('a', 'a.txt', 'a\n', 'A\n'));
    s.requested(S1, fileChange('b', 'b.txt', 'b\n', 'B\n'));
    s.requested(S1, command('c', 'make'));
    expect(state().selectedKey).toBe(`${S1}/a`);
    state().move(1);
    state().move(1);
    state().move(1);
    expect(state().selectedKey).toBe(`${S1}/c`);
    state().move(-1);
    expect(state().selectedKey).toBe(`${S1}/b`);
    state().toggleHunk(`${S1}/b`, 'h1');
    state().toggleHunk(`${S1}/a`, 'h2');
    state().toggleHunk(`${S1}/b`, 'h1');
    expect(state().items.map((i) => i.rejected)).toEqual([['h2'], [], []]);
    state().setEdited(`${S1}/a`, 'A\n'); // the agent's own text is no edit
    expect(state().items[0].edited).toBeNull();
    state().setEdited(`${S1}/a`, 'Z\n');
    expect(state().items[0].edited).toBe('Z\n');
  });
});

describe('review actions', () => {
  it('approves as proposed, with the merged text when hunks were rejected or lines edited, and rejects with the reason', async () => {
    const b = backend();
    stop = startReviewFeed(b.client);
    const before = 'one\ntwo\nthree\nfour\nfive\nsix\n';
    const after = 'ONE\ntwo\nthree\nfour\nfive\nSIX\n';
    b.request(S1, fileChange('ch-1', 'a.txt', before, after));
    b.request(S1, fileChange('ch-2', 'b.txt', 'x\n', 'y\n'));
    b.request(S1, fileChange('ch-3', 'c.txt', 'p\n', 'q\n'));
    const key1 = `${S1}/ch-1`;
    state().setEdited(key1, 'ONE\ntwo\nthree!\nfour\nfive\nSIX\n');
    const [, , last] = computeHunks(before, 'ONE\ntwo\nthree!\nfour\nfive\nSIX\n');
    state().toggleHunk(key1, last.key);

    expect(await accept(b.client, key1)).toBe('done');
    expect(b.calls.at(-1)).toEqual({ name: 'agent.approve', input: { sessionId: S1, changeId: 'ch-1', content: 'ONE\ntwo\nthree!\nfour\nfive\nsix\n' } });
    expect(await accept(b.client, `${S1}/ch-2`)).toBe('done');
    expect(b.calls.at(-1)).toEqual({ name: 'agent.approve', input: { sessionId: S1, changeId: 'ch-2' } });
    expect(await reject(b.client, `${S1}/ch-3`, '  use tabs  ')).toBe('done');
    expect(b.calls.at(-1)).toEqual({ name: 'agent.reject', input: { sessionId: S1, changeId: 'ch-3', reason: 'use tabs' } });
    expect(keys()).toEqual([]);
    expect(state().decided.map((d) => d.decision)).toEqual(['edited', 'approved', 'rejected']);
  });

  it('asks for a reason when every hunk is rejected, and refuses an empty reason', async () => {
    const b = backend();
    stop = startReviewFeed(b.client);
    b.request(S1, fileChange('ch-1', 'a.txt', 'a\n', 'b\n'));
    const key = `${S1}/ch-1`;
    state().setRejected(key, computeHunks('a\n', 'b\n').map((h) => h.key));
    expect(await accept(b.client, key)).toEqual({ needsReason: 'Every hunk was rejected.' });
    expect(await reject(b.client, key, '   ')).toBe('failed');
    expect(b.calls.filter((c) => c.name === 'agent.approve' || c.name === 'agent.reject')).toEqual([]);
  });

  it('accept all / reject all answer every waiting item; one the session no longer waits for leaves the list', async () => {
    const b = backend();
    stop = startReviewFeed(b.client);
    await settle(() => b.calls.length > 0, 'the first load');
    b.calls.length = 0;
    b.request(S1, fileChange('ch-1', 'a.txt', 'a\n', 'A\n'));
    b.request(S2, command('cmd-1', 'make'));
    state().requested(S2, fileChange('ghost', 'g.txt', 'g\n', 'G\n')); // not waiting on the backend
    expect(await acceptAll(b.client)).toEqual([]);
    expect(b.calls.filter((c) => c.name !== 'agent.get').map((c) => `${c.name} ${c.input.changeId}`)).toEqual(['agent.approve ch-1', 'agent.approve cmd-1', 'agent.approve ghost']);
    expect(state().decided.map((d) => d.decision)).toEqual(['approved', 'approved', 'cancelled']);

    b.request(S1, fileChange('ch-2', 'a.txt', 'a\n', 'A\n'));
    b.request(S2, command('cmd-2', 'make'));
    await rejectAll(b.client, 'stop: wrong approach');
    expect(b.calls.slice(-2).map((c) => c.input)).toEqual([
      { sessionId: S1, changeId: 'ch-2', reason: 'stop: wrong approach' },
      { sessionId: S2, changeId: 'cmd-2', reason: 'stop: wrong approach' },
    ]);
    expect(keys()).toEqual([]);
  });

  it('keeps a failed answer on the item as its error', async () => {
    const b = backend();
    stop = startReviewFeed(b.client);
    b.request(S1, fileChange('ch-1', 'a.txt', 'a\n', 'A\n'));
    const failing = { ...b.client, invoke: async () => Promise.reject(new ClientError('internal', 'disk full')) } as unknown as AkiraClient;
    expect(await accept(failing, `${S1}/ch-1`)).toBe('failed');
    expect(state().items[0]).toMatchObject({ busy: false, error: 'disk full' });
  });
});
