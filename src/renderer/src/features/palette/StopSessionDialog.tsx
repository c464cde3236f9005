import { useRef, useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { message } from '../agent/sessionFormat';
import { useSessionStore } from '../agent/sessionStore';
import { paletteStore } from './paletteStore';
import { paletteStrings } from './paletteStrings';
import { useText } from '../../i18n';

/** The palette's "Stop the Session…" asks first, as the session header's Stop does (a stopped session cannot go on). */
export function StopSessionDialog({ sessionId }: { sessionId: string }) {
  const t = useText(paletteStrings);
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
    <Dialog title={t.stopTitle} testId="palette-stop-dialog" onCancel={() => paletteStore().askStop(null)} initialFocus={cancel}>
      {task && <p className="dialog-dim">{task}</p>}
      <p>{t.stopBody}</p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <DialogActions>
        <button className="ag-button danger" disabled={busy} onClick={() => void stop()} data-testid="palette-stop-confirm">
          {t.stopForGood}
        </button>
        <button ref={cancel} className="ag-button" onClick={() => paletteStore().askStop(null)}>
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
