import {
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

/**
 * The settings form of one scope (global or workspace) and its translation to `settings.update`.
 * Text and number inputs are kept as typed (strings); an empty field means "not set in this scope"
 * (the value comes from the other layers or the defaults, shown as the placeholder). Toggles are
 * true/false when this scope sets them and null when it inherits.
 */

export type ApprovalKind = 'read' | 'write' | 'command';

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
  /** JSON mode for the model named in `model`, in this scope (null: inherited). */
  jsonMode: boolean | null;
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
}

/** Server field path → message (paths as in `details.fields`, e.g. `agent.policy.limits.maxToolLoopsPerTodo`). */
export type FieldErrors = Record<string, string>;

const text = (v: string | number | undefined) => (v === undefined ? '' : String(v));

export function layerOf(snapshot: SettingsSnapshotT, scope: SettingsScope): SettingsLayerT {
  return (scope === 'workspace' ? snapshot.workspaceLayer : snapshot.global) ?? { model: {}, models: {}, agent: {} };
}

export function formFromLayer(layer: SettingsLayerT): SettingsForm {
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
    jsonMode: (model ? layer.models[model]?.jsonMode : undefined) ?? null,
    mode: layer.agent.mode ?? '',
    contextTokens: text(layer.agent.contextTokens),
    policy: {
      autoApprove: { read: p.autoApprove?.read ?? null, write: p.autoApprove?.write ?? null, command: p.autoApprove?.command ?? null },
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
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return { error: `“${t}” is not a number` };
  return Number(t);
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
    },
    agent: {
      mode: form.mode || null,
      contextTokens: num('agent.contextTokens', form.contextTokens),
      policy: policyLayerOf(form.policy, errors),
    },
  };
  const savedJson = model ? layer.models[model]?.jsonMode ?? null : null;
  if (model && form.jsonMode !== savedJson) input.models = { [model]: { jsonMode: form.jsonMode } };
  // The spec and retention fields are sent only when they changed (a file's odd value elsewhere is not re-sent).
  const saved = formFromLayer(layer);
  const spec: NonNullable<NonNullable<SettingsUpdateInputT['agent']>['spec']> = {};
  if (form.skipConfidence.trim() !== saved.skipConfidence) spec.skipConfidence = num('agent.spec.skipConfidence', form.skipConfidence);
  if (form.onFailure !== saved.onFailure) spec.onFailure = form.onFailure || null;
  if (form.assess !== saved.assess) spec.assess = form.assess || null;
  if (Object.keys(spec).length) input.agent = { ...input.agent, spec };
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
