import {
  GENERATION_RANGES,
  PROMPT_RESERVES,
  MODEL_PRESETS,
  presetOf,
  type ModelPresetId,
  type PolicyLayerT,
  type SettingsLayerT,
  type SettingsScope,
  type SettingsSnapshotT,
  type SettingsUpdateInputT,
  type SpecSettingsSectionT,
} from '../../../../shared/contract';
import { inRange, NUMBER_SETTINGS } from '../../../../shared/settings/settingWords';
import { textOf } from '../../i18n';
import { numberStrings } from './numberStrings';
import { sandboxFormOf, sandboxPatch, type SandboxForm } from './sandboxForm';

/**
 * The settings form of one scope (global or workspace) and its translation to `settings.update`.
 * Text and number inputs are kept as typed (strings); an empty field means "not set in this scope"
 * (the value comes from the other layers or the defaults, shown as the placeholder). Toggles are
 * true/false when this scope sets them and null when it inherits. The per-model fields (JSON mode, vision,
 * temperature, max answer tokens, context window) are `models.<name>` of the model named in the form, or of
 * the model in effect from elsewhere (environment, flags, the other scope) when the form names none.
 */

/** The per-model generation ranges and the prompt's reserves, as the core checks and uses them. */
export { GENERATION_RANGES };
export type GenerationNumber = keyof typeof GENERATION_RANGES;
const GENERATION_NUMBERS = Object.keys(GENERATION_RANGES) as GenerationNumber[];
const ANSWER_RESERVE = PROMPT_RESERVES.answer;
const SCHEMA_RESERVE = PROMPT_RESERVES.tools;


export type ApprovalKind = 'read' | 'write' | 'command' | 'mcp' | 'sandboxedCommand' | 'modeSwitch';

export interface PolicyForm {
  autoApprove: Record<ApprovalKind, boolean | null>;
  allow: string[];
  deny: string[];
  /** Limit name → as typed ('' = inherited). */
  limits: Record<string, string>;
  requirePlanApproval: boolean | null;
  /** Not edited here; passed through on save. */
  buildDirs?: string[];
  passEnv?: string[];
}

export interface SettingsForm {
  preset: ModelPresetId;
  baseURL: string;
  model: string;
  timeoutSeconds: string;
  maxRetries: string;
  /** `model.inputPricePer1M` / `model.outputPricePer1M` as typed, USD per 1M tokens ('' = not set in this scope): with a price, cost is shown. */
  inputPrice: string;
  outputPrice: string;
  /**
   * The model the per-model fields are for when `model` is empty: the one in effect that this scope's file
   * does not name (environment, flags, the other scope), else ''. Set on load, never typed.
   */
  modelInEffect: string;
  /** JSON mode for the per-model fields' model (`perModelName`), in this scope (null: inherited). */
  jsonMode: boolean | null;
  /** `models.<name>.vision`: the model takes images (null: inherited). */
  vision: boolean | null;
  /** `models.<name>.temperature`, `.maxTokens`, `.contextWindow` as typed ('' = not set in this scope). */
  temperature: string;
  maxTokens: string;
  contextWindow: string;
  mode: string;
  contextTokens: string;
  policy: PolicyForm;
  /** agent.spec.skipConfidence as typed ('' = inherited). */
  skipConfidence: string;
  /** agent.spec.onFailure ('' = inherited). */
  onFailure: '' | NonNullable<SpecSettingsSectionT['onFailure']>;
  /** agent.spec.assess ('' = inherited). */
  assess: '' | NonNullable<SpecSettingsSectionT['assess']>;
  /** checkpoints.retentionDays as typed ('' = inherited). */
  retentionDays: string;
  /** agent.sandbox (sandboxForm.ts). */
  sandbox: SandboxForm;
}

/** Server field path → message (paths as in `details.fields`, e.g. `agent.policy.limits.maxToolLoopsPerTodo`). */
export type FieldErrors = Record<string, string>;

const text = (v: string | number | undefined) => (v === undefined ? '' : String(v));

export function layerOf(snapshot: SettingsSnapshotT, scope: SettingsScope): SettingsLayerT {
  return (scope === 'workspace' ? snapshot.workspaceLayer : snapshot.global) ?? { model: {}, models: {}, agent: {} };
}

/**
 * The model in effect when this scope's file names none (from the environment, flags or the other scope's
 * file), else ''. A model this scope's own file names is the form's `model` field instead.
 */
export function modelInEffectFor(snapshot: SettingsSnapshotT, scope: SettingsScope): string {
  const { model, sources } = snapshot.effective.model;
  return model && sources.model !== scope ? model : '';
}

