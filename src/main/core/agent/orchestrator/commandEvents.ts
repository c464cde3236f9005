import type { ModelToolCall } from '../model';
import type { TodoState } from '../../sessions';
import type { RunResult } from '../../terminal/commandRunner';
import type { SessionRuntime } from './sessionRuntime';
import { cutMiddle } from './text';
import { sandboxBlocksForLog, type SandboxAnswer } from '../../../../shared/agent/sandboxBlocks';

/**
 * A `command_finished` in the session's log: how a run_command call's command ended, a tail of its output for people,
 * whether it ran in the OS sandbox and what the sandbox blocked; `rerun` when it ran again after the sandbox card.
 */
export function appendCommandFinished(rt: SessionRuntime, call: ModelToolCall, todo: TodoState, command: string, r: RunResult, rerun?: SandboxAnswer) {
  return rt.handle.append({
    type: 'command_finished',
    callId: call.id,
    todoId: todo.id,
    command,
    exitCode: r.exitCode,
    durationMs: r.durationMs,
    timedOut: r.timedOut,
    killed: r.killed,
    output: cutMiddle(r.output, 2000),
    sandboxed: r.sandboxed,
    ...(r.blocked?.length ? { blocked: sandboxBlocksForLog(r.blocked) } : {}),
    ...(rerun ? { rerun } : {}),
  });
}
