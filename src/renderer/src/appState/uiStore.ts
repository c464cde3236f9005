import { create } from 'zustand';
import { activeTab, closeTab, emptyTabs, openTab, type TabsState, type TabTarget } from './editorTabs';

export type SidebarView = 'files' | 'search' | 'agent' | 'changes' | 'timeline' | 'review' | 'specs';
/**
 * What the editor area shows (its active tab, editorTabs.ts): a file, a file's diff against HEAD, or a file between
 * two checkpoints (`from` null: the file did not exist before the first checkpoint; `to` 'now': the workspace).
 */
export type EditorTarget = TabTarget | null;

interface UiState {
  sidebar: SidebarView;
  /** The active tab's target (null: no tab open). */
  editor: EditorTarget;
  /** The editor's tabs (appState/editorTabs.ts); change them with `updateTabs`. */
  tabs: TabsState;
  /** A line to show once the file is open (`seq` tells two requests for the same line apart). */
  reveal: { path: string; line: number; seq: number } | null;
  terminalHeight: number;
  setSidebar(view: SidebarView): void;
  /** Opens a file in a preview tab (a single click), or pinned with `preview: false` (a double click); `line` is shown. */
  openFile(path: string, options?: { preview?: boolean; line?: number }): void;
  openDiff(path: string): void;
  openCheckpointDiff(path: string, from: string | null, to: string): void;
  /** Closes the active tab without asking (features/editor/tabActions.ts asks about unsaved edits first). */
  closeEditor(): void;
  updateTabs(change: (tabs: TabsState) => TabsState): void;
  setTerminalHeight(px: number): void;
}

let revealSeq = 0;

export const useUiStore = create<UiState>((set) => {
  const withTabs = (tabs: TabsState) => ({ tabs, editor: activeTab(tabs)?.target ?? null });
  const open = (target: TabTarget, preview = true) => set((s) => withTabs(openTab(s.tabs, target, { preview })));
  return {
    sidebar: 'files',
    editor: null,
    tabs: emptyTabs,
    reveal: null,
    terminalHeight: 260,
    setSidebar: (sidebar) => set({ sidebar }),
    openFile: (path, options = {}) => {
      open({ kind: 'file', path }, options.preview ?? true);
      if (options.line) set({ reveal: { path, line: options.line, seq: ++revealSeq } });
    },
    openDiff: (path) => open({ kind: 'diff', path }),
    openCheckpointDiff: (path, from, to) => open({ kind: 'checkpointDiff', path, from, to }),
    closeEditor: () => set((s) => (s.tabs.activeId ? withTabs(closeTab(s.tabs, s.tabs.activeId)) : s)),
    updateTabs: (change) => set((s) => withTabs(change(s.tabs))),
    setTerminalHeight: (px) => set({ terminalHeight: Math.max(80, Math.min(px, window.innerHeight - 160)) }),
  };
});
