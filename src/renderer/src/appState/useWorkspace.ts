import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient, useEvent } from '../client/ClientContext';

/** The app description (face, version, open workspace), refreshed when another folder is opened. */
export function useAppInfo() {
  const client = useClient();
  const queryClient = useQueryClient();
  useEvent('app.onWorkspaceOpened', () => {
    void queryClient.invalidateQueries();
  });
  return useQuery({ queryKey: ['app.describe'], queryFn: () => client.invoke('app.describe'), staleTime: Infinity });
}
