import { beforeEach, describe, expect, it } from 'vitest';
import type { SettingsSnapshotT, SettingsUpdateInputT } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { buildUpdate, formFromLayer, inheritedSpecValues, parseNumber } from './settingsForm';
import { typedErrors } from './settingsChecks';
import { useSettingsStore } from './settingsStore';

const policy = {
  autoApprove: { read: true, write: false, command: false, mcp: false, sandboxedCommand: true },
  commands: { allow: ['ls', 'git status'], deny: [], buildDirs: ['node_modules'] },
  limits: { maxToolLoopsPerTodo: 25, maxRetriesPerTodo: 3 },
  requirePlanApproval: false,
};

function snapshot(global: Partial<SettingsSnapshotT['global']> = {}, workspace: SettingsSnapshotT['workspaceLayer'] = { model: {}, models: {}, agent: {} }): SettingsSnapshotT {
  return {
    workspace: { root: '/ws', name: 'ws' },
    files: { global: '/data/settings.json', workspace: '/ws/.akira/settings.json' },
    global: { model: {}, models: {}, agent: {}, ...global },
    workspaceLayer: workspace,
    effective: {
      model: { baseURL: null, model: null, timeoutSeconds: 120, maxRetries: 3, jsonMode: false, sources: { baseURL: null, model: null }, error: 'No model is configured.' },
      agent: { mode: 'code-dev', contextTokens: 16000, policy, spec: { skipConfidence: 0.8, onFailure: 'ask', assess: 'model' } },
      checkpoints: { retentionDays: 90, source: 'default' },
    },
    inheritedPolicy: { global: policy, workspace: policy },
    apiKey: { set: false, source: 'none', hint: null, stored: false, storedOrigin: null, storage: { kind: 'file', description: 'a file' }, note: '' },
    ranges: {
      limits: { maxToolLoopsPerTodo: { min: 1, max: 200, default: 25 }, maxRetriesPerTodo: { min: 0, max: 10, default: 3 } },
      contextTokens: { min: 2000, max: 1_000_000, default: 16000 },
      timeoutSeconds: { min: 1, max: 3600, default: 120 },
      maxRetries: { min: 0, max: 10, default: 3 },
      skipConfidence: { min: 0.5, max: 1, default: 0.8 },
      retentionDays: { min: 1, max: 3650, default: 90 },
    },
    modes: [{ id: 'code-dev', name: 'Code', description: '' }],
    problems: [],
    trustedModelServers: [],
  };
}

/** A core stand-in for settings.update: refuses a base URL that is not http(s) with field details, like the real one. */
function fakeCore() {
  const calls: SettingsUpdateInputT[] = [];
  let current = snapshot();
  const client = {
    async invoke(name: string, input: SettingsUpdateInputT) {
      if (name !== 'settings.update') throw new Error(`unexpected ${name}`);
      calls.push(input);
      const url = input.model?.baseURL;
      if (url && !/^https?:\/\//.test(url)) {
        throw new ClientError('bad_request', 'Not saved', {
          fields: [{ path: 'model.baseURL', message: `The base URL must be an http:// or https:// URL, e.g. http://127.0.0.1:11434/v1 (got "${url}")` }],
        });
      }
      current = snapshot({
        model: { baseURL: input.model?.baseURL ?? undefined, model: input.model?.model ?? undefined },
        agent: { policy: input.agent?.policy ?? undefined },
      });
      return current;
    },
  } as unknown as AkiraClient;
  return { client, calls };
}

beforeEach(() => {
  useSettingsStore.setState({ open: false, scope: 'global', form: null, loaded: null, layer: null, ranges: null, errors: {}, notice: null, saving: false });
});

