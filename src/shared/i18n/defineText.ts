import type { Language } from './languages';

/** A message: plain text, or a function of its values (counts, names) that answers the text. */
export type Message = string | ((...values: never[]) => string);
export type Messages = Record<string, Message>;

/** The other languages' catalog must have every key of the English one, each of the same kind and signature. */
export type SameMessages<T extends Messages> = { [K in keyof T]: T[K] extends (...values: infer A) => string ? (...values: A) => string : string };

/** One feature's words in every language (issue 14). English is the reference; every other catalog matches it. */
export interface TextCatalog<T extends Messages> {
  readonly en: T;
  readonly 'zh-CN': SameMessages<T>;
}

/**
 * Declares a feature's words, English and Chinese side by side in one file (`features/review/reviewStrings.ts`
 * exports `reviewStrings = defineText({ en: {...}, 'zh-CN': {...} })`). TypeScript refuses a Chinese catalog that
 * misses a key or changes a message's values; `i18n/catalogs.test.ts` checks them at run time too (nothing empty,
 * the same values named in both).
 */
export function defineText<T extends Messages>(catalog: { en: T; 'zh-CN': SameMessages<NoInfer<T>> }): TextCatalog<T> {
  return catalog;
}

/** The catalog's messages in `language`. */
export function textIn<T extends Messages>(catalog: TextCatalog<T>, language: Language): T {
  return (language === 'en' ? catalog.en : catalog['zh-CN']) as T;
}
