import { parseTasks, type SpecTask } from './tasksParser';
import type { MarkBefore } from './tasksTicker';

/**
 * Unticking is the inverse of ticking: what a task's mark was before Akira ticked it (`[~]` queued,
 * `[-]` in progress), so that reopening it gives that mark back instead of `[ ]`. Ticks through
 * specFiles.ts note what they changed; the memory lives as long as the process (a tick made by another
 * process, such as `akira run --tasks`, reopens to `[ ]`). Per tasks.md, by task number and title.
 *
 *   noteEdit(file, before, after)   after a write: done tasks remember their `~`/`-`; reopened ones forget
 *   markBeforeIn(file)              the MarkBefore a tick or an untick of that file reads
 */

const MAX_ENTRIES = 5000;
const marks = new Map<string, string>();

const norm = (title: string) => title.trim().replace(/\s+/g, ' ');
const keyOf = (file: string, task: Pick<SpecTask, 'number' | 'title'>) => `${file}\0${task.number ?? ''}\0${norm(task.title)}`;

export function markBeforeIn(file: string): MarkBefore {
  return (task) => marks.get(keyOf(file, task));
}

/** Notes the marks an edit of `file` ticked away (its tasks line up one to one: a tick changes one character each). */
export function noteEdit(file: string, before: string, after: string): void {
  const old = parseTasks(before).tasks;
  const now = parseTasks(after).tasks;
  if (old.length !== now.length) return;
  now.forEach((task, i) => {
    const was = old[i];
    if (was.number !== task.number || norm(was.title) !== norm(task.title) || was.mark === task.mark) return;
    const key = keyOf(file, task);
    if (task.state === 'done' && (was.mark === '~' || was.mark === '-')) {
      marks.delete(key);
      marks.set(key, was.mark);
      if (marks.size > MAX_ENTRIES) marks.delete(marks.keys().next().value as string);
    } else if (task.state !== 'done') marks.delete(key);
  });
}