describe('settings form', () => {
  it('round-trips a layer: what is loaded is what is saved, empty fields remove', () => {
    const layer = {
      model: { baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3', timeoutSeconds: 60 },
      models: { llama3: { jsonMode: true } },
      agent: { mode: 'code-dev', policy: { autoApprove: { write: true }, commands: { deny: ['git push'], buildDirs: ['dist'], passEnv: ['MY_TOKEN'] }, limits: { maxRetriesPerTodo: 2 } } },
    };
    const form = formFromLayer(layer);
    expect(form).toMatchObject({ preset: 'ollama', jsonMode: true, timeoutSeconds: '60', maxRetries: '' });
    const built = buildUpdate(form, layer, 'global');
    expect(built).toEqual({
      input: {
        scope: 'global',
        model: { baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3', timeoutSeconds: 60, maxRetries: null, inputPricePer1M: null, outputPricePer1M: null },
        agent: { mode: 'code-dev', contextTokens: null, policy: { autoApprove: { write: true }, commands: { deny: ['git push'], buildDirs: ['dist'], passEnv: ['MY_TOKEN'] }, limits: { maxRetriesPerTodo: 2 } } },
      },
    });
  });

  it('sends JSON mode for the model named, and only when it changed', () => {
    const layer = { model: { model: 'a' }, models: {}, agent: {} };
    const form = { ...formFromLayer(layer), model: 'qwen', jsonMode: true };
    const built = buildUpdate(form, layer, 'workspace');
    expect('input' in built && built.input.models).toEqual({ qwen: { jsonMode: true } });
    expect('input' in built && built.input.agent?.policy).toBeNull();
  });

  it('sends the spec and retention fields only when they changed; empty removes', () => {
    const layer = { model: {}, models: {}, agent: { spec: { skipConfidence: 0.9, onFailure: 'rollback' as const } }, checkpoints: { retentionDays: 30 } };
    const form = formFromLayer(layer);
    expect(form).toMatchObject({ skipConfidence: '0.9', onFailure: 'rollback', assess: '', retentionDays: '30' });
    const same = buildUpdate(form, layer, 'global');
    expect('input' in same && same.input.agent?.spec).toBeUndefined();
    expect('input' in same && same.input.checkpoints).toBeUndefined();
    const changed = buildUpdate({ ...form, skipConfidence: '', onFailure: 'continue', assess: 'heuristic', retentionDays: ' 120 ' }, layer, 'workspace');
    expect('input' in changed && changed.input.agent?.spec).toEqual({ skipConfidence: null, onFailure: 'continue', assess: 'heuristic' });
    expect('input' in changed && changed.input.checkpoints).toEqual({ retentionDays: 120 });
    expect(buildUpdate({ ...form, retentionDays: 'a year' }, layer, 'global')).toEqual({ errors: { 'checkpoints.retentionDays': '“a year” is not a number' } });
  });

  it('a workspace inherits the global spec and retention values, the global scope the defaults', () => {
    const snap = snapshot({ agent: { spec: { onFailure: 'continue' } }, checkpoints: { retentionDays: 45 } });
    expect(inheritedSpecValues(snap, 'global')).toEqual({ skipConfidence: 0.8, onFailure: 'ask', assess: 'model', retentionDays: 90 });
    expect(inheritedSpecValues(snap, 'workspace')).toEqual({ skipConfidence: 0.8, onFailure: 'continue', assess: 'model', retentionDays: 45 });
  });

  it('refuses what is not a number before sending', () => {
    expect(parseNumber(' 12 ')).toBe(12);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1.5')).toBe(1.5);
    expect(parseNumber('12abc')).toEqual({ error: '“12abc” is not a number' });
    const form = formFromLayer({ model: {}, models: {}, agent: {} });
    form.policy.limits.maxToolLoopsPerTodo = 'lots';
    expect(buildUpdate(form, { model: {}, models: {}, agent: {} }, 'global')).toEqual({ errors: { 'agent.policy.limits.maxToolLoopsPerTodo': '“lots” is not a number' } });
  });
});

describe('settings store', () => {
  it('says a limit out of range as it is typed and sends nothing; shows the server’s message next to its field; saves once fixed', async () => {
    const store = useSettingsStore.getState();
    const { client, calls } = fakeCore();
    store.load(snapshot());
    store.pickPreset('ollama');
    expect(useSettingsStore.getState().form?.baseURL).toBe('http://127.0.0.1:11434/v1');
    store.setField('model', 'llama3');
    store.setPolicy((p) => ({ ...p, limits: { ...p.limits, maxToolLoopsPerTodo: '500' } }));
    expect(useSettingsStore.getState().dirty()).toBe(true);
    const typed = () => typedErrors(useSettingsStore.getState().form!, useSettingsStore.getState().ranges!);
    expect(typed()).toEqual({ 'agent.policy.limits.maxToolLoopsPerTodo': 'Max tool loops per TODO must be a whole number from 1 to 200' });

    // Save refuses what is wrong as typed without a round trip.
    expect(await store.save(client)).toBeNull();
    let s = useSettingsStore.getState();
    expect(calls).toEqual([]);
    expect(s.notice).toEqual({ kind: 'error', text: 'Not saved: a field above needs fixing (marked in red; the first one has the focus).' });
    expect(s.dirty()).toBe(true); // what was typed is kept

    // a fresh snapshot (another window saved) does not overwrite what is being typed
    store.load(snapshot({ model: { model: 'other' } }));
    expect(useSettingsStore.getState().form?.model).toBe('llama3');

    // Fixed; what the core refuses (a base URL it cannot use) comes back next to its field.
    store.setPolicy((p) => ({ ...p, limits: { ...p.limits, maxToolLoopsPerTodo: '50' } }));
    expect(typed()).toEqual({});
    expect(useSettingsStore.getState().notice).toBeNull();
    store.setField('baseURL', 'localhost:11434');
    expect(await store.save(client)).toBeNull();
    s = useSettingsStore.getState();
    expect(s.errors).toEqual({ 'model.baseURL': 'The base URL must be an http:// or https:// URL, e.g. http://127.0.0.1:11434/v1 (got "localhost:11434")' });
    expect(s.notice).toEqual({ kind: 'error', text: 'Not saved: a field above needs fixing (marked in red; the first one has the focus).' });
    store.setField('baseURL', 'http://127.0.0.1:11434/v1');
    expect(useSettingsStore.getState().errors).toEqual({});

    const saved = await store.save(client);
    expect(saved?.global.model).toEqual({ baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3' });
    s = useSettingsStore.getState();
    expect(s.notice).toEqual({ kind: 'ok', text: 'Saved to /data/settings.json.' });
    expect(s.dirty()).toBe(false);
    expect(s.form?.policy.limits).toEqual({ maxToolLoopsPerTodo: '50' });
    expect(calls.map((c) => c.agent?.policy?.limits?.maxToolLoopsPerTodo)).toEqual([50, 50]);
  });

  it('Revert goes back to the file and forgets the messages and the “Not saved” notice (issue 14)', async () => {
    const store = useSettingsStore.getState();
    const { client, calls } = fakeCore();
    const snap = snapshot();
    store.load(snap);
    store.setField('timeoutSeconds', '0');
    store.setField('baseURL', 'localhost');
    expect(await store.save(client)).toBeNull();
    useSettingsStore.setState({ errors: { 'model.baseURL': 'from the server' } });
    expect(useSettingsStore.getState().notice?.text).toBe('Not saved: a field above needs fixing (marked in red; the first one has the focus).');
    store.revert(snap);
    const s = useSettingsStore.getState();
    expect(s).toMatchObject({ notice: null, errors: {} });
    expect(s.dirty()).toBe(false);
    expect(s.form?.timeoutSeconds).toBe('');
    expect(typedErrors(s.form!, s.ranges!)).toEqual({});
    expect(calls).toEqual([]);
  });

  it('switching scope loads that layer and forgets the other scope’s messages', () => {
    const store = useSettingsStore.getState();
    store.load(snapshot({ model: { model: 'global-model' } }, { model: { model: 'ws-model' }, models: {}, agent: {} }));
    useSettingsStore.setState({ errors: { 'model.model': 'x' } });
    store.setScope('workspace', snapshot({ model: { model: 'global-model' } }, { model: { model: 'ws-model' }, models: {}, agent: {} }));
    const s = useSettingsStore.getState();
    expect(s.scope).toBe('workspace');
    expect(s.form?.model).toBe('ws-model');
    expect(s.errors).toEqual({});
  });

  it('per-model fields follow the model: the one in effect when none is named, the typed one after', () => {
    const snap = snapshot({ models: { mock: { vision: true, temperature: 0.4 }, qwen: { contextWindow: 32000 } } });
    snap.effective.model = { ...snap.effective.model, model: 'mock', sources: { baseURL: 'env', model: 'env' }, error: null };
    const store = useSettingsStore.getState();
    store.load(snap);
    expect(useSettingsStore.getState().form).toMatchObject({ model: '', modelInEffect: 'mock', vision: true, temperature: '0.4', contextWindow: '' });
    useSettingsStore.setState({ errors: { 'models.mock.temperature': 'Temperature must be a number from 0 to 2', 'model.baseURL': 'x' } });
    store.setField('temperature', '0.5');
    expect(useSettingsStore.getState().errors).toEqual({ 'model.baseURL': 'x' });
    store.setField('model', 'qwen');
    expect(useSettingsStore.getState().form).toMatchObject({ model: 'qwen', vision: null, temperature: '', contextWindow: '32000' });
    store.setField('model', '');
    expect(useSettingsStore.getState().form).toMatchObject({ vision: true, temperature: '0.4' });
  });

  it('falls back to the global scope when no folder is open', () => {
    useSettingsStore.setState({ scope: 'workspace' });
    useSettingsStore.getState().load({ ...snapshot({ model: { model: 'g' } }), workspaceLayer: null, workspace: null });
    expect(useSettingsStore.getState()).toMatchObject({ scope: 'global', form: { model: 'g' } });
  });

  it('forgets a typed API key once it is saved; keeps it and says why when refused', async () => {
    const invoke = async (_name: string, input: { key: string | null }) => {
      if (input.key === 'bad key') throw new ClientError('bad_request', 'An API key has no spaces or special characters');
      return { set: true, source: 'stored', hint: '…wxyz', stored: true, storage: { kind: 'file', description: 'f' }, note: '' };
    };
    const client = { invoke } as unknown as AkiraClient;
    const store = useSettingsStore.getState();
    store.setKeyDraft('bad key');
    expect(await store.saveKey(client, 'bad key')).toBeNull();
    expect(useSettingsStore.getState()).toMatchObject({ keyDraft: 'bad key', keyError: 'An API key has no spaces or special characters' });
    store.setKeyDraft('sk-good-0123456789wxyz');
    expect(await store.saveKey(client, 'sk-good-0123456789wxyz')).toMatchObject({ hint: '…wxyz' });
    expect(useSettingsStore.getState()).toMatchObject({ keyDraft: '', keyEditing: false, keyError: null });
  });
});
