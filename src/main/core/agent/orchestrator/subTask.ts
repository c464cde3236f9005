import type { TodoState } from '../../sessions';
import { AkiraError } from '../../errors';
import type { ModelToolCall } from '../model';
import { ToolError, type NewTaskParams } from '../tools';
import { snapshotTaken, type SessionRuntime } from './sessionRuntime';
import type { DispatchResult, Finish } from './toolDispatch';
import { plainWords, toolErrors } from '../../../../shared/errors';

/**
 * `new_task {task, mode?}` (issue 25, seed 004): the model hands part of the work to a child session.
 *
 *   await newTask(rt, call, todo, {task, mode}, finish)
 *
 * The child is a session of its own (TODOs, context, checkpoints, approvals), in the parent's tree, whose
 * session_started options name its parent (parentId, depth). The parent logs `subtask_started`, waits for the
 * child to end, logs `subtask_finished` and answers the child's summary as the call's result (an error result when
 * it failed or was stopped, with why). Stopping the parent (its kill signal) stops the child; a pause of the parent
 * takes effect once the child has ended, as with a running command. A session MAX_TASK_DEPTH deep cannot start one.
 */

export const MAX_TASK_DEPTH = 2;

export async function newTask(rt: SessionRuntime, call: ModelToolCall, todo: TodoState, params: NewTaskParams, finish: Finish): Promise<DispatchResult> {
  const source = rt.subTasks;
  if (!source) throw new ToolError('unavailable', toolErrors.subTasksUnavailable, 'Do this part yourself in this session.');
  if (source.depth >= MAX_TASK_DEPTH) throw new ToolError('conflict', toolErrors.subTaskTooDeep(MAX_TASK_DEPTH), 'Do this part yourself in this session.');
  await snapshotTaken(rt); // the child works in the same tree
  let child: Awaited<ReturnType<typeof source.start>>;
  try {
    child = await source.start({ task: params.task, ...(params.mode ? { mode: params.mode } : {}) });
  } catch (err) {
    if (!(err instanceof AkiraError) || (err.code !== 'not_found' && err.code !== 'bad_request') || !params.mode) throw err;
    const ids = rt.modes ? (await rt.modes.list()).map((m) => m.id).join(', ') : '';
    throw new ToolError('not_found', toolErrors.noSuchModeForTask(params.mode, ids), 'Call new_task again without a mode, or with one list_modes shows.');
  }
  const { childId } = child;
  await rt.handle.append({ type: 'subtask_started', childId, task: params.task, mode: child.mode, callId: call.id, todoId: todo.id });
  const stopChild = () => void source.stop(childId).catch(() => undefined);
  if (rt.kill.aborted) stopChild();
  else rt.kill.addEventListener('abort', stopChild, { once: true });
  let end;
  try {
    end = await child.ended;
  } finally {
    rt.kill.removeEventListener('abort', stopChild);
  }
  await rt.handle.append({ type: 'subtask_finished', childId, status: end.status, summary: end.summary });
  if (end.status === 'completed') {
    return finish(`Sub-task ${childId} completed. Its summary:\n${end.summary || '(no summary)'}\nIts changes are in the files now.`, false);
  }
  const words = toolErrors.subTaskEnded(childId, end.status, end.summary || '(no reason given)');
  return finish(`${words.en}\nWhat it changed before it ended stays in the files. Next step: check its work and do the rest yourself, or start a smaller sub-task.`, true, 'continue', false, { errorWords: plainWords(words) });
}
