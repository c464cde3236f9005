import { useState } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { progressOf } from '../../../../shared/agent/sessionState';
import { useBoardStore } from '../board/boardStore';
import { useReviewStore, waitingIn } from '../review/reviewStore';
import { useServerTrust } from './ServerTrust';
import { statusText } from './queueOrder';
import { canPause, canResume, canStop, formatCost, formatTokens, message, phaseLabel, statusTone } from './sessionFormat';
import { agentStrings } from './agentStrings';
import { useFormats, useText } from '../../i18n';
import { useSessionStore } from './sessionStore';
import { useModeName } from './useModeName';
import { ModeSwitch } from './ModeSwitch';
import { SandboxNotice } from './SandboxNotice';
import { useReasonText } from '../../i18n';
import { reasonFields, sessionReasons } from '../../../../shared/errors';
import { sessionTitle } from './sessionTitleText';

/**
 * The session's header: what it works on, where it is, and pause / resume / stop. Progress is the shared replay's
 * (`progressOf`, as the sessions list and session.md count it); "Review N changes" counts what waits in the review
 * store, the one list of what waits for a person (features/review/reviewStore.ts).
 */
export function SessionControls({ onClose }: { onClose(): void }) {
  const t = useText(agentStrings);
  const formats = useFormats();
  const client = useClient();
  const board = useBoardStore((s) => s.board);
  const reasonText = useReasonText();
  const modeName = useModeName();
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
  // A session that has not ended switches its mode here (issue 25); the meta names the mode otherwise.
  const switchable = canStop(board.status) && !queued;
  const meta = `${queued ? t.inTheQueue : phaseLabel(board.phase, t)} · ${switchable ? '' : `${modeName(board.mode)} · `}${board.model}`;
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
        <SandboxNotice />
        <span className="session-task" title={`${board.task}\n${meta}`} data-testid="session-task">
          {sessionTitle(board.task, t) || '…'}
        </span>
        {switchable && <ModeSwitch sessionId={sessionId} mode={board.mode} disabled={busy} onSwitch={(mode) => act(() => client.invoke('agent.setMode', { sessionId, mode }))} />}
        <span className="session-meta session-phase" data-testid="session-meta">
          {meta}
        </span>
      </div>
      <div className="session-progress" title={t.todosDone(done, total)} data-testid="session-progress">
        <div className="session-progress-bar">
          <div className="session-progress-fill" style={{ width: total ? `${(100 * done) / total}%` : 0 }} />
        </div>
        <span>
          {done}/{total}
        </span>
      </div>
      <span className="session-meta" title={t.tokensTitle(formats.number(board.totals.tokensIn), formats.number(board.totals.tokensOut), formats.number(board.totals.modelCalls))}>
        {t.tokens(formatTokens(board.totals.tokensIn + board.totals.tokensOut))}
        {cost ? ` · ${cost}` : ''}
      </span>
      <div className="session-buttons">
        {changes > 0 && (
          <button className="ag-button primary" onClick={() => setSidebar('review')} data-testid="session-review">
            {t.reviewChanges(changes)}
          </button>
        )}
        {canPause(board.status) && (
          <button className="ag-button" disabled={busy} onClick={() => act(() => client.invoke('agent.pause', { sessionId }))} data-testid="session-pause">
            {t.pause}
          </button>
        )}
        {canResume(board.status) && (
          <button className="ag-button primary" disabled={busy} onClick={() => act(() => trust.run(() => client.invoke('agent.resume', { sessionId })))} data-testid="session-resume">
            {t.resume}
          </button>
        )}
        {/* A queued session is cancelled from its queue panel. */}
        {canStop(board.status) &&
          !queued &&
          (confirmStop ? (
            <>
              <button className="ag-button danger" disabled={busy} onClick={() => act(() => client.invoke('agent.stop', { sessionId, ...reasonFields(sessionReasons.stoppedFromApp) }))} data-testid="session-stop-confirm">
                {t.stopForGood}
              </button>
              <button className="ag-button" onClick={() => setConfirmStop(false)}>
                {t.cancel}
              </button>
            </>
          ) : (
            <button className="ag-button" disabled={busy} onClick={() => setConfirmStop(true)} data-testid="session-stop">
              {t.stop}
            </button>
          ))}
        <button className="icon-button" title={t.closeSessionView} aria-label={t.closeSessionView} onClick={onClose}>
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
