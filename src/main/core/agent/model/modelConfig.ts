/**
 * Which model to talk to: `resolveModelConfig({flags, workspaceSettings, globalSettings, env})` picks each
 * field from the first source that has it, in the documented order (README "The agent and akira run"): flags, workspace settings, global settings,
 * env (`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `AKIRA_MODEL`). It returns a validated ModelConfig plus where
 * each field came from, or throws ModelConfigError saying how to configure a model.
 *
 * Decisions: the API key is never read from workspace settings (`.akira/settings.json` sits in the project
 * and may be committed); a missing base URL means OpenAI's when an API key is known, otherwise it is an
 * error; an empty key is fine (Ollama, LM Studio, llama.cpp need none).
 *
 * The API key: the one that belongs to the model server (keyOwner.ts), else flags, then a `model.apiKey`
 * written by hand in the global settings file, then the key saved in the Settings view for that server (it wins over
 * OPENAI_API_KEY there: saving a key is the person's latest word), then OPENAI_API_KEY
 * (the saved one: `settings.setApiKey`, kept in the secret store with the origin it is for: Electron safeStorage or
 * `<dataDir>/secrets.json`). The saved key arrives as `storedApiKey` (the agent service reads it at every
 * start/resume, so a key saved while Akira runs is used by the next session). A server named by the
 * workspace gets no key that is not its own unless its origin is in `trustedServers`: resolving then throws
 * ModelKeyWithheldError, which says how to trust it.
 */
import { z } from 'zod';
import { chooseKey, describeKeySource, keyCandidates, originOf, unmatchedKeyNote, type KeySource, type SavedKey } from './keyOwner';
import { ModelConfigError, ModelKeyWithheldError } from './modelErrors';
import type { ModelPrice } from './pricing';
import { modelErrors } from '../../../../shared/errors';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RETRIES = 3;

/** The `model` section of workspace or global settings. */
export const modelSettingsSchema = z.object({
  baseURL: z.string().optional(),
  apiKey: z.string().optional(),
  model: z.string().optional(),
  /** USD per 1M prompt tokens; with outputPricePer1M it overrides the built-in price table. */
  inputPricePer1M: z.number().min(0).optional(),
  outputPricePer1M: z.number().min(0).optional(),
  timeoutSeconds: z.number().min(1).max(3600).optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

export interface ModelFlags {
  baseUrl?: string;
  model?: string;
  apiKey?: string;
}

export interface ModelConfig {
  baseURL: string;
  /** May be '' (local servers). */
  apiKey: string;
  model: string;
  /** Configured price; null means "use the built-in table, else unknown". */
  price: ModelPrice | null;
  /** Longest wait for the answer to start or for the next streamed chunk, per attempt. */
  timeoutMs: number;
  /** Retries after the first attempt (network errors, 5xx, 429, cut streams, timeouts). */
  maxRetries: number;
  /** Why no key was sent although there are keys (they belong to other servers): said on a 401. */
  keyNote?: string;
  /** Generation settings of the model (agentSettings.generationFor): sent with every request when set. */
  temperature?: number;
  maxTokens?: number;
}

export type ConfigSource = 'flags' | 'workspace' | 'global' | 'env' | 'stored' | 'default';

export interface ResolvedModelConfig {
  config: ModelConfig;
  sources: { baseURL: ConfigSource; apiKey: KeySource | null; model: ConfigSource };
}

export interface ResolveModelConfigInput {
  flags?: ModelFlags;
  workspaceSettings?: ModelSettings | null;
  globalSettings?: ModelSettings | null;
  env?: NodeJS.ProcessEnv;
  /** The key saved in the secret store, with the origin it was saved for. */
  storedApiKey?: SavedKey | null;
  /** `trustedModelServers` of the global settings: origins a workspace may send the user's key to. */
  trustedServers?: readonly string[];
  /** Where the global settings file is, for messages. */
  globalSettingsFile?: string;
}

export const HOW_TO_CONFIGURE = modelErrors.howToConfigure.en;

const nonEmpty = (v: string | undefined | null) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function pick<T>(candidates: [ConfigSource, T | undefined][]): [ConfigSource, T] | null {
  for (const [source, value] of candidates) if (value !== undefined) return [source, value];
  return null;
}

function checkSettings(settings: ModelSettings | null | undefined, where: string): ModelSettings {
  if (!settings) return {};
  const parsed = modelSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ModelConfigError(modelErrors.badSettings(where, issue.path.join('.') || 'model', issue.message));
  }
  return parsed.data;
}

function checkBaseURL(value: string, source: ConfigSource): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ModelConfigError(modelErrors.notAUrl(value, source));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelConfigError(modelErrors.notHttp(value, source));
  }
  return value.replace(/\/+$/, '');
}

