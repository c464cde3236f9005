import { MODEL_PRESETS, type ModelPresetId, type SettingsSnapshotT } from '../../../../shared/contract';
import { Field, InheritableSwitch } from './Field';
import { useSettingsStore } from './settingsStore';

const sourceWord: Record<string, string> = { flags: 'command line', workspace: 'workspace', global: 'global settings', env: 'environment', stored: 'saved', default: 'default' };

/** Preset, base URL, model name (suggestions from the last connection test), JSON mode, timeout and retries. */
export function ModelSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const form = useSettingsStore((s) => s.form)!;
  const errors = useSettingsStore((s) => s.errors);
  const setField = useSettingsStore((s) => s.setField);
  const pickPreset = useSettingsStore((s) => s.pickPreset);
  const listed = useSettingsStore((s) => s.test.result?.models);
  const effective = snapshot.effective.model;
  const preset = MODEL_PRESETS.find((p) => p.id === form.preset)!;
  const from = (field: 'baseURL' | 'model') => {
    const source = effective.sources[field];
    return effective[field] && source ? `${effective[field]} (${sourceWord[source] ?? source})` : '';
  };
  return (
    <section className="st-section" aria-labelledby="st-model-title">
      <h3 id="st-model-title">Model</h3>
      {effective.error && (
        <p className="st-note warn" data-testid="model-config-error">
          {effective.error}
        </p>
      )}
      <div className="st-grid">
        <Field id="st-preset" label="Provider" path="preset" errors={errors} hint={preset.id === 'custom' ? 'Any OpenAI-compatible server (vLLM, llama.cpp, Azure, a proxy…).' : preset.needsKey ? 'Needs an API key.' : 'Runs locally; no API key needed.'}>
          <select id="st-preset" className="tl-input" value={form.preset} data-testid="settings-preset" onChange={(e) => pickPreset(e.target.value as ModelPresetId)}>
            {MODEL_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-base-url" label="Base URL" path="model.baseURL" errors={errors} wide>
          <input
            id="st-base-url"
            className="tl-input st-mono"
            value={form.baseURL}
            placeholder={from('baseURL') || 'http://127.0.0.1:11434/v1'}
            spellCheck={false}
            data-testid="settings-base-url"
            onChange={(e) => setField('baseURL', e.target.value)}
          />
        </Field>
        <Field id="st-model" label="Model" path="model.model" errors={errors} wide hint={listed?.length ? `${listed.length} models offered by the server (type to filter).` : undefined}>
          <input
            id="st-model"
            className="tl-input st-mono"
            value={form.model}
            list="st-model-list"
            placeholder={from('model') || preset.modelHint}
            spellCheck={false}
            data-testid="settings-model"
            onChange={(e) => setField('model', e.target.value)}
          />
          <datalist id="st-model-list">
            {(listed ?? []).map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </Field>
        <Field id="st-json" label="JSON mode" path={`models.${form.model.trim()}`} errors={errors} hint="For models without tool calling: the agent asks for one JSON object per reply.">
          <InheritableSwitch
            id="st-json"
            label={form.model.trim() ? `for ${form.model.trim()}` : 'name a model first'}
            value={form.jsonMode}
            inherited={effective.jsonMode}
            disabled={!form.model.trim()}
            testId="settings-json-mode"
            onChange={(v) => setField('jsonMode', v)}
          />
        </Field>
        <Field id="st-timeout" label="Timeout (s)" path="model.timeoutSeconds" errors={errors} hint={`${snapshot.ranges.timeoutSeconds.min}–${snapshot.ranges.timeoutSeconds.max}`}>
          <input
            id="st-timeout"
            className="tl-input"
            type="number"
            value={form.timeoutSeconds}
            placeholder={String(effective.timeoutSeconds)}
            data-testid="settings-timeout"
            onChange={(e) => setField('timeoutSeconds', e.target.value)}
          />
        </Field>
        <Field id="st-retries" label="Retries" path="model.maxRetries" errors={errors} hint={`${snapshot.ranges.maxRetries.min}–${snapshot.ranges.maxRetries.max}`}>
          <input
            id="st-retries"
            className="tl-input"
            type="number"
            value={form.maxRetries}
            placeholder={String(effective.maxRetries)}
            data-testid="settings-retries"
            onChange={(e) => setField('maxRetries', e.target.value)}
          />
        </Field>
      </div>
    </section>
  );
}
