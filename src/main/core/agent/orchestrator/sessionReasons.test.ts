import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { sessionReasons, wordsText } from '../../../../shared/errors';

// Issue 14: the reasons the core writes into a session's events stay English in `reason` and carry their words in
// `reasonWords`, whoever gives them: the orchestrator (a failed TODO the user stops) or a face (the app's Stop).

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const plan = (todos: { id: string; description: string; expectedResult: string }[]) => reply.toolCall('todo_write', { todos });
const verdict = (todoId: string, approved: boolean, feedback = approved ? 'ok' : 'not done') =>
  reply.toolCall('verify_todo', { todoId, approved, feedback, confidence: 0.8 });

describe('session reasons in words', () => {
  it('a failed TODO asks with words, and the user stopping it fails the session with words', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous', policy: { limits: { maxRetriesPerTodo: 1 } } } } });
    kit.server.enqueue(
      plan([{ id: 'h', description: 'Make it fast', expectedResult: 'h is done' }]),
      reply.toolCall('update_todo', { id: 'h', status: 'done' }),
      verdict('h', false, 'nothing measured'),
      reply.toolCall('update_todo', { id: 'h', status: 'done' }),
      verdict('h', false, 'still nothing measured'),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'speed' });
    const q = await kit.waitForEvent('question');
    const waiting = await kit.waitForEvent('status_changed', (e) => e.status === 'waiting_approval');
    expect(waiting).toMatchObject({ reason: 'TODO h failed: retry, skip, edit or stop?', reasonWords: { key: 'reason.todoFailedAsk', values: ['h'] } });
    await kit.call('agent.answer', { sessionId, questionId: String(q.questionId), choice: 'stop' });
    const failed = await kit.waitForEvent('session_failed');
    expect(failed.reason).toBe('TODO h failed (the reviewer rejected it 2 times; last: still nothing measured); the user stopped the session.');
    expect(failed.reasonWords).toEqual({ key: 'reason.todoRejectedStopped', values: ['h', 2, 'still nothing measured'] });
    expect(wordsText(failed.reasonWords!, 'en')).toBe(failed.reason);
    expect(wordsText(failed.reasonWords!, 'zh-CN')).toBe('TODO h 失败（审查者拒绝了 2 次；最后一次：still nothing measured）；用户停止了会话。');
    const state = await kit.call('agent.get', { sessionId });
    expect(state).toMatchObject({ status: 'failed', statusReason: failed.reason, statusReasonWords: failed.reasonWords });
  });

  it("keeps the words a face sends with agent.stop (the app's Stop), words alone too, and refuses malformed words", async () => {
    kit = await startAgentKit({});
    kit.server.enqueue(reply.unauthorized('Incorrect API key provided: sk-wrong***.'));
    const { sessionId } = await kit.call('agent.start', { task: 'anything' });
    await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    await expect(kit.call('agent.stop', { sessionId, reason: 'Stopped from the app.', reasonWords: { key: 'reason.stoppedFromApp', values: [{}] } } as never)).rejects.toThrow(
      /bad_request: Invalid params for agent.stop: reasonWords/,
    );
    // Words alone (a known key): the English reason is the catalog's.
    await kit.call('agent.stop', { sessionId, reasonWords: { key: 'reason.stoppedFromApp', values: [] } });
    const stopped = await kit.waitForEvent('session_stopped');
    expect(stopped).toMatchObject({ reason: 'Stopped from the app.', reasonWords: { key: 'reason.stoppedFromApp', values: [] } });
    expect(wordsText(stopped.reasonWords!, 'zh-CN')).toBe('已在应用中停止。');
    const state = await kit.call('agent.get', { sessionId });
    expect(state).toMatchObject({ status: 'stopped', statusReason: 'Stopped from the app.', statusReasonWords: { key: 'reason.stoppedFromApp', values: [] } });
  });

  it('a retried model call, a decided change, a denied command and a destructive one carry their reasons in words', async () => {
    kit = await startAgentKit({ settings: { agent: { mode: 'autonomous', policy: { commands: { deny: ['curl'] } } } } });
    kit.server.enqueue(
      plan([{ id: 'a', description: 'Write a.txt', expectedResult: 'a.txt exists' }]),
      reply.serverError(500, 'overloaded'),
      reply.toolCall('run_command', { command: 'curl https://x.example' }),
      reply.toolCall('write_file', { path: 'a.txt', content: 'a\n' }),
      reply.toolCall('run_command', { command: 'npm test && git push --force' }),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'a' });
    const retry = await kit.waitForEvent('model_retry');
    expect(retry.reasonWords?.key).toBe('model.serverAnswered');
    expect(wordsText(retry.reasonWords!, 'en')).toBe(retry.reason);
    expect(wordsText(retry.reasonWords!, 'zh-CN')).toMatch(/的模型服务器返回了 500：overloaded$/);

    const denied = await kit.waitForEvent('tool_call_finished', (e) => e.tool === 'run_command');
    expect(denied).toMatchObject({ isError: true, deniedReason: 'matches the deny list entry "curl"', deniedReasonWords: { key: 'policy.denyListEntry', values: ['curl'] } });
    expect(wordsText(denied.deniedReasonWords!, 'zh-CN')).toBe('匹配拒绝列表中的条目“curl”');

    const decided = await kit.waitForEvent('change_decided');
    expect(decided).toMatchObject({ by: 'policy', reason: 'file changes are auto-approved by the policy', reasonWords: { key: 'policy.writesAutoApproved', values: [] } });
    expect(wordsText(decided.reasonWords!, 'zh-CN')).toBe('策略自动批准文件更改');

    const asked = await kit.waitForEvent('approval_requested');
    expect(asked.reason).toBe('git push --force: destructive: git push --force rewrites the remote history');
    expect(asked.reasonWords).toEqual({ key: 'policy.inPart', values: ['git push --force', 'policy.gitPushForce'] });
    expect(asked.command).toMatchObject({ destructive: true, reason: asked.reason, reasonWords: asked.reasonWords });
    expect(wordsText(asked.reasonWords!, 'zh-CN')).toBe('git push --force：破坏性操作：git push --force 会改写远程历史');
    await kit.call('agent.stop', { sessionId });
    await kit.waitForEvent('session_stopped');
  });

  it("a face's rejection in words (akira run --yes refusing a protected file) is kept on change_decided", async () => {
    kit = await startAgentKit({});
    kit.server.enqueue(
      plan([{ id: 'a', description: 'Write a.txt', expectedResult: 'a.txt exists' }]),
      reply.toolCall('write_file', { path: 'a.txt', content: 'a\n' }),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'a' });
    const asked = await kit.waitForEvent('approval_requested');
    const refusal = sessionReasons.batchRefusedChange('a.txt');
    await expect(kit.call('agent.reject', { sessionId, changeId: String(asked.changeId), reason: 'x', reasonWords: { key: 'reason.userRejected', values: [{}] } } as never)).rejects.toThrow();
    await kit.call('agent.reject', { sessionId, changeId: String(asked.changeId), reason: refusal.en, reasonWords: { key: refusal.key, values: [...refusal.values] } });
    const decided = await kit.waitForEvent('change_decided');
    expect(decided).toMatchObject({ decision: 'rejected', by: 'user', reason: refusal.en, reasonWords: { key: 'reason.batchRefusedChange', values: ['a.txt'] } });
    expect(wordsText(decided.reasonWords!, 'zh-CN')).toMatch(/^批处理模式拒绝了对 a\.txt 的更改/);
    await kit.call('agent.stop', { sessionId });
    await kit.waitForEvent('session_stopped');
  });
});
