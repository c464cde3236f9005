import type { Todo, TodoState } from '../../sessions';
import type { ModelToolCall } from '../model';
import { appliedEvidence, checkpointEvidence, type Evidence } from './changeEvidence';
import { buildExecuteContext, TASK_SHARE } from './contextBuilder';
import type { CallTool } from './modelCaller';
import { NO_TOOL_NUDGE } from './prompts';
import { PauseSession, setStatus, takeCheckpoint, taskTextFor, type SessionRuntime } from './sessionRuntime';
import { dispatchChangeBatch, dispatchToolCall, writePathOf } from './toolDispatch';
import { verifyTodo } from './verifier';
import { editedPathsOf } from './sessionContext';
import { mcpCallTools } from './mcpCalls';
import { formatDiagnostics } from '../../diagnostics/formatDiagnostics';
import { sessionReasons } from '../../../../shared/errors';

/**
 * The work on one TODO:
 *   startTodo(rt, todo)          pending → in_progress, and a baseline checkpoint (what "changed for it" is measured from)
 *   executeTurn(rt, todo, tools) one ReAct step: fresh context → model → its tool calls in order → a checkpoint if files changed
 *   verifyCurrent(rt, todo)      the reviewer's verdict on a TODO the model said is done
 */

const todoFields = (t: Todo): Todo => ({ id: t.id, description: t.description, expectedResult: t.expectedResult, status: t.status, result: t.result });

export async function startTodo(rt: SessionRuntime, todo: TodoState): Promise<void> {
  await rt.handle.append({ type: 'todo_updated', todo: { ...todoFields(todo), status: 'in_progress' } });
  rt.baselines.set(todo.id, await takeCheckpoint(rt, todo.id, `start of TODO ${todo.id}`, true));
}

export async function executeTurn(rt: SessionRuntime, todo: TodoState, tools: CallTool[]): Promise<void> {
  const loops = (rt.counters.loops.get(todo.id) ?? 0) + 1;
  if (loops > rt.limits.maxToolLoopsPerTodo) {
    throw new PauseSession(sessionReasons.todoTurnsUsed(todo.id, rt.limits.maxToolLoopsPerTodo));
  }
  rt.counters.loops.set(todo.id, loops);
  const state = rt.handle.state();
  const current = state.todos.find((t) => t.id === todo.id) ?? todo;
  const gathered = await rt.context.forCall({ editedPaths: editedPathsOf(current), messages: state.userMessages });
  // Images an MCP tool answered go with this call (once).
  const toolImages = rt.toolImages.get(todo.id) ?? [];
  rt.toolImages.delete(todo.id);
  if (toolImages.length) gathered.project = { ...gathered.project, images: [...gathered.project.images, ...toolImages] };
  const context = buildExecuteContext({
    modePrompt: rt.modePrompt,
    task: await taskTextFor(rt, todo.id, rt.settings.contextTokens * 4 * TASK_SHARE),
    todos: state.todos,
    current,
    userMessages: gathered.messages,
    project: gathered.project,
    notes: rt.notes.get(todo.id) ?? [],
    jsonMode: rt.caller.jsonMode,
    budgetTokens: rt.settings.contextTokens,
  });
  const offered = [...tools, ...mcpCallTools(rt)];
  const reply = await rt.caller.call({ phase: 'execute', todoId: todo.id, messages: context.messages, tools: offered, toolChoice: 'auto', signal: rt.interrupt });
  if (state.userMessages.length) await rt.handle.append({ type: 'user_messages_consumed', messageIds: state.userMessages.map((m) => m.messageId) });
  rt.notes.delete(todo.id);
  if (reply.text.trim()) rt.notice('assistant_message', { todoId: todo.id, text: reply.text.trim() });
  if (!reply.toolCalls.length) {
    rt.notes.set(todo.id, [NO_TOOL_NUDGE]);
    return;
  }
  const appliedBefore = rt.applied.get(todo.id)?.length ?? 0;
  let applied = false;
  for (let i = 0; i < reply.toolCalls.length; i++) {
    if (rt.interrupt.aborted) break; // pause/stop: the calls not started yet are dropped
    const batch = changeBatchAt(reply.toolCalls, i);
    const r = batch.length > 1 ? await dispatchChangeBatch(rt, batch, current) : await dispatchToolCall(rt, reply.toolCalls[i], current);
    i += Math.max(0, batch.length - 1);
    applied ||= r.applied;
    if (r.next === 'verify') {
      // A `complete` in the same reply carries the summary for the end of the session.
      const complete = reply.toolCalls.slice(i + 1).find((c) => c.name === 'complete');
      if (complete?.arguments && typeof complete.arguments.summary === 'string') rt.summary = complete.arguments.summary;
      break;
    }
    if (r.next === 'stop') break;
  }
  if (applied) {
    const paths = [...new Set((rt.applied.get(todo.id) ?? []).slice(appliedBefore).map((c) => c.path))];
    const shown = paths.slice(0, 3).join(', ') + (paths.length > 3 ? ` and ${paths.length - 3} more` : '');
    await takeCheckpoint(rt, todo.id, `TODO ${todo.id}: ${shown}`);
  }
}

