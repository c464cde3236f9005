import type { AgentTodo, SessionWorktreeT } from './agentShapes';
import type { SessionState, TodoState, Verdict } from './sessionState';

/**
 * What `agent.get` shows of a replayed session state: the core answers it from its state, and the board
 * derives the same from its own copy (renderer features/board), so both read one replay the same way.
 */

/** Who and what a session is, in the order session.md's front matter and agent.get list it. */
export function headerView(s: SessionState) {
  return {
    sessionId: s.sessionId,
    task: s.task,
    mode: s.mode,
    model: s.model,
    status: s.status,
    phase: s.phase,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export function verdictView(v: Verdict | null | undefined): AgentTodo['lastVerdict'] {
  return v ? { approved: v.approved, confidence: v.confidence, feedback: v.feedback } : null;
}

export function todoView(t: TodoState): AgentTodo {
  return {
    id: t.id,
    description: t.description,
    expectedResult: t.expectedResult,
    status: t.status,
    result: t.result,
    rejections: t.rejections,
    lastVerdict: verdictView(t.verdicts.at(-1)),
    checkpointIds: t.checkpointIds,
    toolCalls: t.toolCalls,
    tokensIn: t.tokensIn,
    tokensOut: t.tokensOut,
    ...(t.assessment ? { assessment: t.assessment } : {}),
    ...(t.tick ? { tick: t.tick } : {}),
    ...(t.failureHandled ? { failureHandled: t.failureHandled } : {}),
    createdAt: t.createdAt ?? null,
    completedAt: t.completedAt ?? null,
  };
}

/** A spec session's tasks.md (workspace-relative), from the options it was started with; null for a typed task. */
export function specPathOf(s: Pick<SessionState, 'options'>): string | null {
  const spec = s.options.spec as { tasksPath?: unknown } | undefined;
  return spec && typeof spec.tasksPath === 'string' ? spec.tasksPath : null;
}

/** A sub-task (issue 25, new_task): the session that started it; null for a session a person started. */
export function parentIdOf(s: Pick<SessionState, 'options'>): string | null {
  return typeof s.options.parentId === 'string' ? s.options.parentId : null;
}

/** How deep a sub-task is: 0 for a session a person started, 1 for its sub-task, and so on. */
export function taskDepthOf(s: Pick<SessionState, 'options'>): number {
  return typeof s.options.depth === 'number' && Number.isInteger(s.options.depth) && s.options.depth > 0 ? s.options.depth : 0;
}

/** The session's totals as agent.get answers them (rollbacks are not shown). */
export function totalsView(state: Pick<SessionState, 'totals'>) {
  const { tokensIn, tokensOut, costUsd, modelCalls, toolCalls, commands, fileModifications } = state.totals;
  return { tokensIn, tokensOut, costUsd, modelCalls, toolCalls, commands, fileModifications };
}

/** A worktree session's tree as agent.get/list and session.md show it (from session_started.options.worktree); null for the shared tree. */
export function worktreeView(s: Pick<SessionState, 'options' | 'worktreeEnd'>): SessionWorktreeT | null {
  const w = s.options.worktree as { branch?: unknown; path?: unknown; baseBranch?: unknown } | undefined;
  if (!w || typeof w.branch !== 'string' || typeof w.path !== 'string') return null;
  const end = s.worktreeEnd;
  return {
    branch: w.branch,
    path: w.path,
    baseBranch: typeof w.baseBranch === 'string' ? w.baseBranch : null,
    state: end ? end.state : 'active',
    mergeCommit: end?.state === 'merged' ? end.commit : null,
  };
}
