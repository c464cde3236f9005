import { useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { AgentSessionSummary } from '../../../../shared/contract';
import { queueWaitText, statusText } from './queueOrder';
import { formatTokens, statusTone } from './sessionFormat';
import { agentStrings } from './agentStrings';
import { useFormats, useText } from '../../i18n';
import { useSessionStore } from './sessionStore';
import { TreeBadge } from './TreeBadge';
import { useModeName } from './useModeName';
import { useReasonText } from '../../i18n';
import { nestSessions } from './sessionNesting';
import { sessionAge } from './sessionAge';
import { useSessionTitle } from './sessionTitleText';

function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function SessionRow({ s, depth, mode, current, tabStop, now, reason, onOpen, onFocus }: { s: AgentSessionSummary; depth: number; mode: string; current: boolean; tabStop: boolean; now: number; reason: string | undefined; onOpen(): void; onFocus(): void }) {
  const t = useText(agentStrings);
  const formats = useFormats();
  const title = useSessionTitle()(s.task);
  const tone = statusTone(s.status);
  const queued = s.status === 'queued';
  return (
    <li className={depth > 0 ? 'session-child' : undefined} style={depth > 0 ? ({ paddingLeft: `${Math.min(depth, 4) * 16}px`, '--child-guide': `${Math.min(depth, 4) * 16 - 10}px` } as CSSProperties) : undefined}>
      <button
        className={`session-row ${current ? 'current' : ''}`}
        data-parent-id={s.parentId ?? undefined}
        data-depth={depth}
        onClick={onOpen}
        onFocus={onFocus}
        tabIndex={tabStop ? 0 : -1}
        data-testid="session-row"
        data-session-id={s.sessionId}
        data-status={s.status}
        data-queue-position={s.queuePosition ?? undefined}
        aria-current={current}
        title={queued ? t.queuedRowTitle(title, statusText(s.status, s.queuePosition), queueWaitText(reason)) : s.parentId ? t.subTaskTitle(title) : title}
      >
        <span className={`status-dot tone-${tone}`} aria-hidden />
        <span className="session-row-main">
          <span className="session-row-task">{title}</span>
          <span className="session-row-meta">
            <span className={`tone-text tone-${tone}`} data-testid="session-row-status" title={queued ? queueWaitText(reason) : undefined}>
              {statusText(s.status, s.queuePosition)}
            </span>
            {s.parentId && <span className="session-subtask-tag" data-testid="session-row-subtask">{t.subTaskTag}</span>}
            {(s.round ?? 1) > 1 && <span data-testid="session-row-round">{t.roundShort(s.round!)}</span>}
            {s.progress.total > 0 && (
              <span>
                {s.progress.done}/{s.progress.total}
              </span>
            )}
            <span data-testid="session-row-mode">{mode}</span>
            <span>{t.tokensShort(formatTokens(s.totals.tokensIn + s.totals.tokensOut))}</span>
            <span data-testid="session-row-age">{sessionAge(formats.language, s.updatedAt, now)}</span>
            <TreeBadge worktree={s.worktree} />
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The arrow keys of the session list (one tab stop, issue 27): ↑ ↓ Home End move the focus between the rows, Enter or
 * Space opens one, Tab leaves the list.
 */
function moveInList(e: KeyboardEvent<HTMLUListElement>): void {
  const rows = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-testid="session-row"]')];
  const at = rows.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  const to = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : null;
  if (to === null) return;
  e.preventDefault();
  rows[Math.max(0, Math.min(rows.length - 1, to))].focus();
}

/** The sessions of the workspace, newest first; any one can be reopened. */
export function SessionList({ onOpen }: { onOpen(sessionId: string): void }) {
  const sessions = useSessionStore((s) => s.sessions);
  const loaded = useSessionStore((s) => s.loaded);
  const error = useSessionStore((s) => s.error);
  const current = useSessionStore((s) => s.currentSessionId);
  const reasons = useSessionStore((s) => s.statusReasons);
  const reasonText = useReasonText();
  const now = useNow(30_000);
  const modeName = useModeName();
  const t = useText(agentStrings);
  const [focused, setFocused] = useState<string | null>(null);
  if (error && !sessions.length) return <div className="empty error-text">{t.couldNotListSessions(error)}</div>;
  if (!loaded) return <div className="empty">{t.loadingSessions}</div>;
  if (!sessions.length) return <div className="empty">{t.noSessions}</div>;
  const rows = nestSessions(sessions);
  // The one row Tab reaches: the last one focused, else the open session, else the first.
  const stop = [focused, current].find((id) => id && rows.some((r) => r.session.sessionId === id)) ?? rows[0]?.session.sessionId;
  return (
    <ul className="session-list" data-testid="session-list" aria-label={t.sessions} onKeyDown={moveInList}>
      {rows.map(({ session: s, depth }) => (
        <SessionRow
          key={s.sessionId}
          s={s}
          depth={depth}
          mode={modeName(s.mode)}
          current={s.sessionId === current}
          tabStop={s.sessionId === stop}
          now={now}
          reason={reasonText(reasons[s.sessionId]?.reason, reasons[s.sessionId]?.words)}
          onOpen={() => onOpen(s.sessionId)}
          onFocus={() => setFocused(s.sessionId)}
        />
      ))}
    </ul>
  );
}
