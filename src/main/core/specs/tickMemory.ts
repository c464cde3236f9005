import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/atomicWrite';
import { sessionsDir } from '../sessions/sessionFiles';
import { parseTasks, type SpecTask } from './tasksParser';
import type { MarkBefore } from './tasksTicker';

/**
 * Unticking is the inverse of ticking: what a task's mark was before Akira ticked it (`[~]` queued,
 * `[-]` in progress), so that reopening it gives that mark back instead of `[ ]`. Ticks through
 * specFiles.ts note what they changed. The memory is the workspace's, kept with Akira's records in
 * `.akira/sessions/tick-marks.json` (ignored by git, left out of worktree commits), so a tick made by another
 * process (`akira run --tasks`) reopens to its mark in the app too. Per tasks.md, by task number and title.
 *
 *   await noteEdit(root, rel, before, after)   after a write: done tasks remember their `~`/`-`; reopened ones forget
 *   await markBeforeIn(root, rel)              the MarkBefore a tick or an untick of that file reads
 *
 * A memory file that cannot be read or written only means a reopened task gets `[ ]` (never an error).
 */

const MAX_ENTRIES = 5000;
export const TICK_MARKS_FILE = 'tick-marks.json';

const norm = (title: string) => title.trim().replace(/\s+/g, ' ');
const keyOf = (rel: string, task: Pick<SpecTask, 'number' | 'title'>) => `${rel}\0${task.number ?? ''}\0${norm(task.title)}`;

async function load(root: string): Promise<Map<string, string>> {
  try {
    const raw = JSON.parse(await readFile(join(await sessionsDir(root, false), TICK_MARKS_FILE), 'utf8')) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return new Map();
    return new Map(Object.entries(raw as Record<string, unknown>).filter((e): e is [string, string] => e[1] === '~' || e[1] === '-'));
  } catch {
    return new Map();
  }
}

export async function markBeforeIn(root: string, rel: string): Promise<MarkBefore> {
  const marks = await load(root);
  return (task) => marks.get(keyOf(rel, task));
}

/** Notes the marks an edit of `rel` ticked away (its tasks line up one to one: a tick changes one character each). */
export async function noteEdit(root: string, rel: string, before: string, after: string): Promise<void> {
  const old = parseTasks(before).tasks;
  const now = parseTasks(after).tasks;
  if (old.length !== now.length) return;
  const marks = await load(root);
  let changed = false;
  now.forEach((task, i) => {
    const was = old[i];
    if (was.number !== task.number || norm(was.title) !== norm(task.title) || was.mark === task.mark) return;
    const key = keyOf(rel, task);
    if (task.state === 'done' && (was.mark === '~' || was.mark === '-')) {
      marks.delete(key);
      marks.set(key, was.mark);
      if (marks.size > MAX_ENTRIES) marks.delete(marks.keys().next().value as string);
      changed = true;
    } else if (task.state !== 'done' && marks.delete(key)) changed = true;
  });
  if (!changed) return;
  try {
    await writeFileAtomic(join(await sessionsDir(root, true), TICK_MARKS_FILE), `${JSON.stringify(Object.fromEntries(marks))}\n`);
  } catch {
    // a read-only workspace: the mark is not remembered
  }
}
