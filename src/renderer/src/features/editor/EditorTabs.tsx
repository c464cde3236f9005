import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { activateTab, pinTab, type EditorTab } from '../../appState/editorTabs';
import { useUiStore } from '../../appState/uiStore';
import { AUTO_SAVE_DELAY_MS, useAutoSave } from './autoSave';
import { useEditorFiles } from './editorFilesStore';
import { closeOtherTabs, reopenClosedTab, requestClose } from './tabActions';
import { editorStrings } from './editorStrings';
import { textOf, useFormats, useText } from '../../i18n';
import './editorTabs.css';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** A diff tab says what it compares after the name. */
function kindWord(tab: EditorTab): string | null {
  const t = textOf(editorStrings);
  if (tab.target.kind === 'diff') return t.headVsWorkingTree;
  if (tab.target.kind === 'checkpointDiff') return tab.target.to === 'now' ? t.kindCheckpointNow : t.kindCheckpoints;
  return null;
}

function describe(tab: EditorTab, diskChanged: boolean): string {
  const t = textOf(editorStrings);
  const words = [tab.target.path];
  const kind = kindWord(tab);
  if (kind) words.push(kind);
  if (tab.preview) words.push(t.tabPreview);
  if (tab.dirty) words.push(t.tabUnsaved);
  if (diskChanged) words.push(t.changedOnDisk);
  return words.join(' · ');
}

interface Menu {
  id: string;
  x: number;
  y: number;
}

/** The tab's right-click menu: Close, Close others, Keep open, Reopen closed tab, and the Auto save switch (autoSave.ts). */
function TabMenu({ menu, onDone }: { menu: Menu; onDone(): void }) {
  const t = useText(editorStrings);
  const formats = useFormats();
  const ref = useRef<HTMLDivElement>(null);
  const tab = useUiStore((s) => s.tabs.tabs.find((t) => t.id === menu.id));
  const others = useUiStore((s) => s.tabs.tabs.length > 1);
  const canReopen = useUiStore((s) => s.tabs.closed.length > 0);
  const autoSave = useAutoSave();
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([disabled])')?.focus();
    const away = (e: globalThis.MouseEvent) => !ref.current?.contains(e.target as Node) && onDone();
    window.addEventListener('mousedown', away, true);
    return () => window.removeEventListener('mousedown', away, true);
  }, [onDone]);
  const run = (action: () => void) => () => {
    onDone();
    action();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') onDone();
    else if (e.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
  };
  if (!tab) return null;
  return (
    <div ref={ref} className="tab-menu" role="menu" style={{ left: menu.x, top: menu.y }} onKeyDown={onKeyDown} data-testid="tab-menu">
      <button role="menuitem" onClick={run(() => requestClose([tab.id]))} data-testid="tab-menu-close">
        {t.menuClose} <kbd>Ctrl+W</kbd>
      </button>
      <button role="menuitem" disabled={!others} onClick={run(() => closeOtherTabs(tab.id))} data-testid="tab-menu-close-others">
        {t.closeOthers}
      </button>
      {tab.preview && (
        <button role="menuitem" onClick={run(() => useUiStore.getState().updateTabs((s) => pinTab(s, tab.id)))} data-testid="tab-menu-keep">
          {t.keepOpen}
        </button>
      )}
      <button role="menuitem" disabled={!canReopen} onClick={run(reopenClosedTab)} data-testid="tab-menu-reopen">
        {t.reopenClosedTab} <kbd>Ctrl+Shift+T</kbd>
      </button>
      <div className="tab-menu-separator" role="separator" />
      <button role="menuitemcheckbox" aria-checked={autoSave.on} onClick={run(() => autoSave.set(!autoSave.on))} data-testid="tab-menu-autosave" data-on={autoSave.on}>
        <span className="tab-menu-label">
          <span className="tab-menu-check" aria-hidden="true" data-testid="tab-menu-autosave-check">
            {autoSave.on ? '✓' : ''}
          </span>
          {t.autoSave}
        </span>
        <kbd data-testid="tab-menu-autosave-state">{autoSave.on ? t.autoSaveAfter(formats.duration(AUTO_SAVE_DELAY_MS)) : t.autoSaveOff}</kbd>
      </button>
    </div>
  );
}

