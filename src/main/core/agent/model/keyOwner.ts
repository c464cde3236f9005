/**
 * A key belongs to a server. Every API key Akira knows comes with the origin (scheme://host:port) it is
 * for, and `chooseKey` decides which key, if any, may go to the model server in effect:
 *
 *   - the environment's OPENAI_API_KEY is for OPENAI_BASE_URL (OpenAI's API when unset);
 *   - a `model.apiKey` in the global settings is for the global `model.baseURL` (else as the environment);
 *   - a key saved in Settings is saved with the origin it is for (`SavedKey`);
 *   - a `--api-key` flag is for `--base-url` (else as the global settings).
 *
 * A server gets only a key that belongs to it, or, once the user trusts its origin (`trustedModelServers`
 * in the global settings), the first key in the usual order. A key saved before keys carried their server
 * (origin null) belongs to whatever server the user names. Otherwise:
 * - a server named by the workspace (`.akira/settings.json`, which a project or an agent can write) is a
 *   `withheld` choice: the caller refuses to start and says how to trust the server;
 * - a server the user named (flags, global settings, environment) gets no key (local servers need none);
 *   `unmatched` lets a 401 say which keys there are and how to use one there.
 */
import type { ConfigSource } from './modelConfig';

/** Where OPENAI_API_KEY goes when OPENAI_BASE_URL is unset (modelConfig's OPENAI_BASE_URL). */
const OPENAI_ORIGIN = 'https://api.openai.com';

/** A key saved in the secret store, with the origin of the server it was saved for (null: saved before origins were kept). */
export interface SavedKey {
  key: string;
  origin: string | null;
}

export type KeySource = 'flags' | 'global' | 'env' | 'stored';

export interface KeyCandidate {
  source: KeySource;
  key: string;
  /** The origin of the server this key belongs to; null: any server the user names (a key saved before origins were kept). */
  origin: string | null;
}

export type KeyChoice =
  | { kind: 'key'; candidate: KeyCandidate }
  | { kind: 'none'; unmatched: KeyCandidate[] }
  | { kind: 'withheld'; candidate: KeyCandidate; origin: string };

/** `https://host:port` of an http(s) URL (lower case, default ports dropped), else null. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The trusted list as origins (entries that are not http(s) URLs are dropped). */
export function trustedOrigins(list: readonly unknown[] | null | undefined): string[] {
  return (list ?? []).map((v) => (typeof v === 'string' ? originOf(v) : null)).filter((o): o is string => o !== null);
}

export function chooseKey(target: { origin: string; source: ConfigSource }, candidates: readonly KeyCandidate[], trusted: readonly string[]): KeyChoice {
  if (!candidates.length) return { kind: 'none', unmatched: [] };
  const fromWorkspace = target.source === 'workspace';
  const own = candidates.find((c) => c.origin === target.origin) ?? (fromWorkspace ? undefined : candidates.find((c) => c.origin === null));
  if (own) return { kind: 'key', candidate: own };
  if (trusted.includes(target.origin)) return { kind: 'key', candidate: candidates[0] };
  if (fromWorkspace) return { kind: 'withheld', candidate: candidates[0], origin: target.origin };
  return { kind: 'none', unmatched: [...candidates] };
}

/** For a 401 from a server that got no key: which keys there are and how to use one there. */
export function unmatchedKeyNote(target: string, unmatched: readonly KeyCandidate[]): string | null {
  if (!unmatched.length) return null;
  const list = unmatched.map((c) => `${describeKeySource(c.source)} is for ${c.origin ?? 'the servers you name'}`).join('; ');
  return `No API key was sent to ${target}: ${list}. Save a key for ${target} in Settings, or add "${target}" to "trustedModelServers" in the global settings to send it that key.`;
}

export interface KeySources {
  flagKey?: string;
  flagBaseURL?: string;
  globalKey?: string;
  globalBaseURL?: string;
  envKey?: string;
  envBaseURL?: string;
  stored?: SavedKey | null;
}

/**
 * Every known key with the origin it belongs to, in the order keys are preferred when several are for the same
 * server: `--api-key`, `model.apiKey` in the global settings, the key saved in Settings, `OPENAI_API_KEY`.
 */
export function keyCandidates(s: KeySources): KeyCandidate[] {
  const envHome = originOf(s.envBaseURL) ?? OPENAI_ORIGIN;
  const globalHome = originOf(s.globalBaseURL) ?? envHome;
  const out: KeyCandidate[] = [];
  if (s.flagKey) out.push({ source: 'flags', key: s.flagKey, origin: originOf(s.flagBaseURL) ?? globalHome });
  if (s.globalKey) out.push({ source: 'global', key: s.globalKey, origin: globalHome });
  // A key saved in Settings is the person's own choice in Akira: for its server it wins over the environment's.
  if (s.stored?.key) out.push({ source: 'stored', key: s.stored.key, origin: originOf(s.stored.origin) });
  if (s.envKey) out.push({ source: 'env', key: s.envKey, origin: envHome });
  return out;
}

/** Where a key comes from, for people. */
export function describeKeySource(source: KeySource): string {
  return { flags: 'the --api-key flag', global: 'model.apiKey in the global settings', env: 'OPENAI_API_KEY', stored: 'the key saved in Settings' }[source];
}
