import type { AgentEvent } from '../../../../shared/contract/agent';
import { AkiraError } from '../../errors';
import {
  branchEvents,
  checkSessionId,
  prefixUpTo,
  rewindWords,
  terminalStatuses,
  type EventOf,
  type SessionEvent,
  type SessionHandle,
  type SessionState,
  type SessionStore,
} from '../../sessions';
import type { AgentSession } from './agentSession';
import { boardEditEvents, type WantedTodo } from './boardEdit';
import { checkpointEvent, rewindable } from './sessionHistory';
import { reasonFields, sessionErrors, sessionReasons } from '../../../../shared/errors';

/**
 * The agent service's commands on a session's history (agentService.ts wires them):
 *
 *   editTodos(id, todos)             agent.editTodos: the board's not-started part (boardEdit.ts); through the
 *                                    running loop when the session is loaded, else straight into its log
 *   rewind(id, checkpointId)         agent.rewind: a `rollback {toSeq}` to that checkpoint's event, then paused
 *                                    (a loaded session is let go first; its resume starts from the log)
 *   undoRewind(id)                   agent.undoRewind: takes the last rewind back while nothing happened since
 *                                    (a `rollback {toSeq: its seq - 1, undoes}`): board and status as before it
 *   fork(id, checkpointId, task?)    agent.fork: a new paused session with the history up to that checkpoint
 *
 * Files are never touched here (checkpoints.restore does that). Events go out on agent.onEvent.
 */

export interface HistoryDeps {
  store: SessionStore;
  emit(event: AgentEvent): void;
  /** The session when this process has it loaded. */
  live(sessionId: string): { handle: SessionHandle; session: AgentSession } | null;
  unload(sessionId: string): Promise<void>;
  /** The policy's maxTasksPerSession for a mode. */
  maxTasks(mode: string): Promise<number>;
}

export interface HistoryCommands {
  editTodos(sessionId: string, todos: readonly WantedTodo[]): Promise<void>;
  /** `filesRestored`: the caller restored the checkpoint's files just before (a restore of both): the log and the reason say so. */
  rewind(sessionId: string, checkpointId: string, filesRestored?: boolean): Promise<{ toSeq: number }>;
  undoRewind(sessionId: string): Promise<{ toSeq: number }>;
  fork(sessionId: string, checkpointId: string, task?: string): Promise<{ sessionId: string }>;
}

const MAX_TODOS = 500;

/** The session's last rewind that is not itself an undo, unless an undo took it back already. */
function lastRewind(events: readonly SessionEvent[]): EventOf<'rollback'> | null {
  const last = events.findLast((e): e is EventOf<'rollback'> => e.type === 'rollback' && e.toSeq !== undefined);
  return last && last.undoes === undefined ? last : null;
}

