import { AkiraError } from '../../errors';
import type { EventOf, SessionEvent, SessionStatus } from '../../sessions';
import { sessionErrors } from '../../../../shared/errors';

/**
 * Finding where a session goes back to (agent.rewind, agent.fork): the `checkpoint_taken` event of a
 * checkpoint in the session's log.
 *
 *   checkpointEvent(events, sessionId, checkpointId) → the event (the last one when the log names the
 *   checkpoint twice); the id may be a unique prefix (≥ 4 characters) like everywhere else.
 */

export function checkpointEvent(events: readonly SessionEvent[], sessionId: string, checkpointId: string): EventOf<'checkpoint_taken'> {
  const taken = events.filter((e): e is EventOf<'checkpoint_taken'> => e.type === 'checkpoint_taken');
  let found = taken.filter((e) => e.checkpointId === checkpointId);
  if (!found.length) {
    found = taken.filter((e) => e.checkpointId.startsWith(checkpointId));
    const ids = new Set(found.map((e) => e.checkpointId));
    if (ids.size > 1) throw new AkiraError('bad_request', sessionErrors.checkpointAmbiguous(checkpointId, sessionId, [...ids].join(', ')));
  }
  const event = found.at(-1);
  if (!event) {
    throw new AkiraError(
      'not_found',
      sessionErrors.checkpointNotTaken(checkpointId, sessionId, taken.map((e) => e.checkpointId).slice(-10).join(', ')),
    );
  }
  return event;
}

/** A session can be rewound when nothing runs it. */
export const rewindable: readonly SessionStatus[] = ['paused', 'stopped', 'failed', 'completed', 'interrupted'];

export function checkpointLabel(event: EventOf<'checkpoint_taken'>): string {
  return event.label ? ` ("${event.label}")` : '';
}
