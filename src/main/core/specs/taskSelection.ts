import { AkiraError } from '../errors';
import { leafTasks, type SpecTask } from './tasksParser';
import { numberOfId } from './tasksTicker';
import { specErrors } from '../../../shared/errors';

/**
 * Which tasks of a tasks.md a spec session runs (pure):
 *
 *   selectTasks(tasks, {only?, from?}) → {run, skippedOptional, alreadyDone}
 *
 * - The session's TODOs are leaf tasks (a parent is ticked when its sub-tasks are) that are not done,
 *   in file order.
 * - `only`: these tasks; a parent stands for its sub-tasks. `from`: this task and every one after it in the
 *   file. Both may be given (the tasks in `only` at or after `from`).
 * - Kiro's optional tasks (`- [ ]*`) are left out unless `only` names them (or their parent).
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

/** The task and everything under it. */
function subtree(tasks: readonly SpecTask[], root: SpecTask): Set<string> {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const out = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const t = stack.pop()!;
    out.add(t.id);
    for (const c of t.children) {
      const child = byId.get(c);
      if (child) stack.push(child);
    }
  }
  return out;
}

export function selectTasks(tasks: readonly SpecTask[], options: SelectOptions = {}): Selection {
  const leaves = leafTasks(tasks);
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
  const inRange = leaves.filter((t) => tasks.indexOf(t) >= fromIndex && (!named || named.has(t.id)));
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

/**
 * The parts of requirements.md that the ids refer to: Kiro writes `### Requirement 1` (or `## 1. Title`)
 * with numbered acceptance criteria, and tasks cite `1.2` (requirement 1, criterion 2). Each requirement a
 * cited id belongs to is given whole (its criteria give each other meaning), in the order of the file.
 * Ids that match no section are listed at the end. At most `maxChars`.
 */
export function requirementExcerpts(requirements: string | null, ids: readonly string[], maxChars = 6000): string {
  if (!requirements || !ids.length) return '';
  const lines = requirements.split(/\r\n|\n|\r/);
  const sections: { key: string; start: number; end: number }[] = [];
  const heading = /^(#{2,6})\s+(?:Requirement\s+)?(\d+(?:\.\d+)*)\b[.:]?/i;
  let open: { key: string; start: number; level: number } | null = null;
  lines.forEach((line, i) => {
    const h = /^(#{1,6})\s/.exec(line);
    if (!h) return;
    const level = h[1].length;
    if (open && level <= open.level) {
      sections.push({ key: open.key, start: open.start, end: i });
      open = null;
    }
    const m = heading.exec(line);
    if (m && !open) open = { key: m[2], start: i, level };
  });
  const last = open as { key: string; start: number; level: number } | null;
  if (last) sections.push({ key: last.key, start: last.start, end: lines.length });
  const wanted = new Set(ids.map((id) => id.split('.')[0]));
  const picked = sections.filter((s) => wanted.has(s.key));
  const found = new Set(picked.map((s) => s.key));
  const missing = [...wanted].filter((k) => !found.has(k));
  let text = picked.map((s) => lines.slice(s.start, s.end).join('\n').trim()).join('\n\n');
  if (missing.length) text += `${text ? '\n\n' : ''}(No section found in requirements.md for requirement ${missing.join(', ')}.)`;
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n… (cut)` : text;
}