/**
 * The editor's tab bar (VS Code's habits; the rules are appState/editorTabs.ts): a preview tab in italics, a dot for
 * unsaved edits (the close button on hover), a mark for a file changed on disk. Click activates, double-click keeps a
 * preview, middle-click closes, right-click opens the menu; ←/→ move between tabs, Delete closes.
 */
export function EditorTabs() {
  const t = useText(editorStrings);
  const state = useUiStore((s) => s.tabs);
  const status = useEditorFiles((s) => s.status);
  const [menu, setMenu] = useState<Menu | null>(null);
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    barRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [state.activeId]);

  if (!state.tabs.length) return null;
  const activate = (id: string) => useUiStore.getState().updateTabs((s) => activateTab(s, id));
  const names = new Map<string, number>();
  for (const t of state.tabs) names.set(nameOf(t.target.path), (names.get(nameOf(t.target.path)) ?? 0) + 1);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = state.tabs.findIndex((t) => t.id === state.activeId);
    const go = (i: number) => {
      const tab = state.tabs[(i + state.tabs.length) % state.tabs.length];
      activate(tab.id);
      barRef.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(tab.id)}"]`)?.focus();
    };
    if (e.key === 'ArrowRight') go(at + 1);
    else if (e.key === 'ArrowLeft') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(state.tabs.length - 1);
    else if (e.key === 'Delete' && state.activeId) requestClose([state.activeId]);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={barRef} className="editor-tabs" role="tablist" aria-label={t.openEditors} data-testid="editor-tabs" onKeyDown={onKeyDown}>
      {state.tabs.map((tab) => {
        const active = tab.id === state.activeId;
        const diskChanged = tab.target.kind === 'file' && !!status[tab.target.path]?.diskChanged;
        const name = nameOf(tab.target.path);
        const folder = (names.get(name) ?? 0) > 1 ? folderOf(tab.target.path) : '';
        const kind = kindWord(tab);
        const onMouseDown = (e: MouseEvent) => e.button === 1 && e.preventDefault(); // no autoscroll
        return (
          <div
            key={tab.id}
            className={`editor-tab${active ? ' active' : ''}${tab.preview ? ' preview' : ''}${tab.dirty ? ' dirty' : ''}${diskChanged ? ' disk-changed' : ''}`}
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            title={describe(tab, diskChanged)}
            data-testid="editor-tab"
            data-tab-id={tab.id}
            data-kind={tab.target.kind}
            data-path={tab.target.path}
            data-preview={tab.preview}
            data-dirty={tab.dirty}
            data-disk-changed={diskChanged}
            onClick={() => activate(tab.id)}
            onDoubleClick={() => useUiStore.getState().updateTabs((s) => pinTab(s, tab.id))}
            onMouseDown={onMouseDown}
            onAuxClick={(e) => e.button === 1 && requestClose([tab.id])}
            onContextMenu={(e) => {
              e.preventDefault();
              activate(tab.id);
              setMenu({ id: tab.id, x: e.clientX, y: e.clientY });
            }}
          >
            <span className="editor-tab-name">{name}</span>
            {folder && <span className="editor-tab-hint">{folder}</span>}
            {kind && <span className="editor-tab-hint">{kind}</span>}
            {diskChanged && (
              <span className="editor-tab-disk" aria-label={t.changedOnDisk}>
                {t.changedOnDisk}
              </span>
            )}
            {/* Not a button: a control inside role="tab" is nested-interactive (axe); the keyboard closes with Delete or Ctrl+W. */}
            <span
              className="editor-tab-close"
              aria-hidden="true"
              aria-label={tab.dirty ? t.closeTabDirty(name) : t.closeTab(name)}
              title={tab.dirty ? t.closeDirtyTitle : t.closeTitle}
              data-testid="editor-tab-close"
              onClick={(e) => {
                e.stopPropagation();
                requestClose([tab.id]);
              }}
            >
              <span className="dirty-dot" aria-hidden="true" data-testid="editor-tab-dirty">
                ●
              </span>
              <span className="close-x" aria-hidden="true">
                ×
              </span>
            </span>
          </div>
        );
      })}
      {menu && <TabMenu menu={menu} onDone={() => setMenu(null)} />}
    </div>
  );
}
