import { AkiraError } from '../../errors';
import type { SessionEventInput, SessionState, Todo } from '../../sessions';
import { sessionErrors } from '../../../../shared/errors';

/**
 * agent.editTodos as log events: the person's new board against the session's.
 *
 *   boardEditEvents(state, wanted, maxTasks) → events (todo_removed, todo_updated, todo_added, todo_reordered)
 *
 * TODOs not started yet (pending) may be edited, removed, added (no id) and reordered. TODOs already
 * started (in_progress, verifying, done, failed, skipped) must be listed unchanged and keep their
 * order among themselves; anything else is a bad_request naming the TODO. Nothing to change → [].
 */

export interface WantedTodo {
  id?: string;
  description: string;
  expectedResult: string;
}

const same = (a: string, b: string) => a.trim() === b.trim();

export function boardEditEvents(state: SessionState, wanted: readonly WantedTodo[], maxTasks: number): SessionEventInput[] {
  const board = state.todos;
  const byId = new Map(board.map((t) => [t.id, t]));
  const listed = new Set<string>();
  for (const w of wanted) {
    if (w.id === undefined) continue;
    if (!byId.has(w.id)) throw new AkiraError('bad_request', sessionErrors.noSuchTodo(w.id));
    if (listed.has(w.id)) throw new AkiraError('bad_request', sessionErrors.todoTwice(w.id));
    listed.add(w.id);
  }
  if (wanted.length > maxTasks) {
    throw new AkiraError('bad_request', sessionErrors.tooManyTodos(wanted.length, maxTasks));
  }

  const started = board.filter((t) => t.status !== 'pending');
  for (const t of started) {
    const w = wanted.find((x) => x.id === t.id);
    if (!w) throw new AkiraError('bad_request', sessionErrors.todoNotRemovable(t.id, t.status));
    if (!same(w.description, t.description) || !same(w.expectedResult, t.expectedResult)) {
      throw new AkiraError('bad_request', sessionErrors.todoNotEditable(t.id, t.status));
    }
  }
  const startedOrder = wanted.filter((w) => w.id !== undefined && byId.get(w.id)!.status !== 'pending').map((w) => w.id!);
  const moved = started.findIndex((t, i) => startedOrder[i] !== t.id);
  if (moved >= 0) {
    const t = started[moved];
    throw new AkiraError('bad_request', sessionErrors.todoNotMovable(t.id, t.status));
  }

  const events: SessionEventInput[] = [];
  for (const t of board) {
    if (t.status === 'pending' && !listed.has(t.id)) events.push({ type: 'todo_removed', todoId: t.id });
  }
  const taken = new Set([...board.map((t) => t.id), ...state.checkpoints.map((c) => c.todoId).filter((id): id is string => !!id), 'task']);
  let n = board.length;
  const fresh = () => {
    let id: string;
    do id = `t${++n}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  const order: string[] = [];
  const added: string[] = [];
  for (const w of wanted) {
    const prev = w.id === undefined ? undefined : byId.get(w.id);
    if (!prev) {
      const todo: Todo = { id: fresh(), description: w.description.trim(), expectedResult: w.expectedResult.trim(), status: 'pending', result: null };
      events.push({ type: 'todo_added', todo });
      order.push(todo.id);
      added.push(todo.id);
      continue;
    }
    order.push(prev.id);
    if (prev.status === 'pending' && (!same(w.description, prev.description) || !same(w.expectedResult, prev.expectedResult))) {
      events.push({
        type: 'todo_updated',
        todo: { id: prev.id, description: w.description.trim(), expectedResult: w.expectedResult.trim(), status: 'pending', result: prev.result },
      });
    }
  }
  const after = [...board.filter((t) => listed.has(t.id)).map((t) => t.id), ...added];
  if (after.some((id, i) => order[i] !== id)) events.push({ type: 'todo_reordered', order });
  return events;
}
