import type { AgentTodo } from '../../../../shared/contract/agent';
import { modelTask } from './roundContext';
import { todoView } from '../../../../shared/agent/sessionView';
import type { ChangeState, InFlightCall, SessionState, Todo, TodoState } from '../../sessions';
import { formatToolError, todoStatus, ToolError, type TodoWriteParams } from '../tools';
import { appliedEvidence, checkpointEvidence } from './changeEvidence';
import { applyDecided, newId, settleChanges } from './changeFlow';
import { buildPlanContext, TASK_SHARE } from './contextBuilder';
import type { CallTool } from './modelCaller';
import { planTodos } from './planTodos';
import { NO_PLAN_NUDGE } from './prompts';
import { completeSession, PauseSession, setStatus, takeCheckpoint, type SessionRuntime } from './sessionRuntime';
import { oneLine } from './text';
import type { WaitSlot } from './userWait';
import { verifyTask } from './verifier';
import { plainWords, sessionReasons } from '../../../../shared/errors';
import { counted } from '../../../../shared/i18n/plural';

/**
 * The loop's steps other than the work on a TODO (todoStep.ts): planning and its approval, changes
 * left undecided or unapplied by a crash, a failed TODO's question, and the final check.
 */

export interface PlanDecision {
  approved: boolean;
  todos?: { id?: string; description: string; expectedResult: string }[];
  feedback?: string;
}

export interface QuestionInfo {
  questionId: string;
  todoId: string;
  text: string;
  options: ('retry' | 'skip' | 'edit' | 'stop')[];
}

export interface Answer {
  questionId: string;
  choice: 'retry' | 'skip' | 'edit' | 'stop';
  todo?: { description?: string; expectedResult?: string };
}

const PLAN_TRIES = 3;
const todoFields = (t: Todo): Todo => ({ id: t.id, description: t.description, expectedResult: t.expectedResult, status: t.status, result: t.result });

async function consumeMessages(rt: SessionRuntime, state: SessionState): Promise<void> {
  if (state.userMessages.length) await rt.handle.append({ type: 'user_messages_consumed', messageIds: state.userMessages.map((m) => m.messageId) });
}

export async function planStep(rt: SessionRuntime, planTool: CallTool): Promise<void> {
  await setStatus(rt, 'planning', undefined, 'plan');
  let notes: string[] = [];
  let last = '';
  for (let i = 0; i < PLAN_TRIES; i++) {
    const state = rt.handle.state();
    const gathered = await rt.context.forCall({ messages: state.userMessages });
    const context = buildPlanContext({
      modePrompt: rt.modePrompt,
      task: modelTask(state, Math.floor(rt.settings.contextTokens * 4 * TASK_SHARE)),
      userMessages: gathered.messages,
      project: gathered.project,
      planFeedback: state.plan.feedback,
      notes,
      budgetTokens: rt.settings.contextTokens,
    });
    const reply = await rt.caller.call({ phase: 'plan', todoId: null, messages: context.messages, tools: [planTool], toolChoice: { name: planTool.name }, signal: rt.interrupt });
    // The first checkpoint was taken while the model planned (issue 30); it is logged before the plan, so that going
    // back to the start of the session (rewind, fork) goes back before the plan.
    await rt.firstSnapshot;
    await consumeMessages(rt, state);
    if (reply.text.trim()) rt.notice('assistant_message', { todoId: null, text: reply.text.trim() });
    const call = reply.toolCalls.find((c) => c.name === planTool.name);
    if (!call) {
      notes = [NO_PLAN_NUDGE];
      last = 'no todo_write call';
      continue;
    }
    let todos: Todo[];
    try {
      if (call.parseError) throw new ToolError('bad_request', `The todo_write arguments could not be used: ${call.parseError}`);
      const params = rt.registry.parse(planTool.name, call.arguments ?? {}).params as TodoWriteParams;
      todos = planTodos(params.todos, [], rt.limits.maxTasksPerSession);
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      last = err.message;
      notes = [`Your todo_write was refused:\n${formatToolError(err)}`];
      continue;
    }
    const needsApproval = rt.settings.requirePlanApproval;
    await rt.handle.append({ type: 'plan_proposed', todos, needsApproval });
    if (needsApproval) await setStatus(rt, 'awaiting_plan_approval', sessionReasons.planWaits, 'plan');
    else await setStatus(rt, 'running', undefined, 'execute');
    return;
  }
  throw new PauseSession(sessionReasons.noUsablePlan(PLAN_TRIES, oneLine(last, 300)));
}

