import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ErrorDetails } from '../../../../shared/contract';
import { ClientError } from '../../client/client';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { startStrings } from './startStrings';
import { useText } from '../../i18n';

type Untrusted = NonNullable<ErrorDetails['untrustedModelServer']>;

/**
 * A project's `.akira/settings.json` may name its own model server; the core sends it none of the user's
 * keys until the user trusts it (agent.start / agent.resume answer `details.untrustedModelServer`). This
 * asks once, says whose key would go where, and on "Trust" saves the server in the global
 * `trustedModelServers` (settings.trustModelServer) and runs the action again.
 *
 *   const trust = useServerTrust();
 *   await trust.run(() => client.invoke('agent.start', {…}));   // render {trust.dialog}
 */
export function useServerTrust(): { run<T>(action: () => Promise<T>): Promise<T | null>; dialog: ReactNode } {
  const client = useClient();
  const [asking, setAsking] = useState<{ server: Untrusted; answer(trusted: boolean): void } | null>(null);

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T | null> => {
      try {
        return await action();
      } catch (err) {
        const server = err instanceof ClientError ? err.details?.untrustedModelServer : undefined;
        if (!server) throw err;
        const trusted = await new Promise<boolean>((answer) => setAsking({ server, answer }));
        setAsking(null);
        if (!trusted) return null;
        await client.invoke('settings.trustModelServer', { baseURL: server.origin, trusted: true });
        return action();
      }
    },
    [client],
  );

  const dialog = asking ? <TrustDialog server={asking.server} answer={asking.answer} /> : null;
  return { run, dialog };
}

/** Where a project names its own model server (a path, not words). */
const PROJECT_SETTINGS = '.akira/settings.json';

function TrustDialog({ server, answer }: { server: Untrusted; answer(trusted: boolean): void }) {
  const t = useText(startStrings);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={t.trustTitle} testId="trust-dialog" onCancel={() => answer(false)} initialFocus={cancel}>
      <p>
        {t.trustSendsBefore}
        <code>{PROJECT_SETTINGS}</code>
        {t.trustSendsMiddle} <b data-testid="trust-origin">{server.origin}</b>
        {t.trustSendsAfter}
      </p>
      <p>
        {t.trustKeyBefore(server.keyHint ?? null, server.keySource)} <b>{server.keyOrigin}</b>
        {t.trustKeyAfter}
      </p>
      <p className="dialog-dim">{t.trustRemembered}</p>
      <DialogActions>
        <button className="ag-button danger" onClick={() => answer(true)} data-testid="trust-confirm">
          {t.trust(server.origin)}
        </button>
        <button ref={cancel} className="ag-button" onClick={() => answer(false)} data-testid="trust-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
