import { emptyState, type SessionState, type TodoState } from '../../../../shared/agent/sessionState';
import type { AgentSessionDetail, AgentTodo } from '../../../../shared/contract';

/**
 * The board's copy of a session's replayed state (src/shared/agent/sessionState.ts) seeded from what
 * `agent.get` answers, so the log's events can be applied on top of it with the shared reducer. What the
 * snapshot does not carry (each TODO's cost and its verdicts so far) is kept from the previous copy,
 * matched by TODO id.
 */

/** A TODO as agent.get (or plan_approval_requested) shows it, as the replay's state. */
export function todoFromView(t: AgentTodo, prev?: TodoState): TodoState {
  const verdicts = prev?.verdicts ?? [];
  const last = verdicts.at(-1);
  const v = t.lastVerdict;
  const known = !!v && !!last && last.approved === v.approved && last.confidence === v.confidence && last.feedback === v.feedback;
  return {
    id: t.id,
    description: t.description,
    expectedResult: t.expectedResult,
    status: t.status,
    result: t.result,
    // seq 0: a verdict the snapshot told, not an event this window saw.
    verdicts: !v ? [] : known ? verdicts : [...verdicts, { seq: 0, ts: '', ...v }],
    rejections: t.rejections,
    toolCalls: t.toolCalls,
    checkpointIds: [...t.checkpointIds],
    tokensIn: t.tokensIn,
    tokensOut: t.tokensOut,
    costUsd: prev?.costUsd ?? 0,
    recentTools: [],
    assessment: t.assessment ?? null,
    tick: t.tick ?? null,
    failureHandled: t.failureHandled ?? null,
    createdAt: t.createdAt ?? prev?.createdAt ?? null,
    completedAt: t.completedAt ?? null,
  };
}

export function todosFromView(todos: readonly AgentTodo[], prev: readonly TodoState[]): TodoState[] {
  const old = new Map(prev.map((t) => [t.id, t]));
  return todos.map((t) => todoFromView(t, old.get(t.id)));
}

export function stateFromDetail(d: AgentSessionDetail, prev: SessionState | null): SessionState {
  const planned = d.todos.length > 0;
  return {
    ...emptyState(),
    sessionId: d.sessionId,
    task: d.task,
    mode: d.mode,
    model: d.model,
    status: d.status,
    statusReason: d.statusReason,
    statusReasonWords: d.statusReasonWords ?? null,
    phase: d.phase,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    plan: { proposed: planned, awaitingApproval: d.planAwaitingApproval, approved: planned && !d.planAwaitingApproval, feedback: null },
    todos: todosFromView(d.todos, prev?.todos ?? []),
    finalVerdict: d.finalVerdict ? { seq: 0, ts: '', ...d.finalVerdict } : null,
    summary: d.summary,
    round: d.round ?? 1,
    roundTask: d.roundTask ?? d.task,
    earlierRounds: (d.rounds ?? []).map((r) => ({ ...r, todos: r.todos.map((t) => ({ ...t })), files: [...r.files] })),
    totals: { ...d.totals, rollbacks: prev?.totals.rollbacks ?? 0 },
    lastSeq: d.lastSeq,
    lastConsistentSeq: d.lastSeq,
  };
}
