import { snapshotProtected, undoProtectedChanges, undoneNotice } from './protectedFiles';
import type { Todo, TodoState } from '../../sessions';
import type { ModelToolCall } from '../model';
import { formatToolError, ToolError, type CompleteParams, type NewTaskParams, type SwitchModeParams, type TodoWriteParams, type ToolContext, type UpdateTodoParams } from '../tools';
import { listModes, switchMode } from './modeSwitch';
import { newTask } from './subTask';
import { newId, settleChange, settleChanges, type ChangeRef } from './changeFlow';
import { callMcpTool } from './mcpCalls';
import { READ_RESOURCE_TOOL } from '../../mcp/mcpResults';
import { allowPrefixOf } from '../policy';
import { planTodos } from './planTodos';
import { PauseSession, setStatus, snapshotTaken, takeCheckpoint, type SessionRuntime } from './sessionRuntime';
import { cutMiddle, oneLine, summarizeArgs } from './text';
import { policyReasons, sessionReasons, wordsReason, type ErrorWords } from '../../../../shared/errors';
import { answerBlocked } from './sandboxBlocked';
import { appendCommandFinished } from './commandEvents';
import type { TerminalOwner } from '../../../../shared/contract';
import { shortSessionTitle } from '../../../../shared/agent/sessionTitle';

/**
 * One tool call of an execute turn, from `tool_call_started` to `tool_call_finished`:
 * - read tools run at once (or ask, when the policy does not auto-approve reads);
 * - write_file/edit_file/delete_file propose a change that goes through the gate (changeFlow.ts);
 * - run_command: the policy allows, asks or denies (deny wins); a command that changed files is
 *   followed by a checkpoint linked to the TODO;
 * - update_todo / todo_write / complete are the orchestrator's own, and so are list_modes / switch_mode (modeSwitch.ts)
 *   and new_task (subTask.ts: a child session whose summary is the result).
 * Failures the model can act on come back to it as tool results marked as errors, with a next step.
 *
 *   const r = await dispatchToolCall(rt, call, todo)  → {next: 'continue' | 'stop' | 'verify', applied}
 *   const r = await dispatchChangeBatch(rt, calls, todo)   consecutive write calls to different files of
 *     one reply: proposed together, so a person reviews the whole batch at once (changeFlow.settleChanges)
 *   `stop`: the rest of the reply is not run (a person rejected something, the TODO failed, the plan changed)
 */

export interface DispatchResult {
  next: 'continue' | 'stop' | 'verify';
  /** A change was applied (the turn ends with a checkpoint). */
  applied: boolean;
}

/** How much of a tool result the log keeps (it is also what later calls' context shows). */
export const RESULT_LOG_MAX = 8000;
const WRITE_TOOLS = new Set(['write_file', 'edit_file', 'delete_file']);

const todoFields = (t: Todo): Todo => ({ id: t.id, description: t.description, expectedResult: t.expectedResult, status: t.status, result: t.result });

/** Who a command's tab runs for (issue 27 defect 18): the session's short title and the TODO's number on the board. */
function commandOwner(rt: SessionRuntime, todo?: TodoState): TerminalOwner {
  const state = rt.handle.state();
  const at = todo ? state.todos.findIndex((t) => t.id === todo.id) : -1;
  return { sessionId: rt.sessionId, session: shortSessionTitle(state.task), todo: at >= 0 ? at + 1 : null };
}

function toolContext(rt: SessionRuntime, todo?: TodoState): ToolContext {
  const diagnostics = rt.context.diagnostics;
  const grants = rt.sandboxGrants;
  return {
    root: rt.root,
    rules: rt.rules,
    signal: rt.kill,
    // What the user allowed for this session on a sandbox card goes with every command; its tab names the session and TODO.
    runCommand: rt.runCommand ? (p) => rt.runCommand!({ ...p, owner: commandOwner(rt, todo), ...(grants ? { grant: grants.session } : {}) }) : undefined,
    // get_diagnostics: a checker the policy asks about is asked like a command (akira run --yes approves it).
    ...(diagnostics && todo ? { diagnostics: (input) => diagnostics({ ...input, ask: (command, reason, reasonWords) => askCommand(rt, todo, command, reason, reasonWords) }) } : {}),
  };
}

