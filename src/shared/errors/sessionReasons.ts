import { isErrorWords, plainWords, type ErrorWords, type Words } from './errorWords';

/**
 * A session event's reason (issue 14): English in `reason` (the log, --json, the model read it) and, when it comes
 * from the `session` catalog (sessionReasonStrings.ts), its words in `reasonWords` so the UI says it in its language.
 * Built from one words builder so the English cannot drift from the catalog.
 */
export type Reason = string | Words;

/** The event fields for a reason: `{reason, reasonWords}` for words, `{reason}` for plain text, `{}` for none. */
export function reasonFields(reason: Reason | null | undefined): { reason?: string; reasonWords?: ErrorWords } {
  if (reason === null || reason === undefined || reason === '') return {};
  if (typeof reason === 'string') return { reason };
  return { reason: reason.en, reasonWords: plainWords(reason) };
}

/** The English text of a reason. */
export function reasonText(reason: Reason): string {
  return typeof reason === 'string' ? reason : reason.en;
}

/** A reason sent from another process as `reason` and optional `reasonWords` (words dropped when malformed). */
export function receivedReason(reason: string | undefined, words: unknown): Reason | undefined {
  if (reason === undefined) return undefined;
  return isErrorWords(words) ? { key: words.key, values: [...words.values], en: reason } : reason;
}


/** A reason that is always there (a verdict's, an approval's): `{reason: English, reasonWords}`. */
export function wordsReason(words: Words): { reason: string; reasonWords: ErrorWords } {
  return { reason: words.en, reasonWords: plainWords(words) };
}
