import { z } from 'zod';
import { contextAttachment, rulesFileInfo, sessionImage } from '../context/contextShapes';
import { wordsSchema } from '../errors/wordsSchema';
import { agentPhase, agentStatus, agentTodoStatus, reasonWordsSchema, taskAssessment } from './agentShapes';
import { sandboxAnswer, sandboxBlocksSchema } from './sandboxBlocks';

export { reasonWordsSchema };

/**
 * The events of a session's machine log (`events.jsonl`): one JSON object per line,
 * `{seq, ts, type, ...data}`. A session is resumed by replaying them (replay.ts), so every event
 * read from disk is validated here. The contract's `agent.onEvent` carries them too (agentEvents.ts), so the
 * renderer reads the same types.
 *
 * Conventions:
 * - `seq` starts at 1 and grows by one per event; `ts` is ISO 8601 UTC. The store assigns both:
 *   callers append a `SessionEventInput` (the event without them).
 * - A TODO's status changes through `plan_proposed`/`plan_approved`/`todo_*` and `verification`
 *   (approved → done, rejected → in_progress, or `nextStatus` when the retry limit is reached).
 * - The session's `status` changes through `status_changed` and the three terminal events only.
 * - `todoId: "task"` in `verification` is the final whole-task check.
 */

export const MAX_TASK_CHARS = 20_000;
const MAX_ATTACHMENTS = 50;
const MAX_IMAGES = 5;
const MAX_TEXT = 200_000;

/** The same statuses and phases the contract shows (one list, agentShapes.ts). */
export const sessionStatus = agentStatus;
export type SessionStatus = z.infer<typeof sessionStatus>;

/** Statuses of a session that was doing something (or waiting for someone) when its process ended. */
export const activeStatuses: readonly SessionStatus[] = ['queued', 'planning', 'awaiting_plan_approval', 'running', 'waiting_approval'];
export const terminalStatuses: readonly SessionStatus[] = ['completed', 'failed', 'stopped'];

export const sessionPhase = agentPhase;
export type SessionPhase = z.infer<typeof sessionPhase>;

export const todoStatus = agentTodoStatus;
export type TodoStatus = z.infer<typeof todoStatus>;

const id = z.string().min(1).max(128);
const text = z.string().max(MAX_TEXT);

export const todoSchema = z.object({
  id,
  description: z.string().min(1).max(20_000),
  expectedResult: z.string().max(20_000),
  status: todoStatus,
  result: text.nullable().default(null),
});
export type Todo = z.output<typeof todoSchema>;
export type TodoInput = z.input<typeof todoSchema>;

/** The same shape as the tools' ProposedChange (agent/tools/toolTypes.ts). */
export const proposedChangeSchema = z.object({
  path: z.string().min(1).max(4096),
  kind: z.enum(['create', 'modify', 'delete']),
  before: z.string().nullable(),
  after: z.string().nullable(),
  binary: z.boolean().optional(),
  beforeHash: z.string().nullable(),
});
export type ProposedChangeData = z.infer<typeof proposedChangeSchema>;

export const usageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  estimated: z.boolean().optional(),
});

const todoRef = id.nullable().default(null);

/**
 * The `{key, values}` for an error string a person reads in an event or a result (issue 14): `errorWords` beside
 * the English `error` (search.onResults, MCP server states, a failed tool call), said with `errorText`.
 */
export const errorWordsSchema = wordsSchema;

