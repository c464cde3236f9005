import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useClient } from '../../client/ClientContext';
import { dependsOnNow } from './timelineQueries';
import { textOf } from '../../i18n';
import { restoreStrings } from './restoreStrings';
import { summarize, useRestoreStore, type RestoreRequest } from './restoreStore';

function conflictsNote(conflicts: { path: string; reason: string }[]): string | undefined {
  if (conflicts.length === 0) return undefined;
  const t = textOf(restoreStrings);
  const shown = conflicts.slice(0, 3).map((c) => t.conflictItem(c.path, c.reason)).join(t.listSeparator);
  return t.leftAlone(conflicts.length > 3 ? t.andMore(shown, conflicts.length - 3) : shown);
}

/**
 * Restore and undo. Both checkpoint the state before (the core does), so every restore can be undone
 * by restoring its `beforeCheckpointId`; the banner offers exactly that.
 */
export function useRestoreActions() {
  const client = useClient();
  const queryClient = useQueryClient();

  const refreshNow = useCallback(() => {
    void queryClient.invalidateQueries({ predicate: (q) => dependsOnNow(q.queryKey) });
  }, [queryClient]);

  /** Runs a confirmed restore; throws (for the dialog to show) when the core refuses. */
  const restore = useCallback(
    async (request: RestoreRequest) => {
      const store = useRestoreStore.getState();
      store.setBusy(true);
      try {
        const result = await client.invoke('checkpoints.restore', {
          checkpointId: request.checkpointId,
          ...(request.paths ? { paths: request.paths } : {}),
        });
        const counts = { modified: result.modified.length, created: result.created.length, deleted: result.deleted.length };
        const t = textOf(restoreStrings);
        useRestoreStore.getState().closeRestore();
        useRestoreStore.getState().showToast({
          kind: request.isUndo ? 'undone' : 'restored',
          message: request.isUndo
            ? t.restoreUndoneCounts(summarize(counts))
            : request.paths?.length === 1
              ? t.restoredFile(request.paths[0], request.name, summarize(counts))
              : t.restoredWorkspace(request.name, summarize(counts)),
          undoId: result.beforeCheckpointId,
          detail: conflictsNote(result.conflicts),
        });
      } finally {
        useRestoreStore.getState().setBusy(false);
        refreshNow();
      }
    },
    [client, refreshNow],
  );

  /** Undoes a restore at once (no dialog: the banner's button is the confirmation). */
  const undo = useCallback(
    async (beforeCheckpointId: string) => {
      const store = useRestoreStore.getState();
      store.setBusy(true);
      try {
        const result = await client.invoke('checkpoints.restore', { checkpointId: beforeCheckpointId });
        const counts = { modified: result.modified.length, created: result.created.length, deleted: result.deleted.length };
        useRestoreStore.getState().showToast({
          kind: 'undone',
          message: textOf(restoreStrings).restoreUndoneFiles(summarize(counts)),
          undoId: result.beforeCheckpointId,
          detail: conflictsNote(result.conflicts),
        });
      } catch (err) {
        useRestoreStore.getState().showToast({
          kind: 'error',
          message: textOf(restoreStrings).couldNotUndo((err as Error).message),
          undoId: beforeCheckpointId,
        });
      } finally {
        useRestoreStore.getState().setBusy(false);
        refreshNow();
      }
    },
    [client, refreshNow],
  );

  return { restore, undo };
}
