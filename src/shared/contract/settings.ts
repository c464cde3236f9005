import { z } from 'zod';
import { inputRule } from '../errors/inputRules';
import { errorWordsSchema } from '../agent/sessionEvents';
import { defineCommand, defineEvent, noInput } from './define';
import { workspaceSummary } from './app';
import { reasonWordsSchema } from '../agent/agentShapes';

/**
 * Model and agent settings (docs/architecture.md "Pinned surfaces", agentSettings.ts for how the layers combine):
 * global `<dataDir>/settings.json` and the workspace's `.akira/settings.json`. The API key is kept apart
 * (Electron safeStorage in the desktop, a 0600 file for `akira serve`/CLI, or OPENAI_API_KEY) and never
 * leaves the core: `settings.get` says whether one is set and shows its last characters only.
 */

/** Where OpenAI-compatible servers usually listen. `custom` leaves the base URL to the user. */
export const MODEL_PRESETS = [
  { id: 'openai', name: 'OpenAI', baseURL: 'https://api.openai.com/v1', needsKey: true, modelHint: 'gpt-4o-mini' },
  { id: 'openrouter', name: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', needsKey: true, modelHint: 'openai/gpt-4o-mini' },
  { id: 'ollama', name: 'Ollama', baseURL: 'http://127.0.0.1:11434/v1', needsKey: false, modelHint: 'qwen2.5-coder:7b' },
  { id: 'lmstudio', name: 'LM Studio', baseURL: 'http://127.0.0.1:1234/v1', needsKey: false, modelHint: 'the model loaded in LM Studio' },
  { id: 'vllm', name: 'vLLM', baseURL: 'http://127.0.0.1:8000/v1', needsKey: false, modelHint: 'the served model name' },
  { id: 'custom', name: 'Custom', baseURL: '', needsKey: false, modelHint: 'model name' },
] as const;
export type ModelPreset = (typeof MODEL_PRESETS)[number];
export type ModelPresetId = ModelPreset['id'];

/** The preset whose base URL this is (trailing slashes ignored), else `custom`. */
export function presetOf(baseURL: string | null | undefined): ModelPresetId {
  const url = (baseURL ?? '').trim().replace(/\/+$/, '');
  if (!url) return 'custom';
  return MODEL_PRESETS.find((p) => p.baseURL && p.baseURL === url)?.id ?? 'custom';
}

export const settingsScope = z.enum(['global', 'workspace']);
export type SettingsScope = z.infer<typeof settingsScope>;

/** One layer's `model` section as it may be shown (the API key is never part of it). */
export const modelSection = z.object({
  baseURL: z.string().optional(),
  model: z.string().optional(),
  timeoutSeconds: z.number().optional(),
  maxRetries: z.number().optional(),
  inputPricePer1M: z.number().optional(),
  outputPricePer1M: z.number().optional(),
  /** JSON mode for every model of this layer unless `models[name].jsonMode` says otherwise. */
  jsonMode: z.boolean().optional(),
  /** Generation settings of the configured model unless `models[name]` says otherwise (issue 11). */
  vision: z.boolean().optional(),
  temperature: z.number().optional(),
  maxTokens: z.number().optional(),
  contextWindow: z.number().optional(),
});

/** The per-model generation settings' ranges (the core's schema and the settings view both use these). */
export const GENERATION_RANGES = {
  temperature: { min: 0, max: 2, whole: false },
  maxTokens: { min: 16, max: 1_000_000, whole: true },
  contextWindow: { min: 2048, max: 10_000_000, whole: true },
} as const;
/** What a context window keeps free of the prompt: the answer (when maxTokens is not set) and the tools' schemas. */
export const PROMPT_RESERVES = { answer: 4096, tools: 2000 } as const;

/** Per model name: JSON mode, images (vision), temperature, maxTokens, contextWindow (the prompt budget follows it). */
export const modelsSection = z.record(
  z.string(),
  z.object({ jsonMode: z.boolean().optional(), vision: z.boolean().optional(), temperature: z.number().optional(), maxTokens: z.number().optional(), contextWindow: z.number().optional() }),
);

/** A policy layer: only what this layer sets (see agent/policy/policySchema.ts for ranges and defaults). */
export const policyLayer = z.object({
  autoApprove: z
    .object({ read: z.boolean().optional(), write: z.boolean().optional(), command: z.boolean().optional(), mcp: z.boolean().optional(), sandboxedCommand: z.boolean().optional(), modeSwitch: z.boolean().optional() })
    .optional(),
  commands: z
    .object({
      allow: z.array(z.string()).optional(),
      deny: z.array(z.string()).optional(),
      buildDirs: z.array(z.string()).optional(),
      /** Global only: variables the agent's commands get although they look like secrets. */
      passEnv: z.array(z.string()).optional(),
    })
    .optional(),
  limits: z.record(z.string(), z.number()).optional(),
  requirePlanApproval: z.boolean().optional(),
});
export type PolicyLayerT = z.infer<typeof policyLayer>;

/** A whole policy, every default filled. */
export const fullPolicy = z.object({
  autoApprove: z.object({ read: z.boolean(), write: z.boolean(), command: z.boolean(), mcp: z.boolean(), sandboxedCommand: z.boolean(), modeSwitch: z.boolean().optional() }),
  commands: z.object({ allow: z.array(z.string()), deny: z.array(z.string()), buildDirs: z.array(z.string()) }),
  limits: z.record(z.string(), z.number()),
  requirePlanApproval: z.boolean(),
});
export type FullPolicyT = z.infer<typeof fullPolicy>;

/** Spec sessions (issue 9): the decision engine's threshold, what a task's final failure does, who judges. */
export const SPEC_FAILURE_ACTIONS = ['ask', 'rollback', 'continue'] as const;
export const SPEC_ASSESS_MODES = ['model', 'heuristic'] as const;
export const specSettingsSection = z.object({
  skipConfidence: z.number().optional(),
  onFailure: z.enum(SPEC_FAILURE_ACTIONS).optional(),
  assess: z.enum(SPEC_ASSESS_MODES).optional(),
});
export type SpecSettingsSectionT = z.infer<typeof specSettingsSection>;

/** `agent.sandbox.mode`: auto (on where the system has one), off, required (refuse commands without one). */
export const SANDBOX_MODE_CHOICES = ['auto', 'off', 'required'] as const;
/** One layer's `agent.sandbox`: only what it sets (the core's sandbox/sandboxSettings.ts checks the entries). */
export const sandboxLayer = z.object({
  mode: z.enum(SANDBOX_MODE_CHOICES).optional(),
  network: z.object({ allow: z.array(z.string()).optional() }).optional(),
  denyRead: z.array(z.string()).optional(),
  allowWrite: z.array(z.string()).optional(),
  allowRead: z.array(z.string()).optional(),
});
export type SandboxLayerT = z.infer<typeof sandboxLayer>;
/** A whole `agent.sandbox`, every default filled. */
export const fullSandbox = z.object({
  mode: z.enum(SANDBOX_MODE_CHOICES),
  network: z.object({ allow: z.array(z.string()) }),
  denyRead: z.array(z.string()),
  allowWrite: z.array(z.string()),
  allowRead: z.array(z.string()),
});
export type FullSandboxT = z.infer<typeof fullSandbox>;

export const agentSection = z.object({
  mode: z.string().optional(),
  contextTokens: z.number().optional(),
  policy: policyLayer.optional(),
  /** Only when this file sets one of them. */
  spec: specSettingsSection.optional(),
  /** The OS sandbox of the agent's commands (issue 26), as this file sets it. */
  sandbox: sandboxLayer.optional(),
});

/** What one settings file holds that the settings view edits. */
export const settingsLayer = z.object({
  model: modelSection,
  models: modelsSection,
  agent: agentSection,
  /** `checkpoints.retentionDays` (only when this file sets it). */
  checkpoints: z.object({ retentionDays: z.number().optional() }).optional(),
});
export type SettingsLayerT = z.infer<typeof settingsLayer>;

const range = z.object({ min: z.number(), max: z.number(), default: z.number() });
const configSource = z.enum(['flags', 'workspace', 'global', 'env', 'stored', 'default']);

export const apiKeyStatus = z.object({
  /** A key is in effect (from any source). */
  set: z.boolean(),
  /** Where the key in effect comes from (the one the model in effect gets; a key saved for its server wins over OPENAI_API_KEY). */
  source: z.enum(['environment', 'stored', 'settings', 'none']),
  /** The last characters of the key in effect, e.g. `…abcd` (null when none or too short to show any). */
  hint: z.string().nullable(),
  /** A key is saved in the secret store (for its server; the command line or a key written in the global file win over it). */
  stored: z.boolean(),
  /** The server (origin) the saved key is for: it is sent only there, or to servers the user named or trusted. */
  storedOrigin: z.string().nullable(),
  /** Where saved keys go. */
  storage: z.object({ kind: z.enum(['file', 'safeStorage', 'memory']), description: z.string() }),
  /** A sentence for people: where the key comes from and what overrides what. */
  note: z.string(),
});
export type ApiKeyStatusT = z.infer<typeof apiKeyStatus>;

export const settingsSnapshot = z.object({
  workspace: workspaceSummary.nullable(),
  files: z.object({ global: z.string(), workspace: z.string().nullable() }),
  global: settingsLayer,
  /** Null when no folder is open. */
  workspaceLayer: settingsLayer.nullable(),
  effective: z.object({
    model: z.object({
      baseURL: z.string().nullable(),
      model: z.string().nullable(),
      timeoutSeconds: z.number(),
      maxRetries: z.number(),
      jsonMode: z.boolean(),
      sources: z.object({ baseURL: configSource.nullable(), model: configSource.nullable() }),
      /** Why no model can be used yet (says how to configure one), else null. */
      error: z.string().nullable(),
      /** `error` in words of the shared catalogs (issue 14), for the UI; null without words. */
      errorWords: errorWordsSchema.nullable().optional(),
    }),
    agent: z.object({
      mode: z.string(),
      contextTokens: z.number(),
      policy: fullPolicy,
      /** The spec settings in effect (workspace, then global, then the defaults). */
      spec: z.object({ skipConfidence: z.number(), onFailure: z.enum(SPEC_FAILURE_ACTIONS), assess: z.enum(SPEC_ASSESS_MODES) }),
      /** The sandbox settings in effect (global over the defaults, tightened by the workspace); absent from an older core. */
      sandbox: fullSandbox.optional(),
    }),
    /** The checkpoint retention in effect and where it comes from (a workspace can only lengthen it). */
    checkpoints: z.object({ retentionDays: z.number(), source: z.enum(['default', 'global', 'workspace']) }),
  }),
  /** What each scope's policy layer is applied on: defaults + mode for global, and the global layer too for workspace. */
  inheritedPolicy: z.object({ global: fullPolicy, workspace: fullPolicy }),
  /** What each scope's `agent.sandbox` is applied on: the defaults for global, the global settings for workspace (absent from an older core). */
  inheritedSandbox: z.object({ global: fullSandbox, workspace: fullSandbox }).optional(),
  /**
   * Fields of the workspace file the agent leaves out because they would loosen what the workspace inherits (the
   * policy's and the sandbox's; also in `problems`), for the settings view to say next to each field. Absent from an older core.
   */
  workspaceLeftOut: z.array(z.object({ path: z.string(), message: z.string(), words: reasonWordsSchema.optional() })).optional(),
  apiKey: apiKeyStatus,
  ranges: z.object({
    limits: z.record(z.string(), range),
    contextTokens: range,
    timeoutSeconds: range,
    maxRetries: range,
    skipConfidence: range,
    retentionDays: range,
  }),
  modes: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
  /** Settings files that could not be used as they are (each names the file and the field). */
  problems: z.array(z.string()),
  /**
   * The same problems in words of the shared catalogs, at the same index (null: this one has none), so the
   * settings view says them in its language (issue 14); absent from an older core.
   */
  problemWords: z.array(reasonWordsSchema.nullable()).optional(),
  /** Origins a workspace's settings may send the user's API key to (global `trustedModelServers`). */
  trustedModelServers: z.array(z.string()),
});
export type SettingsSnapshotT = z.infer<typeof settingsSnapshot>;

const clear = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** Field by field: a value sets it, null removes it from the file, absent leaves it as it is. */
export const modelPatch = z
  .object({
    baseURL: clear(z.string().max(2000)),
    model: clear(z.string().max(500)),
    timeoutSeconds: clear(z.number()),
    maxRetries: clear(z.number()),
    inputPricePer1M: clear(z.number()),
    outputPricePer1M: clear(z.number()),
    jsonMode: clear(z.boolean()),
    vision: clear(z.boolean()),
    temperature: clear(z.number()),
    maxTokens: clear(z.number()),
    contextWindow: clear(z.number()),
  })
  .strict();

export const settingsUpdateInput = z
  .object({
    scope: settingsScope,
    model: modelPatch.optional(),
    /** Per model name: `{jsonMode, vision, temperature, maxTokens, contextWindow}` (null removes a setting), or null to drop the model's entry. */
    models: z
      .record(
        z.string().min(1).max(500),
        z.object({ jsonMode: clear(z.boolean()), vision: clear(z.boolean()), temperature: clear(z.number()), maxTokens: clear(z.number()), contextWindow: clear(z.number()) }).strict().nullable(),
      )
      .optional(),
    agent: z
      .object({
        mode: clear(z.string().max(64)),
        contextTokens: clear(z.number()),
        /** Replaces the scope's whole policy layer (null removes it). */
        policy: clear(policyLayer.strict()),
        /** Field by field like `model` (null removes a field; null for the whole section removes it). */
        spec: clear(
          z
            .object({
              skipConfidence: clear(z.number()),
              onFailure: clear(z.string().max(64)),
              assess: clear(z.string().max(64)),
            })
            .strict(),
        ),
        /** Replaces the scope's whole `agent.sandbox` (null removes it); a workspace's may only tighten the global one. */
        sandbox: clear(
          z
            .object({
              mode: z.enum(SANDBOX_MODE_CHOICES).optional(),
              network: z.object({ allow: z.array(z.string().max(4096)).max(1000).optional() }).strict().optional(),
              denyRead: z.array(z.string().max(4096)).max(1000).optional(),
              allowWrite: z.array(z.string().max(4096)).max(1000).optional(),
              allowRead: z.array(z.string().max(4096)).max(1000).optional(),
            })
            .strict(),
        ),
      })
      .strict()
      .optional(),
    checkpoints: z.object({ retentionDays: clear(z.number()) }).strict().optional(),
  })
  .strict();
export type SettingsUpdateInputT = z.input<typeof settingsUpdateInput>;

export const connectionTestResult = z.object({
  ok: z.boolean(),
  baseURL: z.string(),
  model: z.string().nullable(),
  /** Time of the model list request (or of the first request that answered). */
  latencyMs: z.number(),
  /** The server's models (GET /models), when it listed them. */
  models: z.array(z.string()).optional(),
  modelListed: z.boolean().optional(),
  /** The tiny chat completion (when a model name is known). */
  chat: z.object({ ok: z.boolean(), latencyMs: z.number(), reply: z.string().optional(), message: z.string() }).optional(),
  status: z.number().nullable().optional(),
  /** English: the error, the hint and the server's models in one text (or what passed). */
  message: z.string(),
  /** The words of the message's parts (issue 14), absent from older cores: a success's, or the error's and the hint's. */
  messageWords: errorWordsSchema.optional(),
  errorWords: errorWordsSchema.optional(),
  hintWords: errorWordsSchema.optional(),
});
export type ConnectionTestResultT = z.infer<typeof connectionTestResult>;

/** An API key: printable characters without spaces. */
const apiKey = z
  .string()
  .trim()
  .min(1)
  .max(4096)
  .regex(/^[\x21-\x7e]+$/, inputRule('apiKeyCharacters'));

export const settingsCommands = {
  'settings.get': defineCommand(noInput, settingsSnapshot, 'The model and agent settings: effective, global and workspace layers; whether an API key is set (never the key).'),
  'settings.update': defineCommand(
    settingsUpdateInput,
    settingsSnapshot,
    'Change the global or workspace settings (validated; errors name each field in details.fields). Other sections of the file are kept.',
  ),
  'settings.setApiKey': defineCommand(
    z.object({ key: apiKey.nullable(), baseURL: z.string().max(2000).optional() }).strict(),
    apiKeyStatus,
    'Save the API key in the secret store (null clears it) for the server at baseURL (default: the base URL of the global settings, else OPENAI_BASE_URL, else OpenAI). It is never sent back, and never sent to another server that a workspace names.',
  ),
  'settings.trustModelServer': defineCommand(
    z.object({ baseURL: z.string().min(1).max(2000), trusted: z.boolean().default(true) }).strict(),
    settingsSnapshot,
    "Let workspaces send the user's API key to this server (its origin goes to the global trustedModelServers), or take that back (trusted: false).",
  ),
  'settings.testConnection': defineCommand(
    z
      .object({
        baseURL: z.string().max(2000).optional(),
        model: z.string().max(500).optional(),
        apiKey: apiKey.optional(),
      })
      .strict()
      .default({}),
    connectionTestResult,
    'GET /models and a tiny chat completion against a model server (defaults: the saved settings and key). A baseURL the caller gives gets only a key that belongs to its server (or the apiKey typed).',
  ),
};

export const settingsEvents = {
  'settings.onChanged': defineEvent(
    z.object({ scope: z.enum(['global', 'workspace', 'apiKey']) }),
    'Settings were saved (by any window): read them again with settings.get.',
  ),
};
