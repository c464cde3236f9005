import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { waitFor } from '../../../../testing/waitFor';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// agent.editTodos, agent.modes and agent.start {model} through the real core and the scripted server.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const files = { 'README.md': '# demo\n' };
const todo = (id: string, description: string) => ({ id, description, expectedResult: `${description}: done` });
const board = async (k: AgentKit, sessionId: string) => (await k.call('agent.get', { sessionId })).todos.map((t) => `${t.id}:${t.status}:${t.description}`);

describe('agent.editTodos', () => {
  it('edits, adds, removes and reorders the plan while it waits for approval; the approval follows through', async () => {
    kit = await startAgentKit({ files, settings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: true } } } } });
    kit.server.enqueue(reply.toolCall('todo_write', { todos: [todo('t1', 'One'), todo('t2', 'Two'), todo('t3', 'Three')] }));
    const { sessionId } = await kit.call('agent.start', { task: 'numbers', model: 'other-model' });
    await kit.waitForEvent('plan_approval_requested');
    // agent.start {model}: this session talks to that model.
    expect(kit.server.chatRequests()[0].body.model).toBe('other-model');
    expect((await kit.call('agent.get', { sessionId })).model).toBe('other-model');

    await kit.call('agent.editTodos', {
      sessionId,
      todos: [
        { id: 't3', description: 'Three, first', expectedResult: 'Three: done' },
        { description: 'Four (new)', expectedResult: 'four exists' },
        { id: 't1', description: 'One', expectedResult: 'One: done' },
      ],
    });
    expect(await board(kit, sessionId)).toEqual(['t3:pending:Three, first', 't4:pending:Four (new)', 't1:pending:One']);
    const types = kit.events.filter((e) => e.seq !== undefined && ['todo_added', 'todo_removed', 'todo_reordered', 'todo_updated'].includes(e.type)).map((e) => e.type);
    expect(types).toEqual(['todo_removed', 'todo_updated', 'todo_added', 'todo_reordered']);
    expect(kit.ofType('todo_removed')[0]).toMatchObject({ sessionId, todoId: 't2' });
    // Nothing to change: no events.
    const before = kit.events.length;
    const same = [
      { id: 't3', description: 'Three, first', expectedResult: 'Three: done' },
      { id: 't4', description: 'Four (new)', expectedResult: 'four exists' },
      todo('t1', 'One'),
    ];
    await kit.call('agent.editTodos', { sessionId, todos: same });
    expect(kit.events.length).toBe(before);

    expect(await kit.fail('agent.editTodos', { sessionId, todos: [todo('t9', 'Nine')] })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/no TODO "t9"/) });
    expect(await kit.fail('agent.editTodos', { sessionId, todos: [todo('t1', 'One'), todo('t1', 'One')] })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/t1 is listed twice/) });
    expect(await kit.fail('agent.editTodos', { sessionId, todos: [] })).toMatchObject({ code: 'bad_request' });

    // The plan approval goes on with the edited board; t3 starts, and waits on the model.
    let held = false;
    kit.server.enqueue(() => {
      held = true;
      return reply.hang();
    });
    await kit.call('agent.approvePlan', { sessionId, approved: true });
    await waitFor(() => held, 'the first execute call');
    expect(await board(kit, sessionId)).toEqual(['t3:in_progress:Three, first', 't4:pending:Four (new)', 't1:pending:One']);

    // While it runs: started TODOs are refused (named), pending ones may change around them.
    const refused = [
      [[{ ...todo('t3', 'Three, changed'), expectedResult: 'Three: done' }, todo('t1', 'One')], /TODO t3 is in progress: it cannot be changed/],
      [[todo('t1', 'One')], /TODO t3 is in progress: it cannot be removed/],
    ] as const;
    for (const [todos, message] of refused) {
      expect(await kit.fail('agent.editTodos', { sessionId, todos: [...todos] })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(message) });
    }
    await kit.call('agent.editTodos', { sessionId, todos: [todo('t1', 'One, sooner'), { id: 't3', description: 'Three, first', expectedResult: 'Three: done' }] });
    expect(await board(kit, sessionId)).toEqual(['t1:pending:One, sooner', 't3:in_progress:Three, first']);

    await kit.call('agent.pause', { sessionId });
    await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    // Paused: still editable; the events go out too.
    await kit.call('agent.editTodos', { sessionId, todos: [{ id: 't3', description: 'Three, first', expectedResult: 'Three: done' }, todo('t1', 'One, later')] });
    expect(await board(kit, sessionId)).toEqual(['t3:in_progress:Three, first', 't1:pending:One, later']);
    expect(kit.ofType('todo_updated').at(-1)).toMatchObject({ sessionId, todo: { id: 't1', description: 'One, later' } });

    await kit.call('agent.stop', { sessionId });
    expect(await kit.fail('agent.editTodos', { sessionId, todos: [todo('t1', 'x')] })).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/stopped/) });
  });
});

describe('agent.modes', () => {
  it('lists the built-in modes and the custom ones, with an error for each broken mode file', async () => {
    kit = await startAgentKit({ files });
    await mkdir(join(kit.root, '.akira/modes'), { recursive: true });
    await writeFile(join(kit.root, '.akira/modes/review.json'), JSON.stringify({ name: 'Review', description: 'Reads and comments', systemPrompt: 'You review code.' }));
    await writeFile(join(kit.root, '.akira/modes/broken.json'), '{ "name": ');
    await writeFile(join(kit.root, '.akira/modes/wrong.json'), JSON.stringify({ name: 42, systemPrompt: 'x' }));
    const { modes, errors } = await kit.call('agent.modes', {});
    expect(modes.filter((m) => m.builtIn).map((m) => m.id)).toEqual(expect.arrayContaining(['code-dev', 'bug-fix', 'learn', 'optimize', 'autonomous']));
    expect(modes.find((m) => m.id === 'review')).toEqual({ id: 'review', name: 'Review', description: 'Reads and comments', builtIn: false });
    expect(errors.map((e) => e.file).sort()).toEqual(['.akira/modes/broken.json', '.akira/modes/wrong.json']);
    expect(errors.find((e) => e.file.endsWith('wrong.json'))!.message).toMatch(/name/);
    for (const m of modes) expect(m.name.length).toBeGreaterThan(0);
  });
});
