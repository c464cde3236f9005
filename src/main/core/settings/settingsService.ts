import { join } from 'node:path';
import type {
  ApiKeyStatusT,
  ConnectionTestResultT,
  SettingsScope,
  SettingsSnapshotT,
  SettingsUpdateInputT,
  WorkspaceSummaryT,
} from '../../../shared/contract';
import { AkiraError } from '../errors';
import type { Emit } from '../eventBus';
import { resolveModelConfig, type ModelFlags, type ModelSettings } from '../agent/model';
import { builtinModes, DEFAULT_MODE_ID, loadModes, type Mode } from '../agent/modes';
import { LIMITS, policyOverridesSchema, resolvePolicy, type PolicyOverrides } from '../agent/policy';
import { DEFAULT_CONTEXT_TOKENS, jsonModeFor, workspacePolicy, type AgentSettings, type SettingsLayer } from '../agent/orchestrator/agentSettings';
import { resolveInside } from '../workspace/pathGuard';
import { writeFileAtomic } from './atomicWrite';
import { testModelConnection } from './connectionTest';
import type { SecretStore } from './secretStore';
import { keyHint } from './secretStore';
import { applyPatch, checkLayer, CONTEXT_TOKENS_RANGE, MODEL_RANGES, readSettingsFile, viewLayer, type FieldIssue, type RawSettings } from './settingsLayers';
import type { SettingsStore } from './settingsStore';

