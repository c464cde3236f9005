import type { WhenBusy } from '../../../../shared/agent/agentShapes';
import type { AgentEvent } from '../../../../shared/contract/agent';
import { AkiraError } from '../../errors';
import type { SessionHandle } from '../../sessions';
import { createSessionQueue } from './sessionQueue';
import { sessionErrors, reasonFields, sessionReasons, type Reason } from '../../../../shared/errors';

/**
 * Whether a new (or resumed) session starts now or waits (issue 10): the agent service's side of the queue.
 *
 *   const admission = createAdmission({running, launch, emit});
 *   admission.checkBusy(whenBusy)                        conflict + details.sharedTreeBusy: another session runs in the tree
 *   await admission.admit(handle, capacity, whenBusy, launchIt) → true when it waits (status `queued`, announced)
 *   admission.position(id)  admission.reorder(ids)  await admission.stopQueued(id, reason)  admission.notQueued(id, hint)
 *   admission.pump()                                     after a session's loop ended (a slot may be free)
 *   await admission.dispose()                            queued sessions become interrupted (resume starts them)
 *
 * A queued session's handle stays open (one writer per session) until it starts or is stopped. A session in the
 * workspace's own tree (`shared`) waits for the tree too; a worktree session only for a slot (sessionQueue.ts).
 */

export interface RunningSession {
  sessionId: string;
  task: string;
  /** Works in the workspace's own tree (not in a worktree). */
  shared: boolean;
}

export interface AdmissionOptions {
  /** The sessions whose loop runs now. */
  running(): RunningSession[];
  emit(event: AgentEvent): void;
}

export interface Admission {
  checkBusy(whenBusy: WhenBusy | undefined): void;
  admit(handle: SessionHandle, capacity: number, whenBusy: WhenBusy | undefined, shared: boolean, launch: () => Promise<void>): Promise<boolean>;
  position(sessionId: string): number | null;
  reorder(sessionIds: string[]): string[];
  notQueued(sessionId: string, doing: 'stop' | 'resume'): void;
  stopQueued(sessionId: string, reason: Reason | undefined): Promise<boolean>;
  pump(): void;
  dispose(): Promise<void>;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const waiting = new Map<string, SessionHandle>();
  let capacity = 3;
  const count = () => options.running().length;
  const queue = createSessionQueue({
    capacity: () => capacity,
    running: () => {
      const all = options.running();
      return { total: all.length, shared: all.filter((r) => r.shared).length };
    },
    onStartFailed: (sessionId, err) => options.emit({ sessionId, type: 'warning', message: `The queued session could not start: ${(err as Error).message}` }),
  });

  return {
    checkBusy(whenBusy) {
      if (whenBusy) return;
      const busy = options.running().filter((r) => r.shared);
      if (!busy.length) return;
      throw new AkiraError('conflict', sessionErrors.treeBusy(busy.length), {
        sharedTreeBusy: { sessions: busy.map(({ sessionId, task }) => ({ sessionId, task })) } },
      );
    },
    admit(handle, max, whenBusy, shared, launch) {
      capacity = max;
      const sessionId = handle.sessionId;
      const start = async () => {
        waiting.delete(sessionId);
        await launch();
      };
      return queue.admit({ sessionId, shared, parallel: whenBusy === 'parallel', start }, async () => {
        const reason = count() >= capacity ? sessionReasons.waitingSlot(count(), capacity) : sessionReasons.waitingFolder;
        // Not launched, so not announced by the session's own listener: announced here.
        options.emit({ ...(await handle.append({ type: 'status_changed', status: 'queued', ...reasonFields(reason) })), sessionId });
        waiting.set(sessionId, handle);
      });
    },
    position: (sessionId) => queue.position(sessionId),
    reorder(sessionIds) {
      const unknown = sessionIds.filter((id) => !waiting.has(id));
      if (unknown.length) throw new AkiraError('not_found', sessionErrors.notInQueue(unknown.join(', '), queue.ids().join(', ')));
      queue.reorder(sessionIds);
      return queue.ids();
    },
    notQueued(sessionId, doing) {
      const at = queue.position(sessionId);
      if (at !== null) throw new AkiraError('conflict', (doing === 'stop' ? sessionErrors.queuedStop : sessionErrors.queuedResume)(sessionId, at));
    },
    async stopQueued(sessionId, reason) {
      const handle = waiting.get(sessionId);
      if (!handle) return false;
      queue.remove(sessionId);
      waiting.delete(sessionId);
      try {
        options.emit({ ...(await handle.append({ type: 'session_stopped', ...reasonFields(reason ?? sessionReasons.unqueuedByUser) })), sessionId });
      } finally {
        await handle.close();
      }
      return true;
    },
    pump() {
      void queue.pump().catch(() => undefined);
    },
    async dispose() {
      for (const id of queue.ids()) queue.remove(id);
      await Promise.allSettled(
        [...waiting.values()].map(async (handle) => {
          await handle
            .append({ type: 'status_changed', status: 'interrupted', ...reasonFields(sessionReasons.closedWhileQueued) })
            .catch(() => undefined);
          await handle.close();
        }),
      );
      waiting.clear();
    },
  };
}
