import { join } from 'node:path';
import { z } from 'zod';
import { specFailureAction } from '../../../../shared/agent/agentShapes';
import { GENERATION_RANGES, PROMPT_RESERVES } from '../../../../shared/contract/settings';
import { AkiraError } from '../../errors';
import { resolveInside } from '../../workspace/pathGuard';
import { modelSettingsSchema, trustedOrigins, type ModelSettings } from '../model';
import { checkPolicyOverrides, policyIssueFields, type PolicyOverrides } from '../policy';
import { settingsErrors } from '../../../../shared/errors';
import { issueFields } from '../../inputWords';
import { invalidSettings, readSettingsOrThrow, type SettingsPlace } from '../../settingsFile';
import { sandboxLayerSchema, type SandboxLayer } from '../../sandbox/sandboxSettings';

/**
 * The agent's settings, read fresh at each start/resume from the global settings file
 * (`<dataDir>/settings.json`) and the workspace's (`.akira/settings.json`):
 *
 *   {
 *     "model":  {baseURL, apiKey (global only), model, timeoutSeconds, maxRetries, …, "jsonMode": false},
 *     "models": {"<model name>": {"jsonMode": true, "vision": true, "temperature": 0.2, "maxTokens": 4096, "contextWindow": 128000}},
 *                                                              // per model: JSON mode for models without tool calling, images,
 *                                                              // generation settings (also accepted in "model" for the configured one)
 *     "agent":  {"mode": "code-dev", "contextTokens": 16000, "policy": {autoApprove, commands, limits, requirePlanApproval},
 *                "spec": {"skipConfidence": 0.8, "onFailure": "ask" | "rollback" | "continue", "assess": "model" | "heuristic"},
 *                "sandbox": {"mode": "auto" | "off" | "required", "network": {"allow": […]}, "denyRead": […], "allowWrite": […]}}
 *   }
 *
 * Workspace values win over global ones, except the policy: a project can only tighten it (every field's
 * rule is in policy/projectPolicy.ts: approvals only on, no allow list or passEnv, limits only lower,
 * build folders only fewer, plan approval only required), and so the sandbox (sandbox/sandboxSettings.ts tightenSandbox).
 * Invalid values are a bad_request naming the file and the field.
 */

export const DEFAULT_CONTEXT_TOKENS = 16_000;

/** Spec sessions (issue 9): the decision engine's threshold and what a task's final failure does. */
export const specSettingsSchema = z
  .object({
    /** A task judged done with at least this confidence is ticked without running (0.5–1, default 0.8). */
    skipConfidence: z.number().min(0.5).max(1).optional(),
    /** A task that failed for good: ask the user (default), roll its files back and go on, or go on. */
    onFailure: specFailureAction.optional(),
    /** Who judges a task before it runs: the quick checks then the model (default), or the quick checks only. */
    assess: z.enum(['model', 'heuristic']).optional(),
  })
  .strict();
export type SpecSettings = z.infer<typeof specSettingsSchema>;
export const SPEC_DEFAULTS = { skipConfidence: 0.8, onFailure: 'ask', assess: 'model' } as const;

const agentSection = z.object({
  mode: z.string().trim().min(1).max(64).optional(),
  contextTokens: z.number().int().min(2000).max(1_000_000).optional(),
  jsonMode: z.boolean().optional(),
  policy: z.unknown().optional(),
  spec: specSettingsSchema.optional(),
  /** The OS sandbox of the agent's commands (issue 26): only what this file sets. */
  sandbox: sandboxLayerSchema.optional(),
});

/** Per model (`models.<name>`, or `model` for the configured one): how to talk to it (issue 11). */
export const generationSettingsSchema = z.object({
  /** The model takes images (screenshots in the task or a message). */
  vision: z.boolean().optional(),
  temperature: z.number().min(GENERATION_RANGES.temperature.min).max(GENERATION_RANGES.temperature.max).optional(),
  /** Longest answer (max_tokens); also kept free of the prompt budget. */
  maxTokens: z.number().int().min(GENERATION_RANGES.maxTokens.min).max(GENERATION_RANGES.maxTokens.max).optional(),
  /** The model's context window in tokens: the prompt budget follows it (see contextBudget). */
  contextWindow: z.number().int().min(GENERATION_RANGES.contextWindow.min).max(GENERATION_RANGES.contextWindow.max).optional(),
});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;
const perModel = generationSettingsSchema.extend({ jsonMode: z.boolean().optional() });

const fileSchema = z.object({
  model: modelSettingsSchema.extend(perModel.shape).optional(),
  models: z.record(z.string(), perModel).optional(),
  agent: agentSection.optional(),
  /** Global only: origins a workspace's model.baseURL may send the user's key to (model/keyOwner.ts). */
  trustedModelServers: z.array(z.string()).optional(),
});

