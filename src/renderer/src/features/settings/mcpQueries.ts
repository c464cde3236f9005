import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandResult } from '../../../../shared/contract';
import { ClientError } from '../../client/client';
import { useClient, useEvent } from '../../client/ClientContext';
import { useReconnected } from '../../client/useReconnected';

/**
 * `mcp.list` of the open workspace (its servers and the problems of their configuration), kept current by
 * `mcp.onChanged` (which carries the servers, not the problems: those change only on a reload, after which the
 * list is read again) and read again after a dropped connection.
 */

export type McpList = CommandResult<'mcp.list'>;

/** Keyed by the workspace: each open folder has its own servers. */
export const mcpListKey = (root: string) => ['mcp.list', root] as const;

/** An answer of the core will not change on retry; a dropped connection may. */
const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2;

export function useMcpServers(root: string | null) {
  const client = useClient();
  const queryClient = useQueryClient();
  const key = mcpListKey(root ?? '');
  const refetch = () => void queryClient.invalidateQueries({ queryKey: ['mcp.list'] });
  useEvent('mcp.onChanged', ({ servers }) => {
    if (queryClient.getQueryData<McpList>(key)) queryClient.setQueryData<McpList>(key, (old) => (old ? { ...old, servers } : old));
    else refetch();
  });
  useReconnected(refetch);
  const query = useQuery({ queryKey: key, queryFn: () => client.invoke('mcp.list'), enabled: root !== null, retry });
  return { query, refetch };
}
