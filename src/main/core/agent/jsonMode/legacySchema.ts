import { z } from 'zod';
import { toolNames } from '../tools/toolTypes';

/**
 * The JSON-mode reply (seed 000's "legacy_response"), as the parser hands it on after repair:
 *
 *   {type: "legacy_response", phase, todos: [{id, description, expectedResult, status, toolCalls}],
 *    toolCall: {tool, params} | null, verification: {todoId, approved, feedback, confidence} | null,
 *    message, complete}
 *
 * Tool names are the pinned ones (docs/architecture.md "Agent protocol"); `verify_todo` travels in `verification`, never in toolCall.
 */

/** The agent's tools (docs/architecture.md "Agent protocol"); JSON mode offers the same ones. */
export const PINNED_TOOL_NAMES = toolNames;
export type PinnedToolName = (typeof PINNED_TOOL_NAMES)[number];

export const VERIFY_TOOL_NAME = 'verify_todo';
/** The decision engine's tool (spec sessions): offered alone, it travels in toolCall. */
export const ASSESS_TOOL_NAME = 'assess_task';

export const legacyPhases = ['planning', 'execution', 'verification', 'complete'] as const;
export type LegacyPhase = (typeof legacyPhases)[number];

export const legacyTodoStatuses = ['pending', 'in_progress', 'done', 'failed'] as const;

const oneOf = (field: string, values: readonly string[]) => ({
  error: (iss: { input?: unknown }) => `${field} must be one of ${values.join(', ')} (got ${JSON.stringify(iss.input) ?? 'nothing'})`,
});
const text = (field: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? `${field} is missing` : `${field} must be a string`),
});

export const legacyTodoSchema = z.object({
  id: z.string(text('id')).min(1, 'id must not be empty'),
  description: z.string(text('description')).trim().min(1, 'description must not be empty'),
  expectedResult: z.string(text('expectedResult')),
  status: z.enum(legacyTodoStatuses, oneOf('status', legacyTodoStatuses)),
  toolCalls: z.array(z.unknown()),
});

/** What toolCall.tool may name: the agent's tools and, when a spec task is judged, assess_task. */
const TOOL_CALL_NAMES = [...PINNED_TOOL_NAMES, ASSESS_TOOL_NAME] as const;

export const legacyToolCallSchema = z.object({
  tool: z.enum(TOOL_CALL_NAMES, oneOf('tool', PINNED_TOOL_NAMES)),
  params: z.record(z.string(), z.unknown(), { error: 'params must be a JSON object' }),
});

export const legacyVerificationSchema = z.object({
  todoId: z.string(text('todoId')).min(1, 'todoId must not be empty'),
  approved: z.boolean({ error: (iss) => (iss.input === undefined ? 'approved is missing: say true or false' : 'approved must be true or false') }),
  feedback: z.string(text('feedback')),
  confidence: z.number({ error: 'confidence must be a number from 0 to 1' }).min(0, 'confidence must be from 0 to 1').max(1, 'confidence must be from 0 to 1'),
});

export const legacyResponseSchema = z.object({
  type: z.literal('legacy_response'),
  phase: z.enum(legacyPhases, oneOf('phase', legacyPhases)),
  todos: z.array(legacyTodoSchema, { error: 'todos must be an array of TODO objects' }),
  toolCall: legacyToolCallSchema.nullable(),
  verification: legacyVerificationSchema.nullable(),
  message: z.string(text('message')),
  complete: z.boolean({ error: 'complete must be true or false' }),
});

export type LegacyTodo = z.output<typeof legacyTodoSchema>;
export type LegacyToolCall = z.output<typeof legacyToolCallSchema>;
export type LegacyVerification = z.output<typeof legacyVerificationSchema>;
export type LegacyResponse = z.output<typeof legacyResponseSchema>;

/** Top-level fields of the reply, in canonical key form (see canonicalKey). */
export const TOP_LEVEL_KEYS = ['type', 'phase', 'todos', 'toolcall', 'verification', 'message', 'complete'] as const;
