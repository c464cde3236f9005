import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../client/ClientContext';

/** `git.status` of the workspace, shared by the Changes panel, the tree's decorations and the status bar. */
export function useGitStatus(enabled = true) {
  const client = useClient();
  return useQuery({ queryKey: ['git.status'], queryFn: () => client.invoke('git.status'), enabled });
}
