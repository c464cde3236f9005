import { join } from 'node:path';
import type {
  ApiKeyStatusT,
  ConnectionTestResultT,
  SettingsScope,
  SettingsSnapshotT,
  SettingsUpdateInputT,
  WorkspaceSummaryT,
} from '../../../shared/contract';
import { AkiraError, toContractError } from '../errors';
import { readSettingsObject } from '../settingsFile';
import type { Emit } from '../eventBus';
import { originOf, resolveModelConfig, trustedOrigins, type ModelFlags, type ModelSettings, type SavedKey } from '../agent/model';
import { builtinModes, DEFAULT_MODE_ID, loadModes, modePolicyLayers, type Mode, type ModeLoadError } from '../agent/modes';
import { LIMITS, loosenedFields, policyOverridesSchema, resolvePolicy, tightenPolicy, type Policy, type PolicyOverrides } from '../agent/policy';
import { DEFAULT_CONTEXT_TOKENS, jsonModeFor, specSettingsOf, specSettingsSchema, type AgentSettings, type GenerationSettings, type SettingsLayer } from '../agent/orchestrator/agentSettings';
import { combineRetention } from '../checkpoints/retentionSetting';
import { globalSandbox, loosenedSandboxFields, sandboxLayerSchema, type SandboxLayer } from '../sandbox/sandboxSettings';
import { sandboxView } from './sandboxView';
import { resolveInside } from '../workspace/pathGuard';
import { writeFileAtomic } from '../../common/atomicWrite';
import { testModelConnection } from './connectionTest';
import type { SecretStore } from './secretStore';
import { apiKeyStatusOf, knownKeys, originForSaving, type KeyPlaces } from './apiKeyStatus';
import {
  applyPatch,
  checkLayer,
  CONTEXT_TOKENS_RANGE,
  MODEL_RANGES,
  RETENTION_DAYS_RANGE,
  SKIP_CONFIDENCE_RANGE,
  viewLayer,
  type FieldIssue,
  type RawSettings,
} from './settingsLayers';
import type { SettingsStore } from './settingsStore';
import { settingsProblems } from './settingsProblems';
import { plainWords, settingsErrors, type ErrorWords } from '../../../shared/errors';

/**
 * The settings view's service (contract `settings.*`):
 *
 *   get()                    → effective + global + workspace layers, policy with defaults, API key status
 *   update({scope, …})       → validated patch of one file (bad_request with details.fields), atomic, other sections kept
 *   setApiKey(key | null, baseURL?) → the secret store, with the origin the key is for (baseURL, else the
 *                              user's own base URL); a hand-written `model.apiKey` in settings.json is moved out
 *   trustModelServer(url, trusted) → the global `trustedModelServers` list (origins a workspace may send the key to)
 *   testConnection({…})      → GET /models + a tiny chat completion (defaults: the saved settings and key; a
 *                              URL the caller gives gets only a key that belongs to it, or the one typed)
 *   storedKey()              → the saved key as last read (refreshStoredKey() re-reads)
 *
 * The key itself never leaves: every answer carries `apiKey: {set, source, hint: '…abcd'}` only.
 */

export interface SettingsServiceOptions {
  dataDir: string;
  store: SettingsStore;
  secrets: SecretStore;
  /** Where OPENAI_API_KEY / OPENAI_BASE_URL / AKIRA_MODEL are read. */
  env: NodeJS.ProcessEnv;
  modelFlags?: ModelFlags;
  workspace(): WorkspaceSummaryT | null;
  emit: Emit;
}

export interface SettingsService {
  get(): Promise<SettingsSnapshotT>;
  update(input: SettingsUpdateInputT): Promise<SettingsSnapshotT>;
  setApiKey(key: string | null, baseURL?: string): Promise<ApiKeyStatusT>;
  trustModelServer(baseURL: string, trusted: boolean): Promise<SettingsSnapshotT>;
  testConnection(input: { baseURL?: string; model?: string; apiKey?: string }): Promise<ConnectionTestResultT>;
  storedKey(): SavedKey | null;
  refreshStoredKey(): Promise<SavedKey | null>;
}

