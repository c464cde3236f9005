import { z } from 'zod';
import { wordsSchema } from '../errors/wordsSchema';
import { sandboxBlocksSchema, sandboxGrantSchema } from './sandboxBlocks';

/**
 * The shapes an agent session shows to people and to the log alike: its status and phase, a TODO as the
 * board shows it, what waits for a person (an approval, a question). The contract (contract/agent.ts), the
 * log's events (sessionEvents.ts) and the live notices (agentNotices.ts) all build on these.
 */

/** `queued`: waits for a free slot (policy maxConcurrentTasks) or for the shared tree; it starts by itself. */
export const agentStatus = z.enum([
  'queued',
  'planning',
  'awaiting_plan_approval',
  'running',
  'paused',
  'waiting_approval',
  'interrupted',
  'completed',
  'failed',
  'stopped',
]);
export type AgentStatus = z.infer<typeof agentStatus>;
/** `assess`: a spec session's decision engine judges whether the next task is already done. */
export const agentPhase = z.enum(['plan', 'assess', 'execute', 'verify', 'final_check', 'done']);
export type AgentPhase = z.infer<typeof agentPhase>;
/** `verifying`: the model said done and the verdict is pending; `skipped`: the user chose to skip it. */
export const agentTodoStatus = z.enum(['pending', 'in_progress', 'verifying', 'done', 'failed', 'skipped']);

/**
 * What to do when another session is running in the workspace's own tree (agent.start, specs.run): wait for it
 * (`queue`) or run beside it (`parallel`). Without it, the command answers conflict with `details.sharedTreeBusy`
 * so that a face can ask.
 */
export const whenBusy = z.enum(['queue', 'parallel']);
export type WhenBusy = z.infer<typeof whenBusy>;

/** Where a session works: the workspace's own tree, or its own git worktree on branch `akira/<8>` (issue 10). */
export const isolation = z.enum(['shared', 'worktree']);
export type Isolation = z.infer<typeof isolation>;

/** A worktree session's tree: where it is, its branch, and whether it was merged back or discarded. */
export const sessionWorktree = z.object({
  branch: z.string(),
  /** Absolute path of the worktree (outside the workspace, in Akira's data folder). */
  path: z.string(),
  /** The branch the user was on when it started (null: detached HEAD). */
  baseBranch: z.string().nullable(),
  state: z.enum(['active', 'merged', 'discarded']),
  /** The merge commit, once merged. */
  mergeCommit: z.string().nullable(),
});
export type SessionWorktreeT = z.infer<typeof sessionWorktree>;

/**
 * The words of a `reason` (issue 14): a message of the shared reason catalogs (src/shared/errors:
 * sessionReasonStrings.ts, policyReasonStrings.ts…) and its values, so the UI and the CLI say the reason in their
 * language. `reason` stays the English text; older logs have no words.
 */
export const reasonWordsSchema = wordsSchema;

export const approvalId = z.string().min(1).max(128);

export const proposedFileChange = z.object({
  path: z.string(),
  kind: z.enum(['create', 'modify', 'delete']),
  before: z.string().nullable(),
  after: z.string().nullable(),
  binary: z.boolean().optional(),
});

/**
 * Something waiting for a person: a file change (diff), a command, (when reads are not auto-approved) a read, or a
 * call of an MCP server's tool (`mcp`, issue 12).
 */
export const agentApproval = z.object({
  changeId: approvalId,
  /** `sandbox`: a command the OS sandbox blocked waits for the user to allow what it needed, or to keep it blocked. */
  /** `mode`: the model asks to switch the session's mode (switch_mode, issue 25). */
  kind: z.enum(['change', 'command', 'read', 'mcp', 'sandbox', 'mode']),
  todoId: z.string().nullable(),
  change: proposedFileChange.optional(),
  /** kind 'read' and 'mcp': the tool and its arguments. */
  tool: z.object({ name: z.string(), input: z.string() }).optional(),
  command: z
    .object({
      command: z.string(),
      cwd: z.string().optional(),
      /** Destructive commands always ask; batch approval (`akira run --yes`) refuses them. */
      destructive: z.boolean(),
      reason: z.string(),
      /** The words of `reason` (issue 14); absent in older logs. */
      reasonWords: reasonWordsSchema.optional(),
      /** What "Always allow" would add to the global allow list (allowPrefix.ts); absent when it is not offered. */
      allowPrefix: z.string().optional(),
    })
    .optional(),
  /** kind 'sandbox': the command, what the sandbox blocked while it ran, and what allowing it would let through. */
  sandbox: z
    .object({
      command: z.string(),
      cwd: z.string().optional(),
      blocked: sandboxBlocksSchema,
      grant: sandboxGrantSchema,
    })
    .optional(),
  /** kind 'mode': the mode the session is in, the one the model asks for, and its reason. */
  mode: z.object({ from: z.string(), to: z.string(), reason: z.string() }).optional(),
  /**
   * A file change to Akira's own project files (`.akira/settings.json`, modes, `mcp.json`, rules): what it
   * steers. It always asks, and batch approval (`akira run --yes`) refuses it.
   */
  protected: z.string().optional(),
  /** The words of `protected` (issue 14: `policy.steers`); absent in older logs. */
  protectedWords: reasonWordsSchema.optional(),
});
export type AgentApproval = z.infer<typeof agentApproval>;

