import { useQueryClient } from '@tanstack/react-query';
import { emptyTabs } from '../../appState/editorTabs';
import { useUiStore } from '../../appState/uiStore';
import { useEvent } from '../../client/ClientContext';
import { useFolderDialog } from './folderDialogStore';
import { OpenFolderDialog } from './OpenFolderDialog';

/**
 * The Open Folder dialog wherever the app is (Welcome screen or workbench), and what switching folders in place
 * needs beyond what the stores do themselves on `app.onWorkspaceOpened` (the tree, terminals, sessions, specs,
 * the timeline reset; useAppInfo refetches every query): the old folder's answers are dropped (no stale branch or
 * changes while the new ones load, none at all once the folder is closed) and its editor tabs closed (the dialog
 * warns first about unsaved edits). In the browser Ctrl+O (⌘O) shows the dialog (the app's action registry,
 * features/palette/appActions.ts); the desktop's File menu owns that key (its native dialog).
 */
export function OpenFolderHost() {
  const open = useFolderDialog((s) => s.open);
  const hide = useFolderDialog((s) => s.hide);
  const queryClient = useQueryClient();

  useEvent('app.onWorkspaceOpened', () => {
    void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'app.describe' });
    // Tabs of the old folder (and its closed ones, for Ctrl+Shift+T) would name files of the new one.
    useUiStore.getState().updateTabs(() => emptyTabs);
  });

  return open ? <OpenFolderDialog onClose={hide} /> : null;
}