export function createHistoryCommands(deps: HistoryDeps): HistoryCommands {
  /** A session no loop holds, opened for a few appends whose events go out like a running session's. */
  async function withHandle(sessionId: string, fn: (handle: SessionHandle) => Promise<void>): Promise<void> {
    const handle = await deps.store.openSession(sessionId);
    const off = handle.onEvent((event) => deps.emit({ ...event, sessionId }));
    try {
      await fn(handle);
    } finally {
      off();
      await handle.close();
    }
  }

  return {
    async editTodos(id, todos) {
      const sessionId = checkSessionId(id);
      const entry = deps.live(sessionId);
      const state = entry ? entry.handle.state() : (await deps.store.loadSession(sessionId)).state;
      if (terminalStatuses.includes(state.status)) {
        throw new AkiraError('bad_request', sessionErrors.boardClosed(sessionId, state.status));
      }
      if (!state.plan.proposed || !state.todos.length) throw new AkiraError('bad_request', sessionErrors.noPlanYet(sessionId));
      const max = await deps.maxTasks(state.mode).catch(() => MAX_TODOS);
      const edit = (s: SessionState) => boardEditEvents(s, todos, max);
      if (entry) return entry.session.editBoard(edit);
      await withHandle(sessionId, async (handle) => {
        for (const event of edit(handle.state())) await handle.append(event);
      });
    },
    async rewind(id, checkpointId, filesRestored = false) {
      const sessionId = checkSessionId(id);
      const entry = deps.live(sessionId);
      // Paused (on record) but still leaving its loop: that ends now, without waiting on anything.
      if (entry?.session.running() && entry.handle.state().status === 'paused') await entry.session.settled();
      if (entry?.session.running()) {
        throw new AkiraError('bad_request', sessionErrors.rewindRunning(sessionId));
      }
      const loaded = await deps.store.loadSession(sessionId);
      const status = loaded.state.status;
      if (!rewindable.includes(status)) throw new AkiraError('bad_request', sessionErrors.rewindStatus(sessionId, status));
      const target = checkpointEvent(loaded.events, sessionId, checkpointId);
      // A loaded session is let go: its resume starts from the rewound log like any other.
      if (entry) await deps.unload(sessionId);
      await withHandle(sessionId, async (handle) => {
        await handle.append({ type: 'rollback', checkpointId: target.checkpointId, mode: filesRestored ? 'both' : 'conversation', files: [], toSeq: target.seq });
        const after = handle.state();
        await handle.append({ type: 'status_changed', status: 'paused', ...reasonFields(rewindWords(target.checkpointId, target.label ?? null, filesRestored)), phase: after.phase });
      });
      return { toSeq: target.seq };
    },
    async undoRewind(id) {
      const sessionId = checkSessionId(id);
      const entry = deps.live(sessionId);
      if (entry?.session.running()) throw new AkiraError('bad_request', sessionErrors.undoRunning(sessionId));
      const loaded = await deps.store.loadSession(sessionId);
      const rewind = lastRewind(loaded.events);
      if (!rewind) throw new AkiraError('bad_request', sessionErrors.noRewind(sessionId));
      const since = loaded.events.filter((e) => e.seq > rewind.seq && !(e.type === 'status_changed' && e.status === 'paused'));
      if (since.length) {
        throw new AkiraError('bad_request', sessionErrors.wentOnAfterRewind(sessionId, since[0].type, since[0].seq));
      }
      if (entry) await deps.unload(sessionId);
      const toSeq = rewind.seq - 1;
      await withHandle(sessionId, async (handle) => {
        await handle.append({ type: 'rollback', checkpointId: rewind.checkpointId, mode: 'conversation', files: [], toSeq, undoes: rewind.seq });
        // Announced like any status change (lists and boards follow status_changed).
        const after = handle.state();
        await handle.append({ type: 'status_changed', status: after.status, ...(after.statusReason ? { reason: after.statusReason, ...(after.statusReasonWords ? { reasonWords: after.statusReasonWords } : {}) } : {}), phase: after.phase });
      });
      return { toSeq };
    },
    async fork(id, checkpointId, task) {
      const sessionId = checkSessionId(id);
      const loaded = await deps.store.loadSession(sessionId);
      const target = checkpointEvent(loaded.events, sessionId, checkpointId);
      const first = loaded.events[0] as EventOf<'session_started'>;
      const history = branchEvents(prefixUpTo(loaded.events, target.seq));
      const handle = await deps.store.createSessionFrom(
        {
          task: task ?? first.task,
          mode: first.mode,
          model: first.model,
          options: { ...first.options, forkedFrom: { sessionId, checkpointId: target.checkpointId, seq: target.seq } },
        },
        history,
      );
      const forkId = handle.sessionId;
      try {
        const state = handle.state();
        deps.emit({ sessionId: forkId, type: 'session_started', seq: 1, ts: state.createdAt, task: state.task, mode: state.mode, model: state.model, forkedFrom: sessionId });
        const off = handle.onEvent((event) => deps.emit({ ...event, sessionId: forkId }));
        try {
          await handle.append({
            type: 'status_changed',
            status: 'paused',
            ...reasonFields(sessionReasons.forked(sessionId, target.checkpointId, target.label ?? '')),
            phase: state.phase,
          });
        } finally {
          off();
        }
      } finally {
        await handle.close();
      }
      return { sessionId: forkId };
    },
  };
}
