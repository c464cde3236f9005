import { z } from 'zod';
import { GENERATION_RANGES, SPEC_ASSESS_MODES, SPEC_FAILURE_ACTIONS, type SettingsLayerT, type SettingsScope, type SettingsUpdateInputT } from '../../../shared/contract';
import { modelSettingsSchema } from '../agent/model';
import { formatPolicyIssues, LIMITS, policyIssueWords, policyOverridesSchema } from '../agent/policy';
import { inputWords, zodSaidWords } from '../inputWords';
import { DEFAULT_CONTEXT_TOKENS, SPEC_DEFAULTS } from '../agent/orchestrator/agentSettings';
import { RETENTION_DAYS } from '../checkpoints/retentionSetting';
import { sandboxLayerSchema } from '../sandbox/sandboxSettings';
import { pickSandbox } from './sandboxView';
import { inRange, limitSetting, NUMBER_SETTINGS, PRICE_RANGE, rangeMessage, type NumberField, type NumberSetting } from '../../../shared/settings/settingWords';
import { inputErrors, plainWords, settingsErrors, type ErrorWords, type Words } from '../../../shared/errors';
import { RULES_KINDS } from '../../../shared/context/contextShapes';

/** An issue said by words (issue 14): their English is its message, so the two cannot drift. */
const said = (path: string, words: Words): FieldIssue => ({ path, message: words.en, words: plainWords(words) });

/**
 * One settings file (global `<dataDir>/settings.json` or the workspace's `.akira/settings.json`) as the
 * settings view sees it: read (tolerantly, ../settingsFile.ts), shown (`viewLayer`: only well-typed known fields,
 * never the API key), patched (`applyPatch`: other sections and unknown fields pass through) and checked
 * (`checkLayer`: every invalid field with its dotted path; numbers said with the settings view's names for them,
 * shared/settings/settingWords.ts, e.g. "Max tool loops per TODO must be a whole number from 1 to 200 (got 500)").
 * The rules are those of agent/orchestrator/agentSettings.ts, which reads the same files for the agent.
 */

export interface FieldIssue {
  path: string;
  message: string;
  /** Refused on save, but when it is already in the file the agent just leaves it out (workspace loosening). */
  ignored?: true;
  /** The message in words of the shared error catalogs (issue 14), when it is in one. */
  words?: ErrorWords;
}

export type RawSettings = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Ranges, read from the schemas that enforce them (so they cannot drift). */
function numberRange(schema: z.ZodType): { min: number; max: number } {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
  const n = s as z.ZodNumber;
  return { min: n.minValue ?? 0, max: n.maxValue ?? Number.MAX_SAFE_INTEGER };
}
const shape = modelSettingsSchema.shape;
export const MODEL_RANGES = {
  timeoutSeconds: { ...numberRange(shape.timeoutSeconds), default: 120 },
  maxRetries: { ...numberRange(shape.maxRetries), default: 3 },
};
/** agentSettings.ts's agent.contextTokens range. */
export const CONTEXT_TOKENS_RANGE = { min: 2000, max: 1_000_000, default: DEFAULT_CONTEXT_TOKENS };
/** agentSettings.ts's agent.spec.skipConfidence range (specSettingsSchema). */
export const SKIP_CONFIDENCE_RANGE = { min: 0.5, max: 1, default: SPEC_DEFAULTS.skipConfidence };
/** checkpoints/retentionSetting.ts's checkpoints.retentionDays range. */
export const RETENTION_DAYS_RANGE = { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max, default: RETENTION_DAYS.default };
const SPEC_CHOICES = { onFailure: SPEC_FAILURE_ACTIONS, assess: SPEC_ASSESS_MODES } as const;
const SPEC_FIELDS = ['skipConfidence', 'onFailure', 'assess'] as const;

const GENERATION_FIELDS = ['vision', 'temperature', 'maxTokens', 'contextWindow'] as const;
const MODEL_FIELDS = ['baseURL', 'model', 'timeoutSeconds', 'maxRetries', 'inputPricePer1M', 'outputPricePer1M', 'jsonMode', ...GENERATION_FIELDS] as const;
const PER_MODEL_FIELDS = ['jsonMode', ...GENERATION_FIELDS] as const;
const fieldType: Record<(typeof MODEL_FIELDS)[number], 'string' | 'number' | 'boolean'> = {
  vision: 'boolean',
  temperature: 'number',
  maxTokens: 'number',
  contextWindow: 'number',
  baseURL: 'string',
  model: 'string',
  timeoutSeconds: 'number',
  maxRetries: 'number',
  inputPricePer1M: 'number',
  outputPricePer1M: 'number',
  jsonMode: 'boolean',
};

