import type { Todo } from '../../sessions';
import { ToolError, type TodoWriteParams } from '../tools';

/**
 * A todo_write turned into the session's TODO list:
 * - ids: the model's when unique (and not "task", which names the final check), else t1, t2, …;
 * - a TODO that keeps its id keeps its status and result (only the reviewer marks a TODO done);
 *   new TODOs are pending whatever status the model sent;
 * - more TODOs than the policy's maxTasksPerSession is a tool error telling the model to merge.
 */
export function planTodos(input: TodoWriteParams['todos'], existing: readonly Todo[], maxTasks: number): Todo[] {
  if (input.length > maxTasks) {
    throw new ToolError(
      'bad_request',
      `The plan has ${input.length} TODOs; at most ${maxTasks} are allowed in a session (policy maxTasksPerSession).`,
      'Merge TODOs into fewer, larger ones and call todo_write again.',
    );
  }
  const known = new Map(existing.map((t) => [t.id, t]));
  const used = new Set<string>();
  const wanted = input.map((t) => t.id?.trim()).filter((id): id is string => !!id);
  let n = 0;
  const fresh = () => {
    let id: string;
    do id = `t${++n}`;
    while (used.has(id) || wanted.includes(id) || known.has(id));
    return id;
  };
  return input.map((t) => {
    let id = t.id?.trim();
    if (!id || used.has(id) || id === 'task' || !/^[\w.-]{1,64}$/.test(id)) id = fresh();
    used.add(id);
    const prev = known.get(id);
    return {
      id,
      description: t.description.trim(),
      expectedResult: t.expectedResult.trim(),
      status: prev ? prev.status : 'pending',
      result: prev ? prev.result : null,
    };
  });
}
