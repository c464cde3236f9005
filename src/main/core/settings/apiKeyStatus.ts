import type { ApiKeyStatusT } from '../../../shared/contract';
import { keyCandidates, originOf, type KeyCandidate, type KeySource, type ModelFlags, type SavedKey } from '../agent/model';
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

/**
 * The key the settings view shows: the one the agent sends to the model server in effect (`inUse`, the source
 * resolveModelConfig chose), else the first known key in the order keys are preferred (keyOwner.ts keyCandidates);
 * its last characters, and a sentence saying where it comes from and whom the other keys are for.
 */
export function apiKeyStatusOf(p: KeyPlaces, inUse?: KeySource | null): ApiKeyStatusT {
  const storage = { kind: p.secrets.kind, description: p.secrets.description };
  const keys = knownKeys(p);
  const saved = keys.find((k) => k.source === 'stored');
  const env = keys.find((k) => k.source === 'env');
  const storedOrigin = saved?.origin ?? null;
  const forWhat = (k: KeyCandidate | undefined) => (k ? ` It is for ${k.origin ?? 'the servers you name (saved before keys carried their server)'}.` : '');
  const broken = p.storedError ? ` The secret store cannot be used: ${p.storedError}` : '';
  const base = { stored: !!saved, storedOrigin, storage };
  const shown = (inUse ? keys.find((k) => k.source === inUse) : undefined) ?? keys[0];
  if (!shown) {
    return { ...base, set: false, source: 'none', hint: null, note: `No API key (local servers such as Ollama need none). A saved key is kept in ${storage.description}.${broken}` };
  }
  const hint = keyHint(shown.key);
  switch (shown.source) {
    case 'flags':
      return { ...base, set: true, source: 'environment', hint, note: `The key given on the command line is used.${forWhat(shown)}${broken}` };
    case 'global':
      return {
        ...base,
        set: true,
        source: 'settings',
        hint,
        note: `The key written in ${p.globalFile} (model.apiKey, plain text) is used.${forWhat(shown)} Saving a key here moves it to ${storage.description}.${broken}`,
      };
    case 'stored': {
      const forWhom = storedOrigin ?? 'the servers you name (save it again to tie it to one)';
      const over = !env ? '' : env.origin === storedOrigin ? ' OPENAI_API_KEY from the environment is not used there while this key is saved (Clear it to use that one).' : ` OPENAI_API_KEY from the environment is for ${env.origin}.`;
      return { ...base, set: true, source: 'stored', hint, note: `The key saved in ${storage.description} is used, for ${forWhom}.${over}${broken}` };
    }
    case 'env': {
      const other = saved ? ` The saved key is for ${storedOrigin ?? 'the other servers you name'}.` : '';
      return { ...base, set: true, source: 'environment', hint, note: `OPENAI_API_KEY from the environment Akira was started from is used.${forWhat(shown)}${other}${broken}` };
    }
  }
}
