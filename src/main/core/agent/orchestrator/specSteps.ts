import { currentTodo, type SessionState, type TodoState } from '../../sessions';
import { AkiraError } from '../../errors';
import { tickParentsAt, tickTaskAt } from '../../specs/specFiles';
import { assessTask } from './specAssess';
import { titleOfTodo } from './specPlan';
import { finalStep, questionStep, type Answer, type QuestionInfo } from './sessionSteps';
import { completeSession, takeCheckpoint, type SessionRuntime } from './sessionRuntime';
import { oneLine } from './text';
import { plainWords, sessionReasons } from '../../../../shared/errors';
import type { WaitSlot } from './userWait';
import { counted } from '../../../../shared/i18n/plural';

/**
 * The steps only spec sessions take (agentSession.ts asks `specStep` first; when it answers false the
 * ordinary loop goes on: execute, verify, approvals, crash recovery). From the replayed state, in order:
 *
 * 1. no checkpoint yet          → the session's start checkpoint (there is no plan step to take it)
 * 2. a TODO done, not ticked     → tick its box in tasks.md (number + title, in the file as it is now), then
 *                                  its parents whose sub-tasks are all done; a task that ran gets its end
 *                                  checkpoint (its phase: start checkpoint … end checkpoint)
 * 3. a TODO failed, not handled  → agent.spec.onFailure: ask (retry / skip / edit / stop), rollback (its files
 *                                  back to its start checkpoint, rollbacks.md, then go on) or continue
 * 4. the next TODO not judged    → the decision engine (specAssess.ts)
 * 5. nothing left, and a task failed or none ran → the end (failed, or completed without a final check:
 *                                  nothing changed to check)
 * Every step is an event in the log, so a session resumed after a crash picks up where it was.
 */

const startTried = new WeakSet<SessionRuntime>();
const judged = (t: TodoState) => t.assessment?.judgedDone === true;
/** The final review's follow-ups (`review-1`, …) are TODOs of the session, not tasks of the spec. */
export const isSpecTask = (t: Pick<TodoState, 'id'>) => !t.id.startsWith('review-');

export async function specStep(rt: SessionRuntime, questions: WaitSlot<Answer, QuestionInfo>): Promise<boolean> {
  const state = rt.handle.state();
  if (state.status === 'completed' || state.status === 'failed' || state.status === 'stopped') return false;
  if (state.approvedChanges.length || state.pendingChanges.length) return false;
  const fresh = state.todos.every((t) => t.status === 'pending' && !t.assessment);
  if (!state.checkpoints.length && fresh && rt.checkpoints) {
    // Tried once per run: when it fails (a warning says why) the session goes on without it.
    if (!startTried.has(rt)) {
      startTried.add(rt);
      await takeCheckpoint(rt, null, 'start of the session', true);
      return true;
    }
  }
  const unticked = state.todos.find((t) => t.status === 'done' && !t.tick && isSpecTask(t));
  if (unticked) {
    await tickStep(rt, unticked);
    return true;
  }
  const failed = state.todos.find((t) => t.status === 'failed' && !t.failureHandled);
  if (failed) {
    await failureStep(rt, failed, questions);
    return true;
  }
  const todo = currentTodo(state);
  if (todo) {
    if (todo.status === 'pending' && !todo.assessment && isSpecTask(todo)) {
      await assessTask(rt, todo);
      return true;
    }
    return false;
  }
  return endStep(rt, state);
}

async function tickStep(rt: SessionRuntime, todo: TodoState): Promise<void> {
  const spec = rt.spec!;
  let ok = true;
  let message: string | undefined;
  let parents: string[] = [];
  try {
    const r = await tickTaskAt(rt.root, spec.tasksPath, { id: todo.id, title: titleOfTodo(todo) }, 'done');
    parents = await tickParentsAt(rt.root, spec.tasksPath);
    if (r.changed || parents.length) spec.changed();
  } catch (err) {
    if (!(err instanceof AkiraError)) throw err;
    ok = false;
    message = `${err.message} The task is done; tick it by hand.`;
    rt.notice('warning', { message: `Task ${todo.id} is done but its box in ${spec.tasksPath} could not be ticked: ${err.message}` });
  }
  await rt.handle.append({ type: 'spec_ticked', todoId: todo.id, ok, ...(message ? { message } : {}), parents });
  if (!judged(todo)) await takeCheckpoint(rt, todo.id, `end of task ${todo.id}: ${oneLine(titleOfTodo(todo), 80)}`, true);
}

