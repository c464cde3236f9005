import { closeTabs, emptyTabs, otherTabIds, reopenClosed, type TabsState } from '../../appState/editorTabs';
import { useUiStore } from '../../appState/uiStore';
import { useEditorFiles } from './editorFilesStore';
import { disposeAllBuffers, disposeBuffer } from './fileBuffers';
import { saveFile, type EditorDeps } from './fileDisk';

/**
 * What the tab bar, its menu and the keys (features/palette/appActions.ts) do with tabs: closing asks first about
 * unsaved edits (CloseDirtyDialog: Save / Don't save / Cancel), and a closed file's text is let go; the rest is
 * editorTabs.ts.
 */

const tabs = () => useUiStore.getState().tabs;
const filePathOf = (state: TabsState, id: string) => {
  const tab = state.tabs.find((t) => t.id === id);
  return tab?.target.kind === 'file' ? tab.target.path : null;
};

/** Closes the tabs now, unsaved edits or not. */
export function closeNow(ids: readonly string[]): void {
  const before = tabs();
  const paths = ids.map((id) => filePathOf(before, id)).filter((p): p is string => p !== null);
  useUiStore.getState().updateTabs((s) => closeTabs(s, ids));
  for (const path of paths) disposeBuffer(path);
  useEditorFiles.getState().forget(paths);
}

/** Closes the tabs, asking first when some have unsaved edits. */
export function requestClose(ids: readonly string[]): void {
  const state = tabs();
  const dirty = state.tabs.filter((t) => ids.includes(t.id) && t.dirty && t.target.kind === 'file').map((t) => t.target.path);
  if (dirty.length) useEditorFiles.getState().setClosing({ ids: [...ids], dirty });
  else closeNow(ids);
}

export function closeActiveTab(): void {
  const id = tabs().activeId;
  if (id) requestClose([id]);
}

export function closeOtherTabs(id: string): void {
  requestClose(otherTabIds(tabs(), id));
}

export function reopenClosedTab(): void {
  useUiStore.getState().updateTabs(reopenClosed);
}

/** The closing question's "Save": saves each, and closes once all are saved (a conflict shows its dialog instead). */
export async function saveThenClose(deps: EditorDeps): Promise<void> {
  const closing = useEditorFiles.getState().closing;
  if (!closing) return;
  useEditorFiles.getState().setClosing(null);
  for (const path of closing.dirty) {
    if ((await saveFile(deps, path)) === 'conflict' || tabs().tabs.find((t) => t.target.kind === 'file' && t.target.path === path)?.dirty) return;
  }
  closeNow(closing.ids);
}

/** Another folder is open: its files are not this one's (unsaved edits of the old folder cannot be saved here). */
export function resetTabs(): void {
  disposeAllBuffers();
  useEditorFiles.setState({ status: {}, conflict: null, closing: null });
  useUiStore.getState().updateTabs(() => emptyTabs);
}
