import { describe, expect, it } from 'vitest';
import type { AgentSessionSummary } from '../../../../shared/contract';
import { nestSessions } from './sessionNesting';

const session = (sessionId: string, createdAt: string, parentId?: string): AgentSessionSummary => ({
  sessionId,
  task: sessionId,
  mode: 'code-dev',
  model: 'm',
  status: 'completed',
  phase: 'done',
  createdAt,
  updatedAt: createdAt,
  progress: { done: 0, total: 0 },
  totals: { tokensIn: 0, tokensOut: 0, costUsd: null, modelCalls: 0 },
  live: false,
  ...(parentId ? { parentId } : {}),
});

describe('nestSessions', () => {
  it('puts sub-tasks under their parent, one level deeper each, in the order they started', () => {
    // agent.list: newest first.
    const list = [session('b', '2026-01-01T00:05:00Z'), session('grand', '2026-01-01T00:04:00Z', 'kid2'), session('kid2', '2026-01-01T00:03:00Z', 'a'), session('kid1', '2026-01-01T00:02:00Z', 'a'), session('a', '2026-01-01T00:01:00Z')];
    expect(nestSessions(list).map((n) => [n.session.sessionId, n.depth])).toEqual([
      ['b', 0],
      ['a', 0],
      ['kid1', 1],
      ['kid2', 1],
      ['grand', 2],
    ]);
  });

  it('shows a sub-task whose parent is not listed, and a loop of parents, at the top level', () => {
    const list = [session('orphan', '2026-01-01T00:03:00Z', 'gone'), session('x', '2026-01-01T00:02:00Z', 'y'), session('y', '2026-01-01T00:01:00Z', 'x')];
    const nested = nestSessions(list);
    expect(nested.map((n) => n.session.sessionId).sort()).toEqual(['orphan', 'x', 'y']);
    expect(nested.find((n) => n.session.sessionId === 'orphan')!.depth).toBe(0);
  });
});
