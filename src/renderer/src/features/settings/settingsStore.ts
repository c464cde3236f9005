import { useMemo } from 'react';
import { create } from 'zustand';
import type { ApiKeyStatusT, ConnectionTestResultT, ModelPresetId, SettingsLayerT, SettingsScope, SettingsSnapshotT } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { typedErrors, type SettingsRanges } from './settingsChecks';
import { textOf, useLanguage } from '../../i18n';
import { settingsStrings } from './settingsStrings';
import { changedSandboxPaths, type SandboxForm } from './sandboxForm';
import { applyPreset, buildUpdate, fieldErrorsFrom, formFromLayer, layerOf, modelInEffectFor, perModelFields, perModelName, type FieldErrors, type PolicyForm, type SettingsForm } from './settingsForm';

/**
 * The settings view's state: open or not, the scope being edited, the form (what is typed, before
 * saving), the server's field messages, the API key editor and the connection test. Fed by
 * `settings.get` (react-query) through `load`; `save`, `saveKey` and `testConnection` talk to the core.
 * What is wrong as typed is computed, not stored (`useFieldErrors`: settingsChecks.ts and the server's messages).
 */

type FormField = Exclude<keyof SettingsForm, 'policy' | 'preset' | 'modelInEffect' | 'sandbox'>;
/** The fields of `models.<name>` (their messages are at `models.<name>.<field>`). */
const PER_MODEL = ['jsonMode', 'vision', 'temperature', 'maxTokens', 'contextWindow'] as const;
type PerModelField = (typeof PER_MODEL)[number];
const isPerModel = (f: FormField): f is PerModelField => (PER_MODEL as readonly string[]).includes(f);

export interface ConnectionTestState {
  running: boolean;
  result: ConnectionTestResultT | null;
  error: string | null;
}

interface SettingsViewState {
  open: boolean;
  scope: SettingsScope;
  /** The layer the form was loaded from (to tell what changed). */
  layer: SettingsLayerT | null;
  form: SettingsForm | null;
  loaded: SettingsForm | null;
  /** The ranges the core checks numbers against (from the snapshot). */
  ranges: SettingsRanges | null;
  errors: FieldErrors;
  saving: boolean;
  /** After a save: what happened (ok) or why not. */
  notice: { kind: 'ok' | 'error'; text: string } | null;
  keyDraft: string;
  /** The key editor is open (Replace, or no key yet). */
  keyEditing: boolean;
  keyBusy: boolean;
  keyError: string | null;
  test: ConnectionTestState;

  openSettings(): void;
  closeSettings(): void;
  /** Takes a fresh snapshot; keeps what is being typed unless `force` (after a save or a scope switch). */
  load(snapshot: SettingsSnapshotT, force?: boolean): void;
  /** Back to what the file holds: no messages, no notice. */
  revert(snapshot: SettingsSnapshotT): void;
  setScope(scope: SettingsScope, snapshot: SettingsSnapshotT): void;
  setField(field: FormField, value: SettingsForm[FormField]): void;
  pickPreset(id: ModelPresetId): void;
  setPolicy(change: (p: PolicyForm) => PolicyForm): void;
  setSandbox(change: (s: SandboxForm) => SandboxForm): void;
  setKeyDraft(value: string): void;
  setKeyEditing(editing: boolean): void;
  dirty(): boolean;
  save(client: AkiraClient): Promise<SettingsSnapshotT | null>;
  /** `baseURL`: the server the key is for (the core sends it nowhere else a project names). */
  saveKey(client: AkiraClient, key: string | null, baseURL?: string | null): Promise<ApiKeyStatusT | null>;
  testConnection(client: AkiraClient): Promise<void>;
}

const noTest: ConnectionTestState = { running: false, result: null, error: null };

/** Removes the messages of the fields a change touches (they were about the old value). */
function without(errors: FieldErrors, ...prefixes: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([p]) => !prefixes.some((x) => p === x || p.startsWith(`${x}.`))));
}

/** Where the core reports each field that is not per-model (renaming the model also drops every `models.*` message). */
const pathOf: Record<Exclude<FormField, PerModelField>, string> = {
  baseURL: 'model.baseURL',
  model: 'model.model',
  timeoutSeconds: 'model.timeoutSeconds',
  maxRetries: 'model.maxRetries',
  inputPrice: 'model.inputPricePer1M',
  outputPrice: 'model.outputPricePer1M',
  mode: 'agent.mode',
  contextTokens: 'agent.contextTokens',
  skipConfidence: 'agent.spec.skipConfidence',
  onFailure: 'agent.spec.onFailure',
  assess: 'agent.spec.assess',
  retentionDays: 'checkpoints.retentionDays',
};

