import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { progressOf } from '../../../../shared/agent/sessionState';
import { useBoardStore } from '../board/boardStore';
import { useServerTrust } from './ServerTrust';
import { queueWaitText, statusText } from './queueOrder';
import { canPause, canResume, canStop, formatCost, formatTokens, message, phaseLabel, statusTone } from './sessionFormat';
import { agentStrings } from './agentStrings';
import { useText } from '../../i18n';
import { useSessionStore } from './sessionStore';
import { useReasonText } from '../../i18n';
import { reasonFields, sessionReasons } from '../../../../shared/errors';
import { sessionTitle } from './sessionTitleText';

type Action = 'view' | 'pause' | 'resume' | 'stop';

/**
 * The current session in the status bar: status, phase, progress, tokens and cost. A click (or Enter /
 * Space / ↑) opens its menu: View log (the board and the activity), Pause, Resume, Stop (asked twice).
 * Arrow keys move in the menu, Escape closes it and gives the focus back to the item.
 */
export function SessionStatusItem() {
  const t = useText(agentStrings);
  const client = useClient();
  const current = useSessionStore((s) => s.currentSessionId);
  const board = useBoardStore((s) => s.board);
  const reasonText = useReasonText();
  const [open, setOpen] = useState(false);
  const [confirmStop, setConfirmStop] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trust = useServerTrust();
  const anchor = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const shown = !!current && board.sessionId === current;
  const queuePosition = useSessionStore((s) => s.sessions.find((x) => x.sessionId === current)?.queuePosition ?? null);
  const queued = board.status === 'queued';

  const close = (refocus: boolean) => {
    setOpen(false);
    setConfirmStop(false);
    if (refocus) anchor.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !anchor.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  useEffect(() => {
    if (open && confirmStop) menu.current?.querySelector<HTMLElement>('[data-testid="status-menu-stop-confirm"]')?.focus();
  }, [open, confirmStop]);
  useEffect(() => {
    if (!shown) setOpen(false);
  }, [shown]);

  if (!shown) return null;
  const sessionId = current;
  const { done, total } = progressOf(board.log);
  const cost = formatCost(board.totals.costUsd);
  const tokens = board.totals.tokensIn + board.totals.tokensOut;

  async function act(action: Action) {
    if (action === 'view') {
      useUiStore.getState().setSidebar('agent');
      close(false);
      return;
    }
    if (action === 'stop' && !confirmStop && !queued) {
      setConfirmStop(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (action === 'pause') await client.invoke('agent.pause', { sessionId, ...reasonFields(sessionReasons.pausedFromStatusBar) });
      else if (action === 'resume') await trust.run(() => client.invoke('agent.resume', { sessionId }));
      else {
        await client.invoke('agent.stop', { sessionId, ...reasonFields(queued ? sessionReasons.unqueuedFromStatusBar : sessionReasons.stoppedFromStatusBar) });
        if (queued) useSessionStore.getState().queuedStopped();
      }
      close(true);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  const onMenuKey = (e: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  const item = (action: Action, label: string, enabled: boolean, testId: string, hint?: string) => (
    <button type="button" role="menuitem" className="status-menu-item" disabled={!enabled || busy} title={hint} data-testid={testId} onClick={() => void act(action)}>
      {label}
    </button>
  );

  return (
    <span className="status-session">
      <button
        ref={anchor}
        type="button"
        className="statusbar-item agent-status status-session-button"
        data-testid="status-agent"
        data-status={board.status}
        data-queue-position={queued ? (queuePosition ?? undefined) : undefined}
        title={t.statusItemTitle(sessionTitle(board.task, t), queued ? queueWaitText(reasonText(board.statusReason, board.statusReasonWords)) : null)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'status-session-menu' : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className={`tone-text tone-${statusTone(board.status)}`}>✦ {statusText(board.status, queuePosition)}</span>
        {/* A queued session has not started: its place says it all (a resumed one that waits keeps its numbers). */}
        {!queued && <span> · {phaseLabel(board.phase, t)}</span>}
        {(!queued || total > 0) && <span> · {done}/{total}</span>}
        {(!queued || tokens > 0) && <span> · {t.tokens(formatTokens(tokens))}</span>}
        {cost && <span> · {cost}</span>}
      </button>
      {open && (
        <div ref={menu} id="status-session-menu" className="status-menu" role="menu" aria-label={t.sessionMenu} data-testid="status-menu" onKeyDown={onMenuKey}>
          <div className="status-menu-title" title={board.task}>
            {sessionTitle(board.task, t) || t.session}
          </div>
          {item('view', t.viewLog, true, 'status-menu-view', t.viewLogHint)}
          {item('pause', t.pause, canPause(board.status), 'status-menu-pause', t.pauseHint)}
          {item('resume', t.resume, canResume(board.status), 'status-menu-resume')}
          {queued ? (
            item('stop', t.cancelQueued, true, 'status-menu-cancel-queued', t.cancelQueuedHint)
          ) : confirmStop ? (
            <button type="button" role="menuitem" className="status-menu-item danger" disabled={busy} data-testid="status-menu-stop-confirm" onClick={() => void act('stop')}>
              {t.stopForGoodAsk}
            </button>
          ) : (
            item('stop', t.stopAsk, canStop(board.status), 'status-menu-stop', t.stopHint)
          )}
          {error && (
            <div className="status-menu-error error-text" role="alert">
              {error}
            </div>
          )}
        </div>
      )}
      {trust.dialog}
    </span>
  );
}
