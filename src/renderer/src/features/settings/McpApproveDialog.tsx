import { useRef, useState } from 'react';
import type { McpServerInfo } from '../../../../shared/contract';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { MCP_FILE } from './mcpWords';

/**
 * Confirms starting a server the project proposes in `.akira/mcp.json`: shows exactly what will run (the command
 * line, or the URL Akira connects to) and says who proposed it. `server` is the live entry of the list: when the
 * project's configuration changes while the dialog is open, the new target is shown and has to be confirmed again.
 * Cancel has the focus, so Enter does not approve by accident.
 */
export function McpApproveDialog({ server, onApprove, onCancel }: { server: McpServerInfo; onApprove(): void; onCancel(): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [seen, setSeen] = useState(server.target);
  const changed = seen !== server.target;
  const stdio = server.transport === 'stdio';
  const confirm = () => {
    if (changed) setSeen(server.target);
    else onApprove();
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
      {changed && (
        <p className="error-text" role="alert" data-testid="mcp-approve-changed">
          The project changed this server while you were reading: this is what it runs now.
        </p>
      )}
      <p className="dialog-dim">
        Approve only what you would run yourself: a program the project brings can do anything you can. The approval is for this workspace and exactly this
        configuration; if the project changes it, the server waits for your approval again. Its tools ask before each call unless your policy auto-approves
        MCP tools or its configuration lists them in <code>alwaysAllow</code>.
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
