import { useState } from 'react';
import { ClientError } from '../../client/client';
import { useClient } from '../../client/ClientContext';
import { moveInQueue, queueOrder, queueWaitText, statusText } from './queueOrder';
import { message } from './sessionFormat';
import { useSessionStore } from './sessionStore';
import { agentStrings } from './agentStrings';
import { useText } from '../../i18n';
import { reasonFields, sessionReasons } from '../../../../shared/errors';

/**
 * A queued session's view (issue 10): it waits, why, and its place; Move up / Move down (agent.reorderQueue)
 * and Cancel (agent.stop takes it out of the queue). When it starts, its status_changed event turns the view
 * into the running session's. The buttons say aria-disabled rather than disabled so that the focus stays on
 * them while a move is sent and when the session reaches either end of the queue.
 */
export function QueuePanel({ sessionId, reason }: { sessionId: string; reason: string | null }) {
  const t = useText(agentStrings);
  const client = useClient();
  const sessions = useSessionStore((s) => s.sessions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const order = queueOrder(sessions);
  const position = sessions.find((s) => s.sessionId === sessionId)?.queuePosition ?? null;
  const up = moveInQueue(order, sessionId, -1);
  const down = moveInQueue(order, sessionId, 1);

  async function act(fn: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(message(err));
      // Another session may have left the queue meanwhile: the list says where things are now.
      if (err instanceof ClientError) useSessionStore.setState({ needsRefresh: true });
    } finally {
      setBusy(false);
    }
  }
  const move = (next: string[] | null) =>
    next &&
    act(async () => {
      const { queue } = await client.invoke('agent.reorderQueue', { sessionIds: next });
      useSessionStore.getState().applyQueue(queue);
    });
  const cancel = () =>
    act(async () => {
      await client.invoke('agent.stop', { sessionId, ...reasonFields(sessionReasons.unqueuedFromApp) });
      useSessionStore.getState().queuedStopped();
    });

  return (
    <section className="queue-panel" data-testid="queue-panel" aria-labelledby="queue-panel-title">
      <div className="queue-panel-text">
        <div className="queue-panel-title" id="queue-panel-title" data-testid="queue-panel-title">
          {t.queuePanelTitle(statusText('queued', position), position ? order.length : null)}
        </div>
        <div className="queue-panel-reason" data-testid="queue-panel-reason">
          {queueWaitText(reason)}
        </div>
        {error && (
          <div className="error-text queue-panel-error" role="alert">
            {error}
          </div>
        )}
      </div>
      <div className="queue-panel-buttons">
        <button type="button" className="ag-button" aria-disabled={busy || !up} onClick={() => !busy && void move(up)} data-testid="queue-move-up" title={up ? t.moveUpHint : t.startsNext}>
          {t.moveUp}
        </button>
        <button type="button" className="ag-button" aria-disabled={busy || !down} onClick={() => !busy && void move(down)} data-testid="queue-move-down" title={down ? t.moveDownHint : t.lastInQueue}>
          {t.moveDown}
        </button>
        <button type="button" className="ag-button danger" aria-disabled={busy} onClick={() => !busy && void cancel()} data-testid="queue-cancel" title={t.cancelQueueHint}>
          {t.cancel}
        </button>
      </div>
    </section>
  );
}