/** The model the per-model fields are for: the one named in the form, else the one in effect ('' when none). */
export function perModelName(form: Pick<SettingsForm, 'model' | 'modelInEffect'>): string {
  return form.model.trim() || form.modelInEffect;
}

/** This layer's `models.<name>` as the form shows it. */
export function perModelFields(layer: SettingsLayerT, name: string): Pick<SettingsForm, 'jsonMode' | 'vision' | GenerationNumber> {
  const entry = name ? layer.models[name] : undefined;
  return {
    jsonMode: entry?.jsonMode ?? null,
    vision: entry?.vision ?? null,
    temperature: text(entry?.temperature),
    maxTokens: text(entry?.maxTokens),
    contextWindow: text(entry?.contextWindow),
  };
}

/** The form of a layer; `modelInEffect` (modelInEffectFor) is whom the per-model fields are for when the layer names no model. */
export function formFromLayer(layer: SettingsLayerT, modelInEffect = ''): SettingsForm {
  const p = layer.agent.policy ?? {};
  const limits: Record<string, string> = {};
  for (const [name, value] of Object.entries(p.limits ?? {})) limits[name] = text(value);
  const model = layer.model.model ?? '';
  return {
    preset: presetOf(layer.model.baseURL),
    baseURL: layer.model.baseURL ?? '',
    model,
    timeoutSeconds: text(layer.model.timeoutSeconds),
    maxRetries: text(layer.model.maxRetries),
    inputPrice: text(layer.model.inputPricePer1M),
    outputPrice: text(layer.model.outputPricePer1M),
    modelInEffect,
    ...perModelFields(layer, perModelName({ model, modelInEffect })),
    mode: layer.agent.mode ?? '',
    contextTokens: text(layer.agent.contextTokens),
    policy: {
      autoApprove: {
        read: p.autoApprove?.read ?? null,
        write: p.autoApprove?.write ?? null,
        command: p.autoApprove?.command ?? null,
        mcp: p.autoApprove?.mcp ?? null,
        sandboxedCommand: p.autoApprove?.sandboxedCommand ?? null,
        modeSwitch: p.autoApprove?.modeSwitch ?? null,
      },
      allow: [...(p.commands?.allow ?? [])],
      deny: [...(p.commands?.deny ?? [])],
      limits,
      requirePlanApproval: p.requirePlanApproval ?? null,
      ...(p.commands?.buildDirs ? { buildDirs: [...p.commands.buildDirs] } : {}),
      ...(p.commands?.passEnv ? { passEnv: [...p.commands.passEnv] } : {}),
    },
    skipConfidence: text(layer.agent.spec?.skipConfidence),
    onFailure: layer.agent.spec?.onFailure ?? '',
    assess: layer.agent.spec?.assess ?? '',
    retentionDays: text(layer.checkpoints?.retentionDays),
    sandbox: sandboxFormOf(layer),
  };
}

/** Picking a preset fills its base URL (Custom keeps what is typed). */
export function applyPreset(form: SettingsForm, id: ModelPresetId): SettingsForm {
  const preset = MODEL_PRESETS.find((p) => p.id === id);
  if (!preset) return form;
  return { ...form, preset: id, baseURL: preset.baseURL || form.baseURL };
}

/** A typed number: '' → null (not set), a number, or an error message. */
export function parseNumber(value: string): number | null | { error: string } {
  const t = value.trim();
  if (!t) return null;
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return { error: textOf(numberStrings).notANumber(t) };
  return Number(t);
}

/** "32,000" or "32 000" → "32000" (thousands separators in a whole number of tokens). */
export const withoutGrouping = (value: string) => (/^\s*\d{1,3}([, _]\d{3})+\s*$/.test(value) ? value.replace(/[, _]/g, '') : value);

/** A per-model number as typed: null (empty: not set), the number, or why not in words a person understands. */
export function parseGeneration(field: GenerationNumber, value: string): number | null | { error: string } {
  const r = GENERATION_RANGES[field];
  const setting = NUMBER_SETTINGS[field];
  const n = parseNumber(setting.whole ? withoutGrouping(value) : value);
  if (n === null) return null;
  if (inRange(setting, r, n)) return n;
  return { error: textOf(numberStrings).outOfRange(field, r.min, r.max) };
}

