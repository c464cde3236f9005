import { create } from 'zustand';
import { textOf } from '../../i18n';
import { createToastTimers, toastLifetime, type HoldReason } from '../../ui/toastTimers';
import { restoreStrings } from './restoreStrings';

/** A restore the user asked for, waiting for confirmation in the dialog. */
export interface RestoreRequest {
  checkpointId: string;
  /** How the checkpoint is named in the dialog, e.g. `#3 “before refactor”`. */
  name: string;
  /** Restore only these files (a single file from a checkpoint's file list). */
  paths?: string[];
  /** Restoring a before-restore checkpoint undoes that restore. */
  isUndo?: boolean;
  /** An agent checkpoint: the dialog also offers to rewind its session (conversation only, or both). */
  agent?: { sessionId: string; todoId: string | null };
}

/** The banner after a restore: what happened, and the checkpoint that undoes it. */
export interface RestoreToast {
  id: number;
  /** A restore (offers undo), an undo (offers redo), or an undo that failed (offers to try again). */
  kind: 'restored' | 'undone' | 'error' | 'info';
  message: string;
  /** Restoring this undoes what the banner reports (its before-restore checkpoint). */
  undoId?: string;
  /** The restore rewound this session (agent.rewind): Undo takes the rewind back too (agent.undoRewind). */
  undoRewind?: { sessionId: string };
  detail?: string;
}

interface RestoreState {
  dialog: RestoreRequest | null;
  toast: RestoreToast | null;
  /** A restore or an undo is running. */
  busy: boolean;
  openRestore(request: RestoreRequest): void;
  closeRestore(): void;
  showToast(toast: Omit<RestoreToast, 'id'>): void;
  dismissToast(): void;
  /** Hovered or focused: the banner waits (ui/toastTimers.ts); an error stays until closed. */
  holdToast(reason: HoldReason): void;
  releaseToast(reason: HoldReason): void;
  setBusy(busy: boolean): void;
}

let toastIds = 0;

export const useRestoreStore = create<RestoreState>((set, get) => {
  const timers = createToastTimers<number>((id) => get().toast?.id === id && set({ toast: null }));
  const drop = () => {
    const shown = get().toast;
    if (shown) timers.clear(shown.id);
  };
  return {
    dialog: null,
    toast: null,
    busy: false,
    openRestore: (dialog) => set({ dialog }),
    closeRestore: () => set({ dialog: null }),
    showToast: (toast) => {
      drop();
      const id = ++toastIds;
      set({ toast: { ...toast, id } });
      const action = toast.undoId !== undefined || toast.undoRewind !== undefined;
      timers.start(id, toastLifetime({ tone: toast.kind, action: action || undefined }));
    },
    dismissToast: () => {
      drop();
      set({ toast: null });
    },
    holdToast: (reason) => {
      const shown = get().toast;
      if (shown) timers.hold(shown.id, reason);
    },
    releaseToast: (reason) => {
      const shown = get().toast;
      if (shown) timers.release(shown.id, reason);
    },
    setBusy: (busy) => set({ busy }),
  };
});

/** "2 modified, 1 created, 1 deleted" (only the parts that are not zero), or "no files changed". */
export function summarize(counts: { modified: number; created: number; deleted: number }): string {
  const t = textOf(restoreStrings);
  const parts: string[] = [];
  if (counts.modified) parts.push(t.modified(counts.modified));
  if (counts.created) parts.push(t.created(counts.created));
  if (counts.deleted) parts.push(t.deleted(counts.deleted));
  return parts.length ? parts.join(t.listSeparator) : t.noFilesChanged;
}
