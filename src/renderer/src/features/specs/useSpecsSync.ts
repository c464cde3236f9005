import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../client/ClientContext';
import { useReconnected } from '../../client/useReconnected';
import { touchesSpecs } from './specRows';
import { useSpecsStore } from './specsStore';

const isSpecsQuery = (key: readonly unknown[]) => String(key[0]).startsWith('specs.');

/**
 * Keeps the specs' queries fresh: a spec Akira changed (specs.onChanged), tasks.md edited by hand or by a
 * shell (workspace.onChanged under .akira/specs or .kiro/specs), another workspace, a reconnect.
 */
export function useSpecsSync(): void {
  const queryClient = useQueryClient();
  useEvent('specs.onChanged', ({ source, name }) => {
    void queryClient.invalidateQueries({ queryKey: ['specs.get', source, name] });
    void queryClient.invalidateQueries({ queryKey: ['specs.list'] });
  });
  useEvent('workspace.onChanged', ({ changes, refresh }) => {
    if (refresh || changes.some((c) => touchesSpecs(c.path))) void queryClient.invalidateQueries({ predicate: (q) => isSpecsQuery(q.queryKey) });
  });
  useEvent('app.onWorkspaceOpened', () => {
    useSpecsStore.getState().reset();
    void queryClient.invalidateQueries({ predicate: (q) => isSpecsQuery(q.queryKey) });
  });
  useReconnected(() => void queryClient.invalidateQueries({ predicate: (q) => isSpecsQuery(q.queryKey) }));
}
