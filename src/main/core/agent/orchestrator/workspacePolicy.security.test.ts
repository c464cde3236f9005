import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';

// A project's .akira/settings.json can only tighten the policy (policy/projectPolicy.ts, whose table test
// covers every field): here through the real agent and the settings view.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const plan = (id: string) => reply.toolCall('todo_write', { todos: [{ id, description: `Do ${id}`, expectedResult: `${id} done` }] });
const autonomous = { agent: { mode: 'autonomous', policy: { autoApprove: { read: true, write: true, command: true } } } };

describe('a workspace that tries to loosen the policy', () => {
  const loosening = { agent: { policy: { limits: { maxFileModificationsPerSession: 10000, maxToolLoopsPerTodo: 200 }, commands: { buildDirs: ['src'] } } } };

  it('gets the user’s limits and build folders, in the agent and in the settings view', async () => {
    kit = await startAgentKit({ files: { 'src/main.ts': 'x\n', '.akira/settings.json': JSON.stringify(loosening) }, settings: autonomous });
    const s = await kit.call('settings.get', {});
    expect(s.effective.agent.policy.limits).toMatchObject({ maxFileModificationsPerSession: 200, maxToolLoopsPerTodo: 40 });
    expect(s.effective.agent.policy.commands.buildDirs).not.toContain('src');
    expect(s.problems.join('\n')).toMatch(/agent\.policy\.limits\.maxFileModificationsPerSession: A project can only lower/);
    const refused = await kit.fail('settings.update', { scope: 'workspace', agent: { policy: { limits: { maxTasksPerSession: 100 } } } });
    expect(refused.code).toBe('bad_request');

    // `rm -rf src` is not a build folder's clean-up: it asks although commands are auto-approved.
    kit.server.enqueue(plan('r'), reply.toolCall('run_command', { command: 'rm -rf src' }));
    const { sessionId } = await kit.call('agent.start', { task: 'clean' });
    const asked = await kit.waitForEvent('approval_requested');
    expect(asked).toMatchObject({ kind: 'command', command: { destructive: true } });
    expect(existsSync(join(kit.root, 'src/main.ts'))).toBe(true);
    await kit.call('agent.stop', { sessionId, reason: 'no' });
  });
});