function pickPolicy(p: unknown): SettingsLayerT['agent']['policy'] {
  if (!isObject(p)) return undefined;
  const r = policyOverridesSchema.safeParse(p);
  return r.success ? (JSON.parse(JSON.stringify(r.data)) as SettingsLayerT['agent']['policy']) : undefined;
}

/** What the settings view shows of a file: known, well-typed fields only; never `model.apiKey`. */
export function viewLayer(raw: RawSettings): SettingsLayerT {
  const model: SettingsLayerT['model'] = {};
  if (isObject(raw.model)) {
    for (const f of MODEL_FIELDS) {
      const v = raw.model[f];
      if (typeof v === fieldType[f] && (typeof v !== 'number' || Number.isFinite(v))) (model as Record<string, unknown>)[f] = v;
    }
  }
  const models: SettingsLayerT['models'] = {};
  if (isObject(raw.models)) {
    for (const [name, v] of Object.entries(raw.models)) {
      if (!isObject(v)) continue;
      const entry: Record<string, unknown> = {};
      for (const f of PER_MODEL_FIELDS) if (typeof v[f] === fieldType[f] && (typeof v[f] !== 'number' || Number.isFinite(v[f]))) entry[f] = v[f];
      models[name] = entry as SettingsLayerT['models'][string];
    }
  }
  const agent: SettingsLayerT['agent'] = {};
  if (isObject(raw.agent)) {
    if (typeof raw.agent.mode === 'string') agent.mode = raw.agent.mode;
    if (typeof raw.agent.contextTokens === 'number') agent.contextTokens = raw.agent.contextTokens;
    const policy = pickPolicy(raw.agent.policy);
    if (policy) agent.policy = policy;
    const spec = pickSpec(raw.agent.spec);
    if (spec) agent.spec = spec;
    const sandbox = pickSandbox(raw.agent.sandbox);
    if (sandbox) agent.sandbox = sandbox;
  }
  const layer: SettingsLayerT = { model, models, agent };
  if (isObject(raw.checkpoints) && typeof raw.checkpoints.retentionDays === 'number' && Number.isFinite(raw.checkpoints.retentionDays)) {
    layer.checkpoints = { retentionDays: raw.checkpoints.retentionDays };
  }
  return layer;
}

/** The well-typed fields of `agent.spec` (a value out of range is shown as it is: checkLayer reports it). */
function pickSpec(raw: unknown): NonNullable<SettingsLayerT['agent']['spec']> | undefined {
  if (!isObject(raw)) return undefined;
  const spec: NonNullable<SettingsLayerT['agent']['spec']> = {};
  if (typeof raw.skipConfidence === 'number' && Number.isFinite(raw.skipConfidence)) spec.skipConfidence = raw.skipConfidence;
  if (SPEC_FAILURE_ACTIONS.includes(raw.onFailure as never)) spec.onFailure = raw.onFailure as (typeof SPEC_FAILURE_ACTIONS)[number];
  if (SPEC_ASSESS_MODES.includes(raw.assess as never)) spec.assess = raw.assess as (typeof SPEC_ASSESS_MODES)[number];
  return Object.keys(spec).length ? spec : undefined;
}

