import { useEffect } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useAppInfo } from '../../appState/useWorkspace';
import { useEvent } from '../../client/ClientContext';
import { useReconnected } from '../../client/useReconnected';
import { refreshFromDisk, type EditorDeps } from './fileDisk';
import { resetTabs } from './tabActions';

/** The folder the open tabs belong to (module-wide: the tabs outlive the editor area while another view is shown). */
let tabsRoot: string | null = null;

const openFilePaths = () => useUiStore.getState().tabs.tabs.flatMap((t) => (t.target.kind === 'file' ? [t.target.path] : []));

/**
 * Keeps the open tabs in step with the disk while the editor area is shown: files that `workspace.onChanged` names
 * are read again (fileDisk.ts reloads or marks them), and the active diff is refreshed. On mount and after a
 * reconnect every open file is read again (events were missed meanwhile); another folder starts with no tabs.
 */
export function useDiskSync(deps: EditorDeps): void {
  const root = useAppInfo().data?.workspace?.root ?? null;
  const { client, queryClient } = deps;

  useEffect(() => {
    if (!root) return;
    if (tabsRoot !== null && tabsRoot !== root) resetTabs();
    tabsRoot = root;
    for (const path of openFilePaths()) void refreshFromDisk({ client, queryClient }, path);
  }, [root, client, queryClient]);

  useReconnected(() => {
    for (const path of openFilePaths()) void refreshFromDisk(deps, path);
  });

  useEvent('workspace.onChanged', ({ changes, refresh }) => {
    const touches = (path: string) => refresh || changes.some((c) => c.path === path || path.startsWith(`${c.path}/`));
    for (const path of openFilePaths()) if (touches(path)) void refreshFromDisk(deps, path);
    const target = useUiStore.getState().editor;
    if (target?.kind === 'diff' && touches(target.path)) void queryClient.invalidateQueries({ queryKey: ['git.diff', target.path] });
  });
}