/**
 * The settings view's service (contract `settings.*`):
 *
 *   get()                    → effective + global + workspace layers, policy with defaults, API key status
 *   update({scope, …})       → validated patch of one file (bad_request with details.fields), atomic, other sections kept
 *   setApiKey(key | null)    → the secret store; a hand-written `model.apiKey` in settings.json is moved out
 *   testConnection({…})      → GET /models + a tiny chat completion (defaults: the saved settings and key)
 *   storedKey()              → the saved key as last read (the agent's env carries it; refreshStoredKey() re-reads)
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
  setApiKey(key: string | null): Promise<ApiKeyStatusT>;
  testConnection(input: { baseURL?: string; model?: string; apiKey?: string }): Promise<ConnectionTestResultT>;
  storedKey(): string | null;
  refreshStoredKey(): Promise<string | null>;
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
  const { jsonMode, ...modelSettings } = model ?? {};
  return {
    model: model ? modelSettings : null,
    jsonMode: typeof jsonMode === 'boolean' ? jsonMode : undefined,
    models: isObject(raw.models) && valid('models') ? (raw.models as Record<string, { jsonMode?: boolean }>) : {},
    mode: typeof agent.mode === 'string' && valid('agent.mode') ? agent.mode : undefined,
    contextTokens: typeof agent.contextTokens === 'number' && valid('agent.contextTokens') ? agent.contextTokens : undefined,
    policy: agent.policy !== undefined && valid('agent.policy') ? policyOverridesSchema.parse(agent.policy) : undefined,
  };
}

export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const globalFile = join(options.dataDir, 'settings.json');
  let stored: string | null = null;
  let storedError: string | null = null;
  let wsQueue: Promise<unknown> = Promise.resolve();

  async function refreshStoredKey(): Promise<string | null> {
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

  async function modesOf(root: string | null): Promise<{ modes: Mode[]; problems: string[] }> {
    if (!root) return { modes: builtinModes(), problems: [] };
    const { modes, errors } = await loadModes(root);
    return { modes, problems: errors.map((e) => e.message) };
  }

  function keyStatus(globalRaw: RawSettings): ApiKeyStatusT {
    const storage = { kind: options.secrets.kind, description: options.secrets.description };
    const plain = isObject(globalRaw.model) ? nonEmpty(globalRaw.model.apiKey) : undefined;
    const fromEnv = nonEmpty(options.env.OPENAI_API_KEY);
    const flag = nonEmpty(options.modelFlags?.apiKey);
    const isStored = !!nonEmpty(stored);
    const broken = storedError ? ` The secret store cannot be used: ${storedError}` : '';
    if (flag) return { set: true, source: 'environment', hint: keyHint(flag), stored: isStored, storage, note: `The key given on the command line is used.${broken}` };
    if (plain) {
      return {
        set: true,
        source: 'settings',
        hint: keyHint(plain),
        stored: isStored,
        storage,
        note: `The key written in ${globalFile} (model.apiKey, plain text) is used. Saving a key here moves it to ${storage.description}.${broken}`,
      };
    }
    if (fromEnv) {
      const over = isStored ? ' It wins over the saved key.' : '';
      return { set: true, source: 'environment', hint: keyHint(fromEnv), stored: isStored, storage, note: `OPENAI_API_KEY from the environment Akira was started from is used.${over}${broken}` };
    }
    if (isStored) return { set: true, source: 'stored', hint: keyHint(stored), stored: true, storage, note: `Saved in ${storage.description}.` };
    return { set: false, source: 'none', hint: null, stored: false, storage, note: `No API key (local servers such as Ollama need none). A saved key is kept in ${storage.description}.${broken}` };
  }

  /** The key in effect, in resolveModelConfig's order: flags, settings.json, OPENAI_API_KEY, the saved key. */
  function keyInEffect(globalRaw: RawSettings): string {
    const plain = isObject(globalRaw.model) ? nonEmpty(globalRaw.model.apiKey) : undefined;
    return nonEmpty(options.modelFlags?.apiKey) ?? plain ?? nonEmpty(options.env.OPENAI_API_KEY) ?? nonEmpty(stored) ?? '';
  }

  async function snapshot(): Promise<SettingsSnapshotT> {
    const ws = options.workspace();
    const wsPath = await workspaceFile();
    const problems: string[] = [];
    const g = await readSettingsFile(globalFile, `The global settings (${globalFile})`);
    const w = wsPath ? await readSettingsFile(wsPath, WORKSPACE_FILE) : { raw: {}, problem: null, broken: false };
    for (const p of [g.problem, w.problem]) if (p) problems.push(p);
    const { modes, problems: modeProblems } = await modesOf(ws?.root ?? null);
    problems.push(...modeProblems);
    const modeIds = modes.map((m) => m.id);
    const gIssues = checkLayer(g.raw, 'global', modeIds);
    const wIssues = wsPath ? checkLayer(w.raw, 'workspace', modeIds) : [];
    for (const [file, issues] of [[globalFile, gIssues], [WORKSPACE_FILE, wIssues]] as const) {
      for (const i of issues) problems.push(`${file}: ${i.path}: ${i.message}${i.ignored ? ' (left out by the agent)' : ' (not used until it is fixed)'}`);
    }
    const layers: AgentSettings = { global: agentLayer(g.raw, gIssues), workspace: agentLayer(w.raw, wIssues) };

    const modeId = layers.workspace.mode ?? layers.global.mode ?? DEFAULT_MODE_ID;
    const mode = modes.find((m) => m.id === modeId) ?? modes.find((m) => m.id === DEFAULT_MODE_ID)!;
    // Custom modes are project content: their policy cannot loosen safety (as agent/orchestrator/modes.ts).
    const modePolicy: PolicyOverrides | undefined = mode.builtIn ? mode.policy : workspacePolicy(mode.policy);
    const wsPolicy = workspacePolicy(layers.workspace.policy);

    let model: SettingsSnapshotT['effective']['model'];
    try {
      const { config, sources } = resolveModelConfig({
        flags: options.modelFlags,
        workspaceSettings: layers.workspace.model,
        globalSettings: layers.global.model,
        env: options.env,
        storedApiKey: stored,
      });
      model = {
        baseURL: config.baseURL,
        model: config.model,
        timeoutSeconds: config.timeoutMs / 1000,
        maxRetries: config.maxRetries,
        jsonMode: jsonModeFor(layers, config.model),
        sources: { baseURL: sources.baseURL, model: sources.model },
        error: null,
      };
    } catch (err) {
      const t = layers.workspace.model?.timeoutSeconds ?? layers.global.model?.timeoutSeconds ?? MODEL_RANGES.timeoutSeconds.default;
      const r = layers.workspace.model?.maxRetries ?? layers.global.model?.maxRetries ?? MODEL_RANGES.maxRetries.default;
      const jsonMode = layers.workspace.jsonMode ?? layers.global.jsonMode ?? false;
      model = { baseURL: null, model: null, timeoutSeconds: t, maxRetries: r, jsonMode, sources: { baseURL: null, model: null }, error: (err as Error).message };
    }

    return {
      workspace: ws,
      files: { global: globalFile, workspace: wsPath },
      global: viewLayer(g.raw),
      workspaceLayer: wsPath ? viewLayer(w.raw) : null,
      effective: {
        model,
        agent: {
          mode: mode.id,
          contextTokens: layers.workspace.contextTokens ?? layers.global.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
          policy: resolvePolicy(modePolicy, layers.global.policy, wsPolicy),
        },
      },
      inheritedPolicy: { global: resolvePolicy(modePolicy), workspace: resolvePolicy(modePolicy, layers.global.policy) },
      apiKey: keyStatus(g.raw),
      ranges: {
        limits: { ...LIMITS },
        contextTokens: CONTEXT_TOKENS_RANGE,
        timeoutSeconds: MODEL_RANGES.timeoutSeconds,
        maxRetries: MODEL_RANGES.maxRetries,
      },
      modes: modes.map((m) => ({ id: m.id, name: m.name, description: m.description })),
      problems,
    };
  }

  function rejectIssues(scope: SettingsScope, issues: { path: string; message: string }[]): never {
    const where = scope === 'global' ? 'global settings' : 'workspace settings';
    const list = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    throw new AkiraError('bad_request', `Not saved: the ${where} have ${issues.length} invalid field${issues.length === 1 ? '' : 's'}: ${list}`, { fields: issues });
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
      (scope === 'workspace' && path === 'model.apiKey');
    const check = (raw: RawSettings) => {
      const issues = checkLayer(applyPatch(raw, patch), scope, modeIds).filter((i) => touched(i.path));
      if (issues.length) rejectIssues(scope, issues.map(({ path, message }) => ({ path, message })));
    };
    if (scope === 'global') {
      const current = await readSettingsFile(globalFile, globalFile);
      if (current.broken) throw new AkiraError('conflict', `${current.problem}. Fix or remove the file, then save again.`);
      check(current.raw);
      await options.store.update((s) => {
        const next = applyPatch(s as RawSettings, patch);
        check(next); // the file may have changed since: check what is written
        return next as typeof s;
      });
    } else {
      const file = await workspaceFile();
      if (!file) throw new AkiraError('unavailable', 'No folder is open: workspace settings need one. Save to the global settings instead.');
      const run = wsQueue.then(async () => {
        const current = await readSettingsFile(file, WORKSPACE_FILE);
        if (current.broken) throw new AkiraError('conflict', `${current.problem}. Fix or remove ${WORKSPACE_FILE}, then save again.`);
        check(current.raw);
        await writeFileAtomic(file, JSON.stringify(applyPatch(current.raw, patch), null, 2) + '\n');
      });
      wsQueue = run.catch(() => undefined);
      await run;
    }
    options.emit('settings.onChanged', { scope });
    return snapshot();
  }

  async function setApiKey(key: string | null): Promise<ApiKeyStatusT> {
    await options.secrets.set(key);
    await refreshStoredKey();
    // A key written by hand in settings.json would win over the saved one: move it out (or clear it too).
    const g = await readSettingsFile(globalFile, globalFile);
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
    return keyStatus((await readSettingsFile(globalFile, globalFile)).raw);
  }

  async function testConnection(input: { baseURL?: string; model?: string; apiKey?: string }): Promise<ConnectionTestResultT> {
    const snap = input.baseURL && input.model ? null : await snapshot();
    const baseURL = nonEmpty(input.baseURL) ?? snap?.effective.model.baseURL ?? null;
    if (!baseURL) {
      throw new AkiraError('bad_request', 'No base URL to test: pick a preset or type the server’s URL (e.g. http://127.0.0.1:11434/v1).', {
        fields: [{ path: 'baseURL', message: 'Pick a preset or type the server’s URL' }],
      });
    }
    let url: URL | null = null;
    try {
      url = new URL(baseURL);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new AkiraError('bad_request', `The base URL must be an http:// or https:// URL (got ${JSON.stringify(baseURL)}).`, {
        fields: [{ path: 'baseURL', message: 'The base URL must be an http:// or https:// URL' }],
      });
    }
    await refreshStoredKey();
    const apiKey = nonEmpty(input.apiKey) ?? keyInEffect((await readSettingsFile(globalFile, globalFile)).raw);
    return testModelConnection({ baseURL, model: nonEmpty(input.model) ?? snap?.effective.model.model ?? null, apiKey });
  }

  return {
    get: async () => {
      await refreshStoredKey();
      return snapshot();
    },
    update,
    setApiKey,
    testConnection,
    storedKey: () => stored,
    refreshStoredKey,
  };
}