const WORKSPACE_FILE = '.akira/settings.json';
const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The agent's view of one checked file (what agentSettings.ts would read): a part with an invalid field
 * is left out here (and reported in `problems`); the agent itself would refuse to start until it is fixed.
 */
function agentLayer(raw: RawSettings, issues: FieldIssue[]): SettingsLayer {
  const valid = (prefix: string) => !issues.some((i) => !i.ignored && (i.path === prefix || i.path.startsWith(`${prefix}.`)));
  const model = isObject(raw.model) && valid('model') ? (raw.model as ModelSettings & { jsonMode?: boolean }) : null;
  const agent = isObject(raw.agent) ? raw.agent : {};
  const { jsonMode, vision, temperature, maxTokens, contextWindow, ...modelSettings } = (model ?? {}) as ModelSettings & { jsonMode?: boolean } & GenerationSettings;
  return {
    model: model ? modelSettings : null,
    jsonMode: typeof jsonMode === 'boolean' ? jsonMode : undefined,
    generation: { vision, temperature, maxTokens, contextWindow },
    models: isObject(raw.models) && valid('models') ? (raw.models as SettingsLayer['models']) : {},
    mode: typeof agent.mode === 'string' && valid('agent.mode') ? agent.mode : undefined,
    contextTokens: typeof agent.contextTokens === 'number' && valid('agent.contextTokens') ? agent.contextTokens : undefined,
    policy: agent.policy !== undefined && valid('agent.policy') ? policyOverridesSchema.parse(agent.policy) : undefined,
    spec: isObject(agent.spec) && valid('agent.spec') ? (specSettingsSchema.safeParse(agent.spec).data ?? {}) : {},
    sandbox: isObject(agent.sandbox) && valid('agent.sandbox') ? sandboxLayerSchema.safeParse(agent.sandbox).data : undefined,
  };
}

/** A file's `checkpoints.retentionDays` when it is valid (checkLayer reports it otherwise). */
function retentionOf(raw: RawSettings, issues: FieldIssue[]): number | undefined {
  if (issues.some((i) => i.path === 'checkpoints' || i.path.startsWith('checkpoints.'))) return undefined;
  const days = isObject(raw.checkpoints) ? raw.checkpoints.retentionDays : undefined;
  return typeof days === 'number' ? days : undefined;
}

