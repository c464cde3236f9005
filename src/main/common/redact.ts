/**
 * Secret redaction for anything that may be logged or shown: `redactSecrets(text, [apiKey])` replaces the
 * given secrets and anything that looks like an API key or a bearer token with `[redacted]`.
 */

const REDACTED = '[redacted]';

/** What a pattern finds: a bearer token, an API key, a key or token in a URL's query. */
export type SecretKind = 'bearer' | 'apiKey' | 'urlKey';

const KINDS: [SecretKind, RegExp][] = [
  ['bearer', /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/g],
  ['apiKey', /\bsk-[A-Za-z0-9_-]{8,}/g], // OpenAI, OpenRouter (sk-or-…), Anthropic-style keys
  ['apiKey', /\b(?:gsk|xai|pk|rk)_[A-Za-z0-9]{16,}/g],
  ['urlKey', /([?&](?:api[-_]?key|key|token|access_token)=)[^&\s"']+/gi],
];
const PATTERNS: RegExp[] = KINDS.map(([, pattern]) => pattern);

/** The kinds of secret `redactSecrets` would replace in `text` by its patterns (each once, in the order above). */
export function secretKindsIn(text: string): SecretKind[] {
  const found = KINDS.filter(([, pattern]) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(text)).map(([kind]) => kind);
  return [...new Set(found)];
}

export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Very short "keys" (placeholders like "x") would redact ordinary words.
    if (secret && secret.length >= 6) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of PATTERNS) {
    out = out.replace(pattern, (match, prefix?: unknown) => (typeof prefix === 'string' && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED));
  }
  return out;
}
