import { create } from 'zustand';

export type SidebarView = 'files' | 'agent' | 'changes' | 'timeline' | 'review' | 'specs';
/**
 * What the editor area shows: a file read-only, a file's diff against HEAD, or a file between two
 * checkpoints (`from` null: the file did not exist before the first checkpoint; `to` 'now': the workspace).
 */
export type EditorTarget =
  | { kind: 'file'; path: string }
  | { kind: 'diff'; path: string }
  | { kind: 'checkpointDiff'; path: string; from: string | null; to: string }
  | null;

interface UiState {
  sidebar: SidebarView;
  editor: EditorTarget;
  terminalHeight: number;
  setSidebar(view: SidebarView): void;
  openFile(path: string): void;
  openDiff(path: string): void;
  openCheckpointDiff(path: string, from: string | null, to: string): void;
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
  openCheckpointDiff: (path, from, to) => set({ editor: { kind: 'checkpointDiff', path, from, to } }),
  closeEditor: () => set({ editor: null }),
  setTerminalHeight: (px) => set({ terminalHeight: Math.max(80, Math.min(px, window.innerHeight - 160)) }),
}));