export const useSettingsStore = create<SettingsViewState>((set, get) => ({
  open: false,
  scope: 'global',
  layer: null,
  form: null,
  loaded: null,
  ranges: null,
  errors: {},
  saving: false,
  notice: null,
  keyDraft: '',
  keyEditing: false,
  keyBusy: false,
  keyError: null,
  test: noTest,

  openSettings: () => set({ open: true, notice: null }),
  closeSettings: () => set({ open: false, keyDraft: '', keyEditing: false, keyError: null }),
  load(snapshot, force = false) {
    const s = get();
    const scope = s.scope === 'workspace' && !snapshot.workspaceLayer ? 'global' : s.scope;
    if (!force && s.form && s.dirty() && scope === s.scope) {
      set({ ranges: snapshot.ranges });
      return;
    }
    const layer = layerOf(snapshot, scope);
    const form = formFromLayer(layer, modelInEffectFor(snapshot, scope));
    set({ scope, layer, form, loaded: form, ranges: snapshot.ranges, errors: force ? {} : s.errors });
  },
  revert(snapshot) {
    get().load(snapshot, true);
    set({ notice: null, errors: {} });
  },
  setScope(scope, snapshot) {
    set({ scope, notice: null, errors: {} });
    get().load(snapshot, true);
  },
  setField(field, value) {
    const { form, errors, layer } = get();
    if (!form) return;
    let next = { ...form, [field]: value } as SettingsForm;
    // Another model name: the per-model fields show that model's entry.
    if (field === 'model' && layer) next = { ...next, ...perModelFields(layer, perModelName(next)) };
    const paths = isPerModel(field) ? [`models.${perModelName(form)}.${field}`] : field === 'model' ? [pathOf.model, 'models'] : [pathOf[field]];
    set({ form: next, errors: without(errors, ...paths), notice: null });
  },
  pickPreset(id) {
    const { form, errors } = get();
    if (form) set({ form: applyPreset(form, id), errors: without(errors, 'model.baseURL'), notice: null });
  },
  setPolicy(change) {
    const { form } = get();
    if (!form) return;
    const policy = change(form.policy);
    // Only the messages of what changed go away.
    const gone: string[] = [];
    for (const name of Object.keys({ ...policy.limits, ...form.policy.limits })) {
      if (policy.limits[name] !== form.policy.limits[name]) gone.push(`agent.policy.limits.${name}`);
    }
    for (const k of ['read', 'write', 'command', 'mcp', 'sandboxedCommand', 'modeSwitch'] as const) if (policy.autoApprove[k] !== form.policy.autoApprove[k]) gone.push(`agent.policy.autoApprove.${k}`);
    if (policy.allow !== form.policy.allow) gone.push('agent.policy.commands.allow');
    if (policy.deny !== form.policy.deny) gone.push('agent.policy.commands.deny');
    if (policy.requirePlanApproval !== form.policy.requirePlanApproval) gone.push('agent.policy.requirePlanApproval');
    set({ form: { ...form, policy }, errors: without(get().errors, ...gone), notice: null });
  },
  setSandbox(change) {
    const { form } = get();
    if (!form) return;
    const sandbox = change(form.sandbox);
    set({ form: { ...form, sandbox }, errors: without(get().errors, ...changedSandboxPaths(form.sandbox, sandbox)), notice: null });
  },
  setKeyDraft: (keyDraft) => set({ keyDraft, keyError: null }),
  setKeyEditing: (keyEditing) => set({ keyEditing, keyDraft: '', keyError: null }),
  dirty() {
    const { form, loaded } = get();
    return !!form && !!loaded && JSON.stringify(form) !== JSON.stringify(loaded);
  },

  async save(client) {
    const { form, layer, scope, ranges } = get();
    if (!form || !layer) return null;
    // What is wrong as typed is already shown next to its field: nothing is sent.
    const t = textOf(settingsStrings);
    const typed = ranges ? Object.keys(typedErrors(form, ranges)).length : 0;
    if (typed) {
      set({ notice: { kind: 'error', text: t.notSavedFix(typed) } });
      return null;
    }
    const built = buildUpdate(form, layer, scope);
    if ('errors' in built) {
      set({ errors: built.errors, notice: { kind: 'error', text: t.notSavedFix(Object.keys(built.errors).length) } });
      return null;
    }
    set({ saving: true, notice: null });
    try {
      const snapshot = await client.invoke('settings.update', built.input);
      get().load(snapshot, true);
      const file = scope === 'workspace' ? snapshot.files.workspace : snapshot.files.global;
      set({ saving: false, errors: {}, notice: { kind: 'ok', text: t.savedTo(file ?? '') } });
      return snapshot;
    } catch (err) {
      const errors = err instanceof ClientError ? fieldErrorsFrom(err.details) : {};
      const text = Object.keys(errors).length ? t.notSavedFix(Object.keys(errors).length) : t.notSaved((err as Error).message);
      set({ saving: false, errors, notice: { kind: 'error', text } });
      return null;
    }
  },

  async saveKey(client, key, baseURL) {
    set({ keyBusy: true, keyError: null });
    try {
      const status = await client.invoke('settings.setApiKey', { key, ...(key && baseURL ? { baseURL } : {}) });
      // The typed key is forgotten as soon as it is saved; only the status (…abcd) comes back.
      set({ keyBusy: false, keyDraft: '', keyEditing: false });
      return status;
    } catch (err) {
      set({ keyBusy: false, keyError: (err as Error).message });
      return null;
    }
  },

  async testConnection(client) {
    const { form, keyDraft } = get();
    if (!form) return;
    set({ test: { running: true, result: null, error: null } });
    try {
      const result = await client.invoke('settings.testConnection', {
        ...(form.baseURL.trim() ? { baseURL: form.baseURL.trim() } : {}),
        ...(form.model.trim() ? { model: form.model.trim() } : {}),
        ...(keyDraft.trim() ? { apiKey: keyDraft.trim() } : {}),
      });
      set({ test: { running: false, result, error: null } });
    } catch (err) {
      set({ test: { running: false, result: null, error: (err as Error).message } });
    }
  },
}));

/** The messages to show next to the fields: what is wrong as typed (checked at once), and the server's from the last save. */
export function useFieldErrors(): FieldErrors {
  const form = useSettingsStore((s) => s.form);
  const errors = useSettingsStore((s) => s.errors);
  const ranges = useSettingsStore((s) => s.ranges);
  const language = useLanguage(); // the messages are in the UI's language
  return useMemo(() => (form && ranges ? { ...errors, ...typedErrors(form, ranges) } : errors), [form, errors, ranges, language]);
}

/** Opens the settings view (e.g. from "No model is configured" elsewhere in the app). */
export const openSettings = () => useSettingsStore.getState().openSettings();
