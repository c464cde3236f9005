import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../testing/openaiTestServer';
import { startOpenAiTestServer } from '../../../../testing/openaiTestServer';
import { startAgentKit, type AgentKit } from '../../../../testing/agentKit';
import { wordsText } from '../../../../shared/errors';

// Model failures through the real SDK: retried (429 honouring Retry-After, 5xx, a cut stream) without
// half-applying anything, or (401/403) pausing the session with a clear reason. The model client's
// wait is injected so the retries take no time; the delays it was asked for are checked.

let kit: AgentKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

const files = { 'README.md': '# demo\n' };

describe('agent session: model errors', () => {
  it('retries 429 (Retry-After), 500s and a cut stream, and finishes with nothing half-applied', async () => {
    kit = await startAgentKit({ files, settings: { agent: { mode: 'autonomous' } } });
    kit.server.enqueue(
      reply.rateLimited(7),
      reply.toolCall('todo_write', { todos: [{ id: 'a', description: 'Write notes.txt', expectedResult: 'notes.txt holds "one two"' }] }),
      reply.serverError(500),
      reply.serverError(502),
      // The stream is cut in the middle of the write's arguments: nothing may be written from it.
      reply.cut(reply.toolCall('write_file', { path: 'notes.txt', content: 'HALF-WRITTEN one two three four' }), 4),
      reply.toolCall('write_file', { path: 'notes.txt', content: 'one two\n' }),
      reply.toolCall('update_todo', { id: 'a', status: 'done' }),
      reply.toolCall('verify_todo', { todoId: 'a', approved: true, feedback: 'ok', confidence: 1 }),
      reply.toolCall('verify_todo', { todoId: 'task', approved: true, feedback: 'ok', confidence: 1 }),
    );
    const { sessionId } = await kit.call('agent.start', { task: 'notes' });
    await kit.waitForEvent('session_completed');
    kit.server.assertDone();
    expect(kit.sleeps[0]).toBe(7000);
    expect(kit.sleeps.slice(1)).toHaveLength(3);
    expect(kit.sleeps[1]).toBeGreaterThanOrEqual(800);
    expect(kit.sleeps[1]).toBeLessThanOrEqual(1200);
    expect(kit.sleeps[2]).toBeGreaterThanOrEqual(1600);
    expect(kit.sleeps[2]).toBeLessThanOrEqual(2400);
    expect(await readFile(join(kit.root, 'notes.txt'), 'utf8')).toBe('one two\n');
    expect(kit.ofType('change_proposed')).toHaveLength(1);
    const attempts = kit.ofType('model_call').map((e) => [e.status, e.outcome]);
    expect(attempts.slice(0, 2)).toEqual([[429, 'retry'], [200, 'ok']]);
    expect(attempts).toContainEqual([500, 'retry']);
    expect(attempts).toContainEqual([502, 'retry']);
    expect(kit.ofType('model_retry').length).toBe(4);
    // Issue 14: a failed attempt's error and its retry's reason travel with their words (the activity says them).
    const failed = kit.ofType('model_call').find((e) => e.status === 500)!;
    expect(failed.errorWords?.key).toMatch(/^model\./);
    expect(wordsText(failed.errorWords!, 'en')).toBe(failed.error);
    const retry = kit.ofType('model_retry')[0];
    expect(retry.reasonWords?.key).toMatch(/^model\./);
    expect(wordsText(retry.reasonWords!, 'en')).toBe(retry.reason);
    const apiCalls = await readFile(join(kit.root, '.akira/sessions', sessionId, 'api-calls.md'), 'utf8');
    expect(apiCalls).toContain('| 429 |');
  });

  it.each([
    ['401', reply.unauthorized('Incorrect API key provided: sk-wrong***.'), 401],
    ['403', reply.forbidden(), 403],
  ])('%s pauses the session with a clear reason, without retrying', async (_name, answer, status) => {
    kit = await startAgentKit({ files });
    kit.server.enqueue(answer);
    const { sessionId } = await kit.call('agent.start', { task: 'anything' });
    const paused = await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
    expect(paused.reason).toContain(`HTTP ${status}`);
    expect(paused.reason).toMatch(/API key|denied access/);
    expect(kit.server.chatRequests()).toHaveLength(1);
    expect(kit.sleeps).toEqual([]);
    const state = await kit.call('agent.get', { sessionId });
    expect(state).toMatchObject({ status: 'paused', live: true });
    // Issue 27, defect 4: the reason says what the server did once, with no face's fix in it (no --api-key or
    // OPENAI_API_KEY: the app shows Open Settings, the CLI adds its flags); its words travel beside it (issue 14).
    expect(paused.reason).not.toMatch(/--api-key|OPENAI_API_KEY/);
    expect(paused.reason).not.toMatch(/Check the API key|refused the request/);
    const key = status === 401 ? 'reason.modelKeyRefused' : 'reason.modelAccessDenied';
    expect(paused.reasonWords).toEqual({ key, values: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/), status, expect.any(String), status === 401 ? '' : 'test-model'] });
    expect(paused.reason).toMatch(new RegExp(`^The model server at http://127\\.0\\.0\\.1:\\d+/v1 (refused the API key|denied access to the model test-model) \\(HTTP ${status}\\): `));
    expect(state.statusReasonWords).toEqual(paused.reasonWords);
    expect(wordsText(paused.reasonWords!, 'en')).toBe(paused.reason);
    expect(wordsText(paused.reasonWords!, 'zh-CN')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/v1 的模型服务器拒绝.*（HTTP ${status}）：`));
    const logged = (await readFile(join(kit.root, '.akira/sessions', sessionId, 'events.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; status?: string; reason?: string; reasonWords?: unknown });
    expect(logged.find((e) => e.type === 'status_changed' && e.status === 'paused')).toMatchObject({ reason: paused.reason, reasonWords: paused.reasonWords });
  });

  it('never writes the API key into the session files', async () => {
    const secret = 'sk-test-DO-NOT-LOG-1234567890abcdef';
    const server = await startOpenAiTestServer({ apiKey: 'the-right-key' });
    try {
      kit = await startAgentKit({ files, env: { OPENAI_BASE_URL: server.baseURL, AKIRA_MODEL: 'test-model', OPENAI_API_KEY: secret } });
      const { sessionId } = await kit.call('agent.start', { task: `use the key ${secret} please` });
      await kit.waitForEvent('status_changed', (e) => e.status === 'paused');
      const dir = join(kit.root, '.akira/sessions', sessionId);
      for (const name of ['events.jsonl', 'session.md', 'history.md', 'api-calls.md']) {
        expect(await readFile(join(dir, name), 'utf8')).not.toContain(secret);
      }
      expect(JSON.stringify(kit.events)).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});