/** The per-model numbers that cannot be saved as typed, at the core's paths (`models.<name>.temperature`…). */
export function generationErrors(form: SettingsForm): FieldErrors {
  const name = perModelName(form);
  const errors: FieldErrors = {};
  if (!name) return errors;
  for (const f of GENERATION_NUMBERS) {
    const n = parseGeneration(f, form[f]);
    if (n !== null && typeof n === 'object') errors[`models.${name}.${f}`] = n.error;
  }
  return errors;
}

/** `models.<name>` of the update: only what changed from the file (null removes a field it had); errors by path. */
function perModelPatch(form: SettingsForm, saved: SettingsLayerT['models'][string], name: string, errors: FieldErrors) {
  const patch: NonNullable<NonNullable<SettingsUpdateInputT['models']>[string]> = {};
  if (form.jsonMode !== (saved.jsonMode ?? null)) patch.jsonMode = form.jsonMode;
  if (form.vision !== (saved.vision ?? null)) patch.vision = form.vision;
  for (const f of GENERATION_NUMBERS) {
    const n = parseGeneration(f, form[f]);
    if (n !== null && typeof n === 'object') errors[`models.${name}.${f}`] = n.error;
    else if (n !== (saved[f] ?? null)) patch[f] = n;
  }
  return patch;
}

/** What this scope's `models.<name>` leaves to the others (agentSettings.ts generationFor without this scope's entry). */
export interface InheritedGeneration {
  vision: boolean;
  temperature: number | null;
  maxTokens: number | null;
  contextWindow: number | null;
}

/**
 * The generation settings the model gets when this scope's `models.<name>` does not set them: for the
 * workspace, the global `models.<name>` then the `model` sections (workspace, global); for the global
 * scope (every folder), the global `model` section.
 */
export function inheritedGeneration(snapshot: SettingsSnapshotT, scope: SettingsScope, name: string): InheritedGeneration {
  const g = snapshot.global;
  const ws = snapshot.workspaceLayer;
  const layers = scope === 'workspace' ? [name ? g.models[name] : undefined, ws?.model, g.model] : [g.model];
  const pick = <K extends keyof InheritedGeneration>(k: K) => layers.map((l) => l?.[k]).find((v) => v !== undefined);
  return { vision: pick('vision') ?? false, temperature: pick('temperature') ?? null, maxTokens: pick('maxTokens') ?? null, contextWindow: pick('contextWindow') ?? null };
}

/**
 * The prompt budget of every call (agentSettings.ts contextBudget): the context budget (`contextTokens`,
 * else the default) and, with a context window, never more than the window minus the answer and the tools.
 */
export function promptBudget(g: { contextWindow: number | null; maxTokens: number | null }, contextTokens: number | null, defaultTokens: number): number {
  if (!g.contextWindow) return contextTokens ?? defaultTokens;
  const room = Math.max(1000, g.contextWindow - (g.maxTokens ?? ANSWER_RESERVE) - SCHEMA_RESERVE);
  return Math.min(contextTokens ?? room, room);
}

/**
 * The prompt budget the form gives its model: the typed window and answer size (else what is inherited), and
 * the context budget of this scope (a workspace's falls back to the global one).
 */
export function formPromptBudget(form: SettingsForm, snapshot: SettingsSnapshotT, scope: SettingsScope): number | null {
  const inherited = inheritedGeneration(snapshot, scope, perModelName(form));
  const typed = (f: GenerationNumber) => {
    const n = parseGeneration(f, form[f]);
    return n === null ? inherited[f] : typeof n === 'number' ? n : undefined;
  };
  const contextWindow = typed('contextWindow');
  const maxTokens = typed('maxTokens');
  const own = parseNumber(form.contextTokens);
  if (contextWindow === undefined || maxTokens === undefined || (own !== null && typeof own === 'object')) return null;
  const contextTokens = own ?? (scope === 'workspace' ? snapshot.global.agent.contextTokens ?? null : null);
  return promptBudget({ contextWindow, maxTokens }, contextTokens, snapshot.ranges.contextTokens.default);
}

