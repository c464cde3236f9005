import type { Language } from './languages';

/**
 * Counts and lists in words (issue 27, defect 20): one message layer for "1 model" / "2 models" and "a, b and c",
 * through Intl.PluralRules and Intl.ListFormat, so no catalog writes "file(s)" or builds a plural or a list by hand.
 *
 *   counted(2, 'model', 'models')  → '2 models'    (English catalogs: the count and the noun)
 *   pluralEn(1, 'was', 'were')     → 'was'
 *   listIn('en', ['a', 'b', 'c'])  → 'a, b, and c' (zh-CN: 'a、b和c')
 */

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(language: Language | 'en'): Intl.PluralRules {
  let r = rules.get(language);
  if (!r) rules.set(language, (r = new Intl.PluralRules(language)));
  return r;
}

/** The English form for `n`: `one` for 1, `other` otherwise (as Intl.PluralRules says for English). */
export function pluralEn(n: number, one: string, other: string): string {
  return pluralRules('en').select(n) === 'one' ? one : other;
}

/** "1 model", "2 models", "0 models". */
export function counted(n: number, one: string, other: string): string {
  return `${n} ${pluralEn(n, one, other)}`;
}

const lists = new Map<string, Intl.ListFormat>();
/** A list in words: "a, b, and c" / "a、b和c" (`type` or for "a, b, or c"). */
export function listIn(language: Language, items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  const key = `${language}|${type}`;
  let f = lists.get(key);
  if (!f) lists.set(key, (f = new Intl.ListFormat(language, { style: 'long', type })));
  return f.format(items);
}

/**
 * A quoted sentence followed by the sentence's own end: “Working on it.” rather than “Working on it.”. (the quote
 * already ends with its punctuation). `end` is the end mark of the language ('.' or '。').
 */
export function endsQuoted(quoted: string, end: string): string {
  return /[.!?。！？…]\s*[”"」』)）]?\s*$/.test(quoted) ? quoted : `${quoted}${end}`;
}
