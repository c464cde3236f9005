import { useState } from 'react';
import type { SettingsSnapshotT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { McpServerItem } from './McpServerItem';
import { McpEditDialog, type McpEditTarget } from './McpEditDialog';
import { useMcpServers } from './mcpQueries';
import { ALWAYS_ALLOW_KEY, MCP_FILE, MCP_SERVERS_KEY } from './mcpWords';
import './mcp.css';
import { mcpStrings } from './mcpStrings';
import { useReasonText, useText } from '../../i18n';
import { withSlots } from './slots';

/**
 * "MCP servers" in the settings page (issue 12): the global settings' `mcpServers` and the ones this workspace
 * proposes in `.akira/mcp.json`, whichever scope the page edits (they act at once, no Save). The configuration's
 * problems on top, then one entry per server (McpServerItem), or where to configure them; Reload reads the
 * configuration files again. Add server, a global server's Edit and Remove, and Open settings file (the global
 * `mcpServers` as JSON) change the global settings (McpEditDialog.tsx, issue 24).
 */
export function McpSection({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(mcpStrings);
  const reasonText = useReasonText();
  const client = useClient();
  const root = snapshot.workspace?.root ?? null;
  const { query, refetch } = useMcpServers(root);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<McpEditTarget | null>(null);
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
        <h3 id="st-mcp-title">{t.mcpServers}</h3>
        {root && (
          <>
            <button type="button" className="tl-button" data-testid="mcp-add" onClick={() => setEditing({ kind: 'server', name: null })}>
              {t.addServer}
            </button>
            <button type="button" className="tl-button" title={t.openSettingsFileTitle(snapshot.files.global)} data-testid="mcp-open-file" onClick={() => setEditing({ kind: 'file' })}>
              {t.openSettingsFile}
            </button>
          </>
        )}
        {root && (
          <button
            type="button"
            className="tl-button"
            disabled={reloading}
            title={t.reloadTitle(MCP_FILE)}
            aria-label={t.reloadLabel}
            data-testid="mcp-reload"
            onClick={() => void reload()}
          >
            {reloading ? t.reloading : t.reload}
          </button>
        )}
      </div>
      {reloadError && (
        <div className="st-error" role="alert" data-testid="mcp-reload-error">
          {reloadError}
        </div>
      )}
      {!root && <p className="st-note">{t.openFolder}</p>}
      {query.isPending && root && <p className="st-note">{t.loading}</p>}
      {query.isError && (
        <div className="st-error" role="alert">
          {t.cannotList(query.error.message)}
        </div>
      )}
      {list && list.problems.length > 0 && (
        <div className="st-problems st-mcp-problems" role="alert" data-testid="mcp-problems">
          <div>{t.configuredWrongly}</div>
          <ul>
            {/* Each problem's words (in the same order) say it in the UI's language; an older core sends none. */}
            {list.problems.map((p, i) => (
              <li key={p}>{reasonText(p, list.problemWords?.[i])}</li>
            ))}
          </ul>
        </div>
      )}
      {list && list.servers.length === 0 && (
        <div className="st-mcp-empty" data-testid="mcp-empty">
          <p>{t.noneConfigured}</p>
          <p className="st-note">
            {withSlots(t.emptyNote, [<code>{MCP_SERVERS_KEY}</code>, <code className="st-mono">{snapshot.files.global}</code>, <code>{MCP_FILE}</code>])}
          </p>
        </div>
      )}
      {list && list.servers.length > 0 && (
        <>
          <p className="st-note">{withSlots(t.listNote, [<code>{MCP_SERVERS_KEY}</code>, <code>{MCP_FILE}</code>, <code>{ALWAYS_ALLOW_KEY}</code>])}</p>
          <ul className="st-mcp-list" aria-label={t.mcpServers} data-testid="mcp-servers">
            {list.servers.map((s) => (
              <McpServerItem key={s.name} server={s} onDone={refetch} onEdit={() => setEditing({ kind: 'server', name: s.name })} />
            ))}
          </ul>
        </>
      )}
      {editing && <McpEditDialog target={editing} onClose={() => setEditing(null)} onSaved={refetch} />}
    </section>
  );
}
