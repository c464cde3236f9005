import { canonicalKey } from './extractJson';
import type { Truncation } from './lenientJson';
import { legacyPhases, VERIFY_TOOL_NAME, type LegacyPhase } from './legacySchema';
import { normalizeToolCall, type Notes } from './normalizeToolCall';
import { normalizeTodos, normalizeVerification } from './normalizeParts';

/**
 * Shapes a parsed reply object into the legacy_response fields (aliases, coercions, placeholders);
 * what cannot be repaired is left as is for the schema to report, or added to `notes.issues`.
 */

export interface NormalizeContext {
  /** The phase the orchestrator is in: the placeholder when the reply has none. */
  phase?: LegacyPhase;
  /** The TODO under review: the placeholder for verification.todoId. */
  todoId?: string;
  /** The tools offered in this call (default: all pinned tools). */
  tools: readonly string[];
}

const FIELDS: Record<string, readonly string[]> = {
  type: ['type'],
  phase: ['phase', 'stage'],
  todos: ['todos', 'todo', 'todolist', 'tasks', 'plan', 'steps'],
  toolCall: ['toolcall', 'toolcalls', 'tooluse', 'functioncall', 'action'],
  verification: ['verification', 'verify', 'verdict', 'review'],
  message: ['message', 'msg', 'content', 'text', 'response', 'reply', 'thought', 'thoughts', 'reasoning', 'explanation', 'summary'],
  complete: ['complete', 'completed', 'iscomplete', 'taskcomplete', 'finished', 'done'],
};

const PHASES: Record<string, LegacyPhase> = {
  plan: 'planning',
  planned: 'planning',
  execute: 'execution',
  executing: 'execution',
  exec: 'execution',
  act: 'execution',
  acting: 'execution',
  implementation: 'execution',
  implement: 'execution',
  work: 'execution',
  working: 'execution',
  inprogress: 'execution',
  verify: 'verification',
  verifying: 'verification',
  review: 'verification',
  reviewing: 'verification',
  check: 'verification',
  checking: 'verification',
  completed: 'complete',
  completion: 'complete',
  done: 'complete',
  finished: 'complete',
  finish: 'complete',
};

