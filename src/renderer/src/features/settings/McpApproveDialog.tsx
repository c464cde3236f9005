import { useRef, useState } from 'react';
import type { McpServerInfo } from '../../../../shared/contract';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { MCP_FILE } from './mcpWords';

/**
 * Confirms starting a server the project proposes in `.akira/mcp.json`: shows exactly what will run (the command
 * line, or the URL Akira connects to, with its folder, environment and header names) and says who proposed it. `server`
 * is the live entry of the list: when the project's configuration changes while the dialog is open (its fingerprint),
 * the new one is shown and has to be confirmed again; the core refuses an approval of a configuration no longer there.
 * Cancel has the focus, so Enter does not approve by accident.
 */
export function McpApproveDialog({ server, onApprove, onCancel }: { server: McpServerInfo; onApprove(fingerprint: string): void; onCancel(): void }) {
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
    <Dialog title={`Start “${server.name}”, proposed by this project?`} testId="mcp-approve-dialog" tone="warn" onCancel={onCancel} initialFocus={cancel}>
      <p>
        This workspace&apos;s <code>{MCP_FILE}</code> proposes an MCP server. Approving it {stdio ? 'runs this command' : 'connects Akira to this URL'} now and each
        time this folder is open{stdio ? ', in the workspace folder, with your user’s rights' : ''}:
      </p>
      <pre className="st-mcp-pre st-mcp-dialog-target" data-testid="mcp-approve-target">
        {server.target}
      </pre>
      {(server.details.cwd || env.length > 0 || server.details.headerNames.length > 0) && (
        <dl className="st-mcp-details" data-testid="mcp-approve-details">
          {server.details.cwd && (
            <>
              <dt>in the folder</dt>
              <dd>
                <code>{server.details.cwd}</code>
              </dd>
            </>
          )}
          {env.length > 0 && (
            <>
              <dt>with the environment</dt>
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
              <dt>sending the headers</dt>
              <dd>{server.details.headerNames.join(', ')}</dd>
            </>
          )}
        </dl>
      )}
      {changed && (
        <p className="error-text" role="alert" data-testid="mcp-approve-changed">
          The project changed this server while you were reading: this is what it runs now.
        </p>
      )}
      <p className="dialog-dim">
        Approve only what you would run yourself: a program the project brings can do anything you can. The approval is for this workspace and exactly this
        configuration; if the project changes it, the server waits for your approval again. Its tools ask before each call unless your policy auto-approves
        MCP tools (a project's own <code>alwaysAllow</code> is ignored).
      </p>
      <DialogActions>
        <button type="button" className="tl-button primary" onClick={confirm} data-testid="mcp-approve-confirm">
          Approve and start
        </button>
        <button ref={cancel} type="button" className="tl-button" onClick={onCancel} data-testid="mcp-approve-cancel">
          Cancel
        </button>
      </DialogActions>
    </Dialog>
  );
}
