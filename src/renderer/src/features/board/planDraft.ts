import { textOf } from '../../i18n';
import { boardStrings } from './boardStrings';

/**
 * The TODO list a person edits before it goes back to the agent: the proposed plan (agent.approvePlan with
 * todos) or, later, the TODOs not started yet (agent.editTodos: started ones stay as they are, where they are).
 * Pure functions over an array of drafts; `key` is the row's identity in the editor (new rows have no id).
 * A blank row (nothing in either field) is never kept: not checked, not counted as an edit, not sent.
 */

export interface DraftTodo {
  key: string;
  /** The TODO's id; none for a row the person added. */
  id?: string;
  description: string;
  expectedResult: string;
  /** Started (in edit mode): shown, not editable, not movable, not removable. */
  locked: boolean;
  status: string;
}

export interface SourceTodo {
  id: string;
  description: string;
  expectedResult: string;
  status: string;
}

export type DraftMode = 'plan' | 'edit';

let counter = 0;
const newKey = () => `new-${++counter}`;

export function draftOf(todos: readonly SourceTodo[], mode: DraftMode): DraftTodo[] {
  return todos.map((t) => ({
    key: `todo-${t.id}`,
    id: t.id,
    description: t.description,
    expectedResult: t.expectedResult,
    locked: mode === 'edit' && t.status !== 'pending',
    status: t.status,
  }));
}

export function updateTodo(draft: DraftTodo[], key: string, patch: Partial<Pick<DraftTodo, 'description' | 'expectedResult'>>): DraftTodo[] {
  return draft.map((t) => (t.key === key && !t.locked ? { ...t, ...patch } : t));
}

/** A new empty row after `afterKey` (at the end without one, or when it is not there); never before a locked row's place. */
export function addTodo(draft: DraftTodo[], afterKey?: string): { draft: DraftTodo[]; key: string } {
  const row: DraftTodo = { key: newKey(), description: '', expectedResult: '', locked: false, status: 'pending' };
  const after = afterKey ? draft.findIndex((t) => t.key === afterKey) : -1;
  const at = after >= 0 ? after + 1 : draft.length;
  const index = Math.max(at, lastLockedIndex(draft) + 1);
  const next = [...draft];
  next.splice(index, 0, row);
  return { draft: next, key: row.key };
}

/** Nothing typed in either field (a started TODO is never blank: it is kept as it is). */
export function isBlank(t: DraftTodo): boolean {
  return !t.locked && !t.description.trim() && !t.expectedResult.trim();
}

/** The draft without its blank rows (the same array when it has none). */
export function withoutBlank(draft: DraftTodo[]): DraftTodo[] {
  return draft.some(isBlank) ? draft.filter((t) => !isBlank(t)) : draft;
}

export function removeTodo(draft: DraftTodo[], key: string): DraftTodo[] {
  return draft.filter((t) => t.key !== key || t.locked);
}

/** Moves a row one place up or down, among the rows that are not locked. */
export function moveTodo(draft: DraftTodo[], key: string, by: -1 | 1): DraftTodo[] {
  const i = draft.findIndex((t) => t.key === key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= draft.length || draft[i].locked || draft[j].locked) return draft;
  const next = [...draft];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

function lastLockedIndex(draft: DraftTodo[]): number {
  for (let i = draft.length - 1; i >= 0; i--) if (draft[i].locked) return i;
  return -1;
}

export const MAX_TODO_CHARS = 20_000;

/** Problems per row key ('' for the list as a whole); empty when it can be sent (blank rows are left out, not problems). */
export function validateDraft(draft: DraftTodo[]): Map<string, string> {
  const words = textOf(boardStrings);
  const problems = new Map<string, string>();
  const kept = withoutBlank(draft);
  if (!kept.length) problems.set('', words.needsOne);
  if (kept.length > 500) problems.set('', words.atMostTodos(500));
  for (const t of kept) {
    if (t.locked) continue;
    if (!t.description.trim()) problems.set(t.key, words.sayWhat);
    else if (!t.expectedResult.trim()) problems.set(t.key, words.sayExpected);
    else if (t.description.length > MAX_TODO_CHARS || t.expectedResult.length > MAX_TODO_CHARS) problems.set(t.key, words.atMostChars(MAX_TODO_CHARS));
  }
  return problems;
}

/** The draft differs from the TODOs it was made from (order, text, rows added or removed; blank rows do not count). */
export function isEdited(all: DraftTodo[], source: readonly SourceTodo[]): boolean {
  const draft = withoutBlank(all);
  if (draft.length !== source.length) return true;
  return draft.some((t, i) => t.id !== source[i].id || t.description.trim() !== source[i].description.trim() || t.expectedResult.trim() !== source[i].expectedResult.trim());
}

/** What agent.approvePlan / agent.editTodos take: trimmed, ids kept, new rows without one, blank rows left out. */
export function toPlanTodos(draft: DraftTodo[]): { id?: string; description: string; expectedResult: string }[] {
  return withoutBlank(draft).map((t) => ({ ...(t.id ? { id: t.id } : {}), description: t.description.trim(), expectedResult: t.expectedResult.trim() }));
}
