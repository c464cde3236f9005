import { describe, expect, it } from 'vitest';
import type { SettingsLayerT, SettingsSnapshotT } from '../../../../shared/contract';
import {
  buildUpdate,
  formFromLayer,
  formPromptBudget,
  generationErrors,
  inheritedGeneration,
  modelInEffectFor,
  parseGeneration,
  perModelName,
  promptBudget,
} from './settingsForm';

/** The per-model generation fields of the settings form (issue 11): load, patch, validate, inherit, budget. */

const empty = (): SettingsLayerT => ({ model: {}, models: {}, agent: {} });

function snapshot(over: { global?: Partial<SettingsLayerT>; workspace?: Partial<SettingsLayerT> | null; model?: string | null; source?: 'env' | 'flags' | 'global' | 'workspace' } = {}): SettingsSnapshotT {
  const layer = (l: Partial<SettingsLayerT> = {}): SettingsLayerT => ({ ...empty(), ...l });
  return {
    workspace: { root: '/ws', name: 'ws' },
    files: { global: '/data/settings.json', workspace: '/ws/.akira/settings.json' },
    global: layer(over.global),
    workspaceLayer: over.workspace === null ? null : layer(over.workspace),
    effective: {
      model: { baseURL: 'http://127.0.0.1:9/v1', model: over.model ?? null, timeoutSeconds: 120, maxRetries: 3, jsonMode: false, sources: { baseURL: 'env', model: over.model ? (over.source ?? 'env') : null }, error: null },
      agent: { mode: 'code-dev', contextTokens: 16000, policy: { autoApprove: { read: true, write: false, command: false, mcp: false, sandboxedCommand: true }, commands: { allow: [], deny: [], buildDirs: [] }, limits: {}, requirePlanApproval: false }, spec: { skipConfidence: 0.8, onFailure: 'ask', assess: 'model' } },
      checkpoints: { retentionDays: 90, source: 'default' },
    },
    inheritedPolicy: {
      global: { autoApprove: { read: true, write: false, command: false, mcp: false, sandboxedCommand: true }, commands: { allow: [], deny: [], buildDirs: [] }, limits: {}, requirePlanApproval: false },
      workspace: { autoApprove: { read: true, write: false, command: false, mcp: false, sandboxedCommand: true }, commands: { allow: [], deny: [], buildDirs: [] }, limits: {}, requirePlanApproval: false },
    },
    apiKey: { set: false, source: 'none', hint: null, stored: false, storedOrigin: null, storage: { kind: 'file', description: 'a file' }, note: '' },
    ranges: {
      limits: {},
      contextTokens: { min: 2000, max: 1_000_000, default: 16000 },
      timeoutSeconds: { min: 1, max: 3600, default: 120 },
      maxRetries: { min: 0, max: 10, default: 3 },
      skipConfidence: { min: 0.5, max: 1, default: 0.8 },
      retentionDays: { min: 1, max: 3650, default: 90 },
    },
    modes: [],
    problems: [],
    trustedModelServers: [],
  };
}

const input = (built: ReturnType<typeof buildUpdate>) => {
  if (!('input' in built)) throw new Error(`not built: ${JSON.stringify(built.errors)}`);
  return built.input;
};

