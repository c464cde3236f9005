import { afterEach, describe, expect, it } from 'vitest';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from '../../../testing/openaiTestServer';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';
import { errorText } from '../../../shared/errors';

const KEY = 'sk-conn-test-0000-abcd';
let kit: SettingsKit | null = null;
let server: OpenAiTestServer | null = null;
afterEach(async () => {
  await kit?.close();
  await server?.close();
  kit = null;
  server = null;
});

describe('settings.testConnection against the scripted OpenAI-compatible server', () => {
  it('lists the models and runs a tiny chat completion with the saved settings and key', async () => {
    server = await startOpenAiTestServer({ apiKey: KEY, models: ['test-model', 'other-model'] });
    kit = await startSettingsKit();
    await kit.call('settings.update', { scope: 'global', model: { baseURL: server.baseURL, model: 'test-model' } });
    await kit.call('settings.setApiKey', { key: KEY });
    server.enqueue((req) => {
      expect(req.body.messages).toHaveLength(1);
      return reply.text('OK');
    });
    const r = await kit.call('settings.testConnection', {});
    expect(r).toMatchObject({ ok: true, model: 'test-model', models: ['other-model', 'test-model'], modelListed: true, status: 200 });
    expect(r.chat).toMatchObject({ ok: true, reply: 'OK' });
    expect(r.message).toMatch(/^Connected to http:\/\/127\.0\.0\.1:\d+\/v1: 2 models listed; test-model answered in \d+ ms: “OK”\.$/);
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/models', 'POST /v1/chat/completions']);
    server.assertDone();
  });

  it('says the key was refused on 401, without showing it', async () => {
    server = await startOpenAiTestServer({ apiKey: KEY });
    kit = await startSettingsKit();
    const wrong = 'sk-wrong-key-9999-zzzz';
    const r = await kit.call('settings.testConnection', { baseURL: server.baseURL, model: 'test-model', apiKey: wrong });
    expect(r).toMatchObject({ ok: false, status: 401 });
    expect(r.message).toMatch(/refused the API key \(401\).*Check the API key/);
    expect(r.message).not.toContain(wrong);
    expect(server.chatRequests()).toHaveLength(0);
    const none = await kit.call('settings.testConnection', { baseURL: server.baseURL, model: 'test-model' });
    expect(none.message).toMatch(/This server wants an API key/);
  });

  it('says nothing listens on a refused port', async () => {
    const gone = await startOpenAiTestServer();
    const url = gone.baseURL;
    await gone.close();
    kit = await startSettingsKit();
    const r = await kit.call('settings.testConnection', { baseURL: url, model: 'm' });
    expect(r).toMatchObject({ ok: false, status: null });
    expect(r.message).toMatch(/Cannot reach the model server at .*ECONNREFUSED.*is the server running/);
  });

  it('explains a 404 from the chat call (unknown model) and lists what the server has', async () => {
    server = await startOpenAiTestServer({ models: ['llama3', 'qwen'] });
    kit = await startSettingsKit();
    server.enqueue(reply.error(404, { error: { message: 'model "nope" not found', type: 'invalid_request_error' } }));
    const r = await kit.call('settings.testConnection', { baseURL: server.baseURL, model: 'nope' });
    expect(r).toMatchObject({ ok: false, status: 404, modelListed: false, models: ['llama3', 'qwen'] });
    expect(r.message).toMatch(/model "nope" not found.*base URL ends with the API path.*Models it lists: llama3, qwen\.$/);
  });

  it('lists the models when no model name is given yet', async () => {
    server = await startOpenAiTestServer({ models: ['a', 'b', 'c'] });
    kit = await startSettingsKit();
    const r = await kit.call('settings.testConnection', { baseURL: server.baseURL });
    expect(r).toMatchObject({ ok: true, models: ['a', 'b', 'c'], model: null });
    expect(r.message).toMatch(/3 models listed\. Pick a model/);
  });

  // Issue 14: the message stays English; its parts' words say it in Chinese (the model list stays data).
  it('gives the words of what passed, and of a failure\'s error and hint, so the UI says them in Chinese', async () => {
    server = await startOpenAiTestServer({ models: ['llama3', 'qwen'] });
    kit = await startSettingsKit();
    const zh = (message: string, words: unknown) => errorText({ message, words }, 'zh-CN');
    const en = (message: string, words: unknown) => errorText({ message, words }, 'en');

    const listed = await kit.call('settings.testConnection', { baseURL: server.baseURL });
    expect(en(listed.message, listed.messageWords)).toBe(listed.message);
    expect(zh(listed.message, listed.messageWords)).toMatch(/^已连接到 http:\/\/127\.0\.0\.1:\d+\/v1（\d+ 毫秒）：列出了 2 个模型。请选择一个模型来试一次聊天补全。$/);

    server.enqueue(reply.text('OK'));
    const answered = await kit.call('settings.testConnection', { baseURL: server.baseURL, model: 'other' });
    expect(en(answered.message, answered.messageWords)).toBe(answered.message);
    expect(zh(answered.message, answered.messageWords)).toMatch(/：列出了 2 个模型；other 在 \d+ 毫秒内作答：“OK”（服务器没有列出 other，但它作答了）。$/);

    server.enqueue(reply.error(404, { error: { message: 'model "nope" not found', type: 'invalid_request_error' } }));
    const unknown = await kit.call('settings.testConnection', { baseURL: server.baseURL, model: 'nope' });
    expect(unknown.messageWords).toBeUndefined();
    expect(unknown.hintWords).toBeUndefined();
    expect(zh(unknown.message, unknown.errorWords)).toMatch(/的模型服务器拒绝了请求（404）：.*model "nope" not found.*请检查模型名称（nope）/);
    expect(unknown.models).toEqual(['llama3', 'qwen']);

    const gone = await startOpenAiTestServer();
    await gone.close();
    const refused = await kit.call('settings.testConnection', { baseURL: gone.baseURL, model: 'm' });
    expect(`${en('', refused.errorWords)} ${en('', refused.hintWords)}`).toBe(refused.message);
    expect(zh('', refused.errorWords)).toMatch(/^无法连接 .* 的模型服务器（.*ECONNREFUSED.*）。$/);
    expect(zh('', refused.hintWords)).toBe('那里没有服务在监听：服务器是否已启动（Ollama：`ollama serve`；LM Studio：启动它的本地服务器），端口是否正确？');

    const noKey = await startOpenAiTestServer({ apiKey: KEY });
    try {
      const r = await kit.call('settings.testConnection', { baseURL: noKey.baseURL, model: 'm' });
      expect(zh('', r.hintWords)).toBe('这个服务器需要 API 密钥：请在“设置 → API 密钥”中保存一个。');
      expect(zh('', r.errorWords)).toMatch(/拒绝了 API 密钥（401）/);
    } finally {
      await noKey.close();
    }
  });

  it('answers bad input with field details', async () => {
    kit = await startSettingsKit();
    const missing = await kit.fail('settings.testConnection', {});
    expect(missing).toMatchObject({ code: 'bad_request', details: { fields: [{ path: 'baseURL' }] } });
    const bad = await kit.fail('settings.testConnection', { baseURL: 'ftp://x' });
    expect(bad.message).toMatch(/http:\/\/ or https:\/\//);
  });
});
