import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { AgentSessionDetail, AgentStatus } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { useReconnected } from '../../client/useReconnected';
import { useLanguage } from '../../i18n';
import { agentEventHub } from '../agent/agentEventHub';
import { useSessionStore } from '../agent/sessionStore';
import { followedSession, holdsSpec, taskRunStates, type TaskRunState } from './specRunState';
import { useSpecsStore } from './specsStore';

/** The wait before a session's board is fetched again once its events say it changed (events in between share it). */
const REFRESH_MS = 250;

export interface SpecSession {
  sessionId: string | null;
  status: AgentStatus | null;
  detail: AgentSessionDetail | null;
  /** A session runs or waits on this spec: run buttons are off. */
  busy: boolean;
  states: Map<string, TaskRunState>;
}

const NONE = new Map<string, TaskRunState>();
export const specSessionKey = (sessionId: string | null) => ['specSession', sessionId] as const;

/**
 * The newest session of a spec (agent.list's `spec`, or the one this window just started) and its TODOs
 * (agent.get, fetched again shortly after each of its events), as task states for the Specs view.
 */
export function useSpecSession(tasksPath: string | null): SpecSession {
  const client = useClient();
  const queryClient = useQueryClient();
  const sessions = useSessionStore((s) => s.sessions);
  const startedHere = useSpecsStore((s) => (tasksPath ? (s.started[tasksPath] ?? null) : null));
  const sessionId = tasksPath ? followedSession(sessions, tasksPath, startedHere) : null;
  const summary = sessions.find((s) => s.sessionId === sessionId) ?? null;

  const detail = useQuery({
    queryKey: specSessionKey(sessionId),
    queryFn: () => client.invoke('agent.get', { sessionId: sessionId! }),
    enabled: !!sessionId,
    staleTime: 0,
  });

  useEffect(() => {
    if (!sessionId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = agentEventHub(client).listen((entry) => {
      if (entry.kind !== 'agent' || entry.event.sessionId !== sessionId || entry.event.type === 'assistant_delta') return;
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: specSessionKey(sessionId) });
      }, REFRESH_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [client, queryClient, sessionId]);
  useReconnected(() => void queryClient.invalidateQueries({ queryKey: ['specSession'] }));

  const data = detail.data && detail.data.sessionId === sessionId ? detail.data : null;
  // The list's status follows events at once; the board's comes with the next fetch.
  const status = summary?.status ?? data?.status ?? null;
  // The states carry words (labels, tooltips): made again when the UI's language changes.
  const language = useLanguage();
  const states = useMemo(() => (data ? taskRunStates({ ...data, status: status ?? data.status }) : NONE), [data, status, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const starting = !!sessionId && !summary && !data;
  return { sessionId, status, detail: data, busy: starting || holdsSpec(status), states };
}