export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const globalFile = join(options.dataDir, 'settings.json');
  let stored: SavedKey | null = null;
  let storedError: string | null = null;
  let wsQueue: Promise<unknown> = Promise.resolve();

  async function refreshStoredKey(): Promise<SavedKey | null> {
    try {
      stored = await options.secrets.get();
      storedError = null;
    } catch (err) {
      stored = null;
      storedError = (err as Error).message;
    }
    return stored;
  }

  async function workspaceFile(): Promise<string | null> {
    const ws = options.workspace();
    return ws ? resolveInside(ws.root, WORKSPACE_FILE) : null;
  }

  async function modesOf(root: string | null): Promise<{ modes: Mode[]; problems: ModeLoadError[] }> {
    if (!root) return { modes: builtinModes(), problems: [] };
    const { modes, errors } = await loadModes(root);
    return { modes, problems: errors };
  }

  const places = (globalRaw: RawSettings): KeyPlaces => ({ globalFile, globalRaw, env: options.env, flags: options.modelFlags, stored, storedError, secrets: options.secrets });
  const trustedOf = (globalRaw: RawSettings): string[] => trustedOrigins(Array.isArray(globalRaw.trustedModelServers) ? globalRaw.trustedModelServers : []);

  /** The agent's model configuration for these layers (resolveModelConfig's answer, or the error it throws). */
  function effectiveConfig(layers: AgentSettings) {
    try {
      return resolveModelConfig({
        flags: options.modelFlags,
        workspaceSettings: layers.workspace.model,
        globalSettings: layers.global.model,
        env: options.env,
        storedApiKey: stored,
        trustedServers: layers.trustedServers,
      });
    } catch (err) {
      return err as Error;
    }
  }

  async function snapshot(): Promise<SettingsSnapshotT> {
    return (await current()).snap;
  }

  /** The retention a workspace file inherits: the global file's valid value, else the default. */
  async function inheritedRetention(): Promise<number> {
    const g = await readSettingsObject(globalFile);
    return combineRetention(retentionOf(g.raw, checkLayer(g.raw, 'global', [])), undefined).days;
  }

  /** The snapshot, with the agent's model configuration (or its error) and the global file it was built from. */
  async function current(): Promise<{
    snap: SettingsSnapshotT;
    resolved: ReturnType<typeof effectiveConfig>;
    globalRaw: RawSettings;
    inheritedWorkspace: Policy;
    inheritedSandbox: ReturnType<typeof globalSandbox>;
  }> {
    const ws = options.workspace();
    const wsPath = await workspaceFile();
    const problems = settingsProblems();
    const g = await readSettingsObject(globalFile);
    const w = wsPath ? await readSettingsObject(wsPath) : { raw: {}, problem: null };
    if (g.problem) problems.said(settingsErrors.fileBroken(g.problem.problem, 'global', globalFile, g.problem.said));
    if (w.problem) problems.said(settingsErrors.fileBroken(w.problem.problem, 'workspace', WORKSPACE_FILE, w.problem.said));
    const { modes, problems: modeProblems } = await modesOf(ws?.root ?? null);
    for (const p of modeProblems) problems.said({ ...p.words, en: p.message });
    const modeIds = modes.map((m) => m.id);
    const gIssues = checkLayer(g.raw, 'global', modeIds);
    const wIssues = wsPath ? checkLayer(w.raw, 'workspace', modeIds) : [];
    for (const [file, issues] of [[globalFile, gIssues], [WORKSPACE_FILE, wIssues]] as const) {
      for (const i of issues) problems.field(file, i, i.ignored === true);
    }
    const layers: AgentSettings = { global: agentLayer(g.raw, gIssues), workspace: agentLayer(w.raw, wIssues), trustedServers: trustedOf(g.raw) };
    // A workspace can only lengthen the retention (checkpoints/retentionSetting.ts): a shorter value is noted.
    const retention = combineRetention(retentionOf(g.raw, gIssues), wsPath ? retentionOf(w.raw, wIssues) : undefined);
    if (retention.ignoredWords) problems.said({ ...retention.ignoredWords, en: retention.ignored! });

    const modeId = layers.workspace.mode ?? layers.global.mode ?? DEFAULT_MODE_ID;
    const mode = modes.find((m) => m.id === modeId) ?? modes.find((m) => m.id === DEFAULT_MODE_ID)!;
    // Custom modes and the workspace file are project content: they only tighten (as agentService does).
    const modeLayers = modePolicyLayers(mode, modes);
    const inheritedWorkspace: Policy = tightenPolicy(resolvePolicy(modeLayers.trusted, layers.global.policy), modeLayers.project);
    const sandbox = sandboxView(layers.global.sandbox, layers.workspace.sandbox);
    const leftOut = [...loosenedFields(inheritedWorkspace, layers.workspace.policy), ...sandbox.loosened].filter((l) => !wIssues.some((i) => i.path === l.path));
    for (const l of leftOut) problems.field(WORKSPACE_FILE, l, true);

    let model: SettingsSnapshotT['effective']['model'];
    const resolved = effectiveConfig(layers);
    if (!(resolved instanceof Error)) {
      const { config, sources } = resolved;
      model = {
        baseURL: config.baseURL,
        model: config.model,
        timeoutSeconds: config.timeoutMs / 1000,
        maxRetries: config.maxRetries,
        jsonMode: jsonModeFor(layers, config.model),
        sources: { baseURL: sources.baseURL, model: sources.model },
        error: null,
        errorWords: null,
      };
    } else {
      const t = layers.workspace.model?.timeoutSeconds ?? layers.global.model?.timeoutSeconds ?? MODEL_RANGES.timeoutSeconds.default;
      const r = layers.workspace.model?.maxRetries ?? layers.global.model?.maxRetries ?? MODEL_RANGES.maxRetries.default;
      const jsonMode = layers.workspace.jsonMode ?? layers.global.jsonMode ?? false;
      model = { baseURL: null, model: null, timeoutSeconds: t, maxRetries: r, jsonMode, sources: { baseURL: null, model: null }, error: resolved.message, errorWords: toContractError(resolved).words ?? null };
    }

    const snap: SettingsSnapshotT = {
      workspace: ws,
      files: { global: globalFile, workspace: wsPath },
      global: viewLayer(g.raw),
      workspaceLayer: wsPath ? viewLayer(w.raw) : null,
      effective: {
        model,
        agent: {
          mode: mode.id,
          contextTokens: layers.workspace.contextTokens ?? layers.global.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
          policy: tightenPolicy(inheritedWorkspace, layers.workspace.policy),
          spec: specSettingsOf(layers),
          sandbox: sandbox.effective,
        },
        checkpoints: { retentionDays: retention.days, source: retention.source },
      },
      inheritedPolicy: { global: resolvePolicy(modeLayers.trusted), workspace: inheritedWorkspace },
      inheritedSandbox: sandbox.inherited,
      workspaceLeftOut: leftOut.map(({ path, message, words }) => ({ path, message, words })),
      // The key shown is the one the model in effect gets (when there is a model to use).
      apiKey: apiKeyStatusOf(places(g.raw), resolved instanceof Error ? undefined : resolved.sources.apiKey),
      ranges: {
        limits: { ...LIMITS },
        contextTokens: CONTEXT_TOKENS_RANGE,
        timeoutSeconds: MODEL_RANGES.timeoutSeconds,
        maxRetries: MODEL_RANGES.maxRetries,
        skipConfidence: SKIP_CONFIDENCE_RANGE,
        retentionDays: RETENTION_DAYS_RANGE,
      },
      modes: modes.map((m) => ({ id: m.id, name: m.name, description: m.description })),
      problems: problems.texts,
      problemWords: problems.words,
      trustedModelServers: trustedOf(g.raw),
    };
    return { snap, resolved, globalRaw: g.raw, inheritedWorkspace, inheritedSandbox: globalSandbox(layers.global.sandbox) };
  }

  function rejectIssues(scope: SettingsScope, issues: { path: string; message: string; words?: ErrorWords }[]): never {
    const list = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    const paths = issues.map((i) => i.path).join(', ');
    throw new AkiraError('bad_request', settingsErrors.notSaved(scope, issues.length, list, paths), { fields: issues });
  }

  async function update(input: SettingsUpdateInputT): Promise<SettingsSnapshotT> {
    const { scope, ...patch } = input;
    const modeIds = (await modesOf(options.workspace()?.root ?? null)).modes.map((m) => m.id);
    // Only the fields this update touches decide whether it is refused: an old mistake elsewhere in the
    // file is reported by settings.get, not blamed on this save.
    const touched = (path: string) =>
      (patch.model && path.startsWith('model.') && path.split('.')[1] in patch.model) ||
      (patch.models && path.startsWith('models.')) ||
      (patch.agent && path.startsWith('agent.') && path.split('.')[1] in patch.agent) ||
      (patch.checkpoints && path.startsWith('checkpoints.') && path.split('.')[1] in patch.checkpoints) ||
      (scope === 'workspace' && path === 'model.apiKey');
    // A workspace layer that would loosen what it inherits is refused next to each field (projectPolicy.ts).
    const inherited = scope === 'workspace' && patch.agent?.policy ? (await current()).inheritedWorkspace : null;
    // … and so is a workspace's agent.sandbox that would loosen the global one (sandbox/sandboxSettings.ts).
    const sandboxBase = scope === 'workspace' && patch.agent?.sandbox ? (await current()).inheritedSandbox : null;
    // A workspace can only keep checkpoints longer than the global setting (checkpoints/retentionSetting.ts).
    const days = patch.checkpoints?.retentionDays;
    const retentionFloor = scope === 'workspace' && typeof days === 'number' ? await inheritedRetention() : null;
    const check = (raw: RawSettings) => {
      const issues: { path: string; message: string; words?: ErrorWords }[] = checkLayer(applyPatch(raw, patch), scope, modeIds).filter((i) => touched(i.path));
      if (inherited && patch.agent?.policy) {
        for (const l of loosenedFields(inherited, patch.agent.policy as PolicyOverrides)) if (!issues.some((i) => i.path === l.path)) issues.push(l);
      }
      const wsSandbox = sandboxBase && sandboxLayerSchema.safeParse(patch.agent?.sandbox).data;
      if (sandboxBase && wsSandbox) {
        for (const l of loosenedSandboxFields(sandboxBase, wsSandbox as SandboxLayer)) if (!issues.some((i) => i.path === l.path)) issues.push(l);
      }
      if (retentionFloor !== null && typeof days === 'number' && days < retentionFloor && !issues.some((i) => i.path === 'checkpoints.retentionDays')) {
        issues.push({
          path: 'checkpoints.retentionDays',
          message: `A workspace can only keep checkpoints longer: at least ${retentionFloor} days (the global setting or the default); shorten it in the global settings.`,
        });
      }
      if (issues.length) rejectIssues(scope, issues.map(({ path, message, words }) => (words ? { path, message, words } : { path, message })));
    };
    if (scope === 'global') {
      const current = await readSettingsObject(globalFile);
      if (current.problem) throw new AkiraError('conflict', settingsErrors.fileBrokenNotSaved(current.problem.problem, 'global', globalFile, current.problem.said));
      check(current.raw);
      await options.store.update((s) => {
        const next = applyPatch(s as RawSettings, patch);
        check(next); // the file may have changed since: check what is written
        return next as typeof s;
      });
    } else {
      const file = await workspaceFile();
      if (!file) throw new AkiraError('unavailable', settingsErrors.noFolderOpen);
      const run = wsQueue.then(async () => {
        const current = await readSettingsObject(file);
        if (current.problem) throw new AkiraError('conflict', settingsErrors.fileBrokenNotSaved(current.problem.problem, 'workspace', WORKSPACE_FILE, current.problem.said));
        check(current.raw);
        await writeFileAtomic(file, JSON.stringify(applyPatch(current.raw, patch), null, 2) + '\n');
      });
      wsQueue = run.catch(() => undefined);
      await run;
    }
    options.emit('settings.onChanged', { scope });
    return snapshot();
  }

  async function setApiKey(key: string | null, baseURL?: string): Promise<ApiKeyStatusT> {
    if (baseURL !== undefined && !originOf(baseURL)) {
      throw new AkiraError('bad_request', settingsErrors.keyServerNotHttp(String(JSON.stringify(baseURL))), {
        fields: [{ path: 'baseURL', message: settingsErrors.baseUrlField.en, words: plainWords(settingsErrors.baseUrlField) }],
      });
    }
    const origin = key === null ? null : originForSaving(places((await readSettingsObject(globalFile)).raw), baseURL);
    await options.secrets.set(key === null ? null : { key, origin });
    await refreshStoredKey();
    // A key written by hand in settings.json would win over the saved one: move it out (or clear it too).
    const g = await readSettingsObject(globalFile);
    if (isObject(g.raw.model) && g.raw.model.apiKey !== undefined) {
      await options.store.update((s) => {
        const model = isObject(s.model) ? { ...s.model } : {};
        delete model.apiKey;
        const next: Record<string, unknown> = { ...s, model };
        if (!Object.keys(model).length) delete next.model;
        return next as typeof s;
      });
    }
    options.emit('settings.onChanged', { scope: 'apiKey' });
    return (await current()).snap.apiKey;
  }

  async function testConnection(input: { baseURL?: string; model?: string; apiKey?: string }): Promise<ConnectionTestResultT> {
    // One read of the settings and the saved key serves both the defaults and the choice of key.
    await refreshStoredKey();
    const now = await current();
    const baseURL = nonEmpty(input.baseURL) ?? now.snap.effective.model.baseURL ?? null;
    if (!baseURL) {
      throw new AkiraError('bad_request', settingsErrors.noBaseUrl, {
        fields: [{ path: 'baseURL', message: settingsErrors.noBaseUrlField.en, words: plainWords(settingsErrors.noBaseUrlField) }],
      });
    }
    let url: URL | null = null;
    try {
      url = new URL(baseURL);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new AkiraError('bad_request', settingsErrors.baseUrlNotHttp(String(JSON.stringify(baseURL))), {
        fields: [{ path: 'baseURL', message: settingsErrors.baseUrlField.en, words: plainWords(settingsErrors.baseUrlField) }],
      });
    }
    const { apiKey, note } = keyForTest(nonEmpty(input.apiKey), originOf(baseURL)!, now);
    const result = await testModelConnection({ baseURL, model: nonEmpty(input.model) ?? now.snap.effective.model.model ?? null, apiKey });
    return note ? { ...result, message: `${result.message}${note}` } : result;
  }

  /**
   * The key a connection test may send: the one typed; else, to the server the agent would use, the agent's
   * key; else only a key that belongs to that server (a URL a caller names never gets another server's key).
   */
  function keyForTest(typed: string | undefined, target: string, now: Awaited<ReturnType<typeof current>>): { apiKey: string; note: string } {
    if (typed) return { apiKey: typed, note: '' };
    const { resolved } = now;
    if (!(resolved instanceof Error) && originOf(resolved.config.baseURL) === target) {
      return { apiKey: resolved.config.apiKey, note: resolved.config.keyNote ? ` ${resolved.config.keyNote}` : '' };
    }
    const keys = knownKeys(places(now.globalRaw));
    const own = keys.find((k) => k.origin === target);
    if (own) return { apiKey: own.key, note: '' };
    if (!keys.length) return { apiKey: '', note: '' };
    const homes = [...new Set(keys.map((k) => k.origin ?? 'the servers you name'))].join(', ');
    return { apiKey: '', note: ` No API key was sent: Akira's keys are for ${homes}. Type the key for ${target} to test with it.` };
  }

  async function trustModelServer(baseURL: string, trusted: boolean): Promise<SettingsSnapshotT> {
    const origin = originOf(baseURL);
    if (!origin) throw new AkiraError('bad_request', settingsErrors.trustNotHttp(String(JSON.stringify(baseURL))));
    await options.store.update((s) => {
      const raw = s as RawSettings;
      const list = trustedOf(raw).filter((o) => o !== origin);
      if (trusted) list.push(origin);
      const next: RawSettings = { ...raw, trustedModelServers: list };
      if (!list.length) delete next.trustedModelServers;
      return next as typeof s;
    });
    options.emit('settings.onChanged', { scope: 'global' });
    return snapshot();
  }

  return {
    get: async () => {
      await refreshStoredKey();
      return snapshot();
    },
    update,
    setApiKey,
    trustModelServer,
    testConnection,
    storedKey: () => stored,
    refreshStoredKey,
  };
}
