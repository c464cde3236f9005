import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUiStore } from '../../appState/uiStore';
import type { AkiraClient } from '../../client/client';
import { useClient } from '../../client/ClientContext';
import { ACTIVE, type RestoreMode } from './agentTimeline';
import { dependsOnNow } from './timelineQueries';
import { textOf } from '../../i18n';
import { restoreStrings } from './restoreStrings';
import { summarize, useRestoreStore, type RestoreRequest } from './restoreStore';
import { useRestoreActions } from './useRestoreActions';

/** How long a pause may take to land (a running command finishes its step first). */
const PAUSE_WAIT_MS = 60_000;
const POLL_MS = 150;

async function pauseAndWait(client: AkiraClient, sessionId: string, name: string): Promise<void> {
  await client.invoke('agent.pause', { sessionId, reason: `Paused to rewind it to checkpoint ${name}.` });
  const deadline = Date.now() + PAUSE_WAIT_MS;
  for (;;) {
    const { status } = await client.invoke('agent.get', { sessionId });
    if (!ACTIVE.includes(status)) return;
    if (Date.now() > deadline) throw new Error(textOf(restoreStrings).pauseTimeout(PAUSE_WAIT_MS / 1000));
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Restoring an agent checkpoint: files only (checkpoints.restore, as for any checkpoint), the
 * conversation only (agent.rewind: the session goes back to that point, paused) or both (files
 * first, then the rewind). A running session is paused first. And forking a new session from it.
 */
export function useAgentRestore() {
  const client = useClient();
  const queryClient = useQueryClient();
  const { restore } = useRestoreActions();

  const refresh = useCallback(
    (sessionId: string) => {
      void queryClient.invalidateQueries({ predicate: (q) => dependsOnNow(q.queryKey) });
      void queryClient.invalidateQueries({ queryKey: ['timeline.agentSession', sessionId] });
    },
    [queryClient],
  );

  const restoreAgent = useCallback(
    async (request: RestoreRequest, mode: RestoreMode, files: number) => {
      const agent = request.agent;
      if (mode === 'files' || !agent) return restore(request);
      const store = useRestoreStore.getState();
      store.setBusy(true);
      try {
        const { status } = await client.invoke('agent.get', { sessionId: agent.sessionId });
        const paused = ACTIVE.includes(status);
        if (paused) await pauseAndWait(client, agent.sessionId, request.name);
        let counts: string | null = null;
        let undoId: string | undefined;
        if (mode === 'both' && files > 0) {
          const result = await client.invoke('checkpoints.restore', { checkpointId: request.checkpointId });
          counts = summarize({ modified: result.modified.length, created: result.created.length, deleted: result.deleted.length });
          undoId = result.beforeCheckpointId;
        }
        await client.invoke('agent.rewind', { sessionId: agent.sessionId, checkpointId: request.checkpointId, ...(counts !== null ? { filesRestored: true } : {}) });
        const t = textOf(restoreStrings);
        useRestoreStore.getState().closeRestore();
        useRestoreStore.getState().showToast({
          kind: 'restored',
          message: counts === null ? t.rewound(request.name, paused) : t.restoredAndRewound(counts, request.name, paused),
          undoRewind: { sessionId: agent.sessionId },
          ...(undoId ? { undoId } : {}),
          detail: undoId ? t.undoPutsBoth : t.undoPutsSession,
        });
      } finally {
        useRestoreStore.getState().setBusy(false);
        refresh(agent.sessionId);
      }
    },
    [client, restore, refresh],
  );

  /**
   * Undoes a restore that rewound a session: the rewind first (agent.undoRewind, refused once the session went on),
   * then the files when the restore touched them (their before-restore checkpoint).
   */
  const undoAgentRestore = useCallback(
    async (sessionId: string, undoId: string | undefined) => {
      const store = useRestoreStore.getState();
      store.setBusy(true);
      try {
        await client.invoke('agent.undoRewind', { sessionId });
        let counts: string | null = null;
        if (undoId) {
          const result = await client.invoke('checkpoints.restore', { checkpointId: undoId });
          counts = summarize({ modified: result.modified.length, created: result.created.length, deleted: result.deleted.length });
        }
        const t = textOf(restoreStrings);
        useRestoreStore.getState().showToast({ kind: 'undone', message: counts === null ? t.rewindUndone : t.rewindAndFilesUndone(counts) });
      } catch (err) {
        useRestoreStore.getState().showToast({ kind: 'error', message: textOf(restoreStrings).couldNotUndo((err as Error).message) });
      } finally {
        useRestoreStore.getState().setBusy(false);
        refresh(sessionId);
      }
    },
    [client, refresh],
  );

  /**
   * A new paused session from the checkpoint; `openSession` shows it (the agent view opens on it: App hands the
   * Timeline that, so the Timeline does not import the agent feature). Files are not touched.
   */
  const fork = useCallback(
    async (sessionId: string, checkpointId: string, name: string, openSession: (sessionId: string) => void) => {
      try {
        const result = await client.invoke('agent.fork', { sessionId, checkpointId });
        openSession(result.sessionId);
        useUiStore.getState().setSidebar('agent');
        useRestoreStore.getState().showToast({ kind: 'info', message: textOf(restoreStrings).forked(name) });
      } catch (err) {
        useRestoreStore.getState().showToast({ kind: 'error', message: textOf(restoreStrings).couldNotFork(name, (err as Error).message) });
      }
    },
    [client],
  );

  return { restoreAgent, undoAgentRestore, fork };
}
