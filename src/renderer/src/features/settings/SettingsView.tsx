import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SettingsScope, SettingsSnapshotT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { ApiKeySection } from './ApiKeySection';
import { ConnectionSection } from './ConnectionSection';
import { CheckersSection } from './CheckersSection';
import { McpSection } from './McpSection';
import { ModelSection } from './ModelSection';
import { PolicySection } from './PolicySection';
import { SandboxSection } from './SandboxSection';
import { SpecSection } from './SpecSection';
import { SETTINGS_KEY, useSettingsSnapshot } from './settingsQueries';
import { useSettingsStore } from './settingsStore';
import { AppearanceSection } from './AppearanceSection';
import { settingsStrings } from './settingsStrings';
import { useReasonText, useText } from '../../i18n';

function ScopeSwitch({ snapshot }: { snapshot: SettingsSnapshotT }) {
  const t = useText(settingsStrings);
  const scope = useSettingsStore((s) => s.scope);
  const setScope = useSettingsStore((s) => s.setScope);
  const dirty = useSettingsStore((s) => s.dirty());
  const pick = (next: SettingsScope) => {
    if (next === scope) return;
    if (dirty && !window.confirm(t.discardUnsaved)) return;
    setScope(next, snapshot);
  };
  const options: { id: SettingsScope; label: string; title: string; disabled?: boolean }[] = [
    { id: 'global', label: t.scopeGlobal, title: snapshot.files.global },
    {
      id: 'workspace',
      label: snapshot.workspace ? t.scopeWorkspaceNamed(snapshot.workspace.name) : t.scopeWorkspace,
      title: snapshot.files.workspace ?? t.openFolderForSettings,
      disabled: !snapshot.workspace,
    },
  ];
  return (
    <div className="st-scope" role="radiogroup" aria-label={t.settingsScope}>
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

/**
 * The settings page: model, API key, connection test, agent and policy, for the global or the workspace scope; the MCP
 * servers. Numbers are checked as they are typed (settingsChecks.ts); Esc closes it (also when the focus is outside
 * it), Ctrl/⌘+S saves.
 */
export function SettingsView() {
  const t = useText(settingsStrings);
  const reasonText = useReasonText();
  const client = useClient();
  const queryClient = useQueryClient();
  const query = useSettingsSnapshot();
  const snapshot = query.data;
  const { form, scope, notice, saving, load, revert, save, closeSettings } = useSettingsStore();
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
  // Esc inside the dialog is handled on it (below); this is for when the focus went to the page (a button that
  // disabled itself…): the dialog is modal, so Esc still closes it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !panel.current?.contains(document.activeElement)) closeSettings();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closeSettings]);

  const onSave = async () => {
    const next = await save(client);
    if (next) queryClient.setQueryData(SETTINGS_KEY, next);
    // Not saved for fields marked above the notice: the first one gets the focus (and scrolls into view).
    else requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  // Revert disables itself: the dialog keeps the focus (Tab, Esc and Ctrl+S go on working).
  const onRevert = () => {
    if (!snapshot) return;
    revert(snapshot);
    panel.current?.focus();
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
        <h2 id="st-title">{t.settings}</h2>
        {snapshot && <ScopeSwitch snapshot={snapshot} />}
        <span className="statusbar-spacer" />
        <button type="button" className="icon-button" aria-label={t.closeSettings} data-testid="settings-close" onClick={closeSettings}>
          ×
        </button>
      </header>
      <div className="st-body">
        {query.isPending && <div className="st-note">{t.loadingSettings}</div>}
        {query.isError && (
          <div className="st-note error-text" role="alert">
            {t.cannotRead(query.error.message)}
          </div>
        )}
        {snapshot && form && (
          <>
            {snapshot.problems.length > 0 && (
              <ul className="st-problems" role="alert" data-testid="settings-problems">
                {/* Each in the UI's language from its words (issue 14); an older core's, or one without words, in English. */}
                {snapshot.problems.map((p, i) => (
                  <li key={p}>{reasonText(p, snapshot.problemWords?.[i])}</li>
                ))}
              </ul>
            )}
            <p className="st-note">{scope === 'global' ? t.noteGlobal : t.noteWorkspace}</p>
            <AppearanceSection />
            <ModelSection snapshot={snapshot} />
            <ApiKeySection status={snapshot.apiKey} baseURL={form.baseURL.trim() || (snapshot.effective.model.sources.baseURL === 'workspace' ? null : snapshot.effective.model.baseURL)} trusted={snapshot.trustedModelServers} />
            <ConnectionSection />
            <PolicySection snapshot={snapshot} />
            <SandboxSection snapshot={snapshot} />
            <McpSection snapshot={snapshot} />
            <CheckersSection snapshot={snapshot} />
            <SpecSection snapshot={snapshot} />
          </>
        )}
      </div>
      <footer className="st-footer">
        <span className={`st-notice ${notice?.kind ?? ''}`} role="status" data-testid="settings-notice">
          {notice?.text ?? (dirty ? t.unsaved : '')}
        </span>
        <button type="button" className="tl-button" disabled={!dirty || saving} onClick={onRevert} data-testid="settings-revert">
          {t.revert}
        </button>
        <button type="button" className="tl-button primary" disabled={!form || saving} onClick={() => void onSave()} data-testid="settings-save">
          {saving ? t.saving : t.save}
        </button>
      </footer>
    </section>
  );
}
