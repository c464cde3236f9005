import type { FocusEvent } from 'react';
import { useText } from '../../i18n';
import { restoreStrings } from './restoreStrings';
import { useRestoreStore } from './restoreStore';
import { useAgentRestore } from './useAgentRestore';
import { useRestoreActions } from './useRestoreActions';

/** Hovered or focused, the banner waits before it goes by itself (restoreStore, ui/toastTimers.ts). */
const holding = {
  onMouseEnter: () => useRestoreStore.getState().holdToast('hover'),
  onMouseLeave: () => useRestoreStore.getState().releaseToast('hover'),
  onFocus: () => useRestoreStore.getState().holdToast('focus'),
  onBlur: (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) useRestoreStore.getState().releaseToast('focus');
  },
};

/**
 * The banner after a restore or an undo: what happened, with "Undo restore" (or "Redo") at hand. A restore that
 * rewound a session is undone whole: the rewind, then the files. It goes by itself after a while (an error stays).
 */
export function RestoreToast() {
  const t = useText(restoreStrings);
  const toast = useRestoreStore((s) => s.toast);
  const busy = useRestoreStore((s) => s.busy);
  const { undo } = useRestoreActions();
  const { undoAgentRestore } = useAgentRestore();
  if (!toast) return null;
  const close = (
    <button className="icon-button toast-close" aria-label={t.dismiss} title={t.dismiss} onClick={() => useRestoreStore.getState().dismissToast()}>
      ×
    </button>
  );
  if (toast.undoRewind) {
    const { sessionId } = toast.undoRewind;
    return (
      <div className={`toast toast-${toast.kind}`} role="status" data-testid="restore-toast" {...holding}>
        <div className="toast-body">
          <div>{toast.message}</div>
          {toast.detail && <div className="toast-detail">{toast.detail}</div>}
        </div>
        <button className="tl-button" disabled={busy} data-testid="undo-restore" onClick={() => void undoAgentRestore(sessionId, toast.undoId)} title={t.undoTitleRewind}>
          {busy ? t.working2 : t.undo}
        </button>
        {close}
      </div>
    );
  }
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="restore-toast" {...holding}>
      <div className="toast-body">
        <div>{toast.message}</div>
        {toast.detail && <div className="toast-detail">{toast.detail}</div>}
      </div>
      {toast.undoId && (
        <button
          className="tl-button"
          disabled={busy}
          data-testid={toast.kind === 'undone' ? 'redo-restore' : 'undo-restore'}
          onClick={() => void undo(toast.undoId!)}
          title={t.undoTitle}
        >
          {busy ? t.working2 : toast.kind === 'error' ? t.tryAgain : toast.kind === 'undone' ? t.redoRestore : t.undoRestore}
        </button>
      )}
      {close}
    </div>
  );
}