export async function planApprovalStep(rt: SessionRuntime, slot: WaitSlot<PlanDecision, { todos: AgentTodo[] }>): Promise<void> {
  const state = rt.handle.state();
  await setStatus(rt, 'awaiting_plan_approval', sessionReasons.planWaits, 'plan');
  const todos = state.todos.map(todoView);
  const waiting = slot.wait({ todos }, rt.interrupt);
  rt.notice('plan_approval_requested', { todos });
  const decision = await waiting;
  if (decision.approved) {
    const edited = decision.todos ? planTodos(decision.todos, [], rt.limits.maxTasksPerSession) : undefined;
    await rt.handle.append({ type: 'plan_approved', ...(edited ? { todos: edited } : {}), by: 'user' });
    await setStatus(rt, 'running', undefined, 'execute');
  } else {
    await rt.handle.append({ type: 'plan_rejected', feedback: decision.feedback ?? '' });
    await setStatus(rt, 'planning', undefined, 'plan');
  }
}

async function finishCall(rt: SessionRuntime, callId: string | null, todoId: string | null, tool: string, text: string, isError: boolean): Promise<void> {
  if (!callId) return;
  if (!rt.handle.state().inFlight.some((c) => c.callId === callId)) return;
  await rt.handle.append({ type: 'tool_call_finished', callId, todoId, tool, summary: text, isError });
}

const toolOf = (state: SessionState, callId: string | null) => state.inFlight.find((c) => c.callId === callId)?.tool ?? 'write_file';

/** Changes a person approved but the process ended before they were written. */
export async function applyLeftChanges(rt: SessionRuntime, changes: ChangeState[]): Promise<void> {
  let applied = false;
  for (const c of changes) {
    const tool = toolOf(rt.handle.state(), c.callId);
    const outcome = await applyDecided(rt, c, c.finalAfter, c.decision === 'edited');
    applied ||= outcome.applied;
    await finishCall(rt, c.callId, c.todoId, tool, outcome.text, outcome.isError);
  }
  if (applied) await takeCheckpoint(rt, changes[0].todoId, 'changes approved before the restart');
}

/** Changes proposed and not decided when the process ended: asked again. */
export async function decideLeftChanges(rt: SessionRuntime, changes: ChangeState[]): Promise<void> {
  const outcomes = await settleChanges(
    rt,
    changes.map((c) => ({ changeId: c.changeId, callId: c.callId, todoId: c.todoId, change: c.change })),
  );
  for (const [i, c] of changes.entries()) {
    await finishCall(rt, c.callId, c.todoId, toolOf(rt.handle.state(), c.callId), outcomes[i].text, outcomes[i].isError);
  }
  if (outcomes.some((o) => o.applied)) await takeCheckpoint(rt, changes[0].todoId, 'changes decided after the restart');
}

/** Tool calls that were running when the process ended: the model is told, and may run them again. */
export async function closeLostCalls(rt: SessionRuntime, calls: InFlightCall[]): Promise<void> {
  for (const c of calls) {
    await finishCall(rt, c.callId, c.todoId, c.tool, 'Interrupted: Akira stopped while this call ran, so its result is unknown. Check the state (read files, run checks) and run it again if it is still needed.', true);
  }
}