describe('per-model generation fields', () => {
  it('loads models.<name> of the model named in the layer', () => {
    const layer: SettingsLayerT = { model: { model: 'qwen' }, models: { qwen: { jsonMode: true, vision: false, temperature: 0.3, maxTokens: 2048, contextWindow: 32000 }, other: { vision: true } }, agent: {} };
    expect(formFromLayer(layer)).toMatchObject({ model: 'qwen', modelInEffect: '', jsonMode: true, vision: false, temperature: '0.3', maxTokens: '2048', contextWindow: '32000' });
    expect(formFromLayer({ ...layer, model: {} })).toMatchObject({ jsonMode: null, vision: null, temperature: '', maxTokens: '', contextWindow: '' });
  });

  it('uses the model in effect from elsewhere when the layer names none (not one this scope’s own file named)', () => {
    const envModel = snapshot({ model: 'mock', source: 'env' });
    expect(modelInEffectFor(envModel, 'global')).toBe('mock');
    expect(modelInEffectFor(snapshot({ model: 'g', source: 'global' }), 'workspace')).toBe('g');
    expect(modelInEffectFor(snapshot({ model: 'g', source: 'global' }), 'global')).toBe('');
    expect(modelInEffectFor(snapshot({ model: null }), 'global')).toBe('');

    const layer: SettingsLayerT = { model: {}, models: { mock: { vision: true, temperature: 0.5 } }, agent: {} };
    const form = formFromLayer(layer, 'mock');
    expect(perModelName(form)).toBe('mock');
    expect(form).toMatchObject({ model: '', vision: true, temperature: '0.5' });
    // Saved under the model in effect; the form's empty model field stays unset.
    const update = input(buildUpdate({ ...form, contextWindow: '64000' }, layer, 'global'));
    expect(update.models).toEqual({ mock: { contextWindow: 64000 } });
    expect(update.model?.model).toBeNull();
    // A model typed in the form wins over the one in effect.
    expect(perModelName({ ...form, model: ' qwen ' })).toBe('qwen');
  });

  it('patches set, clear and unchanged fields: only what changed, null only for what the file had', () => {
    const layer: SettingsLayerT = { model: { model: 'qwen' }, models: { qwen: { jsonMode: true, temperature: 0.7, maxTokens: 4096 } }, agent: {} };
    const form = formFromLayer(layer);
    expect(input(buildUpdate(form, layer, 'global')).models).toBeUndefined();

    const changed = { ...form, vision: true, temperature: '0.3', maxTokens: '', contextWindow: '32,000' };
    expect(input(buildUpdate(changed, layer, 'global')).models).toEqual({ qwen: { vision: true, temperature: 0.3, maxTokens: null, contextWindow: 32000 } });

    // Clearing a field the file does not have sends nothing for it; a switch back to inherited removes it.
    const cleared = { ...form, jsonMode: null, temperature: '0.7', contextWindow: '' };
    expect(input(buildUpdate(cleared, layer, 'workspace')).models).toEqual({ qwen: { jsonMode: null } });
  });

  it('sends nothing per model when no model is named or in effect', () => {
    const form = { ...formFromLayer(empty()), temperature: '0.3' };
    expect(input(buildUpdate(form, empty(), 'global')).models).toBeUndefined();
    expect(generationErrors({ ...form, temperature: '5' })).toEqual({});
  });

  it('says what is wrong as typed, in words, at the core’s paths; refuses to save it', () => {
    expect(parseGeneration('temperature', '5')).toEqual({ error: 'Temperature must be a number from 0 to 2' });
    expect(parseGeneration('temperature', 'warm')).toEqual({ error: 'Temperature must be a number from 0 to 2' });
    expect(parseGeneration('temperature', '1.25')).toBe(1.25);
    expect(parseGeneration('temperature', ' ')).toBeNull();
    expect(parseGeneration('maxTokens', '8')).toEqual({ error: 'Max answer tokens must be a whole number from 16 to 1,000,000 tokens' });
    expect(parseGeneration('maxTokens', '100.5')).toEqual({ error: 'Max answer tokens must be a whole number from 16 to 1,000,000 tokens' });
    expect(parseGeneration('contextWindow', '1000')).toEqual({ error: 'Context window must be a whole number from 2,048 to 10,000,000 tokens' });
    expect(parseGeneration('contextWindow', '128 000')).toBe(128000);
    expect(parseGeneration('contextWindow', '1,00')).toEqual({ error: 'Context window must be a whole number from 2,048 to 10,000,000 tokens' });

    const layer: SettingsLayerT = { model: { model: 'qwen' }, models: {}, agent: {} };
    const form = { ...formFromLayer(layer), temperature: '5', maxTokens: '64', contextWindow: '1000' };
    const errors = {
      'models.qwen.temperature': 'Temperature must be a number from 0 to 2',
      'models.qwen.contextWindow': 'Context window must be a whole number from 2,048 to 10,000,000 tokens',
    };
    expect(generationErrors(form)).toEqual(errors);
    expect(buildUpdate(form, layer, 'global')).toEqual({ errors });
  });

  it('shows what a scope inherits: the workspace the global entry then the model sections, the global scope its model section', () => {
    const snap = snapshot({
      global: { model: { temperature: 0.9, contextWindow: 8192 }, models: { qwen: { vision: true, maxTokens: 1024 } } },
      workspace: { model: { temperature: 0.2 }, models: { qwen: { contextWindow: 65536 } } },
    });
    expect(inheritedGeneration(snap, 'workspace', 'qwen')).toEqual({ vision: true, temperature: 0.2, maxTokens: 1024, contextWindow: 8192 });
    expect(inheritedGeneration(snap, 'global', 'qwen')).toEqual({ vision: false, temperature: 0.9, maxTokens: null, contextWindow: 8192 });
    expect(inheritedGeneration(snapshot({ workspace: null }), 'global', '')).toEqual({ vision: false, temperature: null, maxTokens: null, contextWindow: null });
  });

  it('computes the prompt budget a context window gives, as agentSettings.ts contextBudget does', () => {
    expect(promptBudget({ contextWindow: null, maxTokens: null }, null, 16000)).toBe(16000);
    expect(promptBudget({ contextWindow: null, maxTokens: null }, 9000, 16000)).toBe(9000);
    expect(promptBudget({ contextWindow: 32000, maxTokens: null }, null, 16000)).toBe(32000 - 4096 - 2000);
    expect(promptBudget({ contextWindow: 32000, maxTokens: 8000 }, 12000, 16000)).toBe(12000);
    expect(promptBudget({ contextWindow: 32000, maxTokens: 8000 }, 500000, 16000)).toBe(22000);
    expect(promptBudget({ contextWindow: 4096, maxTokens: 4096 }, null, 16000)).toBe(1000);

    const snap = snapshot({ global: { agent: { contextTokens: 20000 } } });
    const form = { ...formFromLayer({ model: { model: 'qwen' }, models: {}, agent: {} }), contextWindow: '32000' };
    expect(formPromptBudget(form, snap, 'global')).toBe(25904);
    expect(formPromptBudget(form, snap, 'workspace')).toBe(20000); // the global context budget is lower
    expect(formPromptBudget({ ...form, contextTokens: '10000' }, snap, 'global')).toBe(10000);
    expect(formPromptBudget({ ...form, contextWindow: 'big' }, snap, 'global')).toBeNull();
  });
});
