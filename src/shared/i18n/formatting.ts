import type { Language } from './languages';

/**
 * Numbers, dates and durations for people, in the UI's language (issue 14: "dates and numbers localized").
 * Intl does the work; these only pick the options Akira uses everywhere.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language, options)));
  return format;
}

/** 1,234 / 1,234.5 (at most `digits` decimals). */
export function formatNumber(language: Language, n: number, digits = 0): string {
  return numberFormat(language, { maximumFractionDigits: digits }).format(n);
}

/** A count such as tokens: 950, 12.3k, 4.5M in English; 950, 1.2万, 450万 in Chinese (Intl's compact notation). */
export function formatCompact(language: Language, n: number): string {
  if (language === 'zh-CN') return numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** A date and time: "Nov 25, 2026, 17:40" / "2026年11月25日 17:40". */
export function formatDateTime(language: Language, at: number | Date): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(at);
}

/** A time of day: "17:40:12". */
export function formatTime(language: Language, at: number | Date): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'medium', hourCycle: 'h23' }).format(at);
}

/** "3 minutes ago" / "3分钟前", from now (or `now`). */
export function formatRelative(language: Language, at: number, now = Date.now()): string {
  const seconds = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 45) return rtf.format(seconds, 'second');
  if (abs < 45 * 60) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 26 * 86400) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatDateTime(language, at);
}

/** A duration: 850 ms, 4.2 s, 3 min 5 s (the same units in Chinese: 毫秒 / 秒 / 分). */
export function formatDuration(language: Language, ms: number): string {
  const zh = language === 'zh-CN';
  if (ms < 1000) return zh ? `${Math.round(ms)} 毫秒` : `${Math.round(ms)} ms`;
  if (ms < 60_000) return zh ? `${formatNumber(language, ms / 1000, 1)} 秒` : `${formatNumber(language, ms / 1000, 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return zh ? `${minutes} 分 ${seconds} 秒` : `${minutes} min ${seconds} s`;
}