/** A person approves a command the policy asks about (a checker of get_diagnostics); true when approved. */
async function askCommand(rt: SessionRuntime, todo: TodoState, command: string, reason: string, reasonWords?: ErrorWords): Promise<boolean> {
  const words = reasonWords ? { reasonWords } : {};
  const approval = { changeId: newId('cmd'), kind: 'command' as const, todoId: todo.id, command: { command, destructive: false, reason, ...words } };
  await setStatus(rt, 'waiting_approval', sessionReasons.waitingChecker(oneLine(command, 120)));
  const decision = await rt.gate.decide(approval, { decision: 'ask', reason, ...words }, rt.interrupt);
  await setStatus(rt, 'running');
  return decision.decision !== 'rejected';
}

/** Before a write: the session's file-modification limit (counted from this run's start). */
export function checkFileLimit(rt: SessionRuntime, proposedAlready = 0): void {
  const done = rt.handle.state().totals.fileModifications - rt.counters.fileModificationsAtStart + proposedAlready;
  if (done >= rt.limits.maxFileModificationsPerSession) {
    throw new PauseSession(sessionReasons.fileLimit(rt.limits.maxFileModificationsPerSession));
  }
}

/** The call's `tool_call_finished` (its result as the log and later contexts keep it). */
async function appendFinished(rt: SessionRuntime, call: ModelToolCall, todo: TodoState, started: number, text: string, isError: boolean, more: FinishedWords = {}): Promise<void> {
  const { denied, errorWords } = more;
  await rt.handle.append({
    type: 'tool_call_finished',
    callId: call.id,
    todoId: todo.id,
    tool: call.name,
    summary: cutMiddle(text, RESULT_LOG_MAX),
    isError,
    durationMs: Math.round(performance.now() - started),
    ...(denied?.reason ? { deniedReason: denied.reason, ...(denied.reasonWords ? { deniedReasonWords: denied.reasonWords } : {}) } : {}),
    ...(errorWords ? { errorWords } : {}),
  });
}

export async function dispatchToolCall(rt: SessionRuntime, call: ModelToolCall, todo: TodoState): Promise<DispatchResult> {
  if (WRITE_TOOLS.has(call.name)) checkFileLimit(rt);
  const started = performance.now();
  await rt.handle.append({ type: 'tool_call_started', callId: call.id, todoId: todo.id, tool: call.name, input: summarizeArgs(call.arguments, call.rawArguments) });
  const finish = async (text: string, isError: boolean, next: DispatchResult['next'] = 'continue', applied = false, more?: FinishedWords): Promise<DispatchResult> => {
    await appendFinished(rt, call, todo, started, text, isError, more);
    return { next, applied };
  };
  try {
    if (call.parseError) {
      throw new ToolError('bad_request', `The arguments of ${call.name} could not be used: ${call.parseError}`, `Call ${call.name} again with one JSON object of parameters.`);
    }
    const args = call.arguments ?? {};
    switch (call.name) {
      case 'update_todo':
        return await updateTodo(rt, rt.registry.parse('update_todo', args).params as UpdateTodoParams, todo, finish);
      case 'todo_write': {
        if (rt.spec) {
          throw new ToolError('conflict', `This session runs the tasks of ${rt.spec.tasksPath}: they are the TODOs, and the plan cannot be rewritten.`, `Work on TODO ${todo.id} and call update_todo when it is done.`);
        }
        const params = rt.registry.parse('todo_write', args).params as TodoWriteParams;
        const todos = planTodos(params.todos, rt.handle.state().todos, rt.limits.maxTasksPerSession);
        await rt.handle.append({ type: 'plan_proposed', todos, needsApproval: false });
        return await finish(`The plan now has ${todos.length} TODOs.`, false, 'stop');
      }
      case 'complete': {
        const { summary } = rt.registry.parse('complete', args).params as CompleteParams;
        rt.summary = summary;
        const open = rt.handle.state().todos.filter((t) => t.status !== 'done' && t.status !== 'skipped');
        throw new ToolError('conflict', `Not every TODO is done yet (${open.map((t) => t.id).join(', ')}).`, `Finish TODO ${todo.id}: call update_todo with status "done" once its expected result is reached.`);
      }
      case 'run_command':
        return await runCommand(rt, call, todo, args, finish);
      case 'list_modes':
        rt.registry.parse('list_modes', args);
        return await listModes(rt, finish);
      case 'switch_mode':
        return await switchMode(rt, todo, rt.registry.parse('switch_mode', args).params as SwitchModeParams, finish);
      case 'new_task':
        return await newTask(rt, call, todo, rt.registry.parse('new_task', args).params as NewTaskParams, finish);
      default: {
        if (call.name.startsWith('mcp__') || call.name === READ_RESOURCE_TOOL) return await callMcpTool(rt, call, todo, finish);
        const { tool } = rt.registry.parse(call.name, args);
        if (tool.category === 'read' && rt.settings.askBeforeReads) {
          const approval = { changeId: newId('read'), kind: 'read' as const, todoId: todo.id, tool: { name: call.name, input: summarizeArgs(call.arguments, call.rawArguments) } };
          await setStatus(rt, 'waiting_approval', sessionReasons.waitingTool(call.name));
          const d = await rt.gate.decide(approval, { decision: 'ask', ...wordsReason(policyReasons.readsNotAuto) }, rt.interrupt);
          await setStatus(rt, 'running');
          if (d.decision === 'rejected') return await finish(`The user refused this read: ${d.reason ?? ''}`, true, 'stop');
        }
        const result = await rt.registry.execute(call.name, args, toolContext(rt, todo));
        if (!result.change) return await finish(result.text, false);
        const changeId = newId('ch');
        await rt.handle.append({ type: 'change_proposed', changeId, callId: call.id, todoId: todo.id, change: result.change });
        const outcome = await settleChange(rt, { changeId, callId: call.id, todoId: todo.id, change: result.change });
        return await finish(outcome.text, outcome.isError, outcome.rejectedByUser ? 'stop' : 'continue', outcome.applied, { errorWords: outcome.errorWords });
      }
    }
  } catch (err) {
    // Pause, stop and cancelled approvals unwind the turn: the call stays in flight and a resume settles it.
    if (!(err instanceof ToolError)) throw err;
    // The model reads the English; the tool card says the error's words in the person's language (issue 14).
    return finish(formatToolError(err), true, 'continue', false, { errorWords: err.words });
  }
}

