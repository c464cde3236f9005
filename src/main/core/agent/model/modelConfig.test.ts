import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, resolveModelConfig } from './modelConfig';
import { ModelConfigError, ModelKeyWithheldError } from './modelErrors';

const env = { OPENAI_BASE_URL: 'http://env.example/v1', OPENAI_API_KEY: 'sk-env-key-0000000', AKIRA_MODEL: 'env-model' };

describe('model config resolution', () => {
  it('takes each field from flags, then workspace, then global settings, then env', () => {
    const all = resolveModelConfig({
      flags: { baseUrl: 'http://flags.example/v1', model: 'flag-model', apiKey: 'sk-flag-key-000000' },
      workspaceSettings: { baseURL: 'http://ws.example/v1', model: 'ws-model' },
      globalSettings: { baseURL: 'http://global.example/v1', model: 'global-model', apiKey: 'sk-global-key-0000' },
      env,
    });
    expect(all.config).toMatchObject({ baseURL: 'http://flags.example/v1', model: 'flag-model', apiKey: 'sk-flag-key-000000' });
    expect(all.sources).toEqual({ baseURL: 'flags', model: 'flags', apiKey: 'flags' });

    // (the global key goes to the workspace's server only because the user trusts it: see "a key belongs to a server")
    const ws = resolveModelConfig({
      workspaceSettings: { baseURL: 'http://ws.example/v1', model: 'ws-model' },
      globalSettings: { baseURL: 'http://global.example/v1', model: 'global-model', apiKey: 'sk-global-key-0000' },
      env,
      trustedServers: ['http://ws.example'],
    });
    expect(ws.config).toMatchObject({ baseURL: 'http://ws.example/v1', model: 'ws-model', apiKey: 'sk-global-key-0000' });
    expect(ws.sources).toEqual({ baseURL: 'workspace', model: 'workspace', apiKey: 'global' });

    const global = resolveModelConfig({ globalSettings: { model: 'global-model' }, env });
    expect(global.config).toMatchObject({ baseURL: 'http://env.example/v1', model: 'global-model', apiKey: 'sk-env-key-0000000' });
    expect(global.sources).toEqual({ baseURL: 'env', model: 'global', apiKey: 'env' });

    const fromEnv = resolveModelConfig({ env });
    expect(fromEnv.config).toEqual({
      baseURL: 'http://env.example/v1',
      apiKey: 'sk-env-key-0000000',
      model: 'env-model',
      price: null,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxRetries: DEFAULT_MAX_RETRIES,
    });
  });

  it('mixes fields across sources and ignores blank values', () => {
    const r = resolveModelConfig({ flags: { model: '  ', baseUrl: 'http://127.0.0.1:11434/v1/' }, env: { AKIRA_MODEL: 'llama3' } });
    expect(r.config).toMatchObject({ baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3', apiKey: '' });
    expect(r.sources).toEqual({ baseURL: 'flags', model: 'env', apiKey: null });
  });

  it('never reads the API key from workspace settings', () => {
    const r = resolveModelConfig({ workspaceSettings: { baseURL: 'http://ws.example/v1', model: 'm', apiKey: 'sk-committed-0000000' } });
    expect(r.config.apiKey).toBe('');
  });

  it("uses OpenAI's base URL when only a key and a model are given", () => {
    const r = resolveModelConfig({ env: { OPENAI_API_KEY: 'sk-x-0000000000', AKIRA_MODEL: 'gpt-4o-mini' } });
    expect(r.config.baseURL).toBe('https://api.openai.com/v1');
    expect(r.sources.baseURL).toBe('default');
  });

  it('reads price, timeout and retries from settings (workspace first)', () => {
    const r = resolveModelConfig({
      workspaceSettings: { model: 'm', baseURL: 'http://x/v1', inputPricePer1M: 1, outputPricePer1M: 3, timeoutSeconds: 30 },
      globalSettings: { maxRetries: 1, timeoutSeconds: 99 },
    });
    expect(r.config).toMatchObject({ price: { inputPer1M: 1, outputPer1M: 3 }, timeoutMs: 30_000, maxRetries: 1 });
  });

  it('says how to configure a model when none is configured', () => {
    const err = (() => {
      try {
        resolveModelConfig({ env: {} });
      } catch (e) {
        return e as ModelConfigError;
      }
    })();
    expect(err).toBeInstanceOf(ModelConfigError);
    expect(err).toMatchObject({ kind: 'config', code: 'bad_request' });
    expect(err!.message).toMatch(/^No model is configured\./);
    expect(err!.message).toContain('--base-url http://127.0.0.1:11434/v1 --model <name>');
    expect(err!.message).toMatch(/OPENAI_BASE_URL, OPENAI_API_KEY and AKIRA_MODEL/);
  });

  it('says which part is missing', () => {
    expect(() => resolveModelConfig({ flags: { baseUrl: 'http://127.0.0.1:11434/v1' } })).toThrow(/No model name is configured \(the base URL is http:\/\/127\.0\.0\.1:11434\/v1\)\. Configure one/);
    expect(() => resolveModelConfig({ flags: { model: 'llama3' } })).toThrow(/No base URL is configured for the model llama3\..*--base-url/);
  });

  it('refuses bad values with clear errors', () => {
    expect(() => resolveModelConfig({ flags: { baseUrl: 'localhost:11434', model: 'm' } })).toThrow(/must start with http:\/\/ or https:\/\//);
    expect(() => resolveModelConfig({ flags: { baseUrl: 'not a url', model: 'm' } })).toThrow(/"not a url" \(from flags\) is not a URL/);
    expect(() => resolveModelConfig({ flags: { model: 'm', baseUrl: 'http://x/v1' }, globalSettings: { timeoutSeconds: 0 } })).toThrow(
      /model settings in the global settings are not valid: timeoutSeconds/,
    );
    expect(() => resolveModelConfig({ flags: { model: 'm', baseUrl: 'http://x/v1' }, workspaceSettings: { maxRetries: 50 } })).toThrow(
      /\.akira\/settings\.json.*maxRetries/,
    );
  });
});

describe('the API key saved in Settings (secret store)', () => {
  const base = { flags: { model: 'm', baseUrl: 'http://x/v1' } };
  it('saved before keys carried their server, comes after the keys that are for the server in use', () => {
    const legacy = { key: 'sk-stored-000000', origin: null }; // saved before keys carried their server: any server the user names
    expect(resolveModelConfig({ ...base, storedApiKey: legacy }).sources.apiKey).toBe('stored');
    expect(resolveModelConfig({ ...base, storedApiKey: legacy, env: { OPENAI_API_KEY: 'sk-env-00000000', OPENAI_BASE_URL: 'http://x/v1' } }).config.apiKey).toBe('sk-env-00000000');
    expect(resolveModelConfig({ ...base, storedApiKey: legacy, globalSettings: { apiKey: 'sk-global-000000', baseURL: 'http://x/v1' } }).config.apiKey).toBe('sk-global-000000');
    // with no base URL, a known key still means OpenAI's
    expect(resolveModelConfig({ flags: { model: 'gpt-4o-mini' }, storedApiKey: { key: 'sk-stored-000000', origin: null } }).config.baseURL).toBe('https://api.openai.com/v1');
  });

  it('saved for the server in use, wins over OPENAI_API_KEY for that server (issue 14: the key you just saved is the one used)', () => {
    const env = { OPENAI_API_KEY: 'sk-env-00000000', OPENAI_BASE_URL: 'http://x/v1' };
    const saved = { key: 'sk-saved-0000000', origin: 'http://x' };
    const r = resolveModelConfig({ ...base, storedApiKey: saved, env });
    expect(r.config.apiKey).toBe('sk-saved-0000000');
    expect(r.sources.apiKey).toBe('stored');
    // Saved for another server: the environment's key goes to its own server, the saved one to its own.
    expect(resolveModelConfig({ ...base, storedApiKey: { ...saved, origin: 'http://y' }, env }).config.apiKey).toBe('sk-env-00000000');
    expect(resolveModelConfig({ flags: { model: 'm', baseUrl: 'http://y/v1' }, storedApiKey: { ...saved, origin: 'http://y' }, env }).config.apiKey).toBe('sk-saved-0000000');
    // The --api-key flag and a key written by hand in the global settings still come first.
    expect(resolveModelConfig({ ...base, storedApiKey: saved, env, globalSettings: { apiKey: 'sk-global-000000', baseURL: 'http://x/v1' } }).config.apiKey).toBe('sk-global-000000');
  });

});

describe('a key belongs to a server', () => {
  const user = { OPENAI_API_KEY: 'sk-user-env-00000000', AKIRA_MODEL: 'm' };
  const evil = { baseURL: 'http://evil.example:8080/v1' };

  it('withholds every kind of key from a server the workspace names, saying how to trust it', () => {
    const cases = [
      { env: user },
      { env: { AKIRA_MODEL: 'm' }, globalSettings: { apiKey: 'sk-global-00000000' } },
      { env: { AKIRA_MODEL: 'm' }, storedApiKey: { key: 'sk-stored-0000000', origin: 'https://api.openai.com' } },
      { env: { AKIRA_MODEL: 'm' }, storedApiKey: { key: 'sk-legacy-0000000', origin: null } },
      { env: { AKIRA_MODEL: 'm' }, flags: { apiKey: 'sk-flag-000000000' } },
    ];
    for (const c of cases) {
      let error: unknown = null;
      try {
        resolveModelConfig({ ...c, workspaceSettings: evil });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ModelKeyWithheldError);
      const e = error as ModelKeyWithheldError;
      expect(e.code).toBe('bad_request');
      expect(e.message).toContain('trustedModelServers');
      expect(e.message).not.toMatch(/sk-/);
      expect(e.details?.untrustedModelServer?.origin).toBe('http://evil.example:8080');
    }
  });

  it('sends the key to a workspace server it belongs to, or that the user trusts', () => {
    const own = resolveModelConfig({ env: { AKIRA_MODEL: 'm' }, workspaceSettings: evil, storedApiKey: { key: 'sk-saved-for-evil-0', origin: 'http://evil.example:8080' } });
    expect(own.config.apiKey).toBe('sk-saved-for-evil-0');
    const sameAsEnv = resolveModelConfig({ env: { ...user, OPENAI_BASE_URL: 'http://evil.example:8080/v1' }, workspaceSettings: { baseURL: 'http://evil.example:8080/other' } });
    expect(sameAsEnv.config.apiKey).toBe('sk-user-env-00000000');
    const trusted = resolveModelConfig({ env: user, workspaceSettings: evil, trustedServers: ['http://evil.example:8080'] });
    expect(trusted.config).toMatchObject({ baseURL: 'http://evil.example:8080/v1', apiKey: 'sk-user-env-00000000' });
  });

  it('lets a workspace name a server when there is no key at all', () => {
    const r = resolveModelConfig({ env: { AKIRA_MODEL: 'm' }, workspaceSettings: evil });
    expect(r.config).toMatchObject({ baseURL: 'http://evil.example:8080/v1', apiKey: '' });
  });

  it('gives a server the user names only the key that belongs to it (or any key once trusted); else none, saying why on a 401', () => {
    const stored = { key: 'sk-openrouter-000000', origin: 'https://openrouter.ai' };
    const openrouter = resolveModelConfig({ env: user, globalSettings: { baseURL: 'https://openrouter.ai/api/v1' }, storedApiKey: stored });
    expect(openrouter.config.apiKey).toBe('sk-openrouter-000000');
    expect(openrouter.sources.apiKey).toBe('stored');
    // OPENAI_API_KEY goes only to OPENAI_BASE_URL (OpenAI when unset): not to a local server named by a flag or the settings.
    const ollama = resolveModelConfig({ env: user, flags: { baseUrl: 'http://127.0.0.1:11434/v1' }, storedApiKey: stored });
    expect(ollama.config.apiKey).toBe('');
    expect(ollama.config.keyNote).toMatch(/No API key was sent to http:\/\/127\.0\.0\.1:11434: the key saved in Settings is for https:\/\/openrouter\.ai; OPENAI_API_KEY is for https:\/\/api\.openai\.com\. .*trustedModelServers/);
    expect(ollama.config.keyNote).not.toMatch(/sk-/);
    const viaGlobal = resolveModelConfig({ env: user, globalSettings: { baseURL: 'https://gateway.example/v1' } });
    expect(viaGlobal.config.apiKey).toBe('');
    const trusted = resolveModelConfig({ env: user, globalSettings: { baseURL: 'https://gateway.example/v1' }, trustedServers: ['https://gateway.example'] });
    expect(trusted.config.apiKey).toBe('sk-user-env-00000000');
  });
});