/** The write calls on different files that follow each other from `start` (one batch to review). */
function changeBatchAt(calls: readonly ModelToolCall[], start: number): ModelToolCall[] {
  const batch: ModelToolCall[] = [];
  const paths = new Set<string>();
  for (let i = start; i < calls.length; i++) {
    const path = writePathOf(calls[i]);
    if (path === null || paths.has(path)) break;
    paths.add(path);
    batch.push(calls[i]);
  }
  return batch;
}

async function evidenceFor(rt: SessionRuntime, todo: TodoState, maxChars: number): Promise<Evidence> {
  // The TODO's start checkpoint; after a restart, its first checkpoint (the start one unless that failed).
  const baseline = rt.baselines.has(todo.id) ? rt.baselines.get(todo.id) : todo.checkpointIds[0];
  if (rt.checkpoints && baseline) {
    try {
      return await checkpointEvidence({ checkpoints: rt.checkpoints, root: rt.root, from: baseline, maxChars });
    } catch (err) {
      rt.notice('warning', { message: `The checkpoint diff for TODO ${todo.id} failed (${(err as Error).message}); the reviewer sees the applied changes instead.` });
    }
  }
  return appliedEvidence(rt.applied.get(todo.id) ?? [], maxChars);
}

/**
 * The checkers' problems in the files a TODO changed, for the reviewer: only checkers the policy runs without
 * asking (no one is asked during a review); null when none ran or nothing changed.
 */
async function problemsIn(rt: SessionRuntime, paths: readonly string[]): Promise<string | null> {
  if (!rt.context.diagnostics || !paths.length) return null;
  try {
    const report = await rt.context.diagnostics({ paths: [...paths], signal: rt.interrupt });
    if (!report.checkers.some((c) => c.status !== 'skipped')) return null;
    return formatDiagnostics(report, { maxChars: 6000 });
  } catch (err) {
    if (rt.interrupt.aborted) throw err;
    rt.notice('warning', { message: `The checkers could not run for the review (${(err as Error).message}).` });
    return null;
  }
}

export async function verifyCurrent(rt: SessionRuntime, todo: TodoState): Promise<void> {
  await setStatus(rt, 'running', undefined, 'verify');
  const budget = rt.settings.contextTokens;
  const evidence = await evidenceFor(rt, todo, Math.floor(budget * 4 * 0.45));
  const commands = todo.recentTools.filter((t) => t.tool === 'run_command').map((t) => ({ input: t.input, summary: t.summary, isError: t.isError }));
  const problems = await problemsIn(rt, evidence.paths);
  const verdict = await verifyTodo({
    caller: rt.caller,
    task: await taskTextFor(rt, todo.id, Math.floor(budget * 4 * 0.1)),
    todo,
    claimed: todo.result,
    changes: evidence.text,
    commands,
    problems,
    rules: await rt.context.rulesText(editedPathsOf(todo)),
    budgetTokens: budget,
    signal: rt.interrupt,
  });
  const since = todo.rejections - (rt.retryBase.get(todo.id) ?? 0) + (verdict.approved ? 0 : 1);
  const failed = !verdict.approved && since > rt.limits.maxRetriesPerTodo;
  await rt.handle.append({
    type: 'verification',
    todoId: todo.id,
    approved: verdict.approved,
    confidence: verdict.confidence,
    feedback: verdict.feedback,
    ...(failed ? { nextStatus: 'failed' as const } : {}),
  });
  if (verdict.approved || failed) rt.counters.loops.delete(todo.id);
  await setStatus(rt, 'running', undefined, 'execute');
}
