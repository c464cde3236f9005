import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppInfo } from '../../appState/useWorkspace';
import { useEvent } from '../../client/ClientContext';
import { dependsOnNow } from './timelineQueries';
import { useTimelineStore, type TimelineLoader } from './timelineStore';
import { useReconnected } from '../../client/useReconnected';

/** Queries about the workspace "now" (diffs with now, restore previews) refresh when files change. */
export function useNowRefresh(): void {
  const queryClient = useQueryClient();
  useEvent('workspace.onChanged', ({ changes, refresh }) => {
    // The checkpoint metadata the core writes under .akira/ is never part of a checkpoint.
    if (!refresh && changes.every((c) => c.path === '.akira' || c.path.startsWith('.akira/'))) return;
    void queryClient.invalidateQueries({ predicate: (q) => dependsOnNow(q.queryKey) });
  });
}

/**
 * Keeps the Timeline's store in step with the core: loads on first show, merges new checkpoints on
 * `checkpoints.onChanged`, reloads after pruning or a reconnect, starts afresh for another workspace.
 */
export function useTimelineSync(loader: TimelineLoader): void {
  const queryClient = useQueryClient();
  const root = useAppInfo().data?.workspace?.root ?? null;

  useEffect(() => {
    const state = useTimelineStore.getState();
    if (state.root !== root) {
      loader.reset(root);
      if (root) loader.start();
    } else if (state.loaded) loader.reload(); // events missed while the view was closed
    else loader.start();
  }, [loader, root]);

  useEvent('checkpoints.onChanged', ({ reason }) => {
    if (reason === 'pruned' || reason === 'recovered') loader.reload();
    else loader.refresh();
    void queryClient.invalidateQueries({ queryKey: ['checkpoints.usage'] });
  });
  useEvent('app.onWorkspaceOpened', ({ workspace }) => {
    loader.reset(workspace?.root ?? null);
    if (workspace) loader.start();
  });

  useReconnected(() => {
    loader.reload();
    void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('checkpoints.') });
  });

  useNowRefresh();
}
