import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from '../../../../testing/openaiTestServer';

// Issue 25, "Resume reads the settings as they are now": a session paused on a 401 from its model server resumes with
// the server the user set in Settings meanwhile, says what changed, and completes there.

let kit: AgentKit | null = null;
let other: OpenAiTestServer | null = null;
afterEach(async () => {
  await kit?.close();
  await other?.close();
  kit = null;
  other = null;
});

describe('resume after a settings change', () => {
  it('a session paused on a 401 resumes against the server fixed in Settings, and says what changed', async () => {
    other = await startOpenAiTestServer();
    // The first server wants a key the session does not have: every call is a 401.
    kit = await startAgentKit({ files: { 'a.txt': 'a\n' }, settings: { agent: { mode: 'autonomous' } }, modelServer: { apiKey: 'the-right-key' } });
    const { sessionId } = await kit.call('agent.start', { task: 'read a.txt' });
    const paused = await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    expect(paused.reasonWords?.key).toBe('reason.modelKeyRefused');
    expect(other.chatRequests()).toHaveLength(0);

    // The user points the global settings at a server that works, then resumes.
    await kit.call('settings.update', { scope: 'global', model: { baseURL: other.baseURL, model: 'test-model' } });
    other.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'read a.txt', expectedResult: 'read' }] }),
      reply.toolCall('read_file', { path: 'a.txt' }),
      reply.toolCall('update_todo', { id: 'a', status: 'done', result: 'read' }),
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 0.9 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 0.9 }),
    );
    await kit.call('agent.resume', { sessionId });
    await kit.waitForEvent('session_completed');
    other.assertDone();
    const resumed = kit.ofType('resumed_with');
    expect(resumed).toHaveLength(1);
    expect(resumed[0].changed).toEqual(['baseUrl']);
    expect(resumed[0].setup.baseUrl).toBe(other.baseURL);
    // Never the key itself, in the event or the log.
    const log = await readFile(join(kit.root, '.akira', 'sessions', sessionId, 'events.jsonl'), 'utf8');
    expect(log).toContain('"resumed_with"');
    expect(log).not.toContain('the-right-key');
  });

  it('a resume with nothing changed logs nothing new; an unknown session is a clear not_found', async () => {
    kit = await startAgentKit({ files: { 'a.txt': 'a\n' }, settings: { agent: { mode: 'autonomous' } }, modelServer: { apiKey: 'the-right-key' } });
    const { sessionId } = await kit.call('agent.start', { task: 'read a.txt' });
    await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    await kit.call('agent.resume', { sessionId });
    await kit.waitForEvent('status_changed', (e) => e.status === 'paused' && e.seq > 0 && kit!.ofType('status_changed').filter((x) => x.status === 'paused').length >= 2);
    expect(kit.ofType('resumed_with')).toHaveLength(0);
    expect((await kit.fail('agent.resume', { sessionId: '00000000-0000-4000-8000-000000000000' })).code).toBe('not_found');
  });
});
