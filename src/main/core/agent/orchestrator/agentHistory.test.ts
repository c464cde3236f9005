import { readFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// agent.rewind and agent.fork through the real core, the real checkpoint store and the scripted
// model server: a two-TODO session writes a.txt then b.txt; it is paused (or completes), rewound to
// a checkpoint, resumed from there; or forked from a checkpoint into a new session.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const TODOS = [
  { id: 't1', description: 'Create a.txt saying alpha', expectedResult: 'a.txt contains alpha' },
  { id: 't2', description: 'Create b.txt saying beta', expectedResult: 'b.txt contains beta' },
];
// (A README: the checkpoint store cannot snapshot an empty workspace yet — fast-import "mark :1 not declared".)
const files = { 'README.md': '# demo\n' };
const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'looks right', confidence: 0.9 });
const body = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const exists = (p: string) => access(p).then(() => true, () => false);

/** A model request the test holds until it says so (the session stays running meanwhile). */
function held(onArrive: () => void) {
  return () => {
    onArrive();
    return reply.hang();
  };
}

async function checkpointsOf(k: AgentKit, sessionId: string) {
  const events = k.ofType('checkpoint_taken').filter((e) => e.sessionId === sessionId);
  return events.map((e) => ({ checkpointId: e.checkpointId, todoId: e.todoId, label: e.label ?? '', seq: e.seq }));
}

describe('agent.rewind', () => {
  it('refuses a running session, rewinds a paused one to a checkpoint, and resumes it from there to the end', async () => {
    kit = await startAgentKit({ files, settings });
    let arrived = false;
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: TODOS }),
      reply.toolCall('write_file', { path: 'a.txt', content: 'alpha\n' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote a.txt' }),
      verdict('t1'),
      reply.toolCall('write_file', { path: 'b.txt', content: 'beta\n' }),
      held(() => (arrived = true)),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'Write a.txt and b.txt' });
    await kit.waitForEvent('checkpoint_taken', (e) => e.todoId === 't2' && String(e.label).includes('b.txt'));
    await new Promise<void>((resolve, reject) => {
      const t = setInterval(() => arrived && (clearInterval(t), resolve()), 10);
      setTimeout(() => (clearInterval(t), reject(new Error('the held request never came'))), 10_000);
    });
    const cps = await checkpointsOf(kit, sessionId);
    // The session's start, each TODO's start (its own checkpoint even when nothing changed) and each write.
    expect(cps.map((c) => [c.todoId, c.label])).toEqual([
      [null, 'start of the session'],
      ['t1', 'start of TODO t1'],
      ['t1', 'TODO t1: a.txt'],
      ['t2', 'start of TODO t2'],
      ['t2', 'TODO t2: b.txt'],
    ]);
    expect(new Set(cps.map((c) => c.checkpointId)).size).toBe(5);
    // The checkpoint records carry the session and the TODO (the Timeline groups by them).
    const listed = await kit.call('checkpoints.list', { sessionId, offset: 0, limit: 100 });
    expect(listed.checkpoints.map((c) => [c.checkpointId, c.origin, c.sessionId, c.todoId ?? null]).reverse()).toEqual(cps.map((c) => [c.checkpointId, 'agent', sessionId, c.todoId]));

    const t1Write = cps[2];
    const running = await kit.fail('agent.rewind', { sessionId, checkpointId: t1Write.checkpointId });
    expect(running).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/pause it first/) });

    await kit.call('agent.pause', { sessionId });
    await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    expect(await kit.fail('agent.rewind', { sessionId, checkpointId: 'nope-not-one' })).toMatchObject({ code: 'not_found', message: expect.stringMatching(/was not taken by session/) });

    const { toSeq } = await kit.call('agent.rewind', { sessionId, checkpointId: t1Write.checkpointId });
    expect(toSeq).toBe(t1Write.seq);
    const rewound = await kit.call('agent.get', { sessionId });
    expect(rewound).toMatchObject({ status: 'paused', phase: 'execute', live: false });
    expect(rewound.statusReason).toMatch(/Rewound to checkpoint/);
    expect(rewound.todos.map((t) => [t.id, t.status, t.checkpointIds.length])).toEqual([
      ['t1', 'in_progress', 2],
      ['t2', 'pending', 0],
    ]);
    expect(kit.ofType('rollback').at(-1)).toMatchObject({ sessionId, checkpointId: t1Write.checkpointId, toSeq, mode: 'conversation' });
    // Files are not touched by a conversation rewind.
    expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('beta\n');
    const dir = join(kit.root, '.akira/sessions', sessionId);
    expect(await readFile(join(dir, 'rollbacks.md'), 'utf8')).toContain(`restored \`${t1Write.checkpointId}\` · mode conversation`);
    const log = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trim().split('\n');
    expect(log.filter((l) => l.includes('"checkpoint_taken"'))).toHaveLength(5); // the history is kept

    // A session nothing runs can have its pending TODOs edited (straight into its log).
    await kit.call('agent.editTodos', { sessionId, todos: [TODOS[0], { id: 't2', description: 'Create b.txt saying beta again', expectedResult: 'b.txt contains beta again' }] });
    expect((await kit.call('agent.get', { sessionId })).todos[1]).toMatchObject({ id: 't2', status: 'pending', description: 'Create b.txt saying beta again' });

    // Resume: t1 goes on from its write (the model sees it), then t2 is done again, then the whole task.
    kit.server.enqueue(
      (req) => {
        // t1's work as it was at the checkpoint: its write is in the context, t2 has not started.
        expect(body(req)).toContain('CURRENT TODO t1 (in progress)');
        expect(body(req)).toContain('Created a.txt');
        expect(body(req)).not.toContain('CURRENT TODO t2');
        return reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote a.txt' });
      },
      verdict('t1'),
      reply.toolCall('write_file', { path: 'b.txt', content: 'beta again\n' }),
      reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'wrote b.txt' }),
      verdict('t2'),
      verdict('task'),
    );
    await kit.call('agent.resume', { sessionId });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    const done = await kit.call('agent.get', { sessionId });
    expect(done.status).toBe('completed');
    expect(done.todos.map((t) => t.status)).toEqual(['done', 'done']);
    expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('beta again\n');
    expect(kit.server.errors).toEqual([]);
    expect(kit.ofType('warning')).toEqual([]);
  });
});