function policyLayerOf(p: PolicyForm, errors: FieldErrors): PolicyLayerT | null {
  const out: PolicyLayerT = {};
  const autoApprove = Object.fromEntries(Object.entries(p.autoApprove).filter(([, v]) => v !== null)) as PolicyLayerT['autoApprove'];
  if (autoApprove && Object.keys(autoApprove).length) out.autoApprove = autoApprove;
  const clean = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  const commands: NonNullable<PolicyLayerT['commands']> = {};
  if (clean(p.allow).length) commands.allow = clean(p.allow);
  if (clean(p.deny).length) commands.deny = clean(p.deny);
  if (p.buildDirs) commands.buildDirs = p.buildDirs;
  if (p.passEnv) commands.passEnv = p.passEnv;
  if (Object.keys(commands).length) out.commands = commands;
  const limits: Record<string, number> = {};
  for (const [name, value] of Object.entries(p.limits)) {
    const n = parseNumber(value);
    if (n === null) continue;
    if (typeof n === 'object') errors[`agent.policy.limits.${name}`] = n.error;
    else limits[name] = n;
  }
  if (Object.keys(limits).length) out.limits = limits;
  if (p.requirePlanApproval !== null) out.requirePlanApproval = p.requirePlanApproval;
  return Object.keys(out).length ? out : null;
}

/**
 * The `settings.update` for this form, or the fields that cannot even be sent (not numbers). Every
 * field the form shows is sent (empty → null removes it from the file); what it does not show is kept.
 */
export function buildUpdate(form: SettingsForm, layer: SettingsLayerT, scope: SettingsScope): { input: SettingsUpdateInputT } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const num = (path: string, value: string) => {
    const n = parseNumber(value);
    if (n !== null && typeof n === 'object') {
      errors[path] = n.error;
      return null;
    }
    return n;
  };
  const model = form.model.trim();
  const input: SettingsUpdateInputT = {
    scope,
    model: {
      baseURL: form.baseURL.trim() || null,
      model: model || null,
      timeoutSeconds: num('model.timeoutSeconds', form.timeoutSeconds),
      maxRetries: num('model.maxRetries', form.maxRetries),
      inputPricePer1M: num('model.inputPricePer1M', form.inputPrice),
      outputPricePer1M: num('model.outputPricePer1M', form.outputPrice),
    },
    agent: {
      mode: form.mode || null,
      contextTokens: num('agent.contextTokens', form.contextTokens),
      policy: policyLayerOf(form.policy, errors),
    },
  };
  const name = perModelName(form);
  if (name) {
    const entry = perModelPatch(form, layer.models[name] ?? {}, name, errors);
    if (Object.keys(entry).length) input.models = { [name]: entry };
  }
  // The spec and retention fields are sent only when they changed (a file's odd value elsewhere is not re-sent).
  const saved = formFromLayer(layer, form.modelInEffect);
  const spec: NonNullable<NonNullable<SettingsUpdateInputT['agent']>['spec']> = {};
  if (form.skipConfidence.trim() !== saved.skipConfidence) spec.skipConfidence = num('agent.spec.skipConfidence', form.skipConfidence);
  if (form.onFailure !== saved.onFailure) spec.onFailure = form.onFailure || null;
  if (form.assess !== saved.assess) spec.assess = form.assess || null;
  if (Object.keys(spec).length) input.agent = { ...input.agent, spec };
  const sandbox = sandboxPatch(form.sandbox, layer);
  if (sandbox !== undefined) input.agent = { ...input.agent, sandbox };
  if (form.retentionDays.trim() !== saved.retentionDays) input.checkpoints = { retentionDays: num('checkpoints.retentionDays', form.retentionDays) };
  return Object.keys(errors).length ? { errors } : { input };
}

/**
 * What a scope inherits for the spec and retention fields: the workspace inherits the global file's
 * values, the global scope the defaults (the placeholders of empty fields).
 */
export function inheritedSpecValues(snapshot: SettingsSnapshotT, scope: SettingsScope) {
  const defaults = {
    skipConfidence: snapshot.ranges.skipConfidence.default,
    onFailure: 'ask' as const,
    assess: 'model' as const,
    retentionDays: snapshot.ranges.retentionDays.default,
  };
  if (scope === 'global') return defaults;
  const g = snapshot.global;
  return {
    skipConfidence: g.agent.spec?.skipConfidence ?? defaults.skipConfidence,
    onFailure: g.agent.spec?.onFailure ?? defaults.onFailure,
    assess: g.agent.spec?.assess ?? defaults.assess,
    retentionDays: g.checkpoints?.retentionDays ?? defaults.retentionDays,
  };
}

/** The server's `details.fields` as a map (the first message per path). */
export function fieldErrorsFrom(details: { fields?: { path: string; message: string }[] } | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const f of details?.fields ?? []) if (!(f.path in out)) out[f.path] = f.message;
  return out;
}

/** Messages for a field and anything under it (a list's entries: `….allow.2`). */
export function errorsUnder(errors: FieldErrors, path: string): string[] {
  return Object.entries(errors)
    .filter(([p]) => p === path || p.startsWith(`${path}.`))
    .map(([, m]) => m);
}
