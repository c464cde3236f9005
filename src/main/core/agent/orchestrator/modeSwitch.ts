import type { TodoState } from '../../sessions';
import { AkiraError } from '../../errors';
import { ToolError, type SwitchModeParams } from '../tools';
import { newId } from './changeFlow';
import { setStatus, type SessionRuntime } from './sessionRuntime';
import type { DispatchResult, Finish } from './toolDispatch';
import { plainWords, sessionErrors, sessionReasons, toolErrors } from '../../../../shared/errors';

/**
 * The model's mode tools (issue 25, seeds 003 and 004):
 *
 *   await listModes(rt, finish)                       the modes (id, name, description) and the current one
 *   await switchMode(rt, todo, {mode, reason}, finish)  the current mode's policy decides (autoApprove.modeSwitch),
 *                                                     else the user is asked (an approval of kind `mode`); once
 *                                                     approved it is a `mode_changed` event (by the model) and the
 *                                                     turn ends, so the next call has the new mode's prompt, tools
 *                                                     and policy. An unknown mode or the current one is a tool error.
 */

function source(rt: SessionRuntime): NonNullable<SessionRuntime['modes']> {
  if (!rt.modes) throw new ToolError('unavailable', sessionErrors.modesUnavailable, 'Go on in the current mode.');
  return rt.modes;
}

export async function listModes(rt: SessionRuntime, finish: Finish): Promise<DispatchResult> {
  const modes = await source(rt).list();
  const current = rt.handle.state().mode;
  const lines = modes.map((m) => `- ${m.id}${m.id === current ? ' (current)' : ''}: ${m.name}${m.description ? ` — ${m.description}` : ''}`);
  return finish(`The session is in mode ${current}. Modes:\n${lines.join('\n')}\nTo go on in another one, call switch_mode with its id and your reason.`, false);
}

export async function switchMode(rt: SessionRuntime, todo: TodoState, params: SwitchModeParams, finish: Finish): Promise<DispatchResult> {
  const modes = source(rt);
  const from = rt.handle.state().mode;
  if (params.mode === from) throw new ToolError('conflict', toolErrors.alreadyInMode(from), 'Go on with the task in this mode.');
  let next;
  try {
    next = await modes.load(params.mode);
  } catch (err) {
    if (!(err instanceof AkiraError) || err.code !== 'bad_request') throw err;
    const ids = (await modes.list()).map((m) => m.id).join(', ');
    throw new ToolError('not_found', toolErrors.noSuchModeToSwitch(params.mode, ids), 'Call list_modes to see the modes, or go on in the current one.');
  }
  const policy = rt.policy.modeSwitch();
  const approval = { changeId: newId('mode'), kind: 'mode' as const, todoId: todo.id, mode: { from, to: next.id, reason: params.reason } };
  const asking = policy.decision === 'ask';
  if (asking) await setStatus(rt, 'waiting_approval', sessionReasons.waitingModeSwitch(from, next.id));
  const decision = await rt.gate.decide(approval, policy, rt.interrupt);
  if (asking) await setStatus(rt, 'running');
  if (decision.decision === 'rejected') {
    if (decision.by === 'policy') {
      return finish(`Denied by the policy: ${decision.reason ?? 'mode switches are not allowed'}. The session stays in mode ${from}.`, true, 'continue', false, { denied: decision });
    }
    const said = decision.reason ?? '(none given)';
    return finish(`The user REJECTED the switch to mode ${next.id}; the session stays in mode ${from}. Their reason: ${said}`, true, 'stop', false, { errorWords: plainWords(toolErrors.modeSwitchRefused(said)) });
  }
  // The switch may have been made meanwhile (the user chose the same mode from the header).
  if (rt.handle.state().mode !== next.id) await modes.apply(next, { by: 'model', reason: params.reason, approvedBy: decision.by });
  return finish(`Switched to mode ${next.id} (from ${from}). From your next call on, you have that mode's instructions, tools and policy.`, false, 'stop');
}