function patchObject(target: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** The file with the patch applied: `null` removes a field, absent fields and other sections are kept. */
export function applyPatch(raw: RawSettings, patch: Omit<SettingsUpdateInputT, 'scope'>): RawSettings {
  const next: RawSettings = { ...raw };
  const setSection = (name: string, value: Record<string, unknown>) => {
    if (Object.keys(value).length) next[name] = value;
    else delete next[name];
  };
  if (patch.model) setSection('model', patchObject(raw.model, patch.model));
  if (patch.models) {
    const models: Record<string, unknown> = isObject(raw.models) ? { ...raw.models } : {};
    for (const [name, entry] of Object.entries(patch.models)) {
      if (entry === null) delete models[name];
      else {
        const merged = patchObject(models[name], entry);
        if (Object.keys(merged).length) models[name] = merged;
        else delete models[name];
      }
    }
    setSection('models', models);
  }
  if (patch.agent) {
    const { spec, ...rest } = patch.agent;
    const agent = patchObject(raw.agent, rest);
    // agent.spec is patched field by field (null for the whole section removes it).
    if (spec === null) delete agent.spec;
    else if (spec !== undefined) {
      const merged = patchObject(agent.spec, spec);
      if (Object.keys(merged).length) agent.spec = merged;
      else delete agent.spec;
    }
    setSection('agent', agent);
  }
  if (patch.checkpoints) setSection('checkpoints', patchObject(raw.checkpoints, patch.checkpoints));
  return next;
}

/** `<prefix>.<field>` of a file (when it has one) in range, said with the field's name for people. */
function checkField(issues: FieldIssue[], prefix: string, field: NumberField, value: unknown, r: { min: number; max: number }) {
  checkNumber(issues, `${prefix}.${field}`, value, r, NUMBER_SETTINGS[field], field);
}

/** A number (when the file has one) in range, said with the setting's name for people. */
function checkNumber(issues: FieldIssue[], path: string, value: unknown, r: { min: number; max: number }, setting: NumberSetting, key: string) {
  if (value === undefined || inRange(setting, r, value)) return;
  const words = settingsErrors.outOfRange(key, r.min, r.max, JSON.stringify(value) ?? 'nothing');
  issues.push({ path, message: `${rangeMessage(setting, r)} (got ${JSON.stringify(value) ?? 'nothing'})`, words: plainWords(words) });
}

function checkModel(model: unknown, issues: FieldIssue[]): void {
  if (model === undefined) return;
  if (!isObject(model)) {
    issues.push(said('model', inputErrors.wrongType('model', 'object', 0)));
    return;
  }
  const url = model.baseURL;
  if (url !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = typeof url === 'string' ? new URL(url) : null;
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      issues.push(said('model.baseURL', settingsErrors.baseUrlExample(String(JSON.stringify(url)))));
    }
  }
  if (model.model !== undefined && (typeof model.model !== 'string' || !model.model.trim())) {
    issues.push(said('model.model', settingsErrors.emptyModelName));
  }
  checkField(issues, 'model', 'timeoutSeconds', model.timeoutSeconds, MODEL_RANGES.timeoutSeconds);
  checkField(issues, 'model', 'maxRetries', model.maxRetries, MODEL_RANGES.maxRetries);
  for (const f of ['inputPricePer1M', 'outputPricePer1M'] as const) checkField(issues, 'model', f, model[f], PRICE_RANGE);
  if (model.jsonMode !== undefined && typeof model.jsonMode !== 'boolean') issues.push(said('model.jsonMode', inputErrors.wrongType('jsonMode', 'boolean', 0)));
  checkGeneration(model, 'model', issues);
  // Anything else the file holds (apiKey in the global file, prices…) is the model schema's business.
  const rest = modelSettingsSchema.extend({ jsonMode: z.unknown().optional(), ...Object.fromEntries(GENERATION_FIELDS.map((f) => [f, z.unknown().optional()])) }).safeParse(model);
  if (!rest.success) {
    for (const issue of rest.error.issues) {
      const path = ['model', ...issue.path.map(String)].join('.');
      if (issues.some((i) => i.path === path)) continue;
      const message = `${path}: ${issue.message}`;
      const words = zodSaidWords(message, inputWords({ ...issue, path: ['model', ...issue.path] } as z.core.$ZodIssue, { model }, 0));
      issues.push(words ? { path, message, words: plainWords(words) } : { path, message });
    }
  }
}

/** A model's generation settings (agentSettings.ts generationSettingsSchema), in words a person understands. */
function checkGeneration(model: Record<string, unknown>, prefix: string, issues: FieldIssue[]): void {
  if (model.vision !== undefined && typeof model.vision !== 'boolean') issues.push(said(`${prefix}.vision`, inputErrors.wrongType('vision', 'boolean', 0)));
  for (const f of ['temperature', 'maxTokens', 'contextWindow'] as const) checkField(issues, prefix, f, model[f], GENERATION_RANGES[f]);
}

function checkPolicyLayer(policy: unknown, issues: FieldIssue[]): void {
  // The limits first, in the settings view's words; the policy schema says the rest.
  const said = new Set<string>();
  const limits = isObject(policy) && isObject(policy.limits) ? policy.limits : {};
  for (const [name, range] of Object.entries(LIMITS)) {
    const path = `agent.policy.limits.${name}`;
    const before = issues.length;
    checkNumber(issues, path, limits[name], range, limitSetting(name), name);
    if (issues.length > before) said.add(path);
  }
  const r = policyOverridesSchema.safeParse(policy);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const sub = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
      const path = ['agent', 'policy', ...sub.map(String)].join('.');
      if (said.has(path)) continue;
      const [message] = formatPolicyIssues(new z.ZodError([issue]));
      // The schema's own rules and unknown keys have words (their English is this message); zod's other text is
      // said in the generic words where they know the problem.
      const words = policyIssueWords(issue) ?? zodSaidWords(message, inputWords({ ...issue, path: ['agent', 'policy', ...issue.path] } as z.core.$ZodIssue, { agent: { policy } }, 0));
      issues.push(words ? { path, message, words: plainWords(words) } : { path, message });
    }
    return;
  }
  // What a workspace layer may not loosen depends on what it inherits: settingsService checks it with
  // policy/projectPolicy.ts loosenedFields (the agent leaves those fields out).
}

