import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ErrorDetails } from '../../../../shared/contract';
import { ClientError } from '../../client/client';
import { useClient } from '../../client/ClientContext';
import { Dialog, DialogActions } from '../../ui/Dialog';

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

function TrustDialog({ server, answer }: { server: Untrusted; answer(trusted: boolean): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title="Send your API key to this project's model server?" testId="trust-dialog" onCancel={() => answer(false)} initialFocus={cancel}>
      <p>
        This project&apos;s settings (<code>.akira/settings.json</code>) send the model to <b data-testid="trust-origin">{server.origin}</b>.
      </p>
      <p>
        Your API key{server.keyHint ? ` (${server.keyHint})` : ''}, from {server.keySource}, is for <b>{server.keyOrigin}</b>. Anyone who can change a
        project can name a server there; trust it only if you know who runs it.
      </p>
      <p className="dialog-dim">Trusting is remembered for every project (global settings, trustedModelServers) and can be taken back in Settings.</p>
      <DialogActions>
        <button className="ag-button danger" onClick={() => answer(true)} data-testid="trust-confirm">
          Trust {server.origin}
        </button>
        <button ref={cancel} className="ag-button" onClick={() => answer(false)} data-testid="trust-cancel">
          Cancel
        </button>
      </DialogActions>
    </Dialog>
  );
}