async function failureStep(rt: SessionRuntime, todo: TodoState, questions: WaitSlot<Answer, QuestionInfo>): Promise<void> {
  const action = rt.spec!.settings.onFailure;
  if (action === 'ask') return questionStep(rt, todo, questions);
  if (action === 'continue') {
    await rt.handle.append({ type: 'todo_failure_handled', todoId: todo.id, action: 'continue' });
    return;
  }
  const start = todo.checkpointIds[0];
  if (!rt.checkpoints || !start) {
    rt.notice('warning', { message: `Task ${todo.id} failed and has no start checkpoint to roll back to; its changes are kept.` });
    await rt.handle.append({ type: 'todo_failure_handled', todoId: todo.id, action: 'continue' });
    return;
  }
  // Only the files that changed since the task started, and never tasks.md (the user may have edited it meanwhile).
  const diff = await rt.checkpoints.diff(start, 'now');
  const paths = diff.files.map((f) => f.path).filter((p) => p !== rt.spec!.tasksPath);
  let files: string[] = [];
  let safety: string | null = null;
  if (paths.length) {
    const r = await rt.checkpoints.restore(start, { paths });
    files = [...r.created, ...r.modified, ...r.deleted];
    safety = r.beforeCheckpointId;
  }
  await rt.handle.append({ type: 'rollback', checkpointId: start, mode: 'files', files, safetyCheckpointId: safety });
  await rt.handle.append({ type: 'todo_failure_handled', todoId: todo.id, action: 'rollback', checkpointId: start });
}

/** What a spec session did, for its end (the model's own `complete` summary wins). */
function specSummary(state: SessionState, tasksPath: string): string {
  const ran = state.todos.filter((t) => t.status === 'done' && !judged(t) && isSpecTask(t)).map((t) => t.id);
  const already = state.todos.filter(judged).map((t) => t.id);
  const skipped = state.todos.filter((t) => t.status === 'skipped').map((t) => t.id);
  const parts = [`Task${ran.length === 1 ? '' : 's'} ${ran.join(', ')} done and verified`];
  if (already.length) parts.push(`${already.join(', ')} already done (judged)`);
  if (skipped.length) parts.push(`${skipped.join(', ')} skipped`);
  return `${parts.join('; ')}; ticked in ${tasksPath}.`;
}

async function endStep(rt: SessionRuntime, state: SessionState): Promise<boolean> {
  const failed = state.todos.filter((t) => t.status === 'failed');
  if (failed.length) {
    const how = (t: TodoState) => `${t.id}${t.failureHandled === 'rollback' ? ' (rolled back)' : ''}`;
    const reason = `Task${failed.length === 1 ? '' : 's'} ${failed.map(how).join(', ')} failed; the other tasks were done (agent.spec.onFailure "${rt.spec!.settings.onFailure}").`;
    // In words when no task was rolled back (the words do not say "(rolled back)"): the English stays as it was.
    const words = failed.some((t) => t.failureHandled === 'rollback') ? null : sessionReasons.specTasksFailed(failed.length, failed.map((t) => t.id).join(', '), rt.spec!.settings.onFailure);
    await rt.handle.append({ type: 'session_failed', reason, ...(words && words.en === reason ? { reasonWords: plainWords(words) } : {}) });
    return true;
  }
  if (state.todos.every((t) => judged(t) || t.status === 'skipped')) {
    const n = state.todos.filter(judged).length;
    const skipped = state.todos.length - n;
    await completeSession(
      rt,
      `${counted(n, 'task was', 'tasks were')} already done (judged done and ticked)${skipped ? `, ${skipped} skipped` : ''}; nothing ran, so there was nothing to check.`,
    );
    return true;
  }
  if (state.finalVerdict?.approved) return false;
  rt.summary ??= specSummary(state, rt.spec!.tasksPath);
  await finalStep(rt);
  return true;
}