export async function questionStep(rt: SessionRuntime, todo: TodoState, slot: WaitSlot<Answer, QuestionInfo>): Promise<void> {
  const last = todo.verdicts.at(-1);
  const why = last && !last.approved ? `the reviewer rejected it ${counted(todo.rejections, 'time', 'times')}; last: ${oneLine(last.feedback, 300)}` : oneLine(todo.result ?? 'the agent gave up', 300);
  const question: QuestionInfo = {
    questionId: newId('q'),
    todoId: todo.id,
    text: `TODO ${todo.id} failed (${why}). Retry it, skip it, edit it and retry, or stop the session?`,
    options: ['retry', 'skip', 'edit', 'stop'],
  };
  await setStatus(rt, 'waiting_approval', sessionReasons.todoFailedAsk(todo.id));
  const waiting = slot.wait(question, rt.interrupt);
  rt.notice('question', { ...question });
  const answer = await waiting;
  rt.notice('question_answered', { questionId: question.questionId, todoId: todo.id, choice: answer.choice });
  if (answer.choice === 'stop') {
    const stopped =
      last && !last.approved
        ? sessionReasons.todoRejectedStopped(todo.id, todo.rejections, oneLine(last.feedback, 300))
        : todo.result !== null && todo.result !== undefined
          ? sessionReasons.todoFailedStopped(todo.id, oneLine(todo.result, 300))
          : sessionReasons.todoGaveUpStopped(todo.id);
    await rt.handle.append({ type: 'session_failed', reason: stopped.en, reasonWords: plainWords(stopped) });
    return;
  }
  if (answer.choice === 'skip') {
    await rt.handle.append({ type: 'todo_updated', todo: { ...todoFields(todo), status: 'skipped' } });
  } else {
    rt.retryBase.set(todo.id, todo.rejections);
    rt.counters.loops.delete(todo.id);
    const edit = answer.choice === 'edit' ? answer.todo ?? {} : {};
    await rt.handle.append({
      type: 'todo_updated',
      todo: { ...todoFields(todo), description: edit.description ?? todo.description, expectedResult: edit.expectedResult ?? todo.expectedResult, status: 'in_progress' },
    });
  }
  await setStatus(rt, 'running', undefined, 'execute');
}

function defaultSummary(state: SessionState): string {
  const done = state.todos.filter((t) => t.status === 'done');
  const skipped = state.todos.length - done.length;
  return `${counted(done.length, 'TODO', 'TODOs')} done${skipped ? `, ${skipped} skipped` : ''}: ${done.map((t) => oneLine(t.description, 80)).join('; ')}`;
}

export async function finalStep(rt: SessionRuntime): Promise<void> {
  await setStatus(rt, 'running', undefined, 'final_check');
  const state = rt.handle.state();
  const maxChars = Math.floor(rt.settings.contextTokens * 4 * 0.45);
  // The round's own start (a follow-up checks what it changed), else the session's.
  const baseline = (state.checkpoints.find((c) => c.todoId === null && c.seq > state.roundStartSeq) ?? state.checkpoints.find((c) => c.todoId === null))?.checkpointId;
  let changes: string | null = null;
  if (rt.checkpoints && baseline) {
    changes = await checkpointEvidence({ checkpoints: rt.checkpoints, root: rt.root, from: baseline, maxChars })
      .then((e) => e.text)
      .catch(() => null);
  }
  changes ??= appliedEvidence([...rt.applied.values()].flat(), maxChars).text;
  const verdict = await verifyTask({
    caller: rt.caller,
    task: modelTask(state, Math.floor(rt.settings.contextTokens * 4 * 0.15)),
    todos: state.todos,
    summary: rt.summary,
    changes,
    rules: await rt.context.rulesText(),
    budgetTokens: rt.settings.contextTokens,
    signal: rt.interrupt,
  });
  await rt.handle.append({ type: 'verification', todoId: 'task', approved: verdict.approved, confidence: verdict.confidence, feedback: verdict.feedback });
  if (verdict.approved) {
    await completeSession(rt, rt.summary ?? defaultSummary(state));
    return;
  }
  const rounds = state.todos.filter((t) => t.id.startsWith('review-')).length;
  if (rounds >= rt.limits.maxRetriesPerTodo) {
    const failed = sessionReasons.finalRejected(rounds + 1, oneLine(verdict.feedback, 500));
    await rt.handle.append({ type: 'session_failed', reason: failed.en, reasonWords: plainWords(failed) });
    return;
  }
  const todo: Todo = {
    id: `review-${rounds + 1}`,
    description: `Address the final review of the whole task: ${verdict.feedback}`,
    expectedResult: `The final reviewer's concerns are resolved: ${verdict.feedback}`,
    status: todoStatus.enum.pending,
    result: null,
  };
  await rt.handle.append({ type: 'todo_added', todo });
  await setStatus(rt, 'running', undefined, 'execute');
}
