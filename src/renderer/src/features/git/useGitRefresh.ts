import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../client/ClientContext';
import { useCloseGoneDiffs } from './goneDiffs';

/**
 * Refreshes every git query (`git.status`, which the status bar shares, and open `git.diff`s) when
 * the core says the repository may have changed, and closes the diffs of files that left the changes
 * (goneDiffs.ts). Safe to use from several components.
 */
export function useGitRefresh(): void {
  const queryClient = useQueryClient();
  useEvent('git.onChanged', () => {
    void queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('git.'),
    });
  });
  useCloseGoneDiffs();
}
