import { create } from 'zustand';
import type { AgentEvent } from '../../../../shared/contract';
import type { AkiraClient } from '../../client/client';
import type { AgentEventHub, HubEntry } from '../agent/agentEventHub';
import { applyBoardEvent, emptyBoard, fromDetail, reapplyBoardEvent, type BoardState } from './boardReducer';

/**
 * The board of the current session: `agent.get`, then `agent.onEvent` applied incrementally (boardReducer.ts).
 * A gap in the log's seq numbers, or a reconnect, fetches the snapshot again; events that arrive while a
 * snapshot is on its way are applied again on top of it.
 *
 *   const detach = attachBoard(client, hub, sessionId);   // …   detach()
 *   useBoardStore((s) => s.board.todos)
 */

interface BoardStoreState {
  board: BoardState;
  /** The last `agent.get` failed (the board shows what the events told). */
  error: string | null;
  /** Snapshots fetched since the board was opened (1 for a board without gaps). */
  fetches: number;
}

export const useBoardStore = create<BoardStoreState>(() => ({ board: emptyBoard(), error: null, fetches: 0 }));

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface BoardAttachment {
  detach(): void;
  /** Fetches the snapshot again (also done on gaps and reconnects). */
  refresh(): Promise<void>;
  /** Resolves when no snapshot is on its way. */
  settled(): Promise<void>;
}

export function attachBoard(client: AkiraClient, hub: AgentEventHub, sessionId: string): BoardAttachment {
  const set = useBoardStore.setState;
  const get = () => useBoardStore.getState();
  let detached = false;
  /** Events seen while a snapshot is on its way (null: none is). */
  let during: AgentEvent[] | null = null;
  let again = false;
  let inFlight: Promise<void> = Promise.resolve();

  let board = emptyBoard(sessionId);
  for (const entry of hub.history(sessionId)) {
    if (entry.kind === 'agent') board = applyBoardEvent(board, entry.event).state;
  }
  set({ board, error: null, fetches: 0 });

  function apply(e: AgentEvent): void {
    if (detached || e.sessionId !== sessionId) return;
    during?.push(e);
    const { state, gap } = applyBoardEvent(get().board, e);
    if (state !== get().board) set({ board: state });
    if (gap) void refresh();
  }

  async function fetchOnce(): Promise<void> {
    during = [];
    try {
      const detail = await client.invoke('agent.get', { sessionId });
      if (detached) return;
      let next = fromDetail(detail, get().board);
      for (const e of during) next = reapplyBoardEvent(next, e);
      set((s) => ({ board: next, error: null, fetches: s.fetches + 1 }));
    } catch (err) {
      if (!detached) set({ error: message(err) });
    } finally {
      during = null;
    }
  }

  function refresh(): Promise<void> {
    if (during) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await fetchOnce();
      } while (again && !detached);
    })();
    return inFlight;
  }

  const offHub = hub.listen((entry: HubEntry) => {
    if (entry.kind === 'agent') apply(entry.event);
  });
  let previous = client.state();
  const offState = client.onState((state) => {
    if (state === 'connected' && previous === 'disconnected') void refresh();
    previous = state;
  });
  void refresh();

  return {
    detach() {
      detached = true;
      offHub();
      offState();
    },
    refresh,
    settled: () => inFlight,
  };
}
