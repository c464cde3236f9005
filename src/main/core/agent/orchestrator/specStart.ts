import type { SpecRunInput } from '../../../../shared/contract/specs';
import { AkiraError } from '../../errors';
import type { Todo } from '../../sessions';
import { readTasksAt, tasksFileAt } from '../../specs/specFiles';
import { selectTasks } from '../../specs/taskSelection';
import { specSessionTask, todoOfTask, type SpecOptions } from './specPlan';
import { sessionErrors } from '../../../../shared/errors';

/**
 * What specs.run starts (agentService.startSpec): the tasks.md is read and the tasks to run are chosen
 * (specs/taskSelection.ts); they become the session's TODOs, in file order, with the task numbers as ids.
 *
 * - nothing open among the selected tasks: conflict with `details.nothingToRun` (the CLI says so and exits 0);
 * - more tasks than the policy's maxTasksPerSession: bad_request that says to run a part with `only`/`from`;
 * - the parser's problems do not stop a run (the Specs view shows them).
 */

export interface SpecSessionPlan {
  task: string;
  todos: Todo[];
  options: SpecOptions;
}

export async function planSpecSession(root: string, input: SpecRunInput, maxTasks: number): Promise<SpecSessionPlan> {
  const file = await tasksFileAt(root, input.tasksPath);
  const content = await readTasksAt(root, file);
  if (!content.tasks.length) {
    throw new AkiraError('bad_request', sessionErrors.specNoTasks(file.tasksPath, content.problems[0] ?? ''));
  }
  const selection = selectTasks(content.tasks, { only: input.only, from: input.from });
  if (!selection.run.length) {
    throw new AkiraError('conflict', sessionErrors.specNothingToRun(file.tasksPath, selection.skippedOptional.length), {
      nothingToRun: { tasksPath: file.tasksPath, done: selection.alreadyDone.length },
    });
  }
  if (selection.run.length > maxTasks) {
    throw new AkiraError('bad_request', sessionErrors.specTooManyTasks(file.tasksPath, selection.run.length, maxTasks));
  }
  const todos = selection.run.map(todoOfTask);
  return {
    task: specSessionTask(file.tasksPath, todos.map((t) => t.id)),
    todos,
    options: { tasksPath: file.tasksPath, dir: file.dir, only: input.only ?? null, from: input.from ?? null },
  };
}
