import { z } from 'zod';
import type { Todo } from '../../sessions';
import type { SpecTask } from '../../specs/tasksParser';
import { requirementExcerpts } from '../../specs/requirementSections';
import { cutMiddle } from './text';

/**
 * What a spec session is made of (docs/architecture.md "Pinned surfaces": `akira run --tasks`): the open leaf
 * tasks of a tasks.md become the TODOs, with the task numbers as ids, and no todo_write plan.
 *
 *   specOptionsSchema          what session_started.options.spec holds (the file, the selection)
 *   todoOfTask(task)           a task as a TODO: description = its title + details, expected result from them
 *   specSessionTask(file, ids) the session's task text (what lists and session.md show)
 *   specTaskPrompt(...)        the task section of every call about one task: the task, its details, the
 *                              requirements it cites (from requirements.md) and design.md, within a budget
 */

export const specOptionsSchema = z.object({
  tasksPath: z.string().min(1),
  dir: z.string(),
  only: z.array(z.string()).nullable().default(null),
  from: z.string().nullable().default(null),
});
export type SpecOptions = z.infer<typeof specOptionsSchema>;

/** The spec options of a session, or null when it runs a typed task. */
export function specOptionsOf(options: Record<string, unknown>): SpecOptions | null {
  const parsed = specOptionsSchema.safeParse(options.spec);
  return parsed.success ? parsed.data : null;
}

const MAX_TODO_TEXT = 20_000;

export function todoOfTask(task: SpecTask): Todo {
  const details = task.details.map((d) => `- ${d}`).join('\n');
  const reqs = task.requirements.length ? `Requirements: ${task.requirements.join(', ')}` : '';
  const description = cutMiddle([task.title || `Task ${task.id}`, details, reqs].filter(Boolean).join('\n'), MAX_TODO_TEXT);
  const detailText = task.details.length ? `: ${task.details.join('; ')}` : '';
  const expected = `Task ${task.id} ("${task.title}") is done as the spec describes it${detailText}${
    task.requirements.length ? `; it meets requirements ${task.requirements.join(', ')} of requirements.md` : ''
  }.`;
  return { id: task.id, description, expectedResult: cutMiddle(expected, MAX_TODO_TEXT), status: 'pending', result: null };
}

/** The title line of a spec TODO's description (what the tick matches in tasks.md with the number). */
export function titleOfTodo(todo: Pick<Todo, 'description'>): string {
  return todo.description.split('\n')[0] ?? '';
}

export function specSessionTask(tasksPath: string, ids: readonly string[]): string {
  const shown = ids.length > 30 ? `${ids.slice(0, 30).join(', ')} … (${ids.length} in all)` : ids.join(', ');
  return `Run the spec ${tasksPath}: task${ids.length === 1 ? '' : 's'} ${shown}, in order. Each task is judged first (already done → ticked), else done, verified and ticked in tasks.md.`;
}

export interface SpecPromptInput {
  tasksPath: string;
  task: SpecTask;
  requirements: string | null;
  design: string | null;
  /** OpenSpec's proposal.md (why and what changes), when there is one. */
  proposal?: string | null;
  /** Characters the whole section may take. */
  maxChars: number;
}

/**
 * The task section of a call about one spec task. The task and its details come whole (within reason);
 * then the requirements it cites (up to a third of what is left), then OpenSpec's proposal.md (up to a third of
 * what is left), then design.md, cut in the middle to fit.
 */
export function specTaskPrompt(input: SpecPromptInput): string {
  const { task } = input;
  const head = [
    `Spec ${input.tasksPath}, task ${task.id}: ${task.title}`,
    ...task.details.map((d) => `- ${d}`),
    task.requirements.length ? `Requirements: ${task.requirements.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const parts = [cutMiddle(head, Math.floor(input.maxChars / 3))];
  let left = input.maxChars - parts[0].length;
  const reqs = requirementExcerpts(input.requirements, task.requirements, Math.max(400, Math.floor(left / 3)));
  if (reqs) {
    const section = `## Requirements it cites (requirements.md)\n${reqs}`;
    parts.push(section);
    left -= section.length;
  }
  if (input.proposal?.trim() && left > 400) {
    const section = `## Proposal (proposal.md)\n${cutMiddle(input.proposal.trim(), Math.max(400, Math.floor(left / 3)))}`;
    parts.push(section);
    left -= section.length;
  }
  if (input.design?.trim() && left > 400) parts.push(`## Design (design.md)\n${cutMiddle(input.design.trim(), left - 40)}`);
  return parts.join('\n\n');
}
