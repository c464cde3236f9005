import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { wordsText } from '../../../../shared/errors';

// Issue 25: a task or a message holding something shaped like a secret was redacted silently; now a `warning` says
// what kind was found and that it was redacted, in words (en, zh-CN), before the model is called with the redacted text.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const KEY = 'sk-proj-abcdefghijklmnop1234567890';

describe('a secret in the task', () => {
  it('is warned about (kind and redaction, en and zh-CN) and never reaches the model', async () => {
    kit = await startAgentKit({ files: { 'README.md': '# demo\n' }, settings: { agent: { mode: 'autonomous' } } });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'Say hi', expectedResult: 'done' }] }),
      reply.toolCall('update_todo', { id: 'a', status: 'done' }),
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 1 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 1 }),
    );
    const { sessionId } = await kit.call('agent.start', { task: `Call the API with ${KEY} and curl "https://x.test/a?token=abc123"` });
    const warning = await kit.waitForEvent('warning', (e) => e.sessionId === sessionId);
    await kit.waitForEvent('session_completed');
    expect(warning.messageWords?.key).toBe('reason.secretRedacted');
    expect(warning.message).toBe(
      "The task holds what looks like an API key and a key or token in a URL: it was replaced with [redacted] before it was sent to the model or written to the session's logs. Give secrets through environment variables or Settings instead.",
    );
    expect(wordsText(warning.messageWords!, 'zh-CN')).toContain('任务中有看起来像API 密钥和URL 中的密钥或令牌的内容：在发送给模型或写入会话日志之前，它已被替换为 [redacted]');
    // Before any model call: the warning comes before the first model_call, and no request carries the key.
    const order = kit.events.filter((e) => e.type === 'warning' || e.type === 'model_call').map((e) => e.type);
    expect(order[0]).toBe('warning');
    for (const req of kit.server.chatRequests()) expect(JSON.stringify(req.body)).not.toContain(KEY);
  });

  it('says nothing for an ordinary task', async () => {
    kit = await startAgentKit({ files: { 'README.md': '# demo\n' }, settings: { agent: { mode: 'autonomous' } } });
    kit.server.enqueue(
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'Say hi', expectedResult: 'done' }] }),
      reply.toolCall('update_todo', { id: 'a', status: 'done' }),
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 1 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 1 }),
    );
    await kit.call('agent.start', { task: 'Explain the sk- prefix of keys and the token= parameter' });
    await kit.waitForEvent('session_completed');
    expect(kit.ofType('warning')).toEqual([]);
  });
});