describe('agent.fork', () => {
  it('makes a paused session from another one\'s history up to a checkpoint, which resumes to the end; a completed session can be rewound', async () => {
    kit = await startAgentKit({ files, settings });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: TODOS }),
      reply.toolCall('write_file', { path: 'a.txt', content: 'alpha\n' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'wrote a.txt' }),
      verdict('t1'),
      reply.toolCall('write_file', { path: 'b.txt', content: 'beta\n' }),
      reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'wrote b.txt' }),
      verdict('t2'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'Write a.txt and b.txt' });
    await kit.waitForEvent('session_completed');
    const cps = await checkpointsOf(kit, sessionId);
    const t2Start = cps.find((c) => c.label === 'start of TODO t2')!;

    const fork = await kit.call('agent.fork', { sessionId, checkpointId: t2Start.checkpointId, task: 'Write a.txt and a better b.txt' });
    expect(fork.sessionId).not.toBe(sessionId);
    const forked = await kit.call('agent.get', { sessionId: fork.sessionId });
    expect(forked).toMatchObject({ task: 'Write a.txt and a better b.txt', status: 'paused', mode: 'autonomous', model: 'test-model' });
    expect(forked.statusReason).toMatch(new RegExp(`Forked from session ${sessionId} at checkpoint ${t2Start.checkpointId}`));
    expect(forked.todos.map((t) => [t.id, t.status])).toEqual([
      ['t1', 'done'],
      ['t2', 'in_progress'],
    ]);
    expect(kit.ofType('session_started').map((e) => e.sessionId)).toContain(fork.sessionId);
    // The source is untouched, and so are the files.
    expect((await kit.call('agent.get', { sessionId })).status).toBe('completed');
    expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('beta\n');
    const forkLog = (await readFile(join(kit.root, '.akira/sessions', fork.sessionId, 'events.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(forkLog[0]).toMatchObject({ seq: 1, type: 'session_started', sessionId: fork.sessionId, options: { forkedFrom: { sessionId, checkpointId: t2Start.checkpointId } } });
    expect(forkLog.map((e) => e.seq)).toEqual(forkLog.map((_, i) => i + 1));
    expect(forkLog.filter((e) => e.type === 'checkpoint_taken').map((e) => e.checkpointId)).toEqual(cps.slice(0, 4).map((c) => c.checkpointId));

    kit.server.enqueue(
      (req) => {
        expect(body(req)).toContain('a better b.txt');
        return reply.toolCall('write_file', { path: 'b.txt', content: 'better beta\n' });
      },
      reply.toolCall('update_todo', { id: 't2', status: 'done', result: 'wrote b.txt' }),
      verdict('t2'),
      verdict('task'),
    );
    await kit.call('agent.resume', { sessionId: fork.sessionId });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === fork.sessionId);
    expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('better beta\n');

    // A completed session rewinds to its very start: no plan, paused, resumable.
    const { toSeq } = await kit.call('agent.rewind', { sessionId, checkpointId: cps[0].checkpointId });
    expect(toSeq).toBe(cps[0].seq);
    const back = await kit.call('agent.get', { sessionId });
    expect(back).toMatchObject({ status: 'paused', phase: 'plan', todos: [], progress: { done: 0, total: 0 } });
    // The reason names the checkpoint by its label, not its id.
    expect(back.statusReason).toMatch(/^Rewound to checkpoint “start of the session”:/);
    expect(await exists(join(kit.root, 'a.txt'))).toBe(true);
    expect(await kit.fail('agent.fork', { sessionId, checkpointId: 'zzzz' })).toMatchObject({ code: 'not_found' });

    // The rewind is taken back: completed again, with its board and summary; a second undo has nothing to undo.
    await kit.call('agent.undoRewind', { sessionId });
    const undone = await kit.call('agent.get', { sessionId });
    expect(undone).toMatchObject({ status: 'completed', phase: 'done', progress: { done: 2, total: 2 }, statusReason: null });
    expect(undone.summary).toBeTruthy();
    const [rewindEvent, undoEvent] = kit.ofType('rollback').slice(-2);
    expect(undoEvent).toMatchObject({ sessionId, undoes: rewindEvent.seq, toSeq: rewindEvent.seq! - 1, mode: 'conversation' });
    expect(await readFile(join(kit.root, '.akira/sessions', sessionId, 'rollbacks.md'), 'utf8')).toContain('was undone');
    expect(await kit.fail('agent.undoRewind', { sessionId })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/no rewind to undo/) });

    // A rewind the session went on from (here: its board was edited) can no longer be undone.
    await kit.call('agent.rewind', { sessionId, checkpointId: cps[1].checkpointId });
    await kit.call('agent.editTodos', { sessionId, todos: [TODOS[0], { id: 't2', description: 'Create b.txt saying beta, again', expectedResult: 'b.txt contains beta' }] });
    expect(await kit.fail('agent.undoRewind', { sessionId })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/went on after its rewind/) });

    // Restore → Both (issue 27 defect 8): the Timeline restored the files first; the reason does not say they were left alone.
    await kit.call('agent.rewind', { sessionId, checkpointId: cps[1].checkpointId, filesRestored: true });
    const both = await kit.call('agent.get', { sessionId });
    expect(both.statusReason).toMatch(/the conversation and the files are as they were then/);
    expect(both.statusReason).not.toMatch(/not touched/);
    expect(kit.ofType('rollback').at(-1)).toMatchObject({ sessionId, mode: 'both' });
    kit.server.assertDone();
  });
});
