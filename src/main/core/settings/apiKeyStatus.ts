import type { ApiKeyStatusT } from '../../../shared/contract';
import { keyCandidates, originOf, type KeyCandidate, type ModelFlags, type SavedKey } from '../agent/model';
import type { SecretStore } from './secretStore';
import { keyHint } from './secretStore';

/**
 * What the settings view says of API keys (never a key itself), and the keys Akira knows with the server each
 * belongs to (agent/model/keyOwner.ts), read from the same places as the agent reads them.
 */

export interface KeyPlaces {
  globalFile: string;
  /** The global settings file's JSON object. */
  globalRaw: Record<string, unknown>;
  env: NodeJS.ProcessEnv;
  flags: ModelFlags | undefined;
  stored: SavedKey | null;
  storedError: string | null;
  secrets: SecretStore;
}

const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const modelOf = (raw: Record<string, unknown>): Record<string, unknown> =>
  typeof raw.model === 'object' && raw.model !== null && !Array.isArray(raw.model) ? (raw.model as Record<string, unknown>) : {};

export function knownKeys(p: KeyPlaces): KeyCandidate[] {
  const model = modelOf(p.globalRaw);
  return keyCandidates({
    flagKey: nonEmpty(p.flags?.apiKey),
    flagBaseURL: nonEmpty(p.flags?.baseUrl),
    globalKey: nonEmpty(model.apiKey),
    globalBaseURL: nonEmpty(model.baseURL),
    envKey: nonEmpty(p.env.OPENAI_API_KEY),
    envBaseURL: nonEmpty(p.env.OPENAI_BASE_URL),
    stored: nonEmpty(p.stored?.key) ? p.stored : null,
  });
}

/** The origin a key saved now is for: the base URL it is saved with, else the user's own (global, then environment, then OpenAI). */
export function originForSaving(p: KeyPlaces, baseURL: string | undefined): string {
  const model = modelOf(p.globalRaw);
  return originOf(baseURL) ?? originOf(nonEmpty(model.baseURL)) ?? originOf(nonEmpty(p.env.OPENAI_BASE_URL)) ?? 'https://api.openai.com';
}

export function apiKeyStatusOf(p: KeyPlaces): ApiKeyStatusT {
  const storage = { kind: p.secrets.kind, description: p.secrets.description };
  const plain = nonEmpty(modelOf(p.globalRaw).apiKey);
  const fromEnv = nonEmpty(p.env.OPENAI_API_KEY);
  const flag = nonEmpty(p.flags?.apiKey);
  const isStored = !!nonEmpty(p.stored?.key);
  const keys = knownKeys(p);
  const storedOrigin = keys.find((k) => k.source === 'stored')?.origin ?? null;
  const forWhat = (source: KeyCandidate['source']) => {
    const k = keys.find((c) => c.source === source);
    return k ? ` It is for ${k.origin ?? 'the servers you name (saved before keys carried their server)'}.` : '';
  };
  const broken = p.storedError ? ` The secret store cannot be used: ${p.storedError}` : '';
  const base = { stored: isStored, storedOrigin, storage };
  if (flag) return { ...base, set: true, source: 'environment', hint: keyHint(flag), note: `The key given on the command line is used.${forWhat('flags')}${broken}` };
  if (plain) {
    return {
      ...base,
      set: true,
      source: 'settings',
      hint: keyHint(plain),
      note: `The key written in ${p.globalFile} (model.apiKey, plain text) is used.${forWhat('global')} Saving a key here moves it to ${storage.description}.${broken}`,
    };
  }
  if (fromEnv) {
    const envOrigin = keys.find((k) => k.source === 'env')?.origin;
    const over = !isStored ? '' : storedOrigin === envOrigin ? ' It wins over the saved key.' : ` The saved key is used for ${storedOrigin ?? 'the other servers you name'}.`;
    return { ...base, set: true, source: 'environment', hint: keyHint(fromEnv), note: `OPENAI_API_KEY from the environment Akira was started from is used.${forWhat('env')}${over}${broken}` };
  }
  if (isStored) {
    const forWhom = storedOrigin ?? 'the servers you name (save it again to tie it to one)';
    return { ...base, set: true, source: 'stored', hint: keyHint(p.stored?.key), note: `Saved in ${storage.description}, for ${forWhom}.` };
  }
  return { ...base, set: false, source: 'none', hint: null, note: `No API key (local servers such as Ollama need none). A saved key is kept in ${storage.description}.${broken}` };
}
