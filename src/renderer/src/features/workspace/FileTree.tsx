import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useAppInfo } from '../../appState/useWorkspace';
import { useClient, useEvent } from '../../client/ClientContext';
import { decorationsOf } from '../git/gitDecorations';
import { useGitStatus } from '../git/useGitStatus';
import { TreeRowView } from './TreeRowView';
import { flattenTree, foldersAffected, indexOfKey, parentOf, type TreeRow } from './treeRows';
import { createTreeLoader, useTreeStore } from './treeStore';
import './fileTree.css';
import { useReconnected } from '../../client/useReconnected';
import { useFormats, useText } from '../../i18n';
import { workspaceStrings } from './workspaceStrings';

/**
 * The workspace's file tree: folders load lazily when opened (paged, with a "load more" row),
 * refresh when files change on disk, and follow the keyboard (↑ ↓ ← → Home End Enter).
 */
export function FileTree() {
  const t = useText(workspaceStrings);
  const f = useFormats();
  const client = useClient();
  const loader = useMemo(() => createTreeLoader(client), [client]);
  const workspaceRoot = useAppInfo().data?.workspace?.root ?? null;
  const folders = useTreeStore((s) => s.folders);
  const expanded = useTreeStore((s) => s.expanded);
  const selected = useTreeStore((s) => s.selected);
  const editor = useUiStore((s) => s.editor);
  const gitFiles = useGitStatus().data?.files;
  const decorations = useMemo(() => decorationsOf(gitFiles ?? []), [gitFiles]);
  const previousRows = useRef<Map<string, TreeRow>>(new Map());
  const rows = useMemo(() => {
    const next = flattenTree(folders, expanded, previousRows.current);
    previousRows.current = new Map(next.map((r) => [r.key, r]));
    return next;
  }, [folders, expanded]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const containerRef = useRef<HTMLDivElement>(null);
  const scrollToSelection = useRef(false);

  // The store outlives the component (switching views keeps the tree as it was): start afresh for
  // another workspace, and reload what is shown for the events missed while unmounted.
  useEffect(() => {
    if (useTreeStore.getState().root !== workspaceRoot) loader.reset(workspaceRoot);
    else loader.refreshAll();
  }, [loader, workspaceRoot]);

  // Every visible folder that has no state yet (the root, reopened or recreated folders) gets loaded.
  useEffect(() => {
    if (!folders['']) loader.ensure('');
    for (const row of rows) if (row.type === 'status' && !folders[row.folder]) loader.ensure(row.folder);
  }, [rows, folders, loader]);

  useEvent('workspace.onChanged', ({ changes, refresh }) => {
    if (refresh) return loader.refreshAll(); // too many changes to list
    const store = useTreeStore.getState();
    const { reload, gone } = foldersAffected(changes, Object.keys(store.folders));
    store.dropFolders(gone);
    loader.refresh(reload);
  });
  useEvent('app.onWorkspaceOpened', ({ workspace }) => loader.reset(workspace?.root ?? null));

  // Events missed while disconnected: reload what is shown once the connection is back.
  useReconnected(() => loader.refreshAll());

  const activate = useCallback(
    (row: TreeRow) => {
      const store = useTreeStore.getState();
      if (row.type === 'more') return loader.more(row.folder);
      if (row.type !== 'entry') return;
      const { entry } = row;
      if (row.expandable) {
        store.setExpanded(entry.path, !row.expanded);
        if (!row.expanded) loader.ensure(entry.path);
        return;
      }
      if (entry.kind === 'file' || entry.link === 'file') useUiStore.getState().openFile(entry.path);
    },
    [loader],
  );

  const onPick = useCallback(
    (key: string) => {
      const row = rowsRef.current.find((r) => r.key === key);
      if (!row) return;
      useTreeStore.getState().select(key);
      containerRef.current?.focus({ preventScroll: true });
      activate(row);
    },
    [activate],
  );

  // A double click keeps the file open (pinned), as an edit would; the single click before it opened a preview.
  const onKeep = useCallback((key: string) => {
    const row = rowsRef.current.find((r) => r.key === key);
    if (row?.type === 'entry' && (row.entry.kind === 'file' || row.entry.link === 'file')) useUiStore.getState().openFile(row.entry.path, { preview: false });
  }, []);

  useEffect(() => {
    if (!scrollToSelection.current || selected === null) return;
    scrollToSelection.current = false;
    const el = containerRef.current?.querySelector(`[data-key="${CSS.escape(selected)}"]`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [selected, rows]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = rowsRef.current.filter((r) => r.type !== 'status');
    if (list.length === 0) return;
    const store = useTreeStore.getState();
    const index = indexOfKey(list, store.selected);
    const row = index >= 0 ? list[index] : null;
    const moveTo = (i: number) => {
      scrollToSelection.current = true;
      store.select(list[Math.max(0, Math.min(list.length - 1, i))].key);
    };
    switch (event.key) {
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        moveTo(index < 0 ? 0 : index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(list.length - 1);
        break;
      case 'ArrowRight':
        if (row?.type === 'entry' && row.expandable) {
          if (!row.expanded) activate(row);
          else if (index + 1 < list.length && list[index + 1].depth > row.depth) moveTo(index + 1);
        }
        break;
      case 'ArrowLeft': {
        if (row?.type === 'entry' && row.expandable && row.expanded) {
          activate(row);
          break;
        }
        const parent = row?.type === 'entry' ? parentOf(row.entry.path) : row?.folder;
        if (parent) {
          const at = indexOfKey(list, parent);
          if (at >= 0) moveTo(at);
        }
        break;
      }
      case 'Enter':
      case ' ':
        if (row) activate(row);
        else moveTo(0);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const root = folders[''];
  const activePath = editor?.path ?? null;

  return (
    <div
      ref={containerRef}
      className="file-tree"
      role="tree"
      aria-label={t.files}
      tabIndex={0}
      data-testid="file-tree"
      onKeyDown={onKeyDown}
    >
      {root && !root.loading && root.error && root.entries.length === 0 ? (
        <div className="empty error-text">{t.cannotListFolder(root.error)}</div>
      ) : root && !root.loading && !root.error && root.entries.length === 0 ? (
        <div className="empty">{t.folderEmpty}</div>
      ) : (
        rows.map((row) => (
          <TreeRowView
            key={row.key}
            row={row}
            selected={row.key === selected}
            active={row.type === 'entry' && row.entry.path === activePath}
            onPick={onPick}
            onKeep={onKeep}
            decoration={row.type === 'entry' ? decorations.get(row.entry.path) : undefined}
            t={t}
            f={f}
          />
        ))
      )}
    </div>
  );
}
