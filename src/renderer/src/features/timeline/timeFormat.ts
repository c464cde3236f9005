import { formatsNow, textOf } from '../../i18n';
import { timelineStrings } from './timelineStrings';

/** Times in the Timeline, in the UI's language: short relative times on rows, the exact time in tooltips, day headings. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date; future times (clock skew) count as now. */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  const t = textOf(timelineStrings);
  if (ago < 45_000) return t.justNow;
  if (ago < HOUR) return t.minutesAgo(Math.max(1, Math.round(ago / MINUTE)));
  if (ago < DAY) return t.hoursAgo(Math.floor(ago / HOUR));
  if (ago < 7 * DAY) return t.daysAgo(Math.floor(ago / DAY));
  const date = new Date(at);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString(formatsNow().language, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** The exact local time with seconds, for tooltips. */
export function exactTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString(formatsNow().language, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The local calendar day of a time, as YYYY-MM-DD (the grouping key). */
export function dayKey(time: string | number): string {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "Today", "Yesterday", or the date of a day key. */
export function dayLabel(key: string, now: number): string {
  const t = textOf(timelineStrings);
  if (key === dayKey(now)) return t.today;
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (key === dayKey(yesterday.getTime())) return t.yesterday;
  const [y, m, d] = key.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  const sameYear = y === new Date(now).getFullYear();
  return date.toLocaleDateString(formatsNow().language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}
