import type { WordValue } from './errorWords';
import { settingsErrorStrings } from './settingsErrorStrings';

/**
 * The contract's own rules that the generic input words (`input.tooBig`, `input.badFormat`…) cannot say: a format or a
 * rule of one field (issue 14). A check gives `inputRule(name, …values)` as its zod message; the router turns the
 * issue into the words `input.<name>` (the field first, the values, then how many other problems), so the API's
 * English and the UI's language say the same specific thing. The message is only a marker: nobody reads it as is.
 *
 * A settings file's schema says its own rules the same way with `settingsRule(name, …values)`: the words
 * `settings.<name>` (the field first, then the values; no count of other problems, as a file's fields are each said
 * on their own), e.g. the policy schema's `settings.policyFlag`.
 */
export type InputRule = 'idCharacters' | 'sessionId' | 'base64' | 'imageTooBig' | 'apiKeyCharacters' | 'needsEither' | 'sayWhy';

const RULES: readonly InputRule[] = ['idCharacters', 'sessionId', 'base64', 'imageTooBig', 'apiKeyCharacters', 'needsEither', 'sayWhy'];

type SettingsMessages = (typeof settingsErrorStrings)['en'];
/** The settings messages that are a field's rule: the field first (the words `policy*` of settingsErrorStrings.ts). */
export type SettingsRule = Extract<keyof SettingsMessages, `policy${string}`>;
/** A settings rule's values after the field. */
type RuleValues<R extends SettingsRule> = SettingsMessages[R] extends (f: string, ...values: infer V) => string ? V : never;

const MARKER = /^(input|settings)\.([A-Za-z0-9]+)(?::(.*))?$/s;

/** The zod message of a check whose rule `input.<rule>` says (values: what the message needs besides the field). */
export function inputRule(rule: InputRule, ...values: WordValue[]): string {
  return values.length ? `input.${rule}:${JSON.stringify(values)}` : `input.${rule}`;
}

/** The zod message of a settings file's check whose rule `settings.<rule>` says (values: besides the field). */
export function settingsRule<R extends SettingsRule>(rule: R, ...values: RuleValues<R>): string {
  return values.length ? `settings.${rule}:${JSON.stringify(values)}` : `settings.${rule}`;
}

const isSettingsRule = (name: string) => name.startsWith('policy') && Object.hasOwn(settingsErrorStrings.en, name);

/** The rule a zod message names, with its values; null for any other message. */
export function ruleOf(message: string): { domain?: 'input'; rule: InputRule; values: WordValue[] } | { domain: 'settings'; rule: SettingsRule; values: WordValue[] } | null {
  const m = MARKER.exec(message);
  // Only the settings messages named for a rule: a marker cannot make any other settings message say a field's problem.
  if (!m || !(m[1] === 'input' ? (RULES as readonly string[]).includes(m[2]) : isSettingsRule(m[2]))) return null;
  try {
    const values: unknown = m[3] ? JSON.parse(m[3]) : [];
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string' || typeof v === 'number')) return null;
    return m[1] === 'input' ? { rule: m[2] as InputRule, values } : { domain: 'settings', rule: m[2] as SettingsRule, values };
  } catch {
    return null;
  }
}
