import type { ModelToolCall } from '../model';
import { VERIFY_TOOL_NAME, type LegacyResponse } from './legacySchema';

/**
 * A parsed JSON-mode reply as the native tool-calling path would have produced it, so the orchestrator
 * runs one code path:
 *
 *   toToolCall(value, id?) → ModelToolCall ({id, name, arguments, rawArguments, parseError: null}) | null
 *
 * In order: `toolCall` → that tool; `verification` → verify_todo {todoId, approved, feedback,
 * confidence}; `todos` in the planning phase → todo_write {todos}; `complete: true` → complete
 * {summary: message}. Null when the reply only talks (the orchestrator nudges the model).
 */
export function toToolCall(value: LegacyResponse, id = 'json_call'): ModelToolCall | null {
  const call = (name: string, args: Record<string, unknown>): ModelToolCall => ({
    id,
    name,
    arguments: args,
    rawArguments: JSON.stringify(args),
    parseError: null,
  });
  if (value.toolCall) return call(value.toolCall.tool, value.toolCall.params);
  if (value.verification) {
    const { todoId, approved, feedback, confidence } = value.verification;
    return call(VERIFY_TOOL_NAME, { todoId, approved, feedback, confidence });
  }
  if (value.phase === 'planning' && value.todos.length) {
    return call('todo_write', {
      todos: value.todos.map((t) => ({ id: t.id, description: t.description, expectedResult: t.expectedResult, status: t.status })),
    });
  }
  if (value.complete) return call('complete', { summary: value.message.trim() || 'The task is complete.' });
  return null;
}
