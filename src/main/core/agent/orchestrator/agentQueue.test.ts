import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// The agent's queue through a real core and the scripted model server: sessions beyond
// maxConcurrentTasks wait (status queued, a position), start by themselves in order when a slot frees,
// can be reordered and cancelled; a session started while another runs in the same tree asks first.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const settings = (maxConcurrentTasks: number) => ({ agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true }, limits: { maxConcurrentTasks } } } });

/** One scripted answer for any session's call, by what the call asks; execute calls take a moment so sessions overlap. */
async function anyCall(req: RecordedRequest) {
  const forced = req.body.tool_choice?.function?.name as string | undefined;
  const text = JSON.stringify(req.body.messages);
  if (forced === 'todo_write') return reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'Do it', expectedResult: 'done' }] });
  if (forced === 'verify_todo') return reply.toolCall('verify_todo', { todoId: text.includes('final check of the WHOLE task') ? 'task' : 'a', approved: true, feedback: 'ok', confidence: 0.9 });
  await new Promise((r) => setTimeout(r, 60));
  return reply.toolCall('update_todo', { id: 'a', status: 'done' });
}

/** A session does something: its loop runs (its first step takes the start checkpoint, then calls the model). */
const working = (e: AgentEvent) => e.type === 'checkpoint_taken' || e.type === 'model_call';

/** The most sessions that were running at once, from the events (queued and paused ones do not run). */
function peakRunning(events: readonly AgentEvent[]): number {
  const running = new Set<string>();
  let peak = 0;
  for (const e of events) {
    if (working(e)) running.add(e.sessionId);
    else if (e.type === 'status_changed' && (e.status === 'queued' || e.status === 'paused')) running.delete(e.sessionId);
    else if (e.type === 'session_completed' || e.type === 'session_failed' || e.type === 'session_stopped') running.delete(e.sessionId);
    peak = Math.max(peak, running.size);
  }
  return peak;
}

/** The order in which sessions started working. */
const startOrder = (events: readonly AgentEvent[]) => [...new Set(events.filter(working).map((e) => e.sessionId))];

describe('the agent queue', () => {
  it('5 sessions with the limit 2: at most 2 run at once, all complete, in the order they were queued', async () => {
    kit = await startAgentKit({ settings: settings(2) });
    kit.server.enqueue(...Array.from({ length: 5 * 4 }, () => anyCall));
    const ids: string[] = [];
    const queued: boolean[] = [];
    for (let i = 1; i <= 5; i++) {
      const r = await kit.call('agent.start', { task: `task ${i}`, whenBusy: 'parallel' });
      ids.push(r.sessionId);
      queued.push(r.queued === true);
    }
    expect(queued).toEqual([false, false, true, true, true]);
    const list = await kit.call('agent.list', {});
    // Positions as listed right after the starts (the queue may have moved on since: each is 1..3 or gone).
    const positions = list.sessions.filter((s) => ids.slice(2).includes(s.sessionId)).map((s) => s.queuePosition ?? null);
    expect(positions.every((p) => p === null || (p >= 1 && p <= 3))).toBe(true);
    for (const id of ids) await kit.waitForEvent('session_completed', (e) => e.sessionId === id, 30_000);
    kit.server.assertDone();
    expect(peakRunning(kit.events)).toBe(2);
    // The first two start at once (either may take its first step first); the queued ones in their order: 3 and 4
    // are launched when 1 and 2 end (when both end together, either may take its first step first), 5 only once one
    // of them has ended, so never before them.
    const order = startOrder(kit.events);
    expect(new Set(order.slice(0, 2))).toEqual(new Set(ids.slice(0, 2)));
    expect(new Set(order.slice(2, 4))).toEqual(new Set(ids.slice(2, 4)));
    expect(order[4]).toBe(ids[4]);
  });

  it('a queued session can be reordered and cancelled (agent.stop); pause and resume say it is queued', async () => {
    kit = await startAgentKit({ settings: settings(1) });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    kit.server.enqueue(async (req) => {
      await gate; // the first session's plan call waits: the others stay queued meanwhile
      return anyCall(req);
    });
    kit.server.enqueue(...Array.from({ length: 3 * 4 - 1 }, () => anyCall));
    const first = await kit.call('agent.start', { task: 'first' });
    const b = await kit.call('agent.start', { task: 'b', whenBusy: 'queue' });
    const c = await kit.call('agent.start', { task: 'c', whenBusy: 'queue' });
    const d = await kit.call('agent.start', { task: 'd', whenBusy: 'queue' });
    expect([b.queued, c.queued, d.queued]).toEqual([true, true, true]);
    expect((await kit.call('agent.get', { sessionId: c.sessionId })).status).toBe('queued');
    expect(await kit.call('agent.reorderQueue', { sessionIds: [d.sessionId] })).toEqual({ queue: [d.sessionId, b.sessionId, c.sessionId] });
    expect((await kit.call('agent.get', { sessionId: d.sessionId })).queuePosition).toBe(1);
    expect((await kit.fail('agent.pause', { sessionId: b.sessionId })).message).toContain('queued (position 2)');
    expect((await kit.fail('agent.resume', { sessionId: b.sessionId })).message).toContain('starts by itself');
    expect((await kit.fail('agent.reorderQueue', { sessionIds: [first.sessionId] })).code).toBe('not_found');
    await kit.call('agent.stop', { sessionId: c.sessionId });
    expect((await kit.call('agent.get', { sessionId: c.sessionId })).status).toBe('stopped');
    await kit.waitForEvent('session_stopped', (e) => e.sessionId === c.sessionId);
    release();
    for (const id of [first.sessionId, d.sessionId, b.sessionId]) await kit.waitForEvent('session_completed', (e) => e.sessionId === id, 8_000);
    expect(startOrder(kit.events)).toEqual([first.sessionId, d.sessionId, b.sessionId]);
    kit.server.assertDone();
  });

  it('a session started while another runs in the same tree asks first; "queue" waits for it, "parallel" runs beside it', async () => {
    kit = await startAgentKit({ settings: settings(3) });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    kit.server.enqueue(async (req) => {
      await gate;
      return anyCall(req);
    });
    kit.server.enqueue(...Array.from({ length: 3 + 8 }, () => anyCall));
    const a = await kit.call('agent.start', { task: 'a' });
    const asked = await kit.fail('agent.start', { task: 'b' });
    expect(asked.code).toBe('conflict');
    expect(asked.details?.sharedTreeBusy?.sessions).toEqual([{ sessionId: a.sessionId, task: 'a' }]);
    expect((await kit.call('agent.list', {})).sessions).toHaveLength(1); // nothing was created
    const b = await kit.call('agent.start', { task: 'b', whenBusy: 'queue' });
    expect(b.queued).toBe(true);
    const c = await kit.call('agent.start', { task: 'c', whenBusy: 'parallel' });
    expect(c.queued).toBeUndefined();
    release();
    for (const id of [a.sessionId, b.sessionId, c.sessionId]) await kit.waitForEvent('session_completed', (e) => e.sessionId === id, 30_000);
    // b started only once a had ended.
    const aDone = kit.events.findIndex((e) => e.type === 'session_completed' && e.sessionId === a.sessionId);
    const bStart = kit.events.findIndex((e) => working(e) && e.sessionId === b.sessionId);
    expect(bStart).toBeGreaterThan(aDone);
    kit.server.assertDone();
  });
});
