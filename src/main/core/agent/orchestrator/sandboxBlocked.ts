import type { ModelToolCall } from '../model';
import type { TodoState } from '../../sessions';
import type { RunResult } from '../../terminal/commandRunner';
import { isEmptyGrant, mergeGrants } from '../../sandbox/sandboxGrants';
import { GateCancelled } from './approvalGate';
import { newId } from './changeFlow';
import { snapshotProtected, undoneNotice, undoProtectedChanges } from './protectedFiles';
import { setStatus, type SessionRuntime } from './sessionRuntime';
import { oneLine } from './text';
import { policyReasons, sessionReasons, wordsReason } from '../../../../shared/errors';
import { sandboxBlocksForLog, type SandboxAnswer } from '../../../../shared/agent/sandboxBlocks';
import { appendCommandFinished } from './commandEvents';

/**
 * The sandbox card (issue 26): a command the OS sandbox blocked part of waits for the user before the model reads its
 * result. The user allows what it blocked for this session, this workspace or everywhere (the command then runs again
 * with it allowed), runs it once outside the sandbox, or keeps it blocked. The model reads the first run's result, what
 * the user decided, and the second run's result. Batch approval never grants it (cli/runApprovals.ts keeps it blocked).
 *
 *   const text = await answerBlocked(rt, { call, todo, command, cwd, args, result, text: firstText });
 *
 * A pause while it waits finishes the call with the first result (what was blocked stays blocked) before unwinding.
 */

export interface Blocked {
  call: ModelToolCall;
  todo: TodoState;
  command: string;
  cwd?: string;
  args: Record<string, unknown>;
  result: RunResult;
  /** What the model reads of the first run. */
  text: string;
  /** Finishes the call with this text (on a pause, before unwinding). */
  finish(text: string): Promise<unknown>;
}

const ALLOWED: Record<SandboxAnswer, string> = {
  session: 'for this session',
  workspace: 'for this workspace',
  global: 'everywhere',
  outside: '',
};

export async function answerBlocked(rt: SessionRuntime, b: Blocked): Promise<string> {
  const grants = rt.sandboxGrants!;
  const grant = grants.grantFor(b.result.blocked);
  const approval = {
    changeId: newId('sbx'),
    kind: 'sandbox' as const,
    todoId: b.todo.id,
    sandbox: { command: b.command, ...(b.cwd ? { cwd: b.cwd } : {}), blocked: sandboxBlocksForLog(b.result.blocked), grant },
  };
  await setStatus(rt, 'waiting_approval', sessionReasons.waitingSandbox(oneLine(b.command, 120)));
  let decision;
  try {
    decision = await rt.gate.decide(approval, { decision: 'ask', ...wordsReason(policyReasons.sandboxBlocked) }, rt.interrupt);
  } catch (err) {
    if (err instanceof GateCancelled) await b.finish(`${b.text}\n[The session paused before the user answered: what the sandbox blocked stays blocked.]`);
    throw err;
  }
  await setStatus(rt, 'running');
  if (decision.decision === 'rejected') {
    return `${b.text}\n[The user kept this blocked${decision.reason ? ` (${decision.reason})` : ''}. Reach the goal inside the sandbox.]`;
  }
  const answer = decision.sandbox ?? 'session';
  let kept = '';
  if (answer !== 'outside' && !isEmptyGrant(grant)) {
    if (answer === 'session') grants.session = mergeGrants(grants.session, grant);
    else {
      try {
        await grants.keep(answer, grant);
      } catch (err) {
        // Not saved: it is still allowed for this session, and the user is told.
        grants.session = mergeGrants(grants.session, grant);
        kept = ` (it could not be saved ${ALLOWED[answer]}, so it is allowed for this session only: ${(err as Error).message})`;
        rt.notice('warning', { message: `The sandbox grant could not be saved: ${(err as Error).message}` });
      }
    }
  }
  const guard = await snapshotProtected(rt.root);
  const again = await rt.registry.execute('run_command', b.args, {
    root: rt.root,
    rules: rt.rules,
    signal: rt.kill,
    runCommand: rt.runCommand ? (p) => rt.runCommand!({ ...p, grant: grants.session, outsideSandbox: answer === 'outside' }) : undefined,
  });
  const undone = await undoProtectedChanges(rt.root, guard);
  const r = again.command;
  if (r) await appendCommandFinished(rt, b.call, b.todo, b.command, r, answer);
  const how = answer === 'outside' ? 'The user ran it once outside the sandbox' : `The user allowed what was blocked ${ALLOWED[answer]}${kept} and it ran again`;
  return `${b.text}\n[${how}:]\n${again.text}${undoneNotice(undone)}`;
}
