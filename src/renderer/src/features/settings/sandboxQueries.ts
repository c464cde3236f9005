import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientError } from '../../client/client';
import { useClient, useEvent } from '../../client/ClientContext';

export const SANDBOX_KEY = ['agent.sandbox'] as const;

/**
 * `agent.sandbox`: whether the open workspace's agent commands run in the OS sandbox, and if not why and how to get
 * one (issue 26). Read again when settings are saved or another folder opens (Settings' Sandbox section, the session header).
 */
export function useSandboxStatus() {
  const client = useClient();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SANDBOX_KEY });
  useEvent('settings.onChanged', refresh);
  useEvent('app.onWorkspaceOpened', refresh);
  return useQuery({
    queryKey: SANDBOX_KEY,
    queryFn: () => client.invoke('agent.sandbox'),
    staleTime: 10_000,
    retry: (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2,
  });
}