/** The body of each event type (without seq/ts/type). */
const bodies = {
  session_started: {
    sessionId: z.string(),
    task: z.string().min(1).max(MAX_TASK_CHARS),
    mode: z.string().min(1).max(64),
    model: z.string().min(1).max(256),
    /** Whatever the orchestrator needs to resume with the same settings (limits, plan approval …). */
    options: z.record(z.string(), z.unknown()).default({}),
  },
  /**
   * A follow-up (issue 25): a finished session (completed, failed or stopped) goes on with `task` as round `round`.
   * The TODOs so far become the earlier round's (kept apart); the new round plans again. Logs without it are round 1.
   */
  round_started: { round: z.number().int().min(2), task: z.string().min(1).max(MAX_TASK_CHARS) },
  /** The plan (a todo_write): replaces the TODO list. */
  plan_proposed: { todos: z.array(todoSchema).max(500), needsApproval: z.boolean().default(false) },
  /** The user (or policy) approved the plan, possibly edited. */
  plan_approved: { todos: z.array(todoSchema).max(500).optional(), by: z.enum(['user', 'policy']).default('user') },
  plan_rejected: { feedback: text.default('') },
  /** The full TODO (replaces the one with that id; added at the end when unknown). */
  todo_updated: { todo: todoSchema },
  todo_added: { todo: todoSchema, index: z.number().int().nonnegative().optional() },
  todo_removed: { todoId: id },
  /** TODO ids in their new order (ids not listed keep their relative order after them). */
  todo_reordered: { order: z.array(id) },
  tool_call_started: {
    callId: id,
    todoId: todoRef,
    tool: z.string().min(1).max(64),
    /** A short, readable summary of the arguments (a path, a command). */
    input: text.default(''),
  },
  tool_call_finished: {
    callId: id,
    todoId: todoRef,
    tool: z.string().min(1).max(64),
    /** A short summary of the result the model got. */
    summary: text.default(''),
    isError: z.boolean().default(false),
    durationMs: z.number().nonnegative().optional(),
    /** Why the policy refused to run it (a denied command), for people: English, and its words (issue 14). */
    deniedReason: text.optional(),
    deniedReasonWords: reasonWordsSchema.optional(),
    /**
     * A failed call's error in words of the shared catalogs (issue 14), for the person reading the tool card; the model
     * read `summary` (English). Older logs have none.
     */
    errorWords: errorWordsSchema.optional(),
  },
  change_proposed: { changeId: id, callId: id.optional(), todoId: todoRef, change: proposedChangeSchema },
  change_decided: {
    changeId: id,
    decision: z.enum(['approved', 'rejected', 'edited']),
    by: z.enum(['user', 'policy']).default('user'),
    reason: text.optional(),
    /** The words of the policy's `reason` (issue 14); absent for a person's reason and in older logs. */
    reasonWords: reasonWordsSchema.optional(),
    /** The user's content for `edited`. */
    editedAfter: z.string().nullable().optional(),
  },
  change_applied: {
    changeId: id,
    path: z.string().min(1).max(4096),
    /** Why it was not applied: the English tool result the model read. */
    error: text.optional(),
    /** `error` in words for the change card (issue 14); older logs have none. */
    errorWords: errorWordsSchema.optional(),
  },
  command_finished: {
    callId: id.optional(),
    todoId: todoRef,
    command: text,
    exitCode: z.number().int().nullable(),
    durationMs: z.number().nonnegative().optional(),
    timedOut: z.boolean().optional(),
    killed: z.boolean().optional(),
    /** Short output tail for people; the model's copy is in tool_call_finished. */
    output: text.optional(),
    /** It ran inside the OS sandbox (issue 26); older logs have none. */
    sandboxed: z.boolean().optional(),
    /** What the sandbox refused while it ran (sandboxBlocks.ts), at most 20; older logs have none. */
    blocked: sandboxBlocksSchema.optional(),
    /**
     * It ran again after the user answered the sandbox card: with what it blocked allowed for the session, the
     * workspace or everywhere, or outside the sandbox (sandboxBlocks.ts SandboxAnswer); a first run has none.
     */
    rerun: sandboxAnswer.optional(),
  },
  checkpoint_taken: { checkpointId: id, todoId: todoRef, label: z.string().max(1000).optional() },
  verification: {
    todoId: id,
    approved: z.boolean(),
    confidence: z.number().min(0).max(1),
    feedback: text.default(''),
    /** Overrides the TODO's next status (e.g. `failed` when the retry limit is reached). */
    nextStatus: todoStatus.optional(),
  },
  /** One model attempt (a row of api-calls.md). */
  model_call: {
    model: z.string().min(1).max(256),
    phase: sessionPhase,
    todoId: todoRef,
    attempt: z.number().int().positive().default(1),
    /** HTTP status, or null when there was no answer. */
    status: z.number().int().nullable(),
    outcome: z.enum(['ok', 'retry', 'failed', 'aborted']).default('ok'),
    latencyMs: z.number().nonnegative(),
    usage: usageSchema.optional(),
    costUsd: z.number().nonnegative().nullable().default(null),
    error: text.optional(),
    /** `error` in words of the shared catalogs (issue 14), for the activity's notice; older logs have none. */
    errorWords: errorWordsSchema.optional(),
    /** Where it went (base URL without credentials + path) and the prompt's length in characters; older logs have none. */
    endpoint: z.string().max(2048).optional(),
    promptChars: z.number().int().nonnegative().optional(),
    /**
     * JSON mode (models without tool calling): what the parser did with this attempt's reply: `repaired` (syntax and
     * fields it fixed), `placeholders` (missing fields it filled), `reasked` (why it could not use it and asked again).
     */
    json: z.object({ repaired: z.array(z.string().max(500)).max(50).default([]), placeholders: z.array(z.string().max(500)).max(50).default([]), reasked: text.optional() }).optional(),
  },
  user_message: {
    messageId: id,
    text: z.string().min(1).max(MAX_TEXT),
    /** What the message's @-mentions attached, and its images (issue 11). */
    attachments: z.array(contextAttachment).max(MAX_ATTACHMENTS).default([]),
    images: z.array(sessionImage).max(MAX_IMAGES).default([]),
  },
  /** What the task's @-mentions attached and its images: part of every call about the task (issue 11). */
  context_attached: { attachments: z.array(contextAttachment).max(MAX_ATTACHMENTS).default([]), images: z.array(sessionImage).max(MAX_IMAGES).default([]) },
  /** The rules files the session uses (the whole list, replacing the last one): at its start and when a nested AGENTS.md joins. */
  rules_loaded: { files: z.array(rulesFileInfo).max(200) },
  /** The messages were put in a model call's context. */
  user_messages_consumed: { messageIds: z.array(id) },
  status_changed: { status: sessionStatus, reason: text.optional(), reasonWords: reasonWordsSchema.optional(), phase: sessionPhase.optional() },
  /**
   * A checkpoint was restored (rollbacks.md). With `toSeq` the conversation is rewound (agent.rewind,
   * mode "conversation"): replay rebuilds the state as it was right after event `toSeq` (the
   * checkpoint_taken of that checkpoint) and the session is paused there; the log keeps the history.
   */
  rollback: {
    checkpointId: id,
    mode: z.string().min(1).max(64),
    files: z.array(z.string()).default([]),
    /** The checkpoint taken just before restoring (restore it to undo). */
    safetyCheckpointId: id.nullable().optional(),
    /** The event the session's state goes back to (an earlier seq of this log). */
    toSeq: z.number().int().positive().optional(),
    /**
     * Undoing a rewind (agent.undoRewind): the seq of the rewind this one takes back. `toSeq` is the event just
     * before it, and the session's status is what it was then too (not paused).
     */
    undoes: z.number().int().positive().optional(),
  },
  /** Spec sessions: the decision engine judged a task before it ran (decisions.md). */
  task_assessed: { todoId: id, ...taskAssessment.shape, durationMs: z.number().nonnegative().default(0) },
  /** Spec sessions: the task's box in tasks.md was ticked (ok) or could not be found (`message` says why). */
  spec_ticked: { todoId: id, ok: z.boolean(), message: text.optional(), parents: z.array(z.string()).default([]) },
  /**
   * Spec sessions: a task failed for good and, by the policy agent.spec.onFailure, the session goes on:
   * `rollback` restored its files to its start checkpoint first (the rollback event says which files).
   */
  todo_failure_handled: { todoId: id, action: z.enum(['rollback', 'continue']), checkpointId: id.optional() },
  /**
   * The session's mode changed (issue 25): `by` the user (agent.setMode) or the model (switch_mode, approved by a
   * person or by the policy: `approvedBy`). The next model call uses the new mode's prompt, tools and policy.
   */
  mode_changed: {
    from: z.string().min(1).max(64),
    to: z.string().min(1).max(64),
    by: z.enum(['user', 'model']),
    reason: text.default(''),
    approvedBy: z.enum(['user', 'policy']).optional(),
  },
  /**
   * The model handed part of the work to a sub-task (issue 25, new_task): a child session `childId` (its
   * session_started options name this session as parentId). The call waits for it to end.
   */
  subtask_started: { childId: id, task: text, mode: z.string().min(1).max(64), callId: id.optional(), todoId: id.optional() },
  /** The sub-task ended: its status and summary (or why it failed or was stopped), the new_task call's result. */
  subtask_finished: { childId: id, status: sessionStatus, summary: text.default('') },
  /** Worktree sessions: the session's branch was merged into the user's branch (agent.merge). */
  worktree_merged: { commit: z.string().min(1).max(64), alreadyMerged: z.boolean().default(false), into: z.string().nullable().default(null) },
  /** Worktree sessions: the worktree and its branch were removed (agent.discard). */
  worktree_discarded: {},
  /**
   * A resume found the settings changed since the last run (issue 25): what changed, and what it runs with now (the
   * model, the server, fingerprints of the key and the policy, never the key).
   */
  resumed_with: {
    changed: z.array(z.enum(['model', 'baseUrl', 'apiKey', 'policy'])).max(4),
    setup: z.object({ model: z.string().max(256), baseUrl: z.string().max(2000), key: z.string().max(64), policy: z.string().max(64) }),
  },
  session_completed: { summary: text.default('') },
  session_failed: { reason: text, reasonWords: reasonWordsSchema.optional() },
  session_stopped: { reason: text.optional(), reasonWords: reasonWordsSchema.optional() },
} as const;

