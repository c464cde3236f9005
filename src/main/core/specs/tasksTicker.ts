import { specErrors, type Words } from '../../../shared/errors';
import { isWorkTask, parseTasks, STATE_CHAR, type SpecTask, type TaskState } from './tasksParser';

/**
 * Ticking tasks.md checkboxes, pure. A tick changes exactly one character (the state character between
 * the brackets) and nothing else: line endings, indentation, the rest of the text stay byte for byte.
 * The task is found again in the text as it is now (the user may have edited the file since it was
 * parsed), by its number and title, never by a remembered line index.
 */

export interface TaskRef {
  /** The task's id from an earlier parse ('2.1', 't3', '3~2'). */
  id: string;
  title: string;
  /** Only to choose between tasks that match the number and title equally (duplicates): the line the task was on. */
  line?: number;
}

export type TickResult =
  | { text: string; changed: boolean; task: SpecTask; /** Its state before. */ was: TaskState }
  | TaskNotFound;

/** Why a task is not found again: `error` is the English of `words`. */
export type TaskNotFound = { error: string; words: Words; code: 'not_found' | 'ambiguous' };
const notFound = (code: TaskNotFound['code'], words: Words): TaskNotFound => ({ error: words.en, words, code });

/** The written number an id stands for: '2.1' → '2.1', '3~2' → '3', 't3' → null (unnumbered). */
export function numberOfId(id: string): string | null {
  const m = /^(\d+[a-z]?(?:\.\d+[a-z]?)*)(?:~\d+)?$/i.exec(id);
  return m ? m[1] : null;
}

/** Titles compare with runs of blanks collapsed and ends trimmed. */
export function sameTitle(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ');
  return norm(a) === norm(b);
}

/** The task `ref` names in `tasks` (parsed from the current text), or why there is none. */
export function findTask(tasks: readonly SpecTask[], ref: TaskRef): SpecTask | TaskNotFound {
  const number = numberOfId(ref.id);
  const matches = tasks.filter((t) => t.number === number && sameTitle(t.title, ref.title));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    const atLine = ref.line === undefined ? [] : matches.filter((t) => t.line === ref.line);
    if (atLine.length === 1) return atLine[0];
    const lines = matches.map((t) => t.line + 1).join(', ');
    return notFound('ambiguous', specErrors.taskTwice(number ?? '', ref.title, lines));
  }
  const hints: string[] = [];
  const lines: number[] = [];
  const sameNumber = number ? tasks.filter((t) => t.number === number) : [];
  for (const t of sameNumber) {
    hints.push(`task ${number} at line ${t.line + 1} is now titled "${t.title}"`);
    lines.push(t.line + 1);
  }
  for (const t of tasks.filter((t) => t.number !== number && sameTitle(t.title, ref.title))) {
    hints.push(`"${t.title}" at line ${t.line + 1} is numbered ${t.number ?? '(none)'}`);
    lines.push(t.line + 1);
  }
  return notFound('not_found', specErrors.taskGone(number ?? '', ref.title, hints.join('; '), lines.join(', ')));
}

function setChar(text: string, offset: number, ch: string): string {
  return text.slice(0, offset) + ch + text.slice(offset + 1);
}

/** The mark a done task had before it was ticked (`~` queued, `-` in progress), when it is known. */
export type MarkBefore = (task: Pick<SpecTask, 'number' | 'title'>) => string | undefined;

/** The character a task gets when it leaves `done`: `-` for in progress; for open, the `[~]` or `[-]` it had before its tick. */
function reopenChar(task: SpecTask, state: TaskState, markBefore?: MarkBefore): string {
  if (state !== 'open') return STATE_CHAR[state];
  const before = markBefore?.(task);
  return before === '~' || before === '-' ? before : STATE_CHAR.open;
}

/**
 * Sets the state of the task `ref` names in `text`; `changed` is false when it already had that state.
 * Reopening a done task gives back the `[~]` or `[-]` it had before it was ticked, when `markBefore` knows it.
 */
export function tickTask(text: string, ref: TaskRef, state: TaskState, markBefore?: MarkBefore): TickResult {
  const found = findTask(parseTasks(text).tasks, ref);
  if ('error' in found) return found;
  if (found.state === state) return { text, changed: false, task: found, was: found.state };
  const ch = found.state === 'done' ? reopenChar(found, state, markBefore) : STATE_CHAR[state];
  const after = ch === '-' ? 'in_progress' : ch === 'x' ? 'done' : 'open';
  return { text: setChar(text, found.checkboxOffset, ch), changed: true, task: { ...found, state: after, mark: ch }, was: found.state };
}

/**
 * The inverse of tickParents, for a task that was just reopened (`id`, in `text` as it is now): each done
 * parent above it that was ticked because of it (every other sub-task of it is done, so the parents rule
 * would have ticked it) is reopened, with the `[~]` or `[-]` it had before when `markBefore` knows it. A
 * task that is work of its own (its sub-tasks are all optional) is never ticked by its sub-tasks, so it
 * stays; so does a parent that has another open sub-task (it was ticked by hand).
 */
export function reopenParents(text: string, id: string, markBefore?: MarkBefore): { text: string; reopened: string[] } {
  const { tasks } = parseTasks(text);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const reopened: string[] = [];
  let out = text;
  let child = byId.get(id);
  for (let parent = child?.parentId ? byId.get(child.parentId) : undefined; child && parent; child = parent, parent = parent.parentId ? byId.get(parent.parentId) : undefined) {
    if (parent.state !== 'done' || isWorkTask(parent, byId)) break;
    const others = parent.children.filter((c) => c !== child!.id).map((c) => byId.get(c));
    if (!others.every((t) => t?.state === 'done')) break;
    out = setChar(out, parent.checkboxOffset, reopenChar(parent, 'open', markBefore));
    reopened.push(parent.id);
  }
  return { text: out, reopened };
}

/**
 * Ticks every task that has sub-tasks, all of them done, and is not done itself (grandparents too,
 * when ticking their children completes them). Only those state characters change. With
 * `skipOptional`, open optional sub-tasks (`- [ ]*`) do not hold their parent back. A task whose
 * sub-tasks are all optional is work of its own: only its own tick ticks it.
 */
export function tickParents(text: string, options: { skipOptional?: boolean } = {}): { text: string; ticked: string[] } {
  const { tasks } = parseTasks(text);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const done = new Map(tasks.map((t) => [t.id, t.state === 'done']));
  const settled = (id: string) => done.get(id) || (options.skipOptional && byId.get(id)!.optional && !byId.get(id)!.children.length);
  const ticked: string[] = [];
  let out = text;
  // Sub-tasks come after their parent: walking backwards settles children before parents.
  for (let i = tasks.length - 1; i >= 0; i--) {
    const t = tasks[i];
    if (!t.children.length || done.get(t.id) || isWorkTask(t, byId)) continue;
    if (t.children.every(settled)) {
      done.set(t.id, true);
      out = setChar(out, t.checkboxOffset, STATE_CHAR.done);
      ticked.push(t.id);
    }
  }
  return { text: out, ticked: ticked.reverse() };
}
