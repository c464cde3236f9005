import { useState } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { progressOf } from '../../../../shared/agent/sessionState';
import { useBoardStore } from '../board/boardStore';
import { useReviewStore, waitingIn } from '../review/reviewStore';
import { useServerTrust } from './ServerTrust';
import { statusText } from './queueOrder';
import { canPause, canResume, canStop, formatCost, formatTokens, message, PHASE_LABEL, statusTone } from './sessionFormat';
import { useSessionStore } from './sessionStore';
import { useReasonText } from '../../i18n';
import { reasonFields, sessionReasons } from '../../../../shared/errors';

/**
 * The session's header: what it works on, where it is, and pause / resume / stop. Progress is the shared replay's
 * (`progressOf`, as the sessions list and session.md count it); "Review N changes" counts what waits in the review
 * store, the one list of what waits for a person (features/review/reviewStore.ts).
 */
export function SessionControls({ onClose }: { onClose(): void }) {
  const client = useClient();
  const board = useBoardStore((s) => s.board);
  const reasonText = useReasonText();
  const setSidebar = useUiStore((s) => s.setSidebar);
  const [busy, setBusy] = useState(false);
  const [confirmStop, setConfirmStop] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trust = useServerTrust();
  const sessionId = board.sessionId!;
  const { done, total } = progressOf(board.log);
  const tone = statusTone(board.status);
  const changes = useReviewStore((s) => waitingIn(s.items, board.sessionId).filter((i) => i.kind === 'change').length);
  const cost = formatCost(board.totals.costUsd);
  const queued = board.status === 'queued';
  const queuePosition = useSessionStore((s) => s.sessions.find((x) => x.sessionId === board.sessionId)?.queuePosition ?? null);

  async function act(fn: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
      setConfirmStop(false);
    }
  }

  return (
    <div className="session-header" data-testid="session-header">
      <div className="session-header-main">
        <span className={`status-chip tone-${tone}`} data-testid="session-status" data-status={board.status} title={reasonText(board.statusReason, board.statusReasonWords) ?? undefined}>
          {statusText(board.status, queuePosition)}
        </span>
        <span className="session-task" title={board.task}>
          {board.task || '…'}
        </span>
        <span className="session-meta">
          {queued ? 'in the queue' : (PHASE_LABEL[board.phase] ?? board.phase)} · {board.mode} · {board.model}
        </span>
      </div>
      <div className="session-progress" title={`${done} of ${total} TODOs done`} data-testid="session-progress">
        <div className="session-progress-bar">
          <div className="session-progress-fill" style={{ width: total ? `${(100 * done) / total}%` : 0 }} />
        </div>
        <span>
          {done}/{total}
        </span>
      </div>
      <span className="session-meta" title={`${board.totals.tokensIn} in, ${board.totals.tokensOut} out, ${board.totals.modelCalls} model calls`}>
        {formatTokens(board.totals.tokensIn + board.totals.tokensOut)} tokens{cost ? ` · ${cost}` : ''}
      </span>
      <div className="session-buttons">
        {changes > 0 && (
          <button className="ag-button primary" onClick={() => setSidebar('review')} data-testid="session-review">
            Review {changes} change{changes === 1 ? '' : 's'}
          </button>
        )}
        {canPause(board.status) && (
          <button className="ag-button" disabled={busy} onClick={() => act(() => client.invoke('agent.pause', { sessionId }))} data-testid="session-pause">
            Pause
          </button>
        )}
        {canResume(board.status) && (
          <button className="ag-button primary" disabled={busy} onClick={() => act(() => trust.run(() => client.invoke('agent.resume', { sessionId })))} data-testid="session-resume">
            Resume
          </button>
        )}
        {/* A queued session is cancelled from its queue panel. */}
        {canStop(board.status) &&
          !queued &&
          (confirmStop ? (
            <>
              <button className="ag-button danger" disabled={busy} onClick={() => act(() => client.invoke('agent.stop', { sessionId, ...reasonFields(sessionReasons.stoppedFromApp) }))} data-testid="session-stop-confirm">
                Stop for good
              </button>
              <button className="ag-button" onClick={() => setConfirmStop(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button className="ag-button" disabled={busy} onClick={() => setConfirmStop(true)} data-testid="session-stop">
              Stop
            </button>
          ))}
        <button className="icon-button" title="Close the session view" aria-label="Close the session view" onClick={onClose}>
          ×
        </button>
      </div>
      {error && (
        <div className="session-error error-text" role="alert">
          {error}
        </div>
      )}
      {trust.dialog}
    </div>
  );
}
