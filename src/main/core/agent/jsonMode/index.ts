/**
 * JSON mode for models without tool calling (docs/architecture.md "Agent protocol", seed 000's schema):
 *
 *   buildJsonModeInstructions(tools)          system-prompt text: the reply schema, rules, tools and params
 *   parseJsonReply(raw, {phase?, todoId?, tools?})
 *     → {ok: true, value, repaired, placeholders} | {ok: false, error (send it back to the model), issues}
 *   toToolCall(value, id?)                    → the native path's ModelToolCall ({name, arguments, …}) | null
 */
export { parseJsonReply } from './jsonReplyParser';
export type { ParseJsonReplyOptions, ParsedJsonReply } from './jsonReplyParser';
export { buildJsonModeInstructions } from './jsonModeInstructions';
export type { JsonModeTool } from './jsonModeInstructions';
export { toToolCall } from './toToolCall';
export { legacyResponseSchema, PINNED_TOOL_NAMES, VERIFY_TOOL_NAME, legacyPhases } from './legacySchema';
export type { LegacyPhase, LegacyResponse, LegacyTodo, LegacyToolCall, LegacyVerification, PinnedToolName } from './legacySchema';
export { parseLenientJson } from './lenientJson';
