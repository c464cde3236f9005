import { z } from 'zod';
import type { ToolCategory } from './toolTypes';

/**
 * Sub-tasks (issue 25, seed 004): like the mode tools, `new_task` is the orchestrator's own (toolDispatch.ts runs it
 * through subTask.ts), so the registry only lists its name, description and parameters.
 *
 *   new_task {task, mode?}   a child session does `task` (its own TODOs, context, checkpoints and approvals, in the
 *                            same tree); the call waits for it and answers its summary, or why it failed or stopped
 */

export const newTaskParams = z.object({
  task: z.string().trim().min(1).max(20_000).describe('What the sub-task must do, complete in itself: the child session sees only this, not your context.'),
  mode: z.string().trim().min(1).max(64).optional().describe('The mode it runs in (see list_modes); default: this session\'s mode.'),
});
export type NewTaskParams = z.output<typeof newTaskParams>;

export const newTaskTool = {
  name: 'new_task' as const,
  category: 'control' as ToolCategory,
  description: [
    'Hand a self-contained part of the work to a sub-task: a child session with its own TODOs that works in the same',
    'files. This call waits until it ends and answers its summary (or why it failed or was stopped).',
  ].join(' '),
  params: newTaskParams,
};

export const taskTools = [newTaskTool] as const;
