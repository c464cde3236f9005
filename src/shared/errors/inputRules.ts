import type { WordValue } from './errorWords';

/**
 * The contract's own rules that the generic input words (`input.tooBig`, `input.badFormat`…) cannot say: a format or a
 * rule of one field (issue 14). A check gives `inputRule(name, …values)` as its zod message; the router turns the
 * issue into the words `input.<name>` (the field first, the values, then how many other problems), so the API's
 * English and the UI's language say the same specific thing. The message is only a marker: nobody reads it as is.
 */
export type InputRule = 'idCharacters' | 'sessionId' | 'base64' | 'imageTooBig' | 'apiKeyCharacters' | 'needsEither' | 'sayWhy';

const RULES: readonly InputRule[] = ['idCharacters', 'sessionId', 'base64', 'imageTooBig', 'apiKeyCharacters', 'needsEither', 'sayWhy'];
const MARKER = /^input\.([A-Za-z0-9]+)(?::(.*))?$/s;

/** The zod message of a check whose rule `input.<rule>` says (values: what the message needs besides the field). */
export function inputRule(rule: InputRule, ...values: WordValue[]): string {
  return values.length ? `input.${rule}:${JSON.stringify(values)}` : `input.${rule}`;
}

/** The rule a zod message names, with its values; null for any other message. */
export function ruleOf(message: string): { rule: InputRule; values: WordValue[] } | null {
  const m = MARKER.exec(message);
  if (!m || !(RULES as readonly string[]).includes(m[1])) return null;
  try {
    const values: unknown = m[2] ? JSON.parse(m[2]) : [];
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string' || typeof v === 'number')) return null;
    return { rule: m[1] as InputRule, values };
  } catch {
    return null;
  }
}
