import { create } from 'zustand';

/**
 * Whether the Open Folder dialog is shown. Anything may open it (the Welcome screen, the status bar's folder name,
 * Ctrl+O in the browser, the command palette): `useFolderDialog.getState().show()`.
 */
interface FolderDialogState {
  open: boolean;
  show(): void;
  hide(): void;
}

export const useFolderDialog = create<FolderDialogState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
