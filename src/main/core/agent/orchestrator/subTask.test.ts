import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type RecordedRequest } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { gitCli, initRepoWithCommit } from '../../../../testing/gitCli';

// Sub-tasks (issue 25, new_task): the model hands part of the work to a child session; the parent's call waits for
// it and gets the child's summary (or why it failed or was stopped) as the tool result.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} is done` }] });
const verdict = (todoId: string) => reply.toolCall('verify_todo', { todoId, approved: true, feedback: 'ok', confidence: 0.9 });
const toolsOf = (r: RecordedRequest) => ((r.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
/** The result the model got for its last tool call (the tool message at the end of the request). */
const lastToolResult = (r: RecordedRequest) => {
  const tools = (r.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool');
  return String(tools.at(-1)?.content ?? '');
};

describe('sub-tasks (new_task)', () => {
  it('a sub-task that completes: its summary is the tool result of the parent\'s next call, and both logs name each other', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'hello\n' }, settings: { agent: { policy: { autoApprove: { write: true } } } } });
    let resultSeen = '';
    kit.server.enqueue(
      plan('p1'),
      (req) => {
        expect(toolsOf(req)).toContain('new_task');
        return reply.toolCall('new_task', { task: 'Write b.txt with "bee"' });
      },
      // The child: its own plan, its TODO, its checks, its summary.
      plan('c1'),
      reply.toolCall('write_file', { path: 'b.txt', content: 'bee\n' }),
      reply.toolCall('update_todo', { id: 'c1', status: 'done', result: 'b.txt written' }),
      verdict('c1'),
      verdict('task'),
      // The parent again.
      (req) => {
        resultSeen = lastToolResult(req);
        return reply.toolCall('update_todo', { id: 'p1', status: 'done', result: 'delegated' });
      },
      verdict('p1'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'parent work', whenBusy: 'parallel' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    kit.server.assertDone();
    expect(resultSeen).toContain('1 TODO done: Do c1');
    expect(await readFile(join(kit.root, 'b.txt'), 'utf8')).toBe('bee\n');

    const started = kit.ofType('subtask_started').filter((e) => e.sessionId === sessionId);
    expect(started).toHaveLength(1);
    const childId = started[0].childId;
    expect(started[0]).toMatchObject({ task: 'Write b.txt with "bee"', mode: 'code-dev' });
    expect(kit.ofType('subtask_finished').filter((e) => e.sessionId === sessionId)).toMatchObject([{ childId, status: 'completed', summary: expect.stringContaining('1 TODO done: Do c1') }]);
    const child = await kit.call('agent.get', { sessionId: childId });
    expect(child).toMatchObject({ status: 'completed', parentId: sessionId });
    const { sessions } = await kit.call('agent.list', {});
    expect(sessions.find((s) => s.sessionId === childId)?.parentId).toBe(sessionId);
    expect(sessions.find((s) => s.sessionId === sessionId)?.parentId ?? null).toBeNull();
    const firstLine = JSON.parse((await readFile(join(kit.root, '.akira', 'sessions', childId, 'events.jsonl'), 'utf8')).split('\n')[0]);
    expect(firstLine.options).toMatchObject({ parentId: sessionId, depth: 1 });
    const history = await readFile(join(kit.root, '.akira', 'sessions', sessionId, 'history.md'), 'utf8');
    expect(history).toContain('**Sub-task**');
  });

  it('a sub-task that fails: the parent gets an error result saying why, and goes on', async () => {
    kit = await startAgentKit();
    let resultSeen = '';
    kit.server.enqueue(
      plan('p1'),
      reply.toolCall('new_task', { task: 'an impossible part' }),
      plan('c1'),
      reply.toolCall('update_todo', { id: 'c1', status: 'failed', result: 'CANNOT: the API is gone' }),
      (req) => {
        resultSeen = lastToolResult(req);
        return reply.toolCall('update_todo', { id: 'p1', status: 'done', result: 'did it myself' });
      },
      verdict('p1'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'parent work' });
    const started = await kit.waitForEvent('subtask_started', (e) => e.sessionId === sessionId);
    const question = await kit.waitForEvent('question', (e) => e.sessionId === started.childId);
    await kit.call('agent.answer', { sessionId: started.childId, questionId: String(question.questionId), choice: 'stop' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    kit.server.assertDone();
    expect((await kit.call('agent.get', { sessionId: started.childId })).status).toBe('failed');
    expect(kit.ofType('subtask_finished').filter((e) => e.sessionId === sessionId)).toMatchObject([{ childId: started.childId, status: 'failed' }]);
    expect(resultSeen).toContain(`Sub-task ${started.childId} failed`);
    expect(resultSeen).toContain('CANNOT: the API is gone');
    const finished = kit.ofType('tool_call_finished').find((e) => e.sessionId === sessionId && e.tool === 'new_task');
    expect(finished?.isError).toBe(true);
  });

  it('stopping the parent stops its running child; a sub-task of a sub-task of a sub-task is refused', async () => {
    kit = await startAgentKit({ settings: { agent: { policy: { limits: { maxConcurrentTasks: 1 } } } } });
    let deepResult = '';
    kit.server.enqueue(
      plan('p1'),
      reply.toolCall('new_task', { task: 'level one' }),
      plan('c1'),
      reply.toolCall('new_task', { task: 'level two' }),
      plan('g1'),
      (req) => {
        // Depth 2 is the limit: new_task is offered, and refused with a clear error.
        expect(toolsOf(req)).toContain('new_task');
        return reply.toolCall('new_task', { task: 'level three' });
      },
      (req) => {
        deepResult = lastToolResult(req);
        return reply.toolCall('run_command', { command: 'rm -rf gone' });
      },
    );
    const { sessionId } = await kit.call('agent.start', { task: 'parent work' });
    const one = await kit.waitForEvent('subtask_started', (e) => e.sessionId === sessionId);
    const two = await kit.waitForEvent('subtask_started', (e) => e.sessionId === one.childId);
    // The grandchild waits for the user to approve its (destructive) command (the slot limit of 1 did not hold it back).
    await kit.waitForEvent('approval_requested', (e) => e.sessionId === two.childId);
    expect(deepResult).toContain('at most 2 levels deep');
    await kit.call('agent.stop', { sessionId });
    for (const id of [sessionId, one.childId, two.childId]) expect((await kit.call('agent.get', { sessionId: id })).status).toBe('stopped');
    expect((await kit.call('agent.get', { sessionId: one.childId })).statusReason).toBe('Its parent session was stopped.');
    expect(kit.ofType('subtask_finished').filter((e) => e.sessionId === sessionId)).toMatchObject([{ childId: one.childId, status: 'stopped' }]);
  });

  it('the sub-task of a worktree session works in its parent\'s worktree, and its work is on the parent\'s branch', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'one\n' }, settings: { agent: { policy: { autoApprove: { write: true } } } } });
    initRepoWithCommit(kit.root);
    kit.server.enqueue(
      plan('p1'),
      reply.toolCall('new_task', { task: 'write c.txt' }),
      plan('c1'),
      reply.toolCall('write_file', { path: 'c.txt', content: 'from the child\n' }),
      reply.toolCall('update_todo', { id: 'c1', status: 'done' }),
      verdict('c1'),
      verdict('task'),
      reply.toolCall('update_todo', { id: 'p1', status: 'done' }),
      verdict('p1'),
      verdict('task'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'parent in a worktree', isolation: 'worktree' });
    await kit.waitForEvent('session_completed', (e) => e.sessionId === sessionId);
    kit.server.assertDone();
    const parent = await kit.call('agent.get', { sessionId });
    const childId = kit.ofType('subtask_started')[0].childId;
    expect(await readFile(join(parent.worktree!.path, 'c.txt'), 'utf8')).toBe('from the child\n');
    expect(existsSync(join(kit.root, 'c.txt'))).toBe(false);
    expect(gitCli(kit.root, 'show', '--name-only', '--format=', parent.worktree!.branch)).toContain('c.txt');
    // The child has no worktree of its own to merge or discard: its parent's holds its work.
    expect((await kit.call('agent.get', { sessionId: childId })).worktree).toBeNull();
  });
});