export type SessionEventType = keyof typeof bodies;
export const sessionEventTypes = Object.keys(bodies) as SessionEventType[];

/** One object schema per event type: `head` (e.g. seq and ts) and the type's body. */
export function logEventVariants<H extends z.ZodRawShape>(head: H) {
  const out = {} as { [K in SessionEventType]: z.ZodObject<H & { type: z.ZodLiteral<K> } & (typeof bodies)[K]> };
  for (const type of sessionEventTypes) {
    (out as Record<string, unknown>)[type] = z.object({ ...head, type: z.literal(type), ...bodies[type] });
  }
  return out;
}

export type Variants<H extends z.ZodRawShape> = ReturnType<typeof logEventVariants<H>>;
/** The discriminated union (on `type`) of an object of variants, as a type. */
export type UnionOf<V> = z.ZodDiscriminatedUnion<V[keyof V] extends infer O ? (O extends z.ZodObject ? O : never)[] : never>;

/** How a stored event starts: its place in the log and its time (ISO 8601 UTC). */
export const storedHead = { seq: z.number().int().positive(), ts: z.iso.datetime({ offset: false }) };
const stored = logEventVariants(storedHead);
const input = logEventVariants({});

/** An event as stored (with seq and ts). */
export const sessionEventSchema = z.discriminatedUnion('type', Object.values(stored) as never) as unknown as UnionOf<
  Variants<typeof storedHead>
>;
/** An event as appended (the store adds seq and ts). */
export const sessionEventInputSchema = z.discriminatedUnion('type', Object.values(input) as never) as unknown as UnionOf<
  Variants<{}>
>;

export type SessionEvent = z.output<typeof sessionEventSchema>;
export type SessionEventInput = z.input<typeof sessionEventInputSchema>;
export type EventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;