export interface SettingsLayer {
  model: ModelSettings | null;
  jsonMode: boolean | undefined;
  /** The `model` section's generation settings (they apply to whichever model it names or is configured). */
  generation: GenerationSettings;
  models: Record<string, GenerationSettings & { jsonMode?: boolean }>;
  mode: string | undefined;
  contextTokens: number | undefined;
  policy: PolicyOverrides | undefined;
  spec: SpecSettings;
  /** `agent.sandbox` as this file sets it (a workspace's only tightens the global one: sandboxSettings.ts). */
  sandbox: SandboxLayer | undefined;
}

export interface AgentSettings {
  global: SettingsLayer;
  workspace: SettingsLayer;
  /** The global `trustedModelServers` as origins (a workspace's own list is never read). */
  trustedServers: string[];
}

function layer(raw: Record<string, unknown>, place: SettingsPlace, file: string): SettingsLayer {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    // The first problem only, as before: the rest show once it is fixed (the settings view lists them all).
    const [field] = issueFields(parsed.error.issues.slice(0, 1), raw);
    throw invalidSettings(place, file, [`${field.path || '(file)'}: ${field.message}`], [field]);
  }
  const { model, models, agent } = parsed.data;
  let policy: PolicyOverrides | undefined;
  if (agent?.policy !== undefined) {
    const checked = checkPolicyOverrides(agent.policy, 'agent.policy');
    if (!checked.ok) {
      const fields = policyIssueFields(checked.issues, raw, ['agent', 'policy']);
      throw invalidSettings(place, file, checked.errors, fields);
    }
    policy = checked.overrides;
  }
  const { jsonMode, vision, temperature, maxTokens, contextWindow, ...modelSettings } = model ?? {};
  return {
    model: model ? modelSettings : null,
    jsonMode,
    generation: { vision, temperature, maxTokens, contextWindow },
    models: models ?? {},
    mode: agent?.mode,
    contextTokens: agent?.contextTokens,
    policy,
    spec: agent?.spec ?? {},
    sandbox: agent?.sandbox,
  };
}

export async function readAgentSettings(root: string, dataDir: string): Promise<AgentSettings> {
  const globalFile = join(dataDir, 'settings.json');
  const wsFile = await resolveInside(root, '.akira/settings.json');
  const [g, w] = await Promise.all([readSettingsOrThrow(globalFile, 'global', globalFile), readSettingsOrThrow(wsFile, 'workspace', '.akira/settings.json')]);
  const workspace = layer(w, 'workspace', '.akira/settings.json');
  if (workspace.model?.apiKey) {
    throw new AkiraError('bad_request', settingsErrors.apiKeyInWorkspace);
  }
  const trusted = fileSchema.shape.trustedModelServers.safeParse(g.trustedModelServers);
  return { global: layer(g, 'global', globalFile), workspace, trustedServers: trustedOrigins(trusted.success ? trusted.data : []) };
}

/** The spec settings in effect: the workspace's, then the global ones, then the defaults. */
export function specSettingsOf(settings: AgentSettings): Required<SpecSettings> {
  const pick = <K extends keyof SpecSettings>(k: K) => (settings.workspace.spec[k] ?? settings.global.spec[k] ?? SPEC_DEFAULTS[k]) as Required<SpecSettings>[K];
  return { skipConfidence: pick('skipConfidence'), onFailure: pick('onFailure'), assess: pick('assess') };
}

/** The generation settings of this model: `models.<name>` first (workspace, then global), then the `model` sections'. */
export function generationFor(settings: AgentSettings, model: string): GenerationSettings {
  const layers = [settings.workspace.models[model], settings.global.models[model], settings.workspace.generation, settings.global.generation];
  const pick = <K extends keyof GenerationSettings>(k: K) => layers.map((l) => l?.[k]).find((v) => v !== undefined) as GenerationSettings[K];
  return { vision: pick('vision'), temperature: pick('temperature'), maxTokens: pick('maxTokens'), contextWindow: pick('contextWindow') };
}

/** Tokens kept free for the answer when the model's maxTokens is not set, and for the tools' schemas. */
export const ANSWER_RESERVE = PROMPT_RESERVES.answer;
export const SCHEMA_RESERVE = PROMPT_RESERVES.tools;

/**
 * The prompt budget of every call: `agent.contextTokens` when set (workspace, then global), else the default;
 * with a `contextWindow` for the model, never more than the window minus the answer (maxTokens) and the tools.
 */
export function contextBudget(settings: AgentSettings, generation: GenerationSettings): number {
  const configured = settings.workspace.contextTokens ?? settings.global.contextTokens;
  if (!generation.contextWindow) return configured ?? DEFAULT_CONTEXT_TOKENS;
  const room = Math.max(1000, generation.contextWindow - (generation.maxTokens ?? ANSWER_RESERVE) - SCHEMA_RESERVE);
  return Math.min(configured ?? room, room);
}

/** JSON mode for this model: per-model setting first, then the workspace's, then the global one. */
export function jsonModeFor(settings: AgentSettings, model: string): boolean {
  return settings.workspace.models[model]?.jsonMode ?? settings.global.models[model]?.jsonMode ?? settings.workspace.jsonMode ?? settings.global.jsonMode ?? false;
}
