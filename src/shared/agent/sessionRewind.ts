import { plainWords, sessionReasons, type Words } from '../errors';
import type { SessionEvent } from './sessionEvents';
import type { SessionState } from './sessionState';

/**
 * Conversation rewinds (a `rollback` event with `toSeq`, written by agent.rewind). The log stays
 * append-only: the reducer meets the rollback and puts the session back where it was right after
 * event `toSeq`, keeping what cannot be undone.
 *
 *   rewindInto(state, target, event)   state ← target's board, plan, changes, messages and checkpoints;
 *                                      the session's identity, totals (tokens and money were spent),
 *                                      seq and warnings stay; the status becomes paused (an undone
 *                                      rewind, `undoes`, takes the target's status back too).
 *   branchEvents(events)               the events of the branch the log ends on (rewound-over events left out)
 *   prefixUpTo(events, seq)            the events a rewind to `seq` replays
 */

/** The state right after event `seq`, a fresh object the reducer may keep (null when unknown). */
export type StateAt = (seq: number) => SessionState | null;

/** The paused session's reason after a rewind, naming the checkpoint by its label (its id only when it has none). */
export function rewindReason(checkpointId: string, label: string | null = null): string {
  return rewindWords(checkpointId, label).en;
}

/**
 * The same reason as words of the `session` catalog (the English is rewindReason's). `filesRestored`: the files were
 * restored to the same checkpoint with it (Restore → Both), so the reason does not say they were left alone.
 */
export function rewindWords(checkpointId: string, label: string | null = null, filesRestored = false): Words {
  return filesRestored ? sessionReasons.rewoundWithFiles(checkpointId, label ?? '') : sessionReasons.rewound(checkpointId, label ?? '');
}

/** How a checkpoint of the session is named (its label), from the state's list; null when unknown or unlabelled. */
export function checkpointLabelIn(state: Pick<SessionState, 'checkpoints'>, checkpointId: string): string | null {
  return state.checkpoints.findLast((c) => c.checkpointId === checkpointId)?.label ?? null;
}

/** `target` is the caller's to give away: its parts become the state's (a StateAt answers a fresh one). */
export function rewindInto(state: SessionState, target: SessionState, event: Extract<SessionEvent, { type: 'rollback' }>): void {
  state.plan = target.plan;
  state.todos = target.todos;
  state.round = target.round;
  state.roundTask = target.roundTask;
  state.roundStartSeq = target.roundStartSeq;
  state.roundStartedAt = target.roundStartedAt;
  state.earlierRounds = target.earlierRounds;
  state.roundFiles = target.roundFiles;
  state.pendingChanges = target.pendingChanges;
  state.approvedChanges = target.approvedChanges;
  state.inFlight = target.inFlight;
  state.userMessages = target.userMessages;
  state.checkpoints = target.checkpoints;
  state.finalVerdict = target.finalVerdict;
  state.summary = target.summary;
  state.phase = target.phase;
  if (event.undoes !== undefined) {
    // An undone rewind: the session is as it was just before it, status included.
    state.status = target.status;
    state.statusReason = target.statusReason;
    state.statusReasonWords = target.statusReasonWords;
    return;
  }
  state.status = 'paused';
  const words = rewindWords(event.checkpointId, checkpointLabelIn(target, event.checkpointId), event.mode === 'both');
  state.statusReason = words.en;
  state.statusReasonWords = plainWords(words);
}

export function prefixUpTo(events: readonly SessionEvent[], seq: number): SessionEvent[] {
  const out: SessionEvent[] = [];
  for (const e of events) {
    if (e.seq > seq) break;
    out.push(e);
  }
  return out;
}

/** A rollback that rewinds (points back into its own log). */
export function rewindTarget(event: SessionEvent): number | null {
  return event.type === 'rollback' && event.toSeq !== undefined && event.toSeq < event.seq ? event.toSeq : null;
}

export function branchEvents(events: readonly SessionEvent[]): SessionEvent[] {
  let out: SessionEvent[] = [];
  for (const e of events) {
    const to = rewindTarget(e);
    if (to === null) out.push(e);
    else out = branchEvents(prefixUpTo(events, to));
  }
  return out;
}
