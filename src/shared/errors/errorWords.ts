import type { Messages, TextCatalog } from '../i18n/defineText';

/**
 * The words of an error (issue 14): which message of the shared error catalogs says it (`key`, `<domain>.<name>`,
 * e.g. `file.notFound`) and the values it needs (plain strings and numbers). The core's `message` stays English; a
 * face that shows the error to a person (the UI, the CLI) says it in the person's language from these words.
 * Travels as `error.words` on every face (WebSocket, HTTP API, IPC).
 */
export type WordValue = string | number;
export interface ErrorWords {
  key: string;
  values: WordValue[];
}

/** Words ready to throw: the key and values, and the English text (the error's `message`). */
export interface Words extends ErrorWords {
  readonly en: string;
}

/** A catalog's messages as word builders: `fileErrors.notFound(path)` for a message with values, `fileErrors.workspaceGone` for one without. */
export type WordBuilders<T extends Messages> = {
  readonly [K in keyof T & string]: T[K] extends (...values: infer A) => string ? (A extends WordValue[] ? (...values: A) => Words : never) : Words;
};

/**
 * The builders of one domain's error catalog. The key is `<domain>.<name>`; TypeScript checks the name and the
 * values against the English catalog, and the catalog test checks the Chinese one.
 */
export function errorWords<T extends Messages>(domain: string, catalog: TextCatalog<T>): WordBuilders<T> {
  const builders: Record<string, Words | ((...values: WordValue[]) => Words)> = {};
  for (const [name, message] of Object.entries(catalog.en as Messages)) {
    const key = `${domain}.${name}`;
    builders[name] =
      typeof message === 'function'
        ? (...values: WordValue[]) => ({ key, values, en: (message as (...v: WordValue[]) => string)(...values) })
        : { key, values: [], en: message };
  }
  return builders as WordBuilders<T>;
}

/** Is this a well-formed `{key, values}` (as it arrives from another process)? */
export function isErrorWords(value: unknown): value is ErrorWords {
  if (typeof value !== 'object' || value === null) return false;
  const { key, values } = value as Partial<ErrorWords>;
  return typeof key === 'string' && Array.isArray(values) && values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
}

/** Do these say the same thing (the same key and values, whatever objects hold them)? Both missing counts as the same. */
export function sameWords(a: ErrorWords | null | undefined, b: ErrorWords | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.key === b.key && a.values.length === b.values.length && a.values.every((v, i) => v === b.values[i]);
}

/** `{key, values}` only (drops the English text a builder adds). */
export function plainWords(words: ErrorWords): ErrorWords {
  return { key: words.key, values: [...words.values] };
}
