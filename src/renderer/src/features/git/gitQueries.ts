import type { QueryClient } from '@tanstack/react-query';
import type { AkiraClient } from '../../client/client';

/**
 * The git queries of the Changes view, the diff's hunks and the branch menu, and the refresh after a git
 * action. Every key starts with the command's name, so `git.onChanged` (useGitRefresh) refreshes them all.
 */

export const hunksQuery = (client: AkiraClient, path: string) => ({
  queryKey: ['git.hunks', path] as const,
  queryFn: () => client.invoke('git.hunks', { path }),
  retry: false,
});

export const branchesQuery = (client: AkiraClient) => ({
  queryKey: ['git.branches'] as const,
  queryFn: () => client.invoke('git.branches'),
  retry: false,
});

/** Every git query again (status, diffs, hunks, branches): after an action, without waiting for the watcher. */
export function refreshGit(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('git.') });
}
