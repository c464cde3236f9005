/**
 * A key belongs to a server. Every API key Akira knows comes with the origin (scheme://host:port) it is
 * for, and `chooseKey` decides which key, if any, may go to the model server in effect:
 *
 *   - the environment's OPENAI_API_KEY is for OPENAI_BASE_URL (OpenAI's API when unset);
 *   - a `model.apiKey` in the global settings is for the global `model.baseURL` (else as the environment);
 *   - a key saved in Settings is saved with the origin it is for (`SavedKey`);
 *   - a `--api-key` flag is for `--base-url` (else as the global settings).
 *
 * A server the user named (flags, global settings, environment, the default) gets the key that belongs to
 * it, else the first key in the usual order: it is the user's own choice. A server named by the workspace
 * (`.akira/settings.json`, which a project or an agent can write) gets only a key that belongs to it, or
 * any key once the user trusts that origin (`trustedModelServers` in the global settings). Otherwise the
 * key is withheld and the caller says how to trust the server; it is never sent silently.
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
  /** The origin of the server this key belongs to. */
  origin: string;
}

export type KeyChoice =
  | { kind: 'key'; candidate: KeyCandidate }
  | { kind: 'none' }
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
  if (!candidates.length) return { kind: 'none' };
  const own = candidates.find((c) => c.origin === target.origin);
  if (own) return { kind: 'key', candidate: own };
  if (target.source !== 'workspace' || trusted.includes(target.origin)) return { kind: 'key', candidate: candidates[0] };
  return { kind: 'withheld', candidate: candidates[0], origin: target.origin };
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

/** Every known key with the origin it belongs to, in the order keys are preferred. */
export function keyCandidates(s: KeySources): KeyCandidate[] {
  const envHome = originOf(s.envBaseURL) ?? OPENAI_ORIGIN;
  const globalHome = originOf(s.globalBaseURL) ?? envHome;
  const out: KeyCandidate[] = [];
  if (s.flagKey) out.push({ source: 'flags', key: s.flagKey, origin: originOf(s.flagBaseURL) ?? globalHome });
  if (s.globalKey) out.push({ source: 'global', key: s.globalKey, origin: globalHome });
  if (s.envKey) out.push({ source: 'env', key: s.envKey, origin: envHome });
  if (s.stored?.key) out.push({ source: 'stored', key: s.stored.key, origin: originOf(s.stored.origin) ?? globalHome });
  return out;
}

/** Where a key comes from, for people. */
export function describeKeySource(source: KeySource): string {
  return { flags: 'the --api-key flag', global: 'model.apiKey in the global settings', env: 'OPENAI_API_KEY', stored: 'the key saved in Settings' }[source];
}
