import { useState } from 'react';
import type { SettingsSnapshotT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { McpServerItem } from './McpServerItem';
import { useMcpServers } from './mcpQueries';
import { MCP_FILE } from './mcpWords';
import './mcp.css';

/**
 * "MCP servers" in the settings page (issue 12): the global settings' `mcpServers` and the ones this workspace
 * proposes in `.akira/mcp.json`, whichever scope the page edits (they act at once, no Save). The configuration's
 * problems on top, then one entry per server (McpServerItem), or where to configure them; Reload reads the
 * configuration files again.
 */
export function McpSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const client = useClient();
  const root = snapshot.workspace?.root ?? null;
  const { query, refetch } = useMcpServers(root);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const list = query.data;

  const reload = async () => {
    setReloading(true);
    setReloadError(null);
    try {
      await client.invoke('mcp.reload');
    } catch (err) {
      setReloadError((err as Error).message);
    } finally {
      setReloading(false);
      refetch();
    }
  };

  return (
    <section className="st-section" aria-labelledby="st-mcp-title" data-testid="mcp-section">
      <div className="st-mcp-head">
        <h3 id="st-mcp-title">MCP servers</h3>
        {root && (
          <button
            type="button"
            className="tl-button"
            disabled={reloading}
            title={`Read the global mcpServers and ${MCP_FILE} again`}
            aria-label="Reload the MCP configuration"
            data-testid="mcp-reload"
            onClick={() => void reload()}
          >
            {reloading ? 'Reloading…' : 'Reload'}
          </button>
        )}
      </div>
      {reloadError && (
        <div className="st-error" role="alert" data-testid="mcp-reload-error">
          {reloadError}
        </div>
      )}
      {!root && <p className="st-note">Open a folder to see its MCP servers: they run for the open workspace.</p>}
      {query.isPending && root && <p className="st-note">Loading the MCP servers…</p>}
      {query.isError && (
        <div className="st-error" role="alert">
          Cannot list the MCP servers: {query.error.message}
        </div>
      )}
      {list && list.problems.length > 0 && (
        <div className="st-problems st-mcp-problems" role="alert" data-testid="mcp-problems">
          <div>Some MCP servers are configured wrongly and were left out:</div>
          <ul>
            {list.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {list && list.servers.length === 0 && (
        <div className="st-mcp-empty" data-testid="mcp-empty">
          <p>No MCP server is configured.</p>
          <p className="st-note">
            Add them under <code>mcpServers</code> in the global settings (<code className="st-mono">{snapshot.files.global}</code>): a Claude Desktop or
            Cline configuration can be pasted as it is. A project may propose its own in <code>{MCP_FILE}</code>; they start once you approve them here.
            Then Reload.
          </p>
        </div>
      )}
      {list && list.servers.length > 0 && (
        <>
          <p className="st-note">
            From the global settings (<code>mcpServers</code>) and this workspace&apos;s <code>{MCP_FILE}</code>; changes here act at once. Their tools ask
            before each call unless &quot;MCP tools&quot; is auto-approved under Agent or the server lists them in <code>alwaysAllow</code>.
          </p>
          <ul className="st-mcp-list" aria-label="MCP servers" data-testid="mcp-servers">
            {list.servers.map((s) => (
              <McpServerItem key={s.name} server={s} onDone={refetch} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
