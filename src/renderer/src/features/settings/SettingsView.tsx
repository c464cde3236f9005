import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SettingsScope, SettingsSnapshotT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { ApiKeySection } from './ApiKeySection';
import { ConnectionSection } from './ConnectionSection';
import { McpSection } from './McpSection';
import { ModelSection } from './ModelSection';
import { PolicySection } from './PolicySection';
import { SpecSection } from './SpecSection';
import { SETTINGS_KEY, useSettingsSnapshot } from './settingsQueries';
import { useSettingsStore } from './settingsStore';

function ScopeSwitch({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const scope = useSettingsStore((s) => s.scope);
  const setScope = useSettingsStore((s) => s.setScope);
  const dirty = useSettingsStore((s) => s.dirty());
  const pick = (next: SettingsScope) => {
    if (next === scope) return;
    if (dirty && !window.confirm('Discard the changes not saved yet?')) return;
    setScope(next, snapshot);
  };
  const options: { id: SettingsScope; label: string; title: string; disabled?: boolean }[] = [
    { id: 'global', label: 'Global', title: snapshot.files.global },
    {
      id: 'workspace',
      label: snapshot.workspace ? `Workspace: ${snapshot.workspace.name}` : 'Workspace',
      title: snapshot.files.workspace ?? 'Open a folder to give it its own settings',
      disabled: !snapshot.workspace,
    },
  ];
  return (
    <div className="st-scope" role="radiogroup" aria-label="Settings scope">
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          role="radio"
          aria-checked={scope === o.id}
          className={`st-scope-option${scope === o.id ? ' active' : ''}`}
          title={o.title}
          disabled={o.disabled}
          data-testid={`settings-scope-${o.id}`}
          onClick={() => pick(o.id)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** The settings page: model, API key, connection test, agent and policy, for the global or the workspace scope; the MCP servers. */
export function SettingsView() {
  const client = useClient();
  const queryClient = useQueryClient();
  const query = useSettingsSnapshot();
  const snapshot = query.data;
  const { form, scope, notice, saving, load, save, closeSettings } = useSettingsStore();
  const dirty = useSettingsStore((s) => s.dirty());
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (snapshot) load(snapshot);
  }, [snapshot, load]);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => before?.focus?.();
  }, []);

  const onSave = async () => {
    const next = await save(client);
    if (next) queryClient.setQueryData(SETTINGS_KEY, next);
  };

  return (
    <section
      ref={panel}
      className="st-page"
      role="dialog"
      aria-modal="true"
      aria-labelledby="st-title"
      tabIndex={-1}
      data-testid="settings"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          closeSettings();
        } else if (e.key === 's' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void onSave();
        }
      }}
    >
      <header className="st-header">
        <h2 id="st-title">Settings</h2>
        {snapshot && <ScopeSwitch snapshot={snapshot} />}
        <span className="statusbar-spacer" />
        <button type="button" className="icon-button" aria-label="Close settings" data-testid="settings-close" onClick={closeSettings}>
          ×
        </button>
      </header>
      <div className="st-body">
        {query.isPending && <div className="st-note">Loading settings…</div>}
        {query.isError && (
          <div className="st-note error-text" role="alert">
            Cannot read the settings: {query.error.message}
          </div>
        )}
        {snapshot && form && (
          <>
            {snapshot.problems.length > 0 && (
              <ul className="st-problems" role="alert" data-testid="settings-problems">
                {snapshot.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            <p className="st-note">
              {scope === 'global'
                ? 'Global settings apply to every folder; a workspace can override them (except what would make the agent ask less).'
                : 'Settings for this folder only, saved in .akira/settings.json (it may be committed: it never holds the API key).'}{' '}
              Empty fields inherit the value shown in grey.
            </p>
            <ModelSection snapshot={snapshot} />
            <ApiKeySection status={snapshot.apiKey} baseURL={form.baseURL.trim() || (snapshot.effective.model.sources.baseURL === 'workspace' ? null : snapshot.effective.model.baseURL)} trusted={snapshot.trustedModelServers} />
            <ConnectionSection />
            <PolicySection snapshot={snapshot} />
            <McpSection snapshot={snapshot} />
            <SpecSection snapshot={snapshot} />
          </>
        )}
      </div>
      <footer className="st-footer">
        <span className={`st-notice ${notice?.kind ?? ''}`} role="status" data-testid="settings-notice">
          {notice?.text ?? (dirty ? 'Unsaved changes.' : '')}
        </span>
        <button type="button" className="tl-button" disabled={!dirty || saving} onClick={() => snapshot && load(snapshot, true)} data-testid="settings-revert">
          Revert
        </button>
        <button type="button" className="tl-button primary" disabled={!form || saving} onClick={() => void onSave()} data-testid="settings-save">
          {saving ? 'Saving…' : 'Save'}
        </button>
      </footer>
    </section>
  );
}
