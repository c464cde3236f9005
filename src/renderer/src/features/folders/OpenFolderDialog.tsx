import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useAppInfo } from '../../appState/useWorkspace';
import { useClient } from '../../client/ClientContext';
import { useFormats, useText } from '../../i18n';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { useSessionStore } from '../agent/sessionStore';
import { baseName, crumbsOf } from './folderCrumbs';
import { folderStrings } from './folderStrings';
import { useFolderBrowser } from './useFolderBrowser';
import { StopSessionsQuestion } from './StopSessionsQuestion';
import './folders.css';

/**
 * "Open Folder…": a folder picker over `folders.browse` (the server's folders the face allows: in the browser,
 * the user's home and the folder `akira serve` named). The path box takes a typed path (Enter); breadcrumbs, Up
 * and the places (allowed roots, recent folders) move around; the list is a listbox (↑ ↓ Home End select, Enter
 * or a double click goes in, Backspace or Alt+↑ goes up, Ctrl+Enter opens the selected one). Open opens the selected
 * folder, or the one shown when none is selected, in place of the open one. Close Folder goes back to the Welcome
 * screen. Unsaved edits of the open folder are named first (switching closes the tabs); with sessions running there,
 * opening or closing asks first, Cancel focused (switching stops them). The focus starts in the path box, so keys
 * meant for somewhere else (a task typed after a stray Space, Ctrl+Enter) never open a folder (issue 27).
 */

/** The tag of a git repository: the tool's name, the same in every language. */
const GIT_TAG = 'git';

const ACTIVE = new Set(['queued', 'planning', 'running', 'waiting_approval', 'awaiting_plan_approval']);

function FolderGlyph() {
  return (
    <svg className="fo-glyph" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M1.5 4.5a1 1 0 0 1 1-1h3.6l1.4 1.5h5.9a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1H2.5a1 1 0 0 1-1-1Z" />
    </svg>
  );
}

