import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// What waits for a person, through the contract as every face drives it: changes approved with
// edited content or rejected with a reason, the plan approved with edits or rejected with feedback,
// a failed TODO's question (retry / skip / edit / stop), messages sent mid-session, limits that pause
// the session, destructive commands that always ask, and stop.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const plan = (todos: { id: string; description: string; expectedResult: string }[]) => reply.toolCall('todo_write', { todos });
const verdict = (todoId: string, approved: boolean, feedback = approved ? 'ok' : 'not done') =>
  reply.toolCall('verify_todo', { todoId, approved, feedback, confidence: 0.8 });
const sent = (r: RecordedRequest) => JSON.stringify(r.body.messages);
const one = (id: string, description = `Do ${id}`) => [{ id, description, expectedResult: `${id} is done` }];

describe('agent session: people in the loop', () => {
  it('applies the edited content of an approved change, and sends a rejection reason back as the tool result', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'old\n' } });
    kit.server.enqueue(
      plan(one('w')),
      reply.toolCall('write_file', { path: 'a.txt', content: 'new from the model\n' }),
      (req) => {
        expect(sent(req)).toContain('The user EDITED your change');
        return reply.toolCall('delete_file', { path: 'a.txt' });
      },
      (req) => {
        expect(sent(req)).toContain('keep a.txt, it is used by the build');
        return reply.toolCall('update_todo', { id: 'w', status: 'done' });
      },
      verdict('w', true),
      verdict('task', true),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'change a' });
    const first = await kit.waitForEvent('approval_requested');
    expect(first.change).toMatchObject({ path: 'a.txt', kind: 'modify', before: 'old\n', after: 'new from the model\n' });
    expect((await kit.call('agent.get', { sessionId })).status).toBe('waiting_approval');
    await kit.call('agent.approve', { sessionId, changeId: String(first.changeId), content: 'edited by me\n' });
    const second = await kit.waitForEvent('approval_requested', (e) => e.changeId !== first.changeId);
    expect(second.change).toMatchObject({ kind: 'delete' });
    const bad = await kit.fail('agent.reject', { sessionId, changeId: String(second.changeId), reason: '  ' });
    expect(bad.code).toBe('bad_request');
    await kit.call('agent.reject', { sessionId, changeId: String(second.changeId), reason: 'keep a.txt, it is used by the build' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('edited by me\n');
    expect(kit.ofType('change_decided').map((e) => e.decision)).toEqual(['edited', 'rejected']);
    // A decided change cannot be decided again.
    expect((await kit.fail('agent.approve', { sessionId, changeId: String(first.changeId) })).code).toMatch(/not_found|conflict|bad_request/);
  });

  it('waits for plan approval: a rejection re-plans with the feedback, an edited plan is what runs', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true } } } });
    kit.server.enqueue(
      plan(one('x', 'Do it all at once')),
      (req) => {
        expect(sent(req)).toContain('split it into two steps');
        return plan([...one('p1', 'First step'), ...one('p2', 'Second step')]);
      },
      (req) => {
        // The edited plan: p1 reworded, p2 removed, a new TODO added.
        expect(sent(req)).toContain('First step, carefully');
        expect(sent(req)).not.toContain('Second step');
        return reply.toolCall('update_todo', { id: 'p1', status: 'done' });
      },
      verdict('p1', true),
      reply.toolCall('update_todo', { id: 'extra', status: 'done' }),
      verdict('extra', true),
      verdict('task', true),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'plan me' });
    await kit.waitForEvent('plan_approval_requested');
    expect(await kit.call('agent.get', { sessionId })).toMatchObject({ status: 'awaiting_plan_approval', planAwaitingApproval: true });
    await kit.call('agent.approvePlan', { sessionId, approved: false, feedback: 'split it into two steps' });
    await kit.waitForEvent('plan_approval_requested', (e) => Array.isArray(e.todos) && e.todos.length === 2);
    await kit.call('agent.approvePlan', {
      sessionId,
      approved: true,
      todos: [
        { id: 'p1', description: 'First step, carefully', expectedResult: 'p1 is done' },
        { id: 'extra', description: 'A step I added', expectedResult: 'extra is done' },
      ],
    });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const state = await kit.call('agent.get', { sessionId });
    expect(state.todos.map((t) => [t.id, t.status])).toEqual([['p1', 'done'], ['extra', 'done']]);
  });

  it('an approval sent the moment the plan is shown (before the wait opens) is kept for it, not refused', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true } } } });
    kit.server.enqueue(plan(one('q')), reply.toolCall('update_todo', { id: 'q', status: 'done' }), verdict('q', true), verdict('task', true));
    let early: Promise<unknown> | null = null;
    let waitingThen: boolean | null = null;
    const k = kit;
    k.core.bus.on('agent.onEvent', (e) => {
      if (e.type !== 'plan_proposed' || early) return;
      // Like a person clicking Approve on the plan a face drew from this event.
      early = k.core.router.handle('agent.approvePlan', { sessionId: e.sessionId, approved: true }, { face: 'test' });
      waitingThen = k.events.some((x) => x.type === 'plan_approval_requested');
    });
    const { sessionId } = await kit.call('agent.start', { task: 'quick' });
    await kit.waitForEvent('session_completed');
    expect(waitingThen).toBe(false);
    expect(await early).not.toHaveProperty('error');
    expect(kit.ofType('plan_approved')).toHaveLength(1);
    expect((await kit.call('agent.get', { sessionId })).todos.map((t) => t.status)).toEqual(['done']);
    kit.server.assertDone();
  });

  it('a TODO past its retry limit fails, the others go on, then the session asks: edit and retry one, skip the other', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous', policy: { limits: { maxRetriesPerTodo: 1 } } } } });
    kit.server.enqueue(
      plan([...one('h', 'Make it fast'), ...one('k', 'Polish')]),
      reply.toolCall('update_todo', { id: 'h', status: 'done' }),
      verdict('h', false, 'nothing measured'),
      reply.toolCall('update_todo', { id: 'h', status: 'done' }),
      verdict('h', false, 'still nothing measured'),
      reply.toolCall('update_todo', { id: 'k', status: 'done' }),
      verdict('k', false, 'no'),
      reply.toolCall('update_todo', { id: 'k', status: 'done' }),
      verdict('k', false, 'no again'),
      (req) => {
        expect(sent(req)).toContain('Measure first, then make it fast');
        return reply.toolCall('update_todo', { id: 'h', status: 'done', result: 'measured' });
      },
      verdict('h', true),
      verdict('task', true),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'speed' });
    const q = await kit.waitForEvent('question');
    expect(q).toMatchObject({ todoId: 'h', options: ['retry', 'skip', 'edit', 'stop'] });
    expect(String(q.text)).toContain('still nothing measured');
    expect((await kit.call('agent.get', { sessionId })).todos.map((t) => t.status)).toEqual(['failed', 'failed']);
    await kit.call('agent.answer', { sessionId, questionId: String(q.questionId), choice: 'edit', todo: { description: 'Measure first, then make it fast' } });
    const q2 = await kit.waitForEvent('question', (e) => e.todoId === 'k');
    await kit.call('agent.answer', { sessionId, questionId: String(q2.questionId), choice: 'skip' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    const state = await kit.call('agent.get', { sessionId });
    expect(state.todos.map((t) => [t.id, t.status])).toEqual([['h', 'done'], ['k', 'skipped']]);
    expect(state.todos[0].description).toBe('Measure first, then make it fast');
  });

  it('puts a message sent mid-session into the next call, and pauses at the tool-loop limit saying why', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'a\n' }, settings: { agent: { mode: 'autonomous', policy: { limits: { maxToolLoopsPerTodo: 2 } } } } });
    let sessionId = '';
    kit.server.enqueue(
      plan(one('l')),
      async () => {
        await kit!.call('agent.sendMessage', { sessionId, text: 'Please use a.txt only' });
        return reply.toolCall('read_file', { path: 'a.txt' });
      },
      (req) => {
        expect(sent(req)).toContain('Please use a.txt only');
        return reply.toolCall('read_file', { path: 'a.txt' });
      },
    );
    ({ sessionId } = await kit.call('agent.start', { task: 'loop' }));
    const paused = await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    expect(String(paused.reason)).toContain('maxToolLoopsPerTodo');
    kit.server.assertDone();
    // Resuming with a hint continues: the limit counts again from the resume.
    kit.server.enqueue(reply.toolCall('update_todo', { id: 'l', status: 'done' }), verdict('l', true), verdict('task', true));
    await kit.call('agent.resume', { sessionId });
    await kit.waitForEvent('session_completed');
  });

  it('asks for a destructive command even when commands are auto-approved; stop ends the session for good', async () => {
    kit = await startAgentKit({ files: { 'keep.txt': 'k\n' }, settings: { agent: { mode: 'autonomous', policy: { autoApprove: { command: true } } } } });
    kit.server.enqueue(plan(one('d')), reply.toolCall('run_command', { command: 'git reset --hard' }));
    const { sessionId } = await kit.call('agent.start', { task: 'reset' });
    const asked = await kit.waitForEvent('approval_requested');
    expect(asked).toMatchObject({ kind: 'command', command: { command: 'git reset --hard', destructive: true } });
    await kit.call('agent.stop', { sessionId, reason: 'not this' });
    await kit.waitForEvent('session_stopped');
    expect((await kit.call('agent.get', { sessionId })).status).toBe('stopped');
    expect(kit.ofType('command_finished')).toEqual([]);
    expect(existsSync(join(kit.root, 'keep.txt'))).toBe(true);
    expect((await kit.fail('agent.resume', { sessionId })).code).toMatch(/conflict|bad_request/);
  });

  it('streams the model\'s text as batched assistant_delta notices that add up to what it said', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous' } } });
    const text = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    kit.server.enqueue(
      plan(one('s')),
      reply.message({ text, toolCalls: [{ name: 'update_todo', arguments: { id: 's', status: 'done' } }], chunkSize: 4 }),
      verdict('s', true),
      verdict('task', true),
    );
    await kit.call('agent.start', { task: 'stream' });
    await kit.waitForEvent('session_completed');
    const deltas = kit.ofType('assistant_delta');
    expect(deltas.map((d) => d.text).join('')).toBe(text);
    expect(deltas.every((d) => d.todoId === 's' && d.phase === 'execute')).toBe(true);
    // Batched: far fewer notices than the ~700 chunks the server streamed.
    expect(deltas.length).toBeLessThan(text.length / 4);
    // The text is complete before the call's record and the finished message.
    const order = kit.events.map((e) => e.type);
    expect(order.lastIndexOf('assistant_delta')).toBeLessThan(order.indexOf('assistant_message'));
  });

  it('proposes the file changes of one reply together: both wait at once, each is decided on its own', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'a\n', 'b.txt': 'b\n' } });
    kit.server.enqueue(
      plan(one('two')),
      reply.message({
        toolCalls: [
          { name: 'write_file', arguments: { path: 'a.txt', content: 'A\n' } },
          { name: 'edit_file', arguments: { path: 'b.txt', edits: [{ search: 'b', replace: 'B' }] } },
          { name: 'run_command', arguments: { command: 'ls' } },
        ],
      }),
      (req) => {
        const text = sent(req);
        expect(text).toContain('The user REJECTED this change to a.txt');
        expect(text).toContain('a stays lower case');
        expect(text).toContain('Applied the change to b.txt');
        return reply.toolCall('update_todo', { id: 'two', status: 'done' });
      },
      verdict('two', true),
      verdict('task', true),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'upper case' });
    await kit.waitForEvent('approval_requested', (e) => (e.change as { path?: string })?.path === 'b.txt');
    const waiting = await kit.call('agent.get', { sessionId });
    expect(waiting.approvals.map((a) => a.change?.path)).toEqual(['a.txt', 'b.txt']);
    expect(waiting.statusReason).toContain('2 file changes');
    const [a, b] = waiting.approvals;
    await kit.call('agent.approve', { sessionId, changeId: b.changeId });
    await kit.waitForEvent('change_applied');
    expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('B\n');
    await kit.call('agent.reject', { sessionId, changeId: a.changeId, reason: 'a stays lower case' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(await readFile(join(kit.root, 'a.txt'), 'utf8')).toBe('a\n');
    // The rejection stops the rest of the reply: the command was not run.
    expect(kit.ofType('tool_call_started').map((e) => e.tool)).not.toContain('run_command');
    // One checkpoint for the batch, linked to the TODO.
    expect(kit.ofType('checkpoint_taken').filter((e) => String(e.label ?? '').includes('b.txt'))).toHaveLength(1);
  });

  it('answers a session\'s logged events by pages (agent.events), per-TODO counts and the last seq (agent.get)', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'a\n' }, settings: { agent: { mode: 'autonomous' } } });
    kit.server.enqueue(
      plan(one('e')),
      reply.toolCall('read_file', { path: 'a.txt' }),
      reply.toolCall('update_todo', { id: 'e', status: 'done' }),
      verdict('e', true),
      verdict('task', true),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'events' });
    await kit.waitForEvent('session_completed');
    const detail = await kit.call('agent.get', { sessionId });
    const logged = kit.events.filter((e) => e.seq !== undefined);
    expect(detail.lastSeq).toBe(logged.at(-1)!.seq);
    expect(detail.todos[0]).toMatchObject({ toolCalls: 2 });
    expect(detail.todos[0].tokensIn).toBeGreaterThan(0);
    const last = await kit.call('agent.events', { sessionId, limit: 5 });
    expect(last.more).toBe(true);
    expect(last.events.map((e) => e.seq)).toEqual(logged.slice(-5).map((e) => e.seq));
    expect(last.events.every((e) => e.sessionId === sessionId)).toBe(true);
    const earlier = await kit.call('agent.events', { sessionId, beforeSeq: last.events[0].seq, limit: 1000 });
    expect(earlier.more).toBe(false);
    expect([...earlier.events, ...last.events].map((e) => e.seq)).toEqual(logged.map((e) => e.seq));
    expect((await kit.fail('agent.events', { sessionId: '3b241101-e2bb-4255-8caf-4136c566a962' })).code).toBe('not_found');
  });
});
