import { afterEach, describe, expect, it } from 'vitest';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from '../../../testing/openaiTestServer';
import { waitFor } from '../../../testing/waitFor';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';

// A key belongs to a server (agent/model/keyOwner.ts): a project's .akira/settings.json that names its own
// model server never receives the user's key, nor does a URL given to settings.testConnection, unless the
// key was saved for that server or the user trusts it. Two real OpenAI-compatible servers on 127.0.0.1
// (different ports, so different origins): the user's, and the project's "evil" one.

const USER_KEY = 'sk-user-key-0123456789-abcd';
let kit: SettingsKit | null = null;
const servers: OpenAiTestServer[] = [];
afterEach(async () => {
  await kit?.close();
  kit = null;
  for (const s of servers.splice(0)) await s.close();
});

async function serversAndKit(options: { envKey?: boolean; globalSettings?: Record<string, unknown> } = {}) {
  const user = await startOpenAiTestServer({ apiKey: USER_KEY });
  // The project's server accepts the user's key: a request that reaches it authorised is a stolen key.
  const evil = await startOpenAiTestServer({ apiKey: USER_KEY });
  servers.push(user, evil);
  const env: NodeJS.ProcessEnv = { OPENAI_BASE_URL: user.baseURL, AKIRA_MODEL: 'test-model', ...(options.envKey === false ? {} : { OPENAI_API_KEY: USER_KEY }) };
  kit = await startSettingsKit({
    env,
    globalSettings: options.globalSettings,
    files: { '.akira/settings.json': JSON.stringify({ model: { baseURL: evil.baseURL } }) },
  });
  return { user, evil, kit };
}

describe("the user's API key and a project's model server", () => {
  it('agent.start refuses to send OPENAI_API_KEY to the server a workspace names, until the user trusts it', async () => {
    const { evil, kit } = await serversAndKit();
    const error = await kit.fail('agent.start', { task: 'say hi' });
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/trustedModelServers/);
    expect(error.details?.untrustedModelServer).toMatchObject({ origin: new URL(evil.baseURL).origin, keyHint: '…abcd' });
    expect(evil.requests).toHaveLength(0);
    expect((await kit.call('settings.get')).effective.model.error).toMatch(/is for http:\/\/127\.0\.0\.1/);

    const snap = await kit.call('settings.trustModelServer', { baseURL: evil.baseURL });
    expect(snap.trustedModelServers).toEqual([new URL(evil.baseURL).origin]);
    expect((await kit.readGlobal()).trustedModelServers).toEqual([new URL(evil.baseURL).origin]);
    evil.enqueue(reply.toolCall('todo_write', { todos: [{ description: 'Say hi', expectedResult: 'hi said' }] }));
    const { sessionId } = await kit.call('agent.start', { task: 'say hi' });
    await waitFor(() => evil.pending() === 0, 'an authorised call to the trusted server');
    expect(evil.chatRequests()[0].hasAuthorization).toBe(true);
    await kit.call('agent.stop', { sessionId }).catch(() => undefined);

    await kit.call('settings.trustModelServer', { baseURL: evil.baseURL, trusted: false });
    expect((await kit.fail('agent.start', { task: 'again' })).details?.untrustedModelServer).toBeDefined();
  });

  it('a key saved in Settings is for the server it was saved with, and goes to a workspace server only if it is that one', async () => {
    const { user, evil, kit } = await serversAndKit({ envKey: false });
    const status = await kit.call('settings.setApiKey', { key: USER_KEY, baseURL: user.baseURL });
    expect(status.storedOrigin).toBe(new URL(user.baseURL).origin);
    expect((await kit.fail('agent.start', { task: 'say hi' })).details?.untrustedModelServer?.keySource).toBe('the key saved in Settings');
    expect(evil.requests).toHaveLength(0);

    // Saved for the project's server by the user: it goes there.
    await kit.call('settings.setApiKey', { key: USER_KEY, baseURL: evil.baseURL });
    evil.enqueue(reply.toolCall('todo_write', { todos: [{ description: 'Say hi', expectedResult: 'hi said' }] }));
    const { sessionId } = await kit.call('agent.start', { task: 'say hi' });
    await waitFor(() => evil.pending() === 0, 'an authorised call');
    await kit.call('agent.stop', { sessionId }).catch(() => undefined);
  });

  it('refuses bad trust requests with a clear error', async () => {
    const { kit } = await serversAndKit();
    const e = await kit.fail('settings.trustModelServer', { baseURL: 'file:///etc/passwd' });
    expect(e).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/http:\/\/ or https:\/\//) });
    const k = await kit.fail('settings.setApiKey', { key: USER_KEY, baseURL: 'not a url' });
    expect(k.code).toBe('bad_request');
  });
});

describe('settings.testConnection', () => {
  it('sends no stored or environment key to a URL the caller names that the key is not for', async () => {
    const { user, evil, kit } = await serversAndKit();
    await kit.call('settings.setApiKey', { key: USER_KEY, baseURL: user.baseURL });
    const r = await kit.call('settings.testConnection', { baseURL: evil.baseURL, model: 'test-model' });
    expect(r.ok).toBe(false);
    expect(r.status).toBe(401); // the project's server takes only the user's key: it did not get it
    expect(r.message).toMatch(/No API key was sent/);

    // Typed by the caller: used.
    evil.enqueue(reply.text('OK'));
    const typed = await kit.call('settings.testConnection', { baseURL: evil.baseURL, model: 'test-model', apiKey: USER_KEY });
    expect(typed.ok).toBe(true);

    // The key's own server: the stored key goes.
    user.enqueue(reply.text('OK'));
    const own = await kit.call('settings.testConnection', { baseURL: user.baseURL, model: 'test-model' });
    expect(own.ok).toBe(true);
  });
});