export function OpenFolderDialog({ onClose }: { onClose(): void }) {
  const t = useText(folderStrings);
  const f = useFormats();
  const client = useClient();
  const { listing, error, loading, go, clearError } = useFolderBrowser();
  const workspace = useAppInfo().data?.workspace ?? null;
  const recent = useQuery({ queryKey: ['workspace.recent'], queryFn: () => client.invoke('workspace.recent') });
  const running = useSessionStore((s) => s.sessions.filter((x) => ACTIVE.has(x.status)).length);
  const unsaved = useUiStore((s) => s.tabs.tabs.filter((t) => t.dirty).length);
  const [selected, setSelected] = useState(-1);
  const [typed, setTyped] = useState('');
  const cameFrom = useRef<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const pathRef = useRef<HTMLInputElement>(null);
  // Opening (a path) or closing (null) the folder, waiting for the person to agree to stop the running sessions.
  const [asking, setAsking] = useState<{ path: string | null } | null>(null);
  const optionId = useId();
  const openFolder = useMutation({ mutationFn: (path: string) => client.invoke('workspace.open', { path }), onSuccess: onClose });
  const closeFolder = useMutation({ mutationFn: () => client.invoke('workspace.close'), onSuccess: onClose });
  const busy = openFolder.isPending || closeFolder.isPending;

  const entries = listing?.entries ?? [];
  const target = selected >= 0 && entries[selected] ? entries[selected].path : (listing?.path ?? null);

  // A new folder shown: its path in the box, and the folder we came up from selected (else nothing).
  useEffect(() => {
    if (!listing) return;
    setTyped(listing.path);
    const back = cameFrom.current ? listing.entries.findIndex((e) => e.path === cameFrom.current) : -1;
    cameFrom.current = null;
    setSelected(back);
  }, [listing]);

  useEffect(() => {
    if (selected < 0) return;
    document.getElementById(`${optionId}-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, optionId]);

  const browse = (path: string) => {
    openFolder.reset();
    void go(path);
  };
  const up = () => {
    if (!listing?.parent) return;
    cameFrom.current = listing.path;
    browse(listing.parent);
  };
  const mustAsk = !!workspace && running > 0;
  const open = (path: string | null, agreed = false) => {
    if (!path || busy) return;
    if (mustAsk && !agreed) setAsking({ path });
    else openFolder.mutate(path);
  };
  const close = (agreed = false) => {
    if (mustAsk && !agreed) setAsking({ path: null });
    else closeFolder.mutate();
  };

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = entries.length - 1;
    const move = (i: number) => setSelected(Math.max(0, Math.min(last, i)));
    if (e.key === 'ArrowDown') move(selected + 1);
    else if (e.key === 'ArrowUp' && e.altKey) up();
    else if (e.key === 'ArrowUp') move(selected < 0 ? last : selected - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(last);
    else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) open(entries[selected]?.path ?? null);
    else if (e.key === 'Enter' && entries[selected]) browse(entries[selected].path);
    else if (e.key === 'Backspace') up();
    else return;
    e.preventDefault();
  };

  const roots = (listing?.roots ?? []).map((r) => (r.home ? { ...r, name: t.home } : r));
  const crumbs = listing ? crumbsOf(listing.path, roots) : [];
  const recentFolders = (recent.data?.folders ?? []).filter((f) => f !== workspace?.root).slice(0, 6);
  const problem = error ?? (openFolder.error as Error | null)?.message ?? (closeFolder.error as Error | null)?.message ?? null;

  if (asking && workspace) {
    const agree = () => {
      setAsking(null);
      if (asking.path) open(asking.path, true);
      else close(true);
    };
    return <StopSessionsQuestion path={asking.path} workspace={workspace.name} running={running} onAgree={agree} onCancel={() => setAsking(null)} />;
  }

  return (
    <Dialog title={t.title} testId="open-folder-dialog" tone="accent" onCancel={onClose} initialFocus={pathRef}>
      <div className="fo-picker">
        <div className="fo-bar">
          <button className="fo-button fo-up" onClick={up} disabled={!listing?.parent} title={t.upTitle} aria-label={t.up} data-testid="folder-up">
            ↑
          </button>
          <input
            ref={pathRef}
            className="fo-path"
            value={typed}
            spellCheck={false}
            aria-label={t.pathAria}
            data-testid="folder-path"
            onChange={(e) => {
              setTyped(e.target.value);
              clearError();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && typed.trim()) {
                e.preventDefault();
                browse(typed.trim());
              }
            }}
          />
        </div>
        <nav className="fo-crumbs" aria-label={t.crumbsAria}>
          {crumbs.map((c, i) => (
            <span key={c.path} className="fo-crumb-wrap">
              {i > 0 && <span className="fo-sep" aria-hidden="true">›</span>}
              <button className="fo-crumb" onClick={() => browse(c.path)} aria-current={i === crumbs.length - 1 ? 'location' : undefined} data-testid="folder-crumb" title={c.path}>
                {c.name}
              </button>
            </span>
          ))}
        </nav>
        <div className="fo-body">
          <div className="fo-places">
            <div className="fo-heading">{t.places}</div>
            {roots.map((r) => (
              <button key={r.path} className="fo-place" onClick={() => browse(r.path)} title={r.path} data-testid="folder-place">
                {r.name}
              </button>
            ))}
            {recentFolders.length > 0 && <div className="fo-heading">{t.recent}</div>}
            {recentFolders.map((folder) => (
              <button key={folder} className="fo-place" onClick={() => open(folder)} title={t.openPath(folder)} data-testid="folder-recent">
                {baseName(folder)}
              </button>
            ))}
          </div>
          <div
            ref={listRef}
            className="fo-list"
            role="listbox"
            tabIndex={0}
            aria-label={listing ? t.foldersIn(baseName(listing.path)) : t.folders}
            aria-activedescendant={selected >= 0 ? `${optionId}-${selected}` : undefined}
            aria-busy={loading}
            data-testid="folder-list"
            onKeyDown={onListKey}
          >
            {entries.map((entry, i) => (
              <div
                key={entry.path}
                id={`${optionId}-${i}`}
                role="option"
                aria-selected={i === selected}
                className={`fo-entry${i === selected ? ' selected' : ''}${entry.hidden ? ' fo-hidden' : ''}`}
                data-testid="folder-entry"
                data-path={entry.path}
                title={entry.path}
                onClick={() => setSelected(i)}
                onDoubleClick={() => browse(entry.path)}
              >
                <FolderGlyph />
                <span className="fo-name">{entry.name}</span>
                {entry.link && <span className="fo-tag" title={t.link}>↗</span>}
                {entry.isGitRepo && <span className="fo-tag fo-git" title={t.gitRepo}>{GIT_TAG}</span>}
              </div>
            ))}
            {listing && entries.length === 0 && <div className="fo-empty">{t.empty}</div>}
            {listing?.truncated && <div className="fo-empty">{t.truncated(f.number(entries.length))}</div>}
            {!listing && !error && <div className="fo-empty">{t.loading}</div>}
          </div>
        </div>
        {problem && (
          <p className="error-text fo-error" role="alert" data-testid="folder-error">
            {problem}
          </p>
        )}
        {workspace && unsaved > 0 && (
          <p className="fo-warn" data-testid="folder-unsaved">
            {t.unsaved(unsaved)}
          </p>
        )}
        {workspace && running > 0 && (
          <p className="dialog-dim">
            {t.running(running, workspace.name)}
          </p>
        )}
      </div>
      <DialogActions>
        {workspace && (
          <button className="fo-button" onClick={() => close()} disabled={busy} data-testid="folder-close-workspace" title={t.closeTitle(workspace.name)}>
            {t.closeFolder}
          </button>
        )}
        <span className="fo-spacer" />
        <button className="fo-button" onClick={onClose}>
          {t.cancel}
        </button>
        <button className="fo-button primary" onClick={() => open(target)} disabled={!target || busy || loading || target === workspace?.root} data-testid="folder-open" title={target === workspace?.root ? t.isOpen : (target ?? undefined)}>
          {openFolder.isPending ? t.opening : target ? t.openNamed(baseName(target)) : t.open}
        </button>
      </DialogActions>
    </Dialog>
  );
}
