/**
 * Secret redaction for anything that may be logged or shown: `redactSecrets(text, [apiKey])` replaces the
 * given secrets and anything that looks like an API key or a bearer token with `[redacted]`.
 */

const REDACTED = '[redacted]';

const PATTERNS: RegExp[] = [
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/g,
  /\bsk-[A-Za-z0-9_-]{8,}/g, // OpenAI, OpenRouter (sk-or-…), Anthropic-style keys
  /\b(?:gsk|xai|pk|rk)_[A-Za-z0-9]{16,}/g,
  /([?&](?:api[-_]?key|key|token|access_token)=)[^&\s"']+/gi,
];

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
