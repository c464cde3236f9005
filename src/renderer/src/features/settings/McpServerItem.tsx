import { useId, useState } from 'react';
import type { McpServerInfo } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { McpApproveDialog } from './McpApproveDialog';
import { McpRemoveDialog } from './McpRemoveDialog';
import { countOf, extrasOf, serverActions, serverMessage, showsStderr, sourceLabel, sourceTitle, stateBadge, targetLabel, toolDescription } from './mcpWords';
import { mcpStrings } from './mcpStrings';
import { useText } from '../../i18n';

type Action = 'restart' | 'toggle' | 'approve' | 'remove';

const busyWord = { restart: 'restartingBusy', toggle: 'savingBusy', approve: 'approvingBusy', remove: 'savingBusy' } as const;

/**
 * One MCP server in the settings page: name, source, transport and target, its state in words, its message, the
 * stderr tail of a stdio server that fails, its tools; Enabled (a switch), Restart, and "Approve and start" for a
 * server the project proposes; Edit and Remove for a global one (a project's is edited in its own file). A command's
 * error shows under the server. `onDone` reads the list again.
 */
export function McpServerItem({ server, onDone, onEdit }: { server: McpServerInfo; onDone(): void; onEdit(): void }) {
  const t = useText(mcpStrings);
  const client = useClient();
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const nameId = useId();
  const badge = stateBadge(server);
  const actions = serverActions(server);
  const message = serverMessage(server);
  const extras = server.state === 'ready' ? extrasOf(server) : '';

  const run = async (action: Action, call: () => Promise<unknown>) => {
    setBusy(action);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
      onDone();
    }
  };
  const approve = (fingerprint: string) => {
    setAsking(false);
    void run('approve', () => client.invoke('mcp.approve', { name: server.name, fingerprint }));
  };
  const toggle = (on: boolean) => {
    if (on && actions.switchOnApproves) setAsking(true);
    else void run('toggle', () => client.invoke('mcp.setEnabled', { name: server.name, enabled: on }));
  };

  return (
    <li className="st-mcp-server" data-testid="mcp-server" data-name={server.name} data-state={server.state} aria-labelledby={nameId}>
      <div className="st-mcp-top">
        <h4 className="st-mcp-name" id={nameId}>
          {server.name}
        </h4>
        <span className="st-mcp-source" title={sourceTitle(server.source)} data-testid="mcp-source">
          {sourceLabel(server.source)}
        </span>
        <span className={`st-mcp-badge ${badge.tone}`} title={badge.title} data-testid="mcp-state">
          {badge.text}
        </span>
        <span className="st-mcp-actions">
          {busy && (
            <span className="st-hint" role="status">
              {t[busyWord[busy]]}
            </span>
          )}
          {actions.approve && (
            <button type="button" className="tl-button primary" disabled={!!busy} onClick={() => setAsking(true)} data-testid="mcp-approve">
              {t.approveAndStart}
            </button>
          )}
          <label className="st-switch" title={actions.toggle.title}>
            <input
              type="checkbox"
              role="switch"
              checked={actions.toggle.checked}
              disabled={!actions.toggle.enabled || !!busy}
              aria-label={t.enabledNamed(server.name)}
              data-testid="mcp-enabled"
              onChange={(e) => toggle(e.target.checked)}
            />
            <span>{t.enabled}</span>
          </label>
          <button
            type="button"
            className="tl-button"
            disabled={!actions.restart.enabled || !!busy}
            title={actions.restart.title}
            aria-label={t.restartNamed(server.name)}
            data-testid="mcp-restart"
            onClick={() => void run('restart', () => client.invoke('mcp.restart', { name: server.name }))}
          >
            {t.restart}
          </button>
          {server.source === 'global' && (
            <>
              <button type="button" className="tl-button" disabled={!!busy} aria-label={t.editNamed(server.name)} data-testid="mcp-edit" onClick={onEdit}>
                {t.edit}
              </button>
              <button type="button" className="tl-button danger" disabled={!!busy} aria-label={t.removeNamed(server.name)} data-testid="mcp-remove" onClick={() => setRemoving(true)}>
                {t.remove}
              </button>
            </>
          )}
        </span>
      </div>
      <div className="st-mcp-target">
        <span className="st-mcp-transport">{targetLabel(server.transport)}</span>
        <code data-testid="mcp-target">{server.target}</code>
      </div>
      {message && (
        <div className={message.kind === 'error' ? 'st-error' : message.kind === 'warn' ? 'st-note warn' : 'st-note'} data-testid="mcp-message" data-kind={message.kind}>
          {message.text}
        </div>
      )}
      {showsStderr(server) && (
        <details className="st-mcp-details" data-testid="mcp-stderr">
          <summary>{t.lastOutput}</summary>
          <pre className="st-mcp-pre">{server.stderrTail.trimEnd()}</pre>
        </details>
      )}
      {server.tools.length > 0 && (
        <details className="st-mcp-details" data-testid="mcp-tools">
          <summary>{t.toolsSummary(countOf(server.tools.length, 'tool'), extras, server.timeoutSeconds)}</summary>
          <ul className="st-mcp-tools" aria-label={t.toolsOf(server.name)}>
            {server.tools.map((tool) => (
              <li key={tool.toolName} className="st-mcp-tool" data-testid="mcp-tool" data-tool={tool.name}>
                <span className="st-mcp-tool-name" title={t.agentCallsIt(tool.toolName)}>
                  {tool.name}
                </span>
                <span className="st-mcp-tool-desc">{toolDescription(tool.description, server.name)}</span>
                {tool.alwaysAllowed && (
                  <span className="st-mcp-allowed" title={t.inAlwaysAllow} data-testid="mcp-tool-allowed">
                    {t.runsWithoutAsking}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      {error && (
        <div className="st-error" role="alert" data-testid="mcp-error">
          {error}
        </div>
      )}
      {asking && <McpApproveDialog server={server} onApprove={approve} onCancel={() => setAsking(false)} />}
      {removing && (
        <McpRemoveDialog
          name={server.name}
          onRemove={() => {
            setRemoving(false);
            void run('remove', () => client.invoke('mcp.removeServer', { name: server.name }));
          }}
          onCancel={() => setRemoving(false)}
        />
      )}
    </li>
  );
}
