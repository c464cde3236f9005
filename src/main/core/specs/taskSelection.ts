import { AkiraError } from '../errors';
import { isWorkTask, workTasks, type SpecTask } from './tasksParser';
import { numberOfId } from './tasksTicker';
import { specErrors } from '../../../shared/errors';

/**
 * Which tasks of a tasks.md a spec session runs (pure):
 *
 *   selectTasks(tasks, {only?, from?}) → {run, skippedOptional, alreadyDone}
 *
 * - The session's TODOs are the tasks that are work of their own (parser.ts isWorkTask: no sub-tasks, or
 *   only optional ones) and not done, in file order. A parent with required sub-tasks is ticked when they are.
 * - `only`: these tasks; a parent stands for its sub-tasks. `from`: this task and every one after it in the
 *   file. Both may be given (the tasks in `only` at or after `from`).
 * - Kiro's optional tasks (`- [ ]*`) are left out unless `only` names them (or their parent). A task whose
 *   sub-tasks are all optional stands for itself: naming it runs it, not its optional sub-tasks.
 * - An id `only`/`from` names that is not in the file is a bad_request listing the ids there are; ids match
 *   as written, with or without a trailing dot ('2.' is '2').
 */

export interface SelectOptions {
  only?: readonly string[] | null;
  from?: string | null;
}

export interface Selection {
  /** The leaf tasks to run, in file order. */
  run: SpecTask[];
  /** Optional open tasks left out (not named). */
  skippedOptional: SpecTask[];
  /** Selected leaf tasks that are ticked already. */
  alreadyDone: SpecTask[];
}

function findId(tasks: readonly SpecTask[], wanted: string): SpecTask {
  const id = wanted.trim().replace(/\.$/, '');
  const hit = tasks.find((t) => t.id === id) ?? tasks.find((t) => t.number !== null && numberOfId(t.id) === id);
  if (hit) return hit;
  const known = tasks.map((t) => t.id);
  const shown = known.slice(0, 40).join(', ') + (known.length > 40 ? `, … (${known.length} in all)` : '');
  throw new AkiraError('bad_request', specErrors.noSuchTask(wanted, shown));
}

/** The task and everything under it (a task that is work of its own stands for itself: its optional sub-tasks are not in it). */
function subtree(tasks: readonly SpecTask[], root: SpecTask): Set<string> {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const out = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const t = stack.pop()!;
    out.add(t.id);
    if (isWorkTask(t, byId)) continue;
    for (const c of t.children) {
      const child = byId.get(c);
      if (child) stack.push(child);
    }
  }
  return out;
}

export function selectTasks(tasks: readonly SpecTask[], options: SelectOptions = {}): Selection {
  const work = workTasks(tasks);
  let named: Set<string> | null = null;
  if (options.only?.length) {
    named = new Set();
    for (const id of options.only) for (const t of subtree(tasks, findId(tasks, id))) named.add(t);
  }
  let fromIndex = 0;
  if (options.from) {
    const start = findId(tasks, options.from);
    fromIndex = tasks.indexOf(start);
  }
  const inRange = work.filter((t) => tasks.indexOf(t) >= fromIndex && (!named || named.has(t.id)));
  const alreadyDone = inRange.filter((t) => t.state === 'done');
  const open = inRange.filter((t) => t.state !== 'done');
  // A task is optional when it or a parent is marked so; naming it (or its parent) in `only` runs it.
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const optional = (t: SpecTask): boolean => {
    for (let cur: SpecTask | undefined = t; cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) if (cur.optional) return true;
    return false;
  };
  const skippedOptional = open.filter((t) => optional(t) && !named);
  return { run: open.filter((t) => !skippedOptional.includes(t)), skippedOptional, alreadyDone };
}
