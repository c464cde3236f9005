import { useRef, useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { message } from '../agent/sessionFormat';
import { useSessionStore } from '../agent/sessionStore';
import { paletteStore } from './paletteStore';

/** The palette's "Stop the Session…" asks first, as the session header's Stop does (a stopped session cannot go on). */
export function StopSessionDialog({ sessionId }: { sessionId: string }) {
  const client = useClient();
  const cancel = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const task = useSessionStore((s) => s.sessions.find((x) => x.sessionId === sessionId)?.task ?? '');
  const stop = async () => {
    setBusy(true);
    try {
      await client.invoke('agent.stop', { sessionId, reason: 'Stopped from the app.' });
      paletteStore().askStop(null);
    } catch (err) {
      setError(message(err));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Stop the session for good?" testId="palette-stop-dialog" onCancel={() => paletteStore().askStop(null)} initialFocus={cancel}>
      {task && <p className="dialog-dim">{task}</p>}
      <p>A stopped session cannot be resumed; its checkpoints stay in the Timeline. Pause it instead to go on later.</p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <DialogActions>
        <button className="ag-button danger" disabled={busy} onClick={() => void stop()} data-testid="palette-stop-confirm">
          Stop for good
        </button>
        <button ref={cancel} className="ag-button" onClick={() => paletteStore().askStop(null)}>
          Cancel
        </button>
      </DialogActions>
    </Dialog>
  );
}
