import { openSettings } from '../settings/settingsStore';
import { useState, type ReactNode } from 'react';
import { ActivityStream } from '../activity/ActivityStream';
import { Board } from '../board/Board';
import { useBoardStore } from '../board/boardStore';
import { SessionContext } from '../context/SessionContext';
import { FirstCheckpointProgress } from './FirstCheckpointProgress';
import { MessageBox } from './MessageBox';
import { QueuePanel } from './QueuePanel';
import { SessionControls } from './SessionControls';
import { useSessionStore } from './sessionStore';
import { WorktreePanel } from './WorktreePanel';
import { mergeTarget } from './worktreeWords';
import { agentStrings } from './agentStrings';
import { useText } from '../../i18n';
import './agent.css';
import { useReasonText } from '../../i18n';

/**
 * The current session in the main area: controls on top, the TODO board and the live activity side by side. A
 * worktree session has its tree's panel under the controls; its "Diff against base" shows the diff in place of
 * the board and the activity (`diffView`: features/worktree/WorktreeDiff.tsx, given by App.tsx). The Context band
 * under them says which rules files the session uses and what its task attached (features/context).
 */
/** Pause reasons whose fix is in Settings (the model's server, key or name). */
const FIXED_IN_SETTINGS = new Set(['reason.modelRefused', 'reason.modelKeyRefused', 'reason.modelAccessDenied', 'reason.modelFailed']);

export function SessionView({ diffView }: { diffView(p: { sessionId: string; base: string }): ReactNode }) {
  const t = useText(agentStrings);
  const currentSessionId = useSessionStore((s) => s.currentSessionId);
  const worktree = useSessionStore((s) => s.sessions.find((x) => x.sessionId === s.currentSessionId)?.worktree ?? null);
  const [diffFor, setDiffFor] = useState<string | null>(null);
  const boardSession = useBoardStore((s) => s.board.sessionId);
  const reasonText = useReasonText();
  const statusReason = reasonText(
    useBoardStore((s) => s.board.statusReason),
    useBoardStore((s) => s.board.statusReasonWords),
  );
  const status = useBoardStore((s) => s.board.status);
  const reasonKey = useBoardStore((s) => s.board.statusReasonWords?.key ?? null);
  if (!currentSessionId || boardSession !== currentSessionId) {
    return (
      <div className="session-view empty-session">
        <div className="empty">{t.noSessionOpen}</div>
      </div>
    );
  }
  const diffOpen = !!worktree && worktree.state !== 'discarded' && diffFor === currentSessionId;
  const showReason = statusReason && (status === 'paused' || status === 'interrupted' || status === 'failed' || status === 'waiting_approval' || status === 'stopped');
  return (
    <div className="session-view" data-testid="session-view">
      <SessionControls onClose={() => useSessionStore.getState().open(null)} />
      {worktree && <WorktreePanel key={currentSessionId} sessionId={currentSessionId} status={status} worktree={worktree} diffOpen={diffOpen} onDiff={(open) => setDiffFor(open ? currentSessionId : null)} />}
      <SessionContext key={`context:${currentSessionId}`} sessionId={currentSessionId} queued={status === 'queued'} />
      <FirstCheckpointProgress status={status} />
      {status === 'queued' && <QueuePanel sessionId={currentSessionId} reason={statusReason} />}
      {showReason && (
        <div className={`session-reason status-${status}`} data-testid="session-reason">
          {statusReason}
          {/* A pause the user fixes in Settings (the model server refused or failed): the place to fix it, then Resume. */}
          {status === 'paused' && FIXED_IN_SETTINGS.has(reasonKey ?? '') && (
            <button type="button" className="ag-button session-reason-fix" onClick={openSettings} data-testid="reason-open-settings">
              {t.openSettingsToFix}
            </button>
          )}
        </div>
      )}
      {diffOpen ? (
        diffView({ sessionId: currentSessionId, base: mergeTarget(worktree) })
      ) : (
        <div className="session-body">
          <section className="session-board" aria-label={t.todoBoard}>
            <Board />
          </section>
          <section className="session-activity" aria-label={t.activity}>
            <ActivityStream />
            <MessageBox />
          </section>
        </div>
      )}
    </div>
  );
}