/** Why the policy refused a call (its reason and words), logged beside the result so people read it in their language. */
export interface Denial {
  reason?: string;
  reasonWords?: ErrorWords;
}
/** What a finished call logs for people beside the English result the model read (issue 14). */
export interface FinishedWords {
  /** The policy refused it. */
  denied?: Denial;
  /** It failed with an error that has words. */
  errorWords?: ErrorWords;
}
export type Finish = (text: string, isError: boolean, next?: DispatchResult['next'], applied?: boolean, more?: FinishedWords) => Promise<DispatchResult>;

/** The path a write call names (to batch calls on different files), or null. */
export function writePathOf(call: ModelToolCall): string | null {
  if (!WRITE_TOOLS.has(call.name) || call.parseError) return null;
  const path = call.arguments?.path;
  return typeof path === 'string' && path.trim() ? path.trim() : null;
}

/**
 * Write calls on different files from one reply: each is started and its change computed and
 * proposed, then all are decided together and each call finished in order. A call whose change
 * cannot be computed (a tool error) is finished at once with the error, as in dispatchToolCall.
 */
export async function dispatchChangeBatch(rt: SessionRuntime, calls: readonly ModelToolCall[], todo: TodoState): Promise<DispatchResult> {
  const proposed: { call: ModelToolCall; ref: ChangeRef; started: number }[] = [];
  const finishCall = (call: ModelToolCall, started: number, text: string, isError: boolean, errorWords?: ErrorWords) => appendFinished(rt, call, todo, started, text, isError, { errorWords });
  for (const call of calls) {
    checkFileLimit(rt, proposed.length);
    const started = performance.now();
    await rt.handle.append({ type: 'tool_call_started', callId: call.id, todoId: todo.id, tool: call.name, input: summarizeArgs(call.arguments, call.rawArguments) });
    try {
      const result = await rt.registry.execute(call.name, call.arguments ?? {}, toolContext(rt, todo));
      if (!result.change) {
        await finishCall(call, started, result.text, false);
        continue;
      }
      const changeId = newId('ch');
      await rt.handle.append({ type: 'change_proposed', changeId, callId: call.id, todoId: todo.id, change: result.change });
      proposed.push({ call, started, ref: { changeId, callId: call.id, todoId: todo.id, change: result.change } });
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      await finishCall(call, started, formatToolError(err), true, err.words);
    }
  }
  const outcomes = await settleChanges(
    rt,
    proposed.map((p) => p.ref),
  );
  for (const [i, p] of proposed.entries()) await finishCall(p.call, p.started, outcomes[i].text, outcomes[i].isError, outcomes[i].errorWords);
  return { next: outcomes.some((o) => o.rejectedByUser) ? 'stop' : 'continue', applied: outcomes.some((o) => o.applied) };
}

