import { randomUUID } from 'node:crypto';
import { applyProposedChange, formatToolError, toToolError, type ProposedChange } from '../tools';
import { setStatus, snapshotTaken, type SessionRuntime } from './sessionRuntime';
import { sessionReasons, type ErrorWords } from '../../../../shared/errors';

/**
 * A proposed change from proposal to the file: the policy or a person decides (approvalGate.ts), an
 * approved (or edited) change is applied, and the model gets a sentence saying what happened.
 *
 *   await settleChange(rt, {changeId, callId, todoId, change})   // decide + apply (also on resume)
 *   await settleChanges(rt, refs)        // a batch (one model reply's changes): all wait at once, each applied as decided
 *   await applyDecided(rt, {changeId, todoId, change}, after)     // apply a change decided earlier
 *
 * Every step is in the session log: change_proposed (by the caller), change_decided, change_applied
 * (with the error when the file changed meanwhile and nothing was written).
 */

export interface ChangeRef {
  changeId: string;
  callId: string | null;
  todoId: string | null;
  change: ProposedChange;
}

export interface ChangeOutcome {
  /** What the model reads as the tool's result. */
  text: string;
  isError: boolean;
  applied: boolean;
  /** A person rejected it: the rest of the model's reply is not run. */
  rejectedByUser: boolean;
  /** Why it could not be applied, in words for the tool card (issue 14). */
  errorWords?: ErrorWords;
}

export const newId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

const lineCount = (text: string | null) => (text ? text.split('\n').length - (text.endsWith('\n') ? 1 : 0) : 0);

function appliedText(change: ProposedChange, after: string | null, edited: boolean): string {
  if (change.kind === 'delete') return `Deleted ${change.path}.`;
  const what = change.kind === 'create' ? `Created ${change.path} (${lineCount(after)} lines).` : `Applied the change to ${change.path} (now ${lineCount(after)} lines).`;
  return edited ? `${what} The user EDITED your change before it was applied: the file holds their version; read it again before changing it further.` : what;
}

export async function applyDecided(rt: SessionRuntime, ref: Omit<ChangeRef, 'callId'>, after: string | null, edited = false): Promise<ChangeOutcome> {
  await snapshotTaken(rt);
  try {
    await applyProposedChange(rt.root, { ...ref.change, after: ref.change.kind === 'delete' ? null : after });
  } catch (err) {
    const text = formatToolError(err);
    const words = toToolError(err).words;
    await rt.handle.append({ type: 'change_applied', changeId: ref.changeId, path: ref.change.path, error: text, ...(words ? { errorWords: words } : {}) });
    return { text, isError: true, applied: false, rejectedByUser: false, ...(words ? { errorWords: words } : {}) };
  }
  await rt.handle.append({ type: 'change_applied', changeId: ref.changeId, path: ref.change.path });
  const key = ref.todoId ?? '';
  const list = rt.applied.get(key) ?? [];
  list.push({ path: ref.change.path, kind: ref.change.kind, before: ref.change.before, after: ref.change.kind === 'delete' ? null : after });
  rt.applied.set(key, list);
  return { text: appliedText(ref.change, after, edited), isError: false, applied: true, rejectedByUser: false };
}

export async function settleChange(rt: SessionRuntime, ref: ChangeRef, manageStatus = true): Promise<ChangeOutcome> {
  const { change } = ref;
  const policy = rt.policy.fileChange(change);
  const asking = manageStatus && policy.decision === 'ask';
  if (asking) await setStatus(rt, 'waiting_approval', sessionReasons.waitingChange(change.kind, change.path));
  const decision = await rt.gate.decide(
    {
      changeId: ref.changeId,
      kind: 'change',
      todoId: ref.todoId,
      change: { path: change.path, kind: change.kind, before: change.before, after: change.after, ...(change.binary ? { binary: true } : {}) },
      ...(policy.protected ? { protected: policy.protected, ...(policy.protectedWords ? { protectedWords: policy.protectedWords } : {}) } : {}),
    },
    policy,
    rt.interrupt,
  );
  if (asking) await setStatus(rt, 'running');
  await rt.handle.append({
    type: 'change_decided',
    changeId: ref.changeId,
    decision: decision.decision,
    by: decision.by,
    ...(decision.reason ? { reason: decision.reason, ...(decision.reasonWords ? { reasonWords: decision.reasonWords } : {}) } : {}),
    ...(decision.decision === 'edited' ? { editedAfter: decision.content ?? null } : {}),
  });
  if (decision.decision === 'rejected') {
    const text =
      decision.by === 'user'
        ? `The user REJECTED this change to ${change.path}; nothing was written. Their reason: ${decision.reason ?? '(none given)'}\nNext step: follow the reason; propose a different change or continue otherwise.`
        : `Refused by the policy: ${decision.reason ?? 'file changes are not allowed here'}. Nothing was written.`;
    return { text, isError: true, applied: false, rejectedByUser: decision.by === 'user' };
  }
  const after = decision.decision === 'edited' ? (decision.content ?? change.after) : change.after;
  return applyDecided(rt, ref, after, decision.decision === 'edited');
}

/**
 * Several proposed changes (to different files) decided together: every one that needs a person is
 * waiting at the same time (the review shows the whole batch), each is applied as soon as it is
 * decided, and the outcomes come back in the given order. A pause or stop while they wait throws
 * (after every one has settled or been cancelled), as settleChange does.
 */
export async function settleChanges(rt: SessionRuntime, refs: readonly ChangeRef[]): Promise<ChangeOutcome[]> {
  if (new Set(refs.map((r) => r.change.path)).size < refs.length) {
    // Two changes to one file: the second was proposed against the first, so they go one by one.
    const outcomes: ChangeOutcome[] = [];
    for (const r of refs) outcomes.push(await settleChange(rt, r));
    return outcomes;
  }
  if (refs.length === 1) return [await settleChange(rt, refs[0])];
  const asking = refs.filter((r) => rt.policy.fileChange(r.change).decision === 'ask');
  if (asking.length) {
    const reason = asking.length === 1 ? sessionReasons.waitingChange(asking[0].change.kind, asking[0].change.path) : sessionReasons.waitingChanges(asking.length);
    await setStatus(rt, 'waiting_approval', reason);
  }
  const settled = await Promise.allSettled(refs.map((r) => settleChange(rt, r, false)));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  if (asking.length) await setStatus(rt, 'running');
  return settled.map((s) => (s as PromiseFulfilledResult<ChangeOutcome>).value);
}
