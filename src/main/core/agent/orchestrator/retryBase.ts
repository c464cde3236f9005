import { branchEvents, type SessionEvent } from '../../sessions';

/**
 * For a resumed session: each TODO's rejection count at the moment a person last sent it back to work
 * after it failed (retry / edit), so the retry limit counts from there, as it did before the restart.
 * Events a rewind went back over (agent.rewind) do not count.
 */
export function retryBasesFrom(log: readonly SessionEvent[]): Map<string, number> {
  const events = branchEvents(log);
  const status = new Map<string, string>();
  const rejections = new Map<string, number>();
  const base = new Map<string, number>();
  const setAll = (todos: readonly { id: string; status: string }[] | undefined) => todos?.forEach((t) => status.set(t.id, t.status));
  for (const e of events) {
    switch (e.type) {
      case 'plan_proposed':
        setAll(e.todos);
        break;
      case 'plan_approved':
        setAll(e.todos);
        break;
      case 'todo_added':
        status.set(e.todo.id, e.todo.status);
        break;
      case 'todo_updated':
        if (status.get(e.todo.id) === 'failed' && e.todo.status === 'in_progress') base.set(e.todo.id, rejections.get(e.todo.id) ?? 0);
        status.set(e.todo.id, e.todo.status);
        break;
      case 'verification':
        if (e.todoId === 'task') break;
        if (!e.approved) rejections.set(e.todoId, (rejections.get(e.todoId) ?? 0) + 1);
        status.set(e.todoId, e.nextStatus ?? (e.approved ? 'done' : 'in_progress'));
        break;
      default:
        break;
    }
  }
  return base;
}
