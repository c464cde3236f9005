import { formatRelative, type Language } from '../../../../shared/i18n';

/**
 * A session row's "updated …" (issue 27 defect 2): measured against the same `now` the list ticks with, never against
 * the clock of the moment of drawing. An update newer than the last tick reads "now" until the next tick, so the age
 * only grows (it used to read "22 seconds ago" for a session that had just started, then fall back).
 */
export function sessionAge(language: Language, updatedAt: string, now: number): string {
  const updated = Date.parse(updatedAt);
  if (Number.isNaN(updated)) return '';
  return formatRelative(language, Math.min(updated, now), now);
}