/** Every invalid field of a file's model/models/agent sections, as the agent would reject them. */
export function checkLayer(raw: RawSettings, scope: SettingsScope, modeIds: readonly string[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  checkModel(raw.model, issues);
  if (scope === 'workspace' && isObject(raw.model) && raw.model.apiKey !== undefined) {
    issues.push(said('model.apiKey', settingsErrors.apiKeyNeverFromWorkspace));
  }
  if (raw.models !== undefined) {
    if (!isObject(raw.models)) issues.push(said('models', settingsErrors.modelsNotObject));
    else {
      for (const [name, v] of Object.entries(raw.models)) {
        if (!isObject(v) || (v.jsonMode !== undefined && typeof v.jsonMode !== 'boolean')) {
          issues.push(said(`models.${name}.jsonMode`, inputErrors.wrongType('jsonMode', 'boolean', 0)));
        }
        if (isObject(v)) checkGeneration(v, `models.${name}`, issues);
      }
    }
  }
  const agent = raw.agent;
  if (agent !== undefined) {
    if (!isObject(agent)) issues.push(said('agent', inputErrors.wrongType('agent', 'object', 0)));
    else {
      if (agent.mode !== undefined && (typeof agent.mode !== 'string' || !modeIds.includes(agent.mode))) {
        issues.push(said('agent.mode', settingsErrors.noSuchMode(String(JSON.stringify(agent.mode)), modeIds.join(', '))));
      }
      checkField(issues, 'agent', 'contextTokens', agent.contextTokens, CONTEXT_TOKENS_RANGE);
      if (agent.policy !== undefined) checkPolicyLayer(agent.policy, issues);
      if (agent.spec !== undefined) checkSpec(agent.spec, issues);
      if (agent.sandbox !== undefined) checkSandbox(agent.sandbox, issues);
    }
  }
  if (raw.context !== undefined) checkContext(raw.context, issues);
  const checkpoints = raw.checkpoints;
  if (checkpoints !== undefined) {
    if (!isObject(checkpoints)) issues.push(said('checkpoints', settingsErrors.checkpointsNotObject));
    else checkField(issues, 'checkpoints', 'retentionDays', checkpoints.retentionDays, RETENTION_DAYS_RANGE);
  }
  return issues;
}

/** `context.rules.disabled` (context/rulesSettings.ts): a list of kinds of rules files. */
function checkContext(context: unknown, issues: FieldIssue[]): void {
  if (!isObject(context)) return void issues.push(said('context', inputErrors.wrongType('context', 'object', 0)));
  if (context.rules === undefined) return;
  if (!isObject(context.rules)) return void issues.push(said('context.rules', inputErrors.wrongType('rules', 'object', 0)));
  const disabled = context.rules.disabled;
  if (disabled === undefined) return;
  if (!Array.isArray(disabled)) return void issues.push(said('context.rules.disabled', settingsErrors.rulesDisabledNotList));
  disabled.forEach((kind, i) => {
    if (!(RULES_KINDS as readonly unknown[]).includes(kind)) issues.push(said(`context.rules.disabled.${i}`, settingsErrors.unknownRulesKind(JSON.stringify(kind) ?? String(kind), RULES_KINDS.join(', '))));
  });
}

/** agent.sandbox as agentSettings.ts reads it (sandbox/sandboxSettings.ts; strict: an unknown field is refused too). */
function checkSandbox(sandbox: unknown, issues: FieldIssue[]): void {
  const r = sandboxLayerSchema.safeParse(sandbox);
  if (r.success) return;
  for (const issue of r.error.issues) {
    const sub = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
    const path = ['agent', 'sandbox', ...sub.map(String)].join('.');
    const message = `${path}: ${issue.message}`;
    const words = zodSaidWords(message, inputWords({ ...issue, path: ['agent', 'sandbox', ...issue.path] } as z.core.$ZodIssue, { agent: { sandbox } }, 0));
    issues.push(words ? { path, message, words: plainWords(words) } : { path, message });
  }
}

/** agent.spec as agentSettings.ts's specSettingsSchema reads it (strict: an unknown field is refused too). */
function checkSpec(spec: unknown, issues: FieldIssue[]): void {
  if (!isObject(spec)) {
    issues.push(said('agent.spec', settingsErrors.specNotObject));
    return;
  }
  checkField(issues, 'agent.spec', 'skipConfidence', spec.skipConfidence, SKIP_CONFIDENCE_RANGE);
  for (const field of ['onFailure', 'assess'] as const) {
    const value = spec[field];
    const choices: readonly string[] = SPEC_CHOICES[field];
    if (value !== undefined && (typeof value !== 'string' || !choices.includes(value))) {
      issues.push(said(`agent.spec.${field}`, settingsErrors.notAChoice(field, choices.join(', '), String(JSON.stringify(value)))));
    }
  }
  for (const key of Object.keys(spec)) {
    if (!(SPEC_FIELDS as readonly string[]).includes(key)) issues.push(said(`agent.spec.${key}`, settingsErrors.noSpecSetting(JSON.stringify(key), SPEC_FIELDS.join(', '))));
  }
}
