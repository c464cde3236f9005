import { createHash } from 'node:crypto';
import type { SessionEvent } from '../../sessions';

/**
 * What a session runs with, as a resume compares it (issue 25: "Resume reads the settings as they are now"): the
 * model, the server, a fingerprint of the API key (never the key) and one of the policy. A session's start records it
 * (`session_started.options.setup`), each resume that found a difference logs `resumed_with` with what changed.
 *
 *   const before = lastSetup(events);  const now = setupOf(prepared);  const changed = changedSetup(before, now);
 */

export interface SessionSetup {
  model: string;
  baseUrl: string;
  /** The first 12 hex digits of the key's SHA-256 ('' without a key). */
  key: string;
  /** The first 12 hex digits of the policy's SHA-256. */
  policy: string;
}

export const SETUP_FIELDS = ['model', 'baseUrl', 'apiKey', 'policy'] as const;
export type SetupField = (typeof SETUP_FIELDS)[number];

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

export function setupOf(prepared: { config: { model: string; baseURL: string; apiKey: string }; policy: unknown }): SessionSetup {
  return { model: prepared.config.model, baseUrl: prepared.config.baseURL, key: prepared.config.apiKey ? digest(prepared.config.apiKey) : '', policy: digest(JSON.stringify(prepared.policy)) };
}

const isSetup = (v: unknown): v is SessionSetup =>
  !!v && typeof v === 'object' && ['model', 'baseUrl', 'key', 'policy'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

/** The setup the session last ran with (the latest `resumed_with`, else the start's), null in logs older than this. */
export function lastSetup(events: readonly SessionEvent[]): SessionSetup | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'resumed_with' && isSetup(e.setup)) return e.setup;
    if (e.type === 'session_started') return isSetup(e.options?.setup) ? e.options.setup : null;
  }
  return null;
}

/** What differs between two setups, in a fixed order (nothing against an unknown one: an older log). */
export function changedSetup(before: SessionSetup | null, now: SessionSetup): SetupField[] {
  if (!before) return [];
  const out: SetupField[] = [];
  if (before.model !== now.model) out.push('model');
  if (before.baseUrl !== now.baseUrl) out.push('baseUrl');
  if (before.key !== now.key) out.push('apiKey');
  if (before.policy !== now.policy) out.push('policy');
  return out;
}