export function normalizeReply(
  obj: Record<string, unknown>,
  truncation: Truncation | null,
  ctx: NormalizeContext,
  notes: Notes,
): Record<string, unknown> {
  const used = new Set<string>();
  const renamed: string[] = [];
  const field = (name: string): { key: string; value: unknown } | null => {
    for (const alias of FIELDS[name]) {
      for (const [key, value] of Object.entries(obj)) {
        if (used.has(key) || canonicalKey(key) !== alias) continue;
        used.add(key);
        if (key !== name) renamed.push(`${key} → ${name}`);
        return { key, value };
      }
    }
    return null;
  };

  // A bare call at the top level: {"tool": "read_file", "params": {…}} or {"name": …, "arguments": …}
  const toolField = field('toolCall');
  let callSource: { key: string; value: unknown } | null = toolField;
  let callKeys: string[] = toolField ? [toolField.key] : [];
  if (!toolField) {
    const nameKey = Object.keys(obj).find((k) => ['tool', 'toolname'].includes(canonicalKey(k)) || (canonicalKey(k) === 'name' && hasParamsKey(obj)));
    if (nameKey && typeof obj[nameKey] === 'string') {
      const paramKey = Object.keys(obj).find((k) => PARAM_KEYS.includes(canonicalKey(k)));
      // without a params key, the other fields are the parameters: {"tool": "read_file", "path": "a.ts"}
      callKeys = paramKey ? [nameKey, paramKey] : Object.keys(obj).filter((k) => k === nameKey || !REPLY_KEYS.includes(canonicalKey(k)));
      for (const k of callKeys) used.add(k);
      const beside = callKeys.filter((k) => k !== nameKey);
      const params = paramKey ? obj[paramKey] : beside.length ? Object.fromEntries(beside.map((k) => [k, obj[k]])) : undefined;
      callSource = { key: nameKey, value: params === undefined ? { tool: obj[nameKey] } : { tool: obj[nameKey], params } };
      notes.repaired.push('wrapped a bare tool call in toolCall');
    }
  }

  let toolCall = callSource ? normalizeToolCall(callSource.value, notes, ctx.tools) : null;
  if (truncation && truncation.inside !== 'container' && callKeys.includes(String(truncation.path[0]))) {
    const where = truncation.path.slice(1).join('.') || 'toolCall';
    notes.issues.push(
      `the reply was cut off inside the tool call (at ${where}), so it was not run: send it again complete (write a long file in parts: write_file with the first part, then edit_file to add the rest)`,
    );
    toolCall = null;
  }

  let verificationRaw = field('verification')?.value;
  if (toolCall && toolCall.tool === VERIFY_TOOL_NAME) {
    if (verificationRaw === undefined || verificationRaw === null) verificationRaw = toolCall.params;
    notes.repaired.push('moved the verify_todo call into verification');
    toolCall = null;
  }

  // message
  const messageField = field('message');
  let message: unknown = messageField?.value;
  if (message === undefined || message === null) {
    message = '';
    notes.placeholders.push('message');
  } else if (typeof message !== 'string') {
    message = typeof message === 'object' ? JSON.stringify(message) : String(message);
    notes.repaired.push('converted message to a string');
  }

  // complete
  const completeField = field('complete');
  let complete: unknown = completeField?.value;
  if (typeof complete === 'string' && /^(true|yes|false|no)$/i.test(complete.trim())) {
    complete = /^(true|yes)$/i.test(complete.trim());
    notes.repaired.push('converted complete to a boolean');
  } else if (complete === null) {
    complete = undefined;
  }

  // phase
  const phaseField = field('phase');
  let phase: unknown = phaseField?.value;
  if (typeof phase === 'string') {
    const p = canonicalKey(phase);
    if ((legacyPhases as readonly string[]).includes(p)) {
      if (p !== phase) notes.repaired.push(`normalised phase "${phase}"`);
      phase = p;
    } else if (PHASES[p]) {
      notes.repaired.push(`normalised phase "${phase}" to ${PHASES[p]}`);
      phase = PHASES[p];
    }
  }
  const todosField = field('todos');
  if (phase === undefined || phase === null || phase === '') {
    const hasTodos = Array.isArray(todosField?.value) && (todosField.value as unknown[]).length > 0;
    phase =
      ctx.phase ??
      (verificationRaw ? 'verification' : complete === true ? 'complete' : hasTodos && !toolCall ? 'planning' : 'execution');
    notes.placeholders.push('phase');
  }
  if (complete === undefined) {
    complete = phase === 'complete';
    notes.placeholders.push('complete');
  }

  const todos = normalizeTodos(todosField, phase === 'planning', notes);
  const verification = normalizeVerification(verificationRaw, ctx.todoId, notes);

  // type
  const typeField = field('type');
  if (typeField === null) notes.placeholders.push('type');
  else if (typeField.value !== 'legacy_response') notes.repaired.push(`replaced type ${JSON.stringify(typeField.value)} with legacy_response`);

  if (renamed.length) notes.repaired.push(`renamed fields: ${renamed.join(', ')}`);
  const unknown = Object.keys(obj).filter((k) => !used.has(k));
  if (unknown.length) notes.repaired.push(`ignored unknown fields: ${unknown.join(', ')}`);

  return { type: 'legacy_response', phase, todos, toolCall, verification, message, complete };
}

const PARAM_KEYS = ['params', 'parameters', 'arguments', 'args', 'input'];
/** Fields that belong to the reply, not to a bare tool call's parameters. */
const REPLY_KEYS = ['type', 'phase', 'message', 'complete', 'todos', 'verification', 'thought', 'thoughts', 'reasoning'];

function hasParamsKey(obj: Record<string, unknown>): boolean {
  return Object.keys(obj).some((k) => PARAM_KEYS.includes(canonicalKey(k)));
}
