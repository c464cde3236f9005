import { ActivityStream } from '../activity/ActivityStream';
import { Board } from '../board/Board';
import { useBoardStore } from '../board/boardStore';
import { MessageBox } from './MessageBox';
import { QueuePanel } from './QueuePanel';
import { SessionControls } from './SessionControls';
import { useSessionStore } from './sessionStore';
import './agent.css';

/** The current session in the main area: controls on top, the TODO board and the live activity side by side. */
export function SessionView() {
  const currentSessionId = useSessionStore((s) => s.currentSessionId);
  const boardSession = useBoardStore((s) => s.board.sessionId);
  const statusReason = useBoardStore((s) => s.board.statusReason);
  const status = useBoardStore((s) => s.board.status);
  if (!currentSessionId || boardSession !== currentSessionId) {
    return (
      <div className="session-view empty-session">
        <div className="empty">Start a session from the Agent panel, or open one of its sessions.</div>
      </div>
    );
  }
  const showReason = statusReason && (status === 'paused' || status === 'interrupted' || status === 'failed' || status === 'waiting_approval' || status === 'stopped');
  return (
    <div className="session-view" data-testid="session-view">
      <SessionControls onClose={() => useSessionStore.getState().open(null)} />
      {status === 'queued' && <QueuePanel sessionId={currentSessionId} reason={statusReason} />}
      {showReason && (
        <div className={`session-reason status-${status}`} data-testid="session-reason">
          {statusReason}
        </div>
      )}
      <div className="session-body">
        <section className="session-board" aria-label="TODO board">
          <Board />
        </section>
        <section className="session-activity" aria-label="Activity">
          <ActivityStream />
          <MessageBox />
        </section>
      </div>
    </div>
  );
}
