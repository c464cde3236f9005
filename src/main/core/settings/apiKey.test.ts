import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, startOpenAiTestServer, type OpenAiTestServer } from '../../../testing/openaiTestServer';
import { tempDir } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createFileSecretStore } from './secretStore';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';

const KEY = 'sk-saved-0123456789-wxyz';
let kit: SettingsKit | null = null;
let server: OpenAiTestServer | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await kit?.close();
  await server?.close();
  kit = null;
  server = null;
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('settings.setApiKey (file store of akira serve and the CLI)', () => {
  it('keeps the key in <dataDir>/secrets.json with mode 0600, never in an answer nor in the workspace', async () => {
    kit = await startSettingsKit();
    const status = await kit.call('settings.setApiKey', { key: KEY });
    expect(status).toMatchObject({ set: true, source: 'stored', hint: '…wxyz', stored: true, storage: { kind: 'file' } });
    const file = join(kit.dataDir, 'secrets.json');
    expect(await modeOf(file)).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain(KEY);
    await kit.call('settings.update', { scope: 'workspace', model: { baseURL: 'http://127.0.0.1:1/v1', model: 'm' } });
    const snapshot = await kit.call('settings.get');
    expect(JSON.stringify(snapshot)).not.toContain(KEY);
    expect(JSON.stringify(status)).not.toContain(KEY);
    expect(snapshot.apiKey).toMatchObject({ set: true, source: 'stored', hint: '…wxyz' });
    for (const [path, content] of await kit.workspaceFiles()) expect(content, path).not.toContain(KEY);
    expect(JSON.stringify(await kit.readGlobal())).not.toContain(KEY);
  });

  it('clears the key (the file goes away when nothing else is in it)', async () => {
    kit = await startSettingsKit();
    await kit.call('settings.setApiKey', { key: KEY });
    const cleared = await kit.call('settings.setApiKey', { key: null });
    expect(cleared).toMatchObject({ set: false, source: 'none', hint: null, stored: false });
    await expect(stat(join(kit.dataDir, 'secrets.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses keys with spaces, empty keys, and a non-string key', async () => {
    kit = await startSettingsKit();
    for (const key of ['sk with space', '   ', 42]) {
      const e = await kit.fail('settings.setApiKey', { key: key as string });
      expect(e.code).toBe('bad_request');
      expect(e.details?.fields?.[0].path).toBe('key');
    }
  });

  it('tightens a secrets file others can read back to 0600 when reading it', async () => {
    const data = await tempDir('akira-secrets-');
    cleanups.push(data.cleanup);
    const file = join(data.dir, 'secrets.json');
    await writeFile(file, JSON.stringify({ openaiApiKey: KEY }), { mode: 0o644 });
    await chmod(file, 0o644);
    const warnings: string[] = [];
    const store = createFileSecretStore(data.dir, { warn: (m) => warnings.push(m) });
    expect(await store.get()).toEqual({ key: KEY, origin: null });
    expect(await modeOf(file)).toBe(0o600);
    expect(warnings).toEqual([expect.stringMatching(/could be read by other users \(mode 644\); changed it to 600/)]);
  });

  it('a key saved for the server in use wins over OPENAI_API_KEY, and says so with its last characters (issue 14)', async () => {
    kit = await startSettingsKit({ env: { OPENAI_API_KEY: 'sk-from-environment-9876', AKIRA_MODEL: 'm' } });
    expect((await kit.call('settings.get')).apiKey).toMatchObject({ set: true, source: 'environment', hint: '…9876', stored: false });
    // Saved for OpenAI's API, the server OPENAI_API_KEY is for and the model in effect uses.
    const status = await kit.call('settings.setApiKey', { key: KEY });
    expect(status).toMatchObject({ set: true, source: 'stored', hint: '…wxyz', stored: true, storedOrigin: 'https://api.openai.com' });
    expect(status.note).toMatch(/^The key saved in .* is used, for https:\/\/api\.openai\.com\. OPENAI_API_KEY from the environment is not used there while this key is saved/);
    expect((await kit.call('settings.get')).apiKey).toEqual(status);
  });

  it('a key saved for another server leaves the environment key in use for its own, and names both', async () => {
    kit = await startSettingsKit({ env: { OPENAI_API_KEY: 'sk-from-environment-9876', AKIRA_MODEL: 'm' } });
    const status = await kit.call('settings.setApiKey', { key: KEY, baseURL: 'http://127.0.0.1:1/v1' });
    expect(status).toMatchObject({ source: 'environment', hint: '…9876', stored: true, storedOrigin: 'http://127.0.0.1:1' });
    expect(status.note).toMatch(/OPENAI_API_KEY .* is used\. It is for https:\/\/api\.openai\.com\. The saved key is for http:\/\/127\.0\.0\.1:1\./);
    // The model pointed at that server: its saved key is the one in use.
    await kit.call('settings.update', { scope: 'global', model: { baseURL: 'http://127.0.0.1:1/v1' } });
    expect((await kit.call('settings.get')).apiKey).toMatchObject({ source: 'stored', hint: '…wxyz' });
  });

  it('moves a key written by hand in settings.json out of it, keeping the rest', async () => {
    kit = await startSettingsKit({ globalSettings: { model: { apiKey: 'sk-plain-0000-1111', model: 'm' }, other: 1 } });
    expect((await kit.call('settings.get')).apiKey.source).toBe('settings');
    await kit.call('settings.setApiKey', { key: KEY });
    expect(await kit.readGlobal()).toMatchObject({ model: { model: 'm' }, other: 1 });
    expect(JSON.stringify(await kit.readGlobal())).not.toContain('sk-plain');
    expect((await kit.call('settings.get')).apiKey).toMatchObject({ source: 'stored', hint: '…wxyz' });
  });

  it('the agent uses a key saved while Akira runs, at its next start (no restart)', async () => {
    server = await startOpenAiTestServer({ apiKey: KEY });
    kit = await startSettingsKit({ env: { OPENAI_BASE_URL: server.baseURL, AKIRA_MODEL: 'test-model' } });
    const events: { type: string; status?: string }[] = [];
    kit.core.bus.on('agent.onEvent', (e) => events.push(e as never));
    server.enqueue(reply.toolCall('todo_write', { todos: [{ description: 'Say hi', expectedResult: 'hi said' }] }));

    const first = await kit.call('agent.start', { task: 'say hi' });
    await waitFor(() => events.some((e) => e.type === 'status_changed' && e.status === 'paused'), 'the session paused on 401');
    expect(server.pending()).toBe(1); // refused before any reply was used
    await kit.call('agent.stop', { sessionId: first.sessionId });

    await kit.call('settings.setApiKey', { key: KEY });
    const second = await kit.call('agent.start', { task: 'say hi again' });
    await waitFor(() => server!.pending() === 0, 'an authorised model call');
    await kit.call('agent.stop', { sessionId: second.sessionId }).catch(() => undefined);
    for (const [path, content] of await kit.workspaceFiles()) expect(content, path).not.toContain(KEY);
  });
});
