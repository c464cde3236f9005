import { z } from 'zod';
import type { ControlToolName, ToolCategory, ToolContext, ToolResult } from './toolTypes';

/**
 * The orchestrator's own tools: their names, descriptions and parameters live here so the registry
 * offers every tool from one place; what they do is the orchestrator's (it plugs a handler in with
 * `registry.setHandler`, see toolRegistry.ts).
 */

export const todoStatus = z.enum(['pending', 'in_progress', 'done', 'failed']);
export type TodoStatus = z.infer<typeof todoStatus>;

export const todoWriteParams = z.object({
  todos: z
    .array(
      z.object({
        id: z.string().min(1).max(64).optional().describe('Keep the id of an existing TODO to update it; omit it for a new one.'),
        description: z.string().min(1).describe('What to do, concretely (files, functions, commands).'),
        expectedResult: z.string().min(1).describe('How to tell it is done: an observable result a reviewer can check (e.g. "npm test passes", "GET /health answers 200").'),
        status: todoStatus.optional().describe('Default "pending".'),
      }),
    )
    .min(1)
    .max(100)
    .describe('The whole TODO list, in the order to work through it.'),
});

export const updateTodoParams = z.object({
  id: z.string().min(1).describe('The TODO\'s id.'),
  status: z.enum(['in_progress', 'done', 'failed']).describe('"in_progress" when starting it, "done" when its expected result is reached (a reviewer then checks it), "failed" when it cannot be done.'),
  result: z.string().optional().describe('What was done and how it was checked (for "done"), or why it failed.'),
});

export const completeParams = z.object({
  summary: z.string().min(1).describe('What was done for the task, for the user.'),
});

/** A control tool as the registry lists it: everything but the handler. */
export interface ControlToolSpec<S extends z.ZodObject = z.ZodObject> {
  name: ControlToolName;
  description: string;
  category: ToolCategory;
  params: S;
}

/** What the orchestrator plugs in for a control tool. */
export type ControlHandler<P = any> = (params: P, ctx: ToolContext) => ToolResult | Promise<ToolResult>;

export const todoWriteTool: ControlToolSpec<typeof todoWriteParams> = {
  name: 'todo_write',
  category: 'control',
  description: [
    'Write the plan: the full list of TODOs for the task, each with a description and an expected result that can be checked.',
    'The first call of a task must be this one. Later calls replace the list (keep ids of TODOs that stay).',
  ].join(' '),
  params: todoWriteParams,
};

export const updateTodoTool: ControlToolSpec<typeof updateTodoParams> = {
  name: 'update_todo',
  category: 'control',
  description: [
    'Change a TODO\'s status. Set "in_progress" before working on it (one at a time). Set "done" only when its expected',
    'result is reached: a separate review checks it and may send it back with feedback. "failed" when it cannot be done.',
  ].join(' '),
  params: updateTodoParams,
};

export const completeTool: ControlToolSpec<typeof completeParams> = {
  name: 'complete',
  category: 'control',
  description: 'Finish the task once every TODO is done: give a short summary for the user. A final review checks the whole task.',
  params: completeParams,
};

export const controlTools = [todoWriteTool, updateTodoTool, completeTool] as const;

export type TodoWriteParams = z.output<typeof todoWriteParams>;
export type UpdateTodoParams = z.output<typeof updateTodoParams>;
export type CompleteParams = z.output<typeof completeParams>;

/**
 * The verification call's only tool (pinned): not part of the execute phase's tools, so not in the
 * registry; the orchestrator offers it alone (see `toOpenAiTool` in toolRegistry.ts) and forces it.
 */
export const verifyTodoParams = z.object({
  todoId: z.string().min(1).describe('The id of the TODO under review, or "task" for the final check of the whole task.'),
  approved: z.boolean().describe('True when the expected result is reached, as far as the evidence shows.'),
  feedback: z.string().describe('Why: what is missing or wrong (concrete, so it can be fixed), or what shows it is done.'),
  confidence: z.number().min(0).max(1).describe('How sure you are, from 0 to 1.'),
});
export type VerifyTodoParams = z.output<typeof verifyTodoParams>;

export const verifyTodoTool = {
  name: 'verify_todo',
  category: 'control' as ToolCategory,
  description: 'Give your verdict on the TODO (or, with todoId "task", on the whole task): approved or not, with feedback and a confidence.',
  params: verifyTodoParams,
};

/**
 * The decision engine's only tool (pinned: docs/architecture.md "Agent protocol"): before a spec task runs, one
 * call with fresh context offers it alone, forced, to judge whether the task is already done.
 */
export const assessTaskParams = z.object({
  taskId: z.string().min(1).describe('The number of the task being judged, e.g. "2.1".'),
  detected: z.boolean().describe('True when the evidence shows the task is already done in the workspace.'),
  confidence: z.number().min(0).max(1).describe('How sure you are of `detected`, from 0 to 1.'),
  reasoning: z.string().describe('Why: the evidence that shows it is done, or what is missing.'),
});
export type AssessTaskParams = z.output<typeof assessTaskParams>;

export const assessTaskTool = {
  name: 'assess_task',
  category: 'control' as ToolCategory,
  description: 'Judge whether the spec task is already done in the workspace (detected), with a confidence and your reasoning.',
  params: assessTaskParams,
};
