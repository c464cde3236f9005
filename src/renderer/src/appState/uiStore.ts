import { create } from 'zustand';
import { activeTab, closeTab, emptyTabs, openTab, type TabsState, type TabTarget } from './editorTabs';
import { defaultTerminalHeight } from './terminalSize';

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
  /** Once the file is open: the line (and column) to show, or null for the focus alone (`seq` tells requests apart). */
  reveal: { path: string; line: number | null; column: number; seq: number } | null;
  terminalHeight: number;
  /** Ctrl+B hides the sidebar (showing a view shows it again), Ctrl+` the terminal panel; both stay mounted. */
  sidebarVisible: boolean;
  terminalVisible: boolean;
  setSidebar(view: SidebarView): void;
  /**
   * Opens a file in a preview tab (a single click), or pinned with `preview: false` (a double click); `line` (and
   * `column`) is shown, and the editor takes the focus then or with `focus` (quick open).
   */
  openFile(path: string, options?: { preview?: boolean; line?: number; column?: number; focus?: boolean }): void;
  openDiff(path: string): void;
  openCheckpointDiff(path: string, from: string | null, to: string): void;
  /** Closes the active tab without asking (features/editor/tabActions.ts asks about unsaved edits first). */
  closeEditor(): void;
  updateTabs(change: (tabs: TabsState) => TabsState): void;
  setTerminalHeight(px: number): void;
  setSidebarVisible(visible: boolean): void;
  setTerminalVisible(visible: boolean): void;
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
    terminalHeight: defaultTerminalHeight(typeof window === 'undefined' ? 0 : window.innerHeight),
    sidebarVisible: true,
    terminalVisible: true,
    setSidebar: (sidebar) => set({ sidebar, sidebarVisible: true }),
    openFile: (path, options = {}) => {
      open({ kind: 'file', path }, options.preview ?? true);
      if (options.line || options.focus) set({ reveal: { path, line: options.line || null, column: options.column ?? 1, seq: ++revealSeq } });
    },
    openDiff: (path) => open({ kind: 'diff', path }),
    openCheckpointDiff: (path, from, to) => open({ kind: 'checkpointDiff', path, from, to }),
    closeEditor: () => set((s) => (s.tabs.activeId ? withTabs(closeTab(s.tabs, s.tabs.activeId)) : s)),
    updateTabs: (change) => set((s) => withTabs(change(s.tabs))),
    setTerminalHeight: (px) => set({ terminalHeight: Math.max(80, Math.min(px, window.innerHeight - 160)) }),
    setSidebarVisible: (sidebarVisible) => set({ sidebarVisible }),
    setTerminalVisible: (terminalVisible) => set({ terminalVisible }),
  };
});
