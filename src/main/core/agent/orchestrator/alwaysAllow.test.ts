import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { reply } from '../../../../testing/openaiTestServer';

// "Always allow" on a command's approval (issue 14): the command's prefix joins the global allow list, shown in
// the settings (and removable there); the same session's next run of it does not ask again; other commands do.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

describe('always allow a command', () => {
  it('adds the prefix to the global allow list and stops asking for it at once', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'a' }, settings: { agent: { mode: 'autonomous', policy: { autoApprove: { command: false, sandboxedCommand: false } } } } });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'run things', expectedResult: 'ran' }] }),
      reply.toolCall('run_command', { command: 'node --version && echo' }),
      reply.toolCall('run_command', { command: 'node -e "console.log(1)"' }),
      reply.toolCall('run_command', { command: 'git status --short' }),
      reply.toolCall('run_command', { command: 'wc -l a.txt' }),
      reply.toolCall('run_command', { command: 'wc -c a.txt' }),
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'ran' }),
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'run things' });
    // A compound line is not offered "always".
    const compound = await kit.waitForEvent('approval_requested');
    expect(compound.command?.allowPrefix).toBeUndefined();
    expect((await kit.fail('agent.approve', { sessionId, changeId: String(compound.changeId), alwaysAllow: true })).code).toBe('bad_request');
    await kit.call('agent.approve', { sessionId, changeId: String(compound.changeId) });
    // `node -e …` is an interpreter running code: not offered either.
    const inline = await kit.waitForEvent('approval_requested', (e) => e.changeId !== compound.changeId);
    expect(inline.command?.allowPrefix).toBeUndefined();
    await kit.call('agent.approve', { sessionId, changeId: String(inline.changeId) });
    // `git status` is on the default allow list: no question. `wc -l a.txt` asks, offering `wc`.
    const wc = await kit.waitForEvent('approval_requested', (e) => e.changeId !== compound.changeId && e.changeId !== inline.changeId);
    expect(wc.command).toMatchObject({ command: 'wc -l a.txt', allowPrefix: 'wc' });
    await kit.call('agent.approve', { sessionId, changeId: String(wc.changeId), alwaysAllow: true });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    // `wc -c a.txt` ran without a question.
    expect(kit.ofType('approval_requested')).toHaveLength(3);
    const settings = JSON.parse(await readFile(join(kit.dataDir, 'settings.json'), 'utf8'));
    expect(settings.agent.policy.commands.allow).toEqual(['wc']);
    expect(settings.agent.mode).toBe('autonomous');
    const snapshot = await kit.call('settings.get', {});
    expect(snapshot.global.agent.policy?.commands?.allow).toEqual(['wc']);
  });
});
