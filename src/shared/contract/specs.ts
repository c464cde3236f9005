import { z } from 'zod';
import { isolation, whenBusy } from '../agent/agentShapes';
import { defineCommand, defineEvent, noInput } from './define';

/**
 * Specs (issue 9): `.akira/specs/<name>/` and Kiro's `.kiro/specs/<name>/`, each with requirements.md,
 * design.md and tasks.md; OpenSpec's changes `openspec/changes/<name>/` (tasks.md, proposal.md, design.md). These commands read them and tick a task by hand; running a spec as a session
 * comes with `akira run --tasks` and the Specs view's run buttons.
 */

export const specSource = z.enum(['akira', 'kiro', 'openspec']);
export const specRef = z.object({ source: specSource, name: z.string().min(1).max(200) }).strict();

export const specTaskState = z.enum(['open', 'done', 'in_progress']);

export const specSummary = z.object({
  source: specSource,
  name: z.string(),
  /** Workspace-relative, e.g. `.kiro/specs/auth`. */
  dir: z.string(),
  tasksPath: z.string(),
  hasTasks: z.boolean(),
  requirementsPath: z.string().optional(),
  designPath: z.string().optional(),
  /** OpenSpec's proposal.md (why and what changes). */
  proposalPath: z.string().optional(),
  /** Tasks done / all tasks that are work of their own (a parent with required sub-tasks counts through them). */
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
});
export type SpecSummaryT = z.infer<typeof specSummary>;

export const specTask = z.object({
  /** The task's number ('2.1'), `t<n>` when unnumbered. */
  id: z.string(),
  number: z.string().nullable(),
  title: z.string(),
  state: specTaskState,
  optional: z.boolean(),
  depth: z.number().int().nonnegative(),
  parentId: z.string().nullable(),
  children: z.array(z.string()),
  details: z.array(z.string()),
  requirements: z.array(z.string()),
  /** 0-based line of its checkbox in tasks.md. */
  line: z.number().int().nonnegative(),
});
export type SpecTaskT = z.infer<typeof specTask>;

export const specDetail = z.object({
  spec: specSummary,
  tasks: z.array(specTask),
  /** What the parser could not read as written (each with its line). */
  problems: z.array(z.string()),
  requirements: z.string().nullable(),
  design: z.string().nullable(),
  /** OpenSpec's proposal.md, when the spec has one. */
  proposal: z.string().nullable().optional(),
});
export type SpecDetailT = z.infer<typeof specDetail>;

/** A task number as written in tasks.md ('2', '2.1') or the parser's id ('t3'). */
const taskId = z.string().trim().min(1).max(100);

export const specRunInput = z
  .object({
    /** The tasks.md to run, workspace-relative: a spec's (`.akira/specs/auth/tasks.md`, `.kiro/specs/…`) or any other. */
    tasksPath: z.string().trim().min(1).max(4096),
    /** Only these tasks (a parent stands for its sub-tasks); default: every open task. */
    only: z.array(taskId).min(1).max(500).optional(),
    /** Start at this task: it and the open tasks after it in the file. */
    from: taskId.optional(),
    mode: z.string().trim().min(1).max(64).optional(),
    model: z.string().trim().min(1).max(200).optional(),
    whenBusy: whenBusy.optional(),
    isolation: isolation.optional(),
  })
  .strict();
export type SpecRunInput = z.infer<typeof specRunInput>;

export const specsCommands = {
  'specs.list': defineCommand(noInput, z.object({ specs: z.array(specSummary) }), 'The specs of the open workspace (.akira/specs, .kiro/specs and OpenSpec\'s openspec/changes) with their progress.'),
  'specs.get': defineCommand(specRef, specDetail, 'One spec: its tasks as a tree (numbers, states, details, requirement ids), requirements.md and design.md.'),
  'specs.setTaskState': defineCommand(
    specRef.extend({ taskId: z.string().min(1).max(100), title: z.string().max(2000), state: specTaskState, line: z.number().int().nonnegative().optional() }).strict(),
    specDetail,
    'Mark a task done, open or in progress by hand: only its checkbox character changes in tasks.md (found by number and title in the file as it is now); a parent whose children are all done is ticked too (not a task whose sub-tasks are all optional: it is ticked only by itself). Reopening a task reopens the parents ticked because of it, and gives back a [~] or [-] it had before Akira ticked it.',
  ),
  'specs.run': defineCommand(
    specRunInput,
    z.object({ sessionId: z.string(), taskIds: z.array(z.string()), queued: z.boolean().optional() }),
    'Run a tasks.md as an agent session: its open leaf tasks and tasks whose sub-tasks are all optional (or `only` / `from`) become the TODOs, with the task numbers as ids; each is judged first (already done: ticked without running), else run, verified and ticked in place.',
  ),
};

export const specsEvents = {
  'specs.onChanged': defineEvent(z.object({ source: specSource, name: z.string() }), 'A spec’s tasks.md was changed by Akira: read it again with specs.get.'),
};