/** `…abcd` for a key long enough that its last 4 characters give nothing away (as settings' keyHint). */
const keyHintOf = (key: string): string | null => (key.length >= 12 ? `…${key.slice(-4)}` : null);

export function resolveModelConfig(input: ResolveModelConfigInput): ResolvedModelConfig {
  const flags = input.flags ?? {};
  const ws = checkSettings(input.workspaceSettings, 'the workspace (.akira/settings.json)');
  const global = checkSettings(input.globalSettings, 'the global settings');
  const env = input.env ?? {};
  const stored = input.storedApiKey ?? null;

  const candidates = keyCandidates({
    flagKey: nonEmpty(flags.apiKey),
    flagBaseURL: nonEmpty(flags.baseUrl),
    globalKey: nonEmpty(global.apiKey),
    globalBaseURL: nonEmpty(global.baseURL),
    envKey: nonEmpty(env.OPENAI_API_KEY),
    envBaseURL: nonEmpty(env.OPENAI_BASE_URL),
    stored: nonEmpty(stored?.key) ? stored : null,
  });
  const model = pick<string>([
    ['flags', nonEmpty(flags.model)],
    ['workspace', nonEmpty(ws.model)],
    ['global', nonEmpty(global.model)],
    ['env', nonEmpty(env.AKIRA_MODEL)],
  ]);
  let base = pick<string>([
    ['flags', nonEmpty(flags.baseUrl)],
    ['workspace', nonEmpty(ws.baseURL)],
    ['global', nonEmpty(global.baseURL)],
    ['env', nonEmpty(env.OPENAI_BASE_URL)],
  ]);
  if (!base && candidates.length) base = ['default', OPENAI_BASE_URL];

  if (!model && !base) throw new ModelConfigError(modelErrors.noModel);
  if (!model) throw new ModelConfigError(modelErrors.noModelName(base![1]));
  if (!base) throw new ModelConfigError(modelErrors.noBaseUrl(model[1]));

  const priceFrom = [ws, global].find((s) => s.inputPricePer1M !== undefined || s.outputPricePer1M !== undefined);
  const price = priceFrom ? { inputPer1M: priceFrom.inputPricePer1M ?? 0, outputPer1M: priceFrom.outputPricePer1M ?? 0 } : null;
  const timeoutSeconds = ws.timeoutSeconds ?? global.timeoutSeconds;
  const maxRetries = ws.maxRetries ?? global.maxRetries ?? DEFAULT_MAX_RETRIES;
  const baseURL = checkBaseURL(base[1], base[0]);
  const choice = chooseKey({ origin: originOf(baseURL)!, source: base[0] }, candidates, input.trustedServers ?? []);
  if (choice.kind === 'withheld') {
    throw new ModelKeyWithheldError(choice.origin, choice.candidate.origin ?? 'the servers you name', describeKeySource(choice.candidate.source), keyHintOf(choice.candidate.key), input.globalSettingsFile);
  }
  const key = choice.kind === 'key' ? choice.candidate : null;
  const keyNote = choice.kind === 'none' ? unmatchedKeyNote(originOf(baseURL)!, choice.unmatched) : null;

  return {
    config: {
      baseURL,
      apiKey: key ? key.key : '',
      model: model[1],
      price,
      timeoutMs: timeoutSeconds !== undefined ? timeoutSeconds * 1000 : DEFAULT_TIMEOUT_MS,
      maxRetries,
      ...(keyNote ? { keyNote } : {}),
    },
    sources: { baseURL: base[0], apiKey: key ? key.source : null, model: model[0] },
  };
}
