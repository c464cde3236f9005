import type { z } from 'zod';
import { extractJsonObject } from './extractJson';
import { legacyResponseSchema, PINNED_TOOL_NAMES, TOP_LEVEL_KEYS, type LegacyPhase, type LegacyResponse } from './legacySchema';
import { normalizeReply } from './normalizeReply';
import type { Notes } from './normalizeToolCall';

/**
 * JSON mode's reply parser (models without tool calling answer with one seed-000 object per reply).
 *
 *   parseJsonReply(raw, {phase?, todoId?, tools?})
 *     → {ok: true, value: LegacyResponse, repaired: string[], placeholders: string[]}
 *     | {ok: false, error, issues}
 *
 * It repairs what it can (see lenientJson.ts and extractJson.ts for the syntax, normalize*.ts for
 * field aliases and coercions), fills missing fields with placeholders (`phase` from the context,
 * `todos` [], `message` '', `complete` false, a TODO's id and status, a verdict's feedback and
 * confidence) and validates with zod. `error` is written for the model: the orchestrator sends it back
 * as the next user message and asks again. `phase: 'verification'` requires a verdict; a tool call cut
 * off by the end of the output is refused (never half-run).
 */

export interface ParseJsonReplyOptions {
  /** The phase the orchestrator is in; the placeholder when the reply names none. */
  phase?: LegacyPhase;
  /** The TODO under review (verification calls); the placeholder for verification.todoId. */
  todoId?: string;
  /** The tools offered in this call; default all pinned tools. */
  tools?: readonly string[];
}

export type ParsedJsonReply =
  | { ok: true; value: LegacyResponse; repaired: string[]; placeholders: string[] }
  | { ok: false; error: string; issues: string[] };

const KNOWN_KEYS = new Set<string>([...TOP_LEVEL_KEYS, 'toolcalls', 'tooluse', 'tool', 'functioncall', 'action', 'todo', 'tasks', 'plan']);

const SHAPE =
  '{"type": "legacy_response", "phase": "planning" | "execution" | "verification" | "complete", ' +
  '"todos": [{"id": "1", "description": "…", "expectedResult": "…", "status": "pending"}], ' +
  '"toolCall": {"tool": "<tool name>", "params": {…}} or null, ' +
  '"verification": {"todoId": "…", "approved": true, "feedback": "…", "confidence": 0.9} or null, ' +
  '"message": "…", "complete": false}';

export function parseJsonReply(raw: string, options: ParseJsonReplyOptions = {}): ParsedJsonReply {
  const extracted = extractJsonObject(raw, KNOWN_KEYS);
  if (!extracted.ok) return failure([extracted.error]);

  const notes: Notes = { repaired: [...extracted.repaired], placeholders: [], issues: [] };
  const candidate = normalizeReply(extracted.value, extracted.truncation, { phase: options.phase, todoId: options.todoId, tools: options.tools ?? PINNED_TOOL_NAMES }, notes);

  const parsed = legacyResponseSchema.safeParse(candidate);
  const issues = [...notes.issues];
  if (!parsed.success) issues.push(...formatZodIssues(parsed.error));
  if (parsed.success) issues.push(...semanticIssues(parsed.data, options, issues.length > 0));
  if (issues.length || !parsed.success) return failure(dedupe(issues));
  return { ok: true, value: parsed.data, repaired: notes.repaired, placeholders: notes.placeholders };
}

/** Drops an issue that another, more helpful one already says (same start, more words). */
function dedupe(issues: string[]): string[] {
  const unique = [...new Set(issues)];
  return unique.filter((issue) => !unique.some((other) => other !== issue && other.startsWith(issue)));
}

function semanticIssues(value: LegacyResponse, options: ParseJsonReplyOptions, hasOtherIssues: boolean): string[] {
  const issues: string[] = [];
  if (options.phase === 'verification' && !value.verification) {
    issues.push('verification is missing: this is a review, answer with "verification": {"todoId", "approved", "feedback", "confidence"}');
  }
  if (value.phase === 'planning' && !value.todos.length && !value.toolCall && options.phase !== 'verification') {
    issues.push('todos is empty: in the planning phase put the whole plan in "todos" (description, expectedResult, status "pending")');
  }
  if (!value.toolCall && !value.verification && !value.todos.length && !value.complete && !value.message.trim() && !issues.length && !hasOtherIssues) {
    issues.push('the object is empty: it needs a toolCall, todos, a verification, a message or "complete": true');
  }
  return issues;
}

function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
    const message = issue.message;
    // messages that already start with the field's name read better without the path repeated
    const last = issue.path[issue.path.length - 1];
    if (path && typeof last === 'string' && message.startsWith(last)) return `${path}${message.slice(last.length)}`;
    return path ? `${path}: ${message}` : message;
  });
}

function failure(issues: string[]): ParsedJsonReply {
  const list = issues.map((i) => `- ${i}`).join('\n');
  const error = `Your reply could not be used:\n${list}\nReply again with exactly one JSON object and nothing else, of this shape:\n${SHAPE}`;
  return { ok: false, error, issues };
}
