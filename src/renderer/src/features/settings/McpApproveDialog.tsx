import { useRef, useState } from 'react';
import type { McpServerInfo } from '../../../../shared/contract';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { ALWAYS_ALLOW_KEY, MCP_FILE } from './mcpWords';
import { mcpStrings } from './mcpStrings';
import { useText } from '../../i18n';
import { withSlots } from './slots';

/**
 * Confirms starting a server the project proposes in `.akira/mcp.json`: shows exactly what will run (the command
 * line, or the URL Akira connects to, with its folder, environment and header names) and says who proposed it. `server`
 * is the live entry of the list: when the project's configuration changes while the dialog is open (its fingerprint),
 * the new one is shown and has to be confirmed again; the core refuses an approval of a configuration no longer there.
 * Cancel has the focus, so Enter does not approve by accident.
 */
export function McpApproveDialog({ server, onApprove, onCancel }: { server: McpServerInfo; onApprove(fingerprint: string): void; onCancel(): void }) {
  const t = useText(mcpStrings);
  const cancel = useRef<HTMLButtonElement>(null);
  const [seen, setSeen] = useState(server.fingerprint);
  const changed = seen !== server.fingerprint;
  const stdio = server.transport === 'stdio';
  const env = Object.entries(server.details.env);
  const confirm = () => {
    if (changed) setSeen(server.fingerprint);
    else onApprove(seen);
  };
  return (
    <Dialog title={t.approveTitle(server.name)} testId="mcp-approve-dialog" tone="warn" onCancel={onCancel} initialFocus={cancel}>
      <p>{withSlots(stdio ? t.approveIntroStdio : t.approveIntroHttp, [<code>{MCP_FILE}</code>])}</p>
      <pre className="st-mcp-pre st-mcp-dialog-target" data-testid="mcp-approve-target">
        {server.target}
      </pre>
      {(server.details.cwd || env.length > 0 || server.details.headerNames.length > 0) && (
        <dl className="st-mcp-details" data-testid="mcp-approve-details">
          {server.details.cwd && (
            <>
              <dt>{t.inTheFolder}</dt>
              <dd>
                <code>{server.details.cwd}</code>
              </dd>
            </>
          )}
          {env.length > 0 && (
            <>
              <dt>{t.withEnvironment}</dt>
              <dd>
                {env.map(([k, v]) => (
                  <code key={k}>
                    {k}={v}{' '}
                  </code>
                ))}
              </dd>
            </>
          )}
          {server.details.headerNames.length > 0 && (
            <>
              <dt>{t.sendingHeaders}</dt>
              <dd>{server.details.headerNames.join(', ')}</dd>
            </>
          )}
        </dl>
      )}
      {changed && (
        <p className="error-text" role="alert" data-testid="mcp-approve-changed">
          {t.changedWhileReading}
        </p>
      )}
      <p className="dialog-dim">{withSlots(t.approveWarning, [<code>{ALWAYS_ALLOW_KEY}</code>])}</p>
      <DialogActions>
        <button type="button" className="tl-button primary" onClick={confirm} data-testid="mcp-approve-confirm">
          {t.approveAndStart}
        </button>
        <button ref={cancel} type="button" className="tl-button" onClick={onCancel} data-testid="mcp-approve-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