export const questionChoice = z.enum(['retry', 'skip', 'edit', 'stop']);
export const agentQuestion = z.object({
  questionId: z.string(),
  todoId: z.string(),
  text: z.string(),
  options: z.array(questionChoice),
});
export type AgentQuestion = z.infer<typeof agentQuestion>;

export const agentVerdict = z.object({ approved: z.boolean(), confidence: z.number(), feedback: z.string() });

/**
 * A spec task's judgement before it runs (the decision engine): `detected` — the work looks done already;
 * `judgedDone` — detected with a confidence at or above the threshold, so it was ticked without running.
 */
export const taskAssessment = z.object({
  detected: z.boolean(),
  confidence: z.number().min(0).max(1),
  reasoning: z.string(),
  /** `heuristic`: the quick checks in code settled it; `model`: the assess_task call did. */
  provider: z.enum(['heuristic', 'model']),
  judgedDone: z.boolean(),
  /** The threshold it was judged against (agent.spec.skipConfidence). */
  threshold: z.number().min(0).max(1),
  /** One line per quick check (files, symbols, commands the task names). */
  checks: z.array(z.string()),
  /**
   * `reasoning` in words of the assess catalog when Akira wrote it (the quick checks settled it, no model judged it;
   * issue 14): the UI and the CLI say it in their language. Absent for a model's own reasoning and in older logs.
   */
  reasoningWords: reasonWordsSchema.extend({ values: z.array(z.union([z.string().max(200_000), z.number().finite()])).max(200) }).optional(),
  /** `checks` in words of the assess catalog, one for each (absent in older logs). */
  checkWords: z.array(reasonWordsSchema).max(200).optional(),
});
export type TaskAssessment = z.infer<typeof taskAssessment>;

/** What a spec session does with a task that failed for good (setting agent.spec.onFailure). */
export const specFailureAction = z.enum(['ask', 'rollback', 'continue']);
export type SpecFailureAction = z.infer<typeof specFailureAction>;

/** The tick of a spec task in tasks.md after it was verified or judged done. */
export const specTick = z.object({ ok: z.boolean(), message: z.string().nullable(), ts: z.string() });

export const agentTodo = z.object({
  id: z.string(),
  description: z.string(),
  expectedResult: z.string(),
  status: agentTodoStatus,
  result: z.string().nullable(),
  /** Rejected verifications so far. */
  rejections: z.number().int().nonnegative(),
  lastVerdict: agentVerdict.nullable(),
  checkpointIds: z.array(z.string()),
  /** Tool calls made for it and the model tokens spent on it (its execute and verify calls). */
  toolCalls: z.number().int().nonnegative(),
  tokensIn: z.number().int().nonnegative(),
  tokensOut: z.number().int().nonnegative(),
  /** Spec sessions: the decision engine's judgement before the task ran. */
  assessment: taskAssessment.nullable().optional(),
  /** Spec sessions: its box in tasks.md was ticked (or could not be). */
  tick: specTick.nullable().optional(),
  /** Spec sessions: the task failed for good and the session went on (`rollback`: its files were restored first). */
  failureHandled: z.enum(['rollback', 'continue']).nullable().optional(),
  /** When it joined the board and when it ended (done, failed, skipped), ISO 8601; null when unknown (older cores: absent). */
  createdAt: z.string().nullable().optional(),
  completedAt: z.string().nullable().optional(),
});
export type AgentTodo = z.infer<typeof agentTodo>;
