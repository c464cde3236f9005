import { create } from 'zustand';

export type SidebarView = 'files' | 'changes';
/** What the editor area shows: a file read-only, or a file's diff against HEAD. */
export type EditorTarget = { kind: 'file'; path: string } | { kind: 'diff'; path: string } | null;

interface UiState {
  sidebar: SidebarView;
  editor: EditorTarget;
  terminalHeight: number;
  setSidebar(view: SidebarView): void;
  openFile(path: string): void;
  openDiff(path: string): void;
  closeEditor(): void;
  setTerminalHeight(px: number): void;
}

export const useUiStore = create<UiState>((set) => ({
  sidebar: 'files',
  editor: null,
  terminalHeight: 260,
  setSidebar: (sidebar) => set({ sidebar }),
  openFile: (path) => set({ editor: { kind: 'file', path } }),
  openDiff: (path) => set({ editor: { kind: 'diff', path } }),
  closeEditor: () => set({ editor: null }),
  setTerminalHeight: (px) => set({ terminalHeight: Math.max(80, Math.min(px, window.innerHeight - 160)) }),
}));
