import type { AgentEvent } from '../../../../shared/contract';

/**
 * Typed reads of the loose `agent.onEvent` payloads (`{sessionId, type, seq?, ts?, …}`: the fields per type
 * are those of the session log, src/main/core/sessions/sessionEvents.ts, and of the live notices). A field
 * of the wrong type reads as the fallback, so an odd event never breaks a store.
 */

type Fields = Record<string, unknown>;
const fields = (e: AgentEvent | Fields): Fields => e as Fields;

export function str(e: AgentEvent | Fields, key: string): string | null {
  const v = fields(e)[key];
  return typeof v === 'string' ? v : null;
}

export function num(e: AgentEvent | Fields, key: string): number | null {
  const v = fields(e)[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function bool(e: AgentEvent | Fields, key: string): boolean | null {
  const v = fields(e)[key];
  return typeof v === 'boolean' ? v : null;
}

export function obj(e: AgentEvent | Fields, key: string): Fields | null {
  const v = fields(e)[key];
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : null;
}

export function arr(e: AgentEvent | Fields, key: string): unknown[] {
  const v = fields(e)[key];
  return Array.isArray(v) ? v : [];
}

/** A TODO as the log and the notices carry it (`todo_updated.todo`, `plan_proposed.todos[]`). */
export interface EventTodo {
  id: string;
  description: string;
  expectedResult: string;
  status: string;
  result: string | null;
}

export function todoOf(value: unknown): EventTodo | null {
  if (value === null || typeof value !== 'object') return null;
  const t = value as Fields;
  const id = str(t, 'id');
  if (!id) return null;
  return {
    id,
    description: str(t, 'description') ?? '',
    expectedResult: str(t, 'expectedResult') ?? '',
    status: str(t, 'status') ?? 'pending',
    result: str(t, 'result'),
  };
}

export function todosOf(e: AgentEvent | Fields, key = 'todos'): EventTodo[] {
  return arr(e, key)
    .map(todoOf)
    .filter((t): t is EventTodo => t !== null);
}
