import { useRestoreStore } from './restoreStore';
import { useAgentRestore } from './useAgentRestore';
import { useRestoreActions } from './useRestoreActions';

/**
 * The banner after a restore or an undo: what happened, with "Undo restore" (or "Redo") at hand. A restore that
 * rewound a session is undone whole: the rewind, then the files.
 */
export function RestoreToast() {
  const toast = useRestoreStore((s) => s.toast);
  const busy = useRestoreStore((s) => s.busy);
  const { undo } = useRestoreActions();
  const { undoAgentRestore } = useAgentRestore();
  if (!toast) return null;
  if (toast.undoRewind) {
    const { sessionId } = toast.undoRewind;
    return (
      <div className={`toast toast-${toast.kind}`} role="status" data-testid="restore-toast">
        <div className="toast-body">
          <div>{toast.message}</div>
          {toast.detail && <div className="toast-detail">{toast.detail}</div>}
        </div>
        <button className="tl-button" disabled={busy} data-testid="undo-restore" onClick={() => void undoAgentRestore(sessionId, toast.undoId)} title="Put the session (and the files) back as they were just before">
          {busy ? 'Working…' : 'Undo'}
        </button>
        <button className="icon-button toast-close" aria-label="Dismiss" onClick={() => useRestoreStore.getState().dismissToast()}>
          ×
        </button>
      </div>
    );
  }
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="restore-toast">
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
          title="Restore the state checkpointed just before (this, too, can be undone)"
        >
          {busy ? 'Working…' : toast.kind === 'error' ? 'Try again' : toast.kind === 'undone' ? 'Redo restore' : 'Undo restore'}
        </button>
      )}
      <button className="icon-button toast-close" aria-label="Dismiss" onClick={() => useRestoreStore.getState().dismissToast()}>
        ×
      </button>
    </div>
  );
}
