import type { AgentTodo } from '../../../../shared/contract';
import { formatsNow, textOf } from '../../i18n';
import { boardStrings } from './boardStrings';

/**
 * When a TODO joined the board and when it ended, for its card (issue 25), in the UI's language and formats:
 * `Created 14:02:10` while it is open, `Ended 14:05:40 (took 3 min 30 s)` once done, failed or skipped; the title
 * has both with their dates. Null when the core did not say (an older one).
 */
export function todoTimesText(todo: Pick<AgentTodo, 'createdAt' | 'completedAt'>): { text: string; title: string } | null {
  const created = todo.createdAt ? Date.parse(todo.createdAt) : NaN;
  const ended = todo.completedAt ? Date.parse(todo.completedAt) : NaN;
  if (Number.isNaN(created) && Number.isNaN(ended)) return null;
  const t = textOf(boardStrings);
  const f = formatsNow();
  const title = t.timesTitle(Number.isNaN(created) ? '?' : f.dateTime(created), Number.isNaN(ended) ? '' : f.dateTime(ended));
  if (Number.isNaN(ended)) return { text: t.createdAt(f.time(created)), title };
  const took = Number.isNaN(created) ? '?' : f.duration(Math.max(0, ended - created));
  return { text: t.endedAt(f.time(ended), took), title };
}
