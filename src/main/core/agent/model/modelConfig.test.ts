import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, resolveModelConfig } from './modelConfig';
import { ModelConfigError } from './modelErrors';

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

    const ws = resolveModelConfig({
      workspaceSettings: { baseURL: 'http://ws.example/v1', model: 'ws-model' },
      globalSettings: { baseURL: 'http://global.example/v1', model: 'global-model', apiKey: 'sk-global-key-0000' },
      env,
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
  it('comes after OPENAI_API_KEY and a key written in the global settings', () => {
    expect(resolveModelConfig({ ...base, storedApiKey: 'sk-stored-000000' }).sources.apiKey).toBe('stored');
    expect(resolveModelConfig({ ...base, storedApiKey: 'sk-stored-000000', env: { OPENAI_API_KEY: 'sk-env-00000000' } }).config.apiKey).toBe('sk-env-00000000');
    expect(resolveModelConfig({ ...base, storedApiKey: 'sk-stored-000000', globalSettings: { apiKey: 'sk-global-000000' } }).config.apiKey).toBe('sk-global-000000');
    // with no base URL, a known key still means OpenAI's
    expect(resolveModelConfig({ flags: { model: 'gpt-4o-mini' }, storedApiKey: 'sk-stored-000000' }).config.baseURL).toBe('https://api.openai.com/v1');
  });

});
