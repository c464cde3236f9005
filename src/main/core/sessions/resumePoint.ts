import { currentTodo, type ChangeState, type InFlightCall, type SessionState, type TodoState } from '../../../shared/agent/sessionReplay';

/**
 * Where a resumed session picks up, from its replayed state (the orchestrator decides what each
 * means; this only reads the board):
 * - `finished`: completed, failed or stopped;
 * - `plan`: no plan yet, or the user rejected it (`plan.feedback`);
 * - `plan_approval`: a plan waits for the user;
 * - `apply_changes`: changes were approved but not applied when the process ended;
 * - `change_approvals`: proposed changes wait for a decision (ask again);
 * - `todo`: work on this TODO (`lostCalls`: tool calls that were in flight and have no result);
 * - `failed_todo`: a TODO failed: ask the user (retry, skip, edit, stop);
 * - `final_check`: every TODO is done or skipped and the whole-task check has not approved yet.
 */
export type ResumePoint =
  | { kind: 'finished' }
  | { kind: 'plan' }
  | { kind: 'plan_approval' }
  | { kind: 'apply_changes'; changes: ChangeState[] }
  | { kind: 'change_approvals'; changes: ChangeState[] }
  | { kind: 'todo'; todo: TodoState; lostCalls: InFlightCall[] }
  | { kind: 'failed_todo'; todo: TodoState }
  | { kind: 'final_check' };

export function resumePoint(state: SessionState): ResumePoint {
  if (state.status === 'completed' || state.status === 'failed' || state.status === 'stopped') return { kind: 'finished' };
  if (state.plan.awaitingApproval) return { kind: 'plan_approval' };
  if (!state.plan.proposed || (!state.plan.approved && state.plan.feedback !== null) || state.todos.length === 0) {
    return { kind: 'plan' };
  }
  if (state.approvedChanges.length) return { kind: 'apply_changes', changes: state.approvedChanges };
  if (state.pendingChanges.length) return { kind: 'change_approvals', changes: state.pendingChanges };
  const todo = currentTodo(state);
  if (todo) return { kind: 'todo', todo, lostCalls: state.inFlight.filter((c) => c.todoId === todo.id || c.todoId === null) };
  const failed = state.todos.find((t) => t.status === 'failed');
  if (failed) return { kind: 'failed_todo', todo: failed };
  return state.finalVerdict?.approved ? { kind: 'finished' } : { kind: 'final_check' };
}
