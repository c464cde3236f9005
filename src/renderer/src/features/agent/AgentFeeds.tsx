import { useEffect, useRef } from 'react';
import { useClient, useEvent } from '../../client/ClientContext';
import { attachActivity } from '../activity/activityStore';
import { attachBoard } from '../board/boardStore';
import { agentEventHub } from './agentEventHub';
import { message } from './sessionFormat';
import { useSessionStore } from './sessionStore';

/** The wait before the sessions list is fetched again once events say it is out of date (events in between share it). */
const LIST_REFRESH_MS = 500;

/**
 * Feeds the agent stores (renders nothing; mounted once with the workspace): every agent event goes to
 * the sessions list; the board and the activity follow the current session.
 */
export function AgentFeeds() {
  const client = useClient();
  const currentSessionId = useSessionStore((s) => s.currentSessionId);
  const needsRefresh = useSessionStore((s) => s.needsRefresh);
  const boardRefresh = useSessionStore((s) => s.boardRefresh);
  const board = useRef<ReturnType<typeof attachBoard> | null>(null);

  useEffect(() => {
    const hub = agentEventHub(client);
    return hub.listen((entry) => {
      if (entry.kind === 'agent') useSessionStore.getState().applyEvent(entry.event);
    });
  }, [client]);

  // The list: on open, when events say it is stale (throttled), after a reconnect.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;
    const load = () => {
      client
        .invoke('agent.list')
        .then(({ sessions }) => !disposed && useSessionStore.getState().setSessions(sessions))
        .catch((err) => !disposed && useSessionStore.getState().setError(message(err)));
    };
    if (!useSessionStore.getState().loaded || needsRefresh) timer = setTimeout(load, needsRefresh ? LIST_REFRESH_MS : 0);
    const off = client.onState((state) => state === 'connected' && load());
    return () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      off();
    };
  }, [client, needsRefresh]);

  useEvent('app.onWorkspaceOpened', () => {
    useSessionStore.setState({ currentSessionId: null, sessions: [], loaded: false, needsRefresh: true, statusReasons: {} });
  });

  // Why a queued session waits: said by its status_changed event, or (listed before this window saw it) by agent.get.
  const sessions = useSessionStore((s) => s.sessions);
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const { statusReasons, setStatusReason } = useSessionStore.getState();
    for (const s of sessions) {
      if (s.status !== 'queued' || statusReasons[s.sessionId] !== undefined || asked.current.has(s.sessionId)) continue;
      asked.current.add(s.sessionId);
      client.invoke('agent.get', { sessionId: s.sessionId }).then(
        (d) => d.status === 'queued' && setStatusReason(s.sessionId, d.statusReason, d.statusReasonWords),
        () => asked.current.delete(s.sessionId),
      );
    }
  }, [client, sessions]);

  useEffect(() => {
    if (!currentSessionId) return;
    const hub = agentEventHub(client);
    const attached = attachBoard(client, hub, currentSessionId);
    board.current = attached;
    const activity = attachActivity(hub, currentSessionId, {
      loadEarlier: async (beforeSeq) => (await client.invoke('agent.events', { sessionId: currentSessionId, beforeSeq, limit: 1000 })).events,
    });
    return () => {
      attached.detach();
      if (board.current === attached) board.current = null;
      activity.detach();
    };
  }, [client, currentSessionId]);

  useEffect(() => {
    if (boardRefresh) void board.current?.refresh();
  }, [boardRefresh]);

  return null;
}
