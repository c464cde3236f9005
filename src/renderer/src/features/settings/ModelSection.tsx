import { MODEL_PRESETS, type ModelPresetId, type SettingsSnapshotT } from '../../../../shared/contract';
import { Field, InheritableSwitch } from './Field';
import { GENERATION_RANGES, formPromptBudget, inheritedGeneration, perModelName, type GenerationNumber } from './settingsForm';
import { useFieldErrors, useSettingsStore } from './settingsStore';
import { settingsStrings } from './settingsStrings';
import { numberStrings } from './numberStrings';
import { useFormats, useLanguage, useText } from '../../i18n';
import { modelConfigErrorText } from './modelConfigErrorText';
import { withSlots } from './slots';

/** The base URL's placeholder when nothing is in effect (Ollama's). */
const LOCAL_URL_EXAMPLE = 'http://127.0.0.1:11434/v1';

/**
 * Preset, base URL, model name (suggestions from the last connection test), timeout and retries, the prices that
 * make cost appear, then the model's own settings. Numbers are checked as typed (settingsChecks.ts).
 */
export function ModelSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(settingsStrings);
  const language = useLanguage();
  const form = useSettingsStore((s) => s.form)!;
  const scope = useSettingsStore((s) => s.scope);
  const errors = useFieldErrors();
  const setField = useSettingsStore((s) => s.setField);
  const pickPreset = useSettingsStore((s) => s.pickPreset);
  const listed = useSettingsStore((s) => s.test.result?.models);
  const effective = snapshot.effective.model;
  const preset = MODEL_PRESETS.find((p) => p.id === form.preset)!;
  const from = (field: 'baseURL' | 'model') => {
    const source = effective.sources[field];
    return effective[field] && source ? t.valueFrom(effective[field], t.source(source)) : '';
  };
  return (
    <section className="st-section" aria-labelledby="st-model-title">
      <h3 id="st-model-title">{t.model}</h3>
      {effective.error && (
        <p className="st-note warn" data-testid="model-config-error">
          {modelConfigErrorText(effective.error, effective.errorWords, language)}
        </p>
      )}
      <div className="st-grid">
        <Field id="st-preset" label={t.provider} path="preset" errors={errors} hint={preset.id === 'custom' ? t.customHint : preset.needsKey ? t.needsKey : t.runsLocally}>
          <select id="st-preset" className="tl-input" value={form.preset} data-testid="settings-preset" onChange={(e) => pickPreset(e.target.value as ModelPresetId)}>
            {MODEL_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.id === 'custom' ? t.presetCustom : p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-base-url" label={t.baseUrl} path="model.baseURL" errors={errors} wide>
          <input
            id="st-base-url"
            className="tl-input st-mono"
            value={form.baseURL}
            placeholder={from('baseURL') || t.example(`${LOCAL_URL_EXAMPLE} (Ollama)`)}
            spellCheck={false}
            data-testid="settings-base-url"
            onChange={(e) => setField('baseURL', e.target.value)}
          />
        </Field>
        <Field id="st-model" label={t.model} path="model.model" errors={errors} hint={listed?.length ? t.modelsOffered(listed.length) : undefined}>
          <input
            id="st-model"
            className="tl-input st-mono"
            value={form.model}
            list="st-model-list"
            placeholder={from('model') || t.modelHint(preset.id, preset.modelHint)}
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
        <Field id="st-timeout" label={t.timeoutSeconds} path="model.timeoutSeconds" errors={errors} hint={`${snapshot.ranges.timeoutSeconds.min}–${snapshot.ranges.timeoutSeconds.max}`}>
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
        <Field id="st-retries" label={t.retries} path="model.maxRetries" errors={errors} hint={`${snapshot.ranges.maxRetries.min}–${snapshot.ranges.maxRetries.max}`}>
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
      <PriceFields snapshot={snapshot} scope={scope} />
      <PerModelFields snapshot={snapshot} />
    </section>
  );
}

/**
 * `model.inputPricePer1M` / `model.outputPricePer1M` of this scope, USD per 1M tokens: with a price, each TODO and
 * the session show what they cost (a few well-known OpenAI models have a price without one).
 */