async function updateTodo(rt: SessionRuntime, params: UpdateTodoParams, todo: TodoState, finish: Finish): Promise<DispatchResult> {
  if (params.id !== todo.id) {
    const other = rt.handle.state().todos.find((t) => t.id === params.id);
    if (!other) throw new ToolError('not_found', `There is no TODO ${params.id}.`, `The current TODO is ${todo.id}.`);
    if (other.status === 'done' || other.status === 'skipped') throw new ToolError('conflict', `TODO ${params.id} is already ${other.status}.`, `Work on the current TODO ${todo.id}.`);
    throw new ToolError('conflict', `TODOs are done one at a time, in order: the current one is ${todo.id}, not ${params.id}.`, `Finish TODO ${todo.id} first (or change the plan with todo_write).`);
  }
  if (params.status === 'in_progress') return finish(`TODO ${todo.id} is in progress.`, false);
  const result = params.result?.trim() || null;
  if (params.status === 'done') {
    await rt.handle.append({ type: 'todo_updated', todo: { ...todoFields(todo), status: 'verifying', result } });
    return finish(`TODO ${todo.id} goes to the reviewer now.`, false, 'verify');
  }
  await rt.handle.append({ type: 'todo_updated', todo: { ...todoFields(todo), status: 'failed', result: result ?? 'The agent gave up on it.' } });
  return finish(`TODO ${todo.id} is marked failed; the user decides what happens next.`, false, 'stop');
}

async function runCommand(rt: SessionRuntime, call: ModelToolCall, todo: TodoState, args: Record<string, unknown>, finish: Finish): Promise<DispatchResult> {
  const { params } = rt.registry.parse('run_command', args);
  const command = String(params.command);
  const cwd = typeof params.cwd === 'string' ? params.cwd : undefined;
  const policy = rt.policy.command(command, cwd);
  // "Always allow" is offered for a single command that asks only because it is not on the allow list.
  const allowPrefix = policy.decision === 'ask' && !policy.destructive ? allowPrefixOf(command, { workspaceRoot: rt.root, cwd }) : null;
  const approval = {
    changeId: newId('cmd'),
    kind: 'command' as const,
    todoId: todo.id,
    command: { command, ...(cwd ? { cwd } : {}), destructive: policy.destructive, reason: policy.reason, ...(policy.reasonWords ? { reasonWords: policy.reasonWords } : {}), ...(allowPrefix ? { allowPrefix } : {}) },
  };
  const asking = policy.decision === 'ask';
  if (asking) await setStatus(rt, 'waiting_approval', sessionReasons.waitingCommand(oneLine(command, 120)));
  const decision = await rt.gate.decide(approval, policy, rt.interrupt);
  if (asking) await setStatus(rt, 'running');
  if (decision.decision === 'rejected') {
    if (decision.by === 'policy') {
      return finish(`Denied by the policy: ${decision.reason ?? 'this command is not allowed'}. The command was not run.\nNext step: reach the goal another way (other commands or the file tools).`, true, 'continue', false, { denied: decision });
    }
    return finish(`The user REJECTED the command; it was not run. Their reason: ${decision.reason ?? '(none given)'}`, true, 'stop');
  }
  await snapshotTaken(rt);
  const guard = await snapshotProtected(rt.root);
  const result = await rt.registry.execute('run_command', args, toolContext(rt, todo));
  const undone = await undoProtectedChanges(rt.root, guard);
  const r = result.command;
  if (r) await appendCommandFinished(rt, call, todo, command, r);
  let text = result.text + undoneNotice(undone);
  // The sandbox blocked part of it: the user allows it (and it runs again), runs it outside, or keeps it blocked.
  if (r?.sandboxed && r.blocked.length && rt.sandboxGrants) {
    text = await answerBlocked(rt, { call, todo, command, cwd, args, result: r, text, finish: async (t) => (await finish(t, false), await takeCheckpoint(rt, todo.id, `TODO ${todo.id}: after ${oneLine(command, 80)}`)) });
  }
  const done = await finish(text, false);
  await takeCheckpoint(rt, todo.id, `TODO ${todo.id}: after ${oneLine(command, 80)}`);
  return done;
}
