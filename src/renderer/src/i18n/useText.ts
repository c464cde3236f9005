import { useMemo } from 'react';
import { formatCompact, formatDateTime, formatDuration, formatNumber, formatRelative, formatTime, textIn, type Language, type Messages, type TextCatalog } from '../../../shared/i18n';
import { useLanguage, usePrefsStore } from './prefsStore';

/** A feature's words in the UI's language; the component renders again when the language changes. */
export function useText<T extends Messages>(catalog: TextCatalog<T>): T {
  return textIn(catalog, useLanguage());
}

/** The same outside React (stores, actions, toasts): the language at the time of the call. */
export function textOf<T extends Messages>(catalog: TextCatalog<T>): T {
  return textIn(catalog, usePrefsStore.getState().language);
}

export interface Formats {
  language: Language;
  number(n: number, digits?: number): string;
  compact(n: number): string;
  dateTime(at: number | Date): string;
  time(at: number | Date): string;
  relative(at: number): string;
  duration(ms: number): string;
}

function formatsIn(language: Language): Formats {
  return {
    language,
    number: (n, digits) => formatNumber(language, n, digits),
    compact: (n) => formatCompact(language, n),
    dateTime: (at) => formatDateTime(language, at),
    time: (at) => formatTime(language, at),
    relative: (at) => formatRelative(language, at),
    duration: (ms) => formatDuration(language, ms),
  };
}

/** Numbers, dates and durations in the UI's language. */
export function useFormats(): Formats {
  const language = useLanguage();
  return useMemo(() => formatsIn(language), [language]);
}

export function formatsNow(): Formats {
  return formatsIn(usePrefsStore.getState().language);
}
