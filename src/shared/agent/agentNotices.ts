import { z } from 'zod';
import { agentApproval, agentPhase, agentQuestion, agentTodo, approvalId, questionChoice } from './agentShapes';
import { reasonWordsSchema } from './sessionEvents';
import { sandboxAnswer } from './sandboxBlocks';

/**
 * The live notices of a session on `agent.onEvent`: not logged, so without `seq` and `ts` (the fields are
 * declared absent, so `event.seq` reads on any event and is undefined on these). Each is
 * `{sessionId, type, …body}`; the core sends them through its runtime's `notice(type, body)`.
 */

const nullableTodo = z.string().nullable();

export const noticeBodies = {
  /** A change or a command (or a read) waits for approve/reject; `reason` is the policy's. */
  approval_requested: { ...agentApproval.shape, reason: z.string(), reasonWords: reasonWordsSchema.optional() },
  approval_resolved: {
    changeId: approvalId,
    decision: z.enum(['approved', 'rejected', 'edited']),
    by: z.enum(['user', 'policy']),
    reason: z.string().optional(),
    /** A sandbox card the user approved: how far they allowed it (sandboxBlocks.ts). */
    sandbox: sandboxAnswer.optional(),
  },
  /** The plan waits for approval: the board's TODOs. */
  plan_approval_requested: { todos: z.array(agentTodo) },
  /** A TODO failed: retry, skip, edit or stop. */
  question: agentQuestion.shape,
  question_answered: { questionId: z.string(), todoId: z.string(), choice: questionChoice },
  /** What the model said (the whole reply). */
  assistant_message: { todoId: nullableTodo, text: z.string() },
  /** The reply's text as it streams, batched; after a model_retry the text starts again. */
  assistant_delta: { phase: agentPhase, todoId: nullableTodo, text: z.string() },
  /** A model call failed and is tried again after `delayMs`. */
  model_retry: {
    attempt: z.number().int().positive(),
    delayMs: z.number().nonnegative(),
    reason: z.string(),
    /** `reason` in words (issue 14), when the failure has them. */
    reasonWords: reasonWordsSchema.optional(),
    phase: agentPhase,
    todoId: nullableTodo,
  },
  /** Something went wrong that does not stop the session (e.g. a checkpoint that failed). */
  warning: { message: z.string(), /** `message` in words (e.g. `reason.secretRedacted`); older cores send none. */ messageWords: reasonWordsSchema.optional() },
} as const;

export type AgentNoticeType = keyof typeof noticeBodies;
export const agentNoticeTypes = Object.keys(noticeBodies) as AgentNoticeType[];

/** Notices are not logged: no seq, no ts. */
const noticeHead = { sessionId: z.string(), seq: z.undefined().optional(), ts: z.undefined().optional() };

function noticeVariants<H extends z.ZodRawShape>(head: H) {
  const out = {} as { [K in AgentNoticeType]: z.ZodObject<H & { type: z.ZodLiteral<K> } & (typeof noticeBodies)[K]> };
  for (const type of agentNoticeTypes) (out as Record<string, unknown>)[type] = z.object({ ...head, type: z.literal(type), ...noticeBodies[type] });
  return out;
}

export const agentNoticeSchemas = noticeVariants(noticeHead);

/** A notice's body as the core hands it over (the service adds sessionId and type). */
export type NoticeBody<T extends AgentNoticeType> = z.input<z.ZodObject<(typeof noticeBodies)[T]>>;