function PriceFields({ snapshot, scope }: { snapshot: SettingsSnapshotT; scope: 'global' | 'workspace' }) {
  const t = useText(settingsStrings);
  const form = useSettingsStore((s) => s.form)!;
  const errors = useFieldErrors();
  const setField = useSettingsStore((s) => s.setField);
  const fromGlobal = scope === 'workspace' ? snapshot.global.model : {};
  const fields = [
    { field: 'inputPrice', path: 'model.inputPricePer1M', label: t.inputPrice, inherited: fromGlobal.inputPricePer1M, testId: 'settings-input-price' },
    { field: 'outputPrice', path: 'model.outputPricePer1M', label: t.outputPrice, inherited: fromGlobal.outputPricePer1M, testId: 'settings-output-price' },
  ] as const;
  return (
    <div className="st-grid" data-testid="settings-prices">
      {fields.map((f) => (
        <Field key={f.field} id={`st-${f.field}`} label={f.label} path={f.path} errors={errors} hint={t.priceHint}>
          <input
            id={`st-${f.field}`}
            className="tl-input"
            inputMode="decimal"
            value={form[f.field]}
            placeholder={f.inherited !== undefined ? String(f.inherited) : t.notSet}
            spellCheck={false}
            aria-invalid={!!errors[f.path]}
            data-testid={f.testId}
            onChange={(e) => setField(f.field, e.target.value)}
          />
        </Field>
      ))}
    </div>
  );
}

/**
 * `models.<name>` of this scope: JSON mode, vision, temperature, max answer tokens and context window, for the
 * model named above or, when none is, the model in effect (saying where it comes from). Numbers are checked as typed.
 */
function PerModelFields({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(settingsStrings);
  const numbers = useText(numberStrings);
  const formats = useFormats();
  const plain = (n: number) => formats.number(n);
  const form = useSettingsStore((s) => s.form)!;
  const scope = useSettingsStore((s) => s.scope);
  const errors = useFieldErrors();
  const setField = useSettingsStore((s) => s.setField);
  const name = perModelName(form);
  const named = !!form.model.trim();
  const source = snapshot.effective.model.sources.model;
  const inherited = inheritedGeneration(snapshot, scope, name);
  const budget = formPromptBudget(form, snapshot, scope);
  const path = (f: string) => `models.${name}.${f}`;
  const where = t.source(source ?? '');
  const hints: Record<GenerationNumber, string> = {
    temperature: t.temperatureHint(String(GENERATION_RANGES.temperature.min), String(GENERATION_RANGES.temperature.max)),
    maxTokens: t.maxTokensHint(plain(GENERATION_RANGES.maxTokens.min), plain(GENERATION_RANGES.maxTokens.max)),
    contextWindow: t.contextWindowHint(plain(GENERATION_RANGES.contextWindow.min), plain(GENERATION_RANGES.contextWindow.max), budget === null || !name ? null : plain(budget)),
  };
  const placeholder = (f: GenerationNumber) => {
    const v = inherited[f];
    if (v !== null) return plain(v);
    return f === 'contextWindow' ? t.notSet : t.serverDefault;
  };
  return (
    <div data-testid="settings-per-model" data-model={name}>
      <h4 data-testid="settings-per-model-title">
        {name ? withSlots(t.settingsOfModel(named ? null : where), [<span className="st-mono">{name}</span>]) : t.settingsOfTheModel}
      </h4>
      <p className="st-note" data-testid="settings-per-model-note">
        {!name ? t.perModelNone : named ? t.perModelNamed(name) : t.perModelInEffect(name, where)}
      </p>
      <div className="st-grid">
        <Field id="st-json" label={t.jsonMode} path={path('jsonMode')} errors={errors} hint={t.jsonModeHint}>
          <InheritableSwitch
            id="st-json"
            label={name ? t.forModel(name) : t.nameModelFirst}
            value={form.jsonMode}
            inherited={snapshot.effective.model.jsonMode}
            disabled={!name}
            testId="settings-json-mode"
            onChange={(v) => setField('jsonMode', v)}
          />
        </Field>
        <Field id="st-vision" label={t.vision} path={path('vision')} errors={errors} hint={t.visionHint}>
          <InheritableSwitch
            id="st-vision"
            label={name ? t.takesImages : t.nameModelFirst}
            value={form.vision}
            inherited={inherited.vision}
            disabled={!name}
            testId="settings-vision"
            onChange={(v) => setField('vision', v)}
          />
        </Field>
        {(['temperature', 'maxTokens', 'contextWindow'] as const).map((f) => (
          <Field key={f} id={`st-${f}`} label={numbers.label(f)} path={path(f)} errors={errors} hint={hints[f]}>
            <input
              id={`st-${f}`}
              className="tl-input"
              inputMode={GENERATION_RANGES[f].whole ? 'numeric' : 'decimal'}
              value={form[f]}
              placeholder={name ? placeholder(f) : ''}
              disabled={!name}
              spellCheck={false}
              aria-invalid={!!errors[path(f)]}
              data-testid={`settings-${f.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}
              onChange={(e) => setField(f, e.target.value)}
            />
          </Field>
        ))}
      </div>
    </div>
  );
}
