import type { SpecFailureAction } from '../../../../shared/agent/agentShapes';
import { readTasksAt, tasksFileAt, type TasksFile } from '../../specs/specFiles';
import type { SpecTask } from '../../specs/tasksParser';
import { findTask } from '../../specs/tasksTicker';
import { specTaskPrompt, titleOfTodo, type SpecOptions } from './specPlan';

/**
 * What a running spec session knows of its spec (sessionRuntime.ts `rt.spec`): the tasks.md, read afresh
 * whenever it is needed (the user may edit it while the session runs), and the spec settings in effect.
 *
 *   const spec = createSpecRuntime({root, options, settings, onChanged});
 *   await spec.read()                 tasks.md, requirements.md and design.md as they are now
 *   await spec.taskOf(todo)           the task a TODO stands for (number + title, as the tick matches it)
 *   await spec.taskPrompt(id, chars)  the task section of a call about it (specPlan.ts specTaskPrompt)
 *   spec.changed()                    tasks.md was written (the Specs view reads it again)
 */

export interface SpecSettingsInEffect {
  skipConfidence: number;
  onFailure: SpecFailureAction;
  assess: 'model' | 'heuristic';
}

export interface SpecRead {
  file: TasksFile;
  tasks: SpecTask[];
  requirements: string | null;
  design: string | null;
  /** OpenSpec's proposal.md beside tasks.md. */
  proposal: string | null;
}

export interface SpecRuntime {
  readonly tasksPath: string;
  readonly settings: SpecSettingsInEffect;
  read(): Promise<SpecRead>;
  taskOf(todo: { id: string; description: string }): Promise<SpecTask | null>;
  taskPrompt(todoId: string, maxChars: number): Promise<string | null>;
  changed(): void;
}

export interface SpecRuntimeInit {
  root: string;
  options: SpecOptions;
  settings: SpecSettingsInEffect;
  /** The TODO's description by id (the session's state), for taskPrompt. */
  todo(todoId: string): { id: string; description: string } | null;
  onChanged(file: TasksFile): void;
}

export function createSpecRuntime(init: SpecRuntimeInit): SpecRuntime {
  const { root, options } = init;
  let lastFile: TasksFile | null = null;

  async function read(): Promise<SpecRead> {
    const file = await tasksFileAt(root, options.tasksPath);
    lastFile = file;
    const content = await readTasksAt(root, file);
    return { file, tasks: content.tasks, requirements: content.requirements, design: content.design, proposal: content.proposal };
  }

  function pick(tasks: readonly SpecTask[], todo: { id: string; description: string }): SpecTask | null {
    const found = findTask(tasks, { id: todo.id, title: titleOfTodo(todo) });
    return 'error' in found ? null : found;
  }

  return {
    tasksPath: options.tasksPath,
    settings: init.settings,
    read,
    async taskOf(todo) {
      return pick((await read()).tasks, todo);
    },
    async taskPrompt(todoId, maxChars) {
      const todo = init.todo(todoId);
      if (!todo) return null;
      const spec = await read();
      const task = pick(spec.tasks, todo);
      if (!task) return null;
      return specTaskPrompt({ tasksPath: options.tasksPath, task, requirements: spec.requirements, design: spec.design, proposal: spec.proposal, maxChars });
    },
    changed() {
      if (lastFile) init.onChanged(lastFile);
    },
  };
}
