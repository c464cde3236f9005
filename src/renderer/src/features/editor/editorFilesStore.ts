import { create } from 'zustand';

/**
 * What the editor says about its open files beyond their text (fileBuffers.ts) and tabs (appState/editorTabs.ts):
 * a file changed on disk under unsaved edits, a save on its way, the conflict dialog's file, and the tabs waiting
 * for an answer about their unsaved edits before they close.
 */

export interface FileStatus {
  /** The file on disk is not what the unsaved edits started from (`diskHash`: its hash now; null: it is gone). */
  diskChanged: boolean;
  diskHash: string | null;
  saving: boolean;
}

export interface EditorFilesState {
  status: Record<string, FileStatus>;
  /** workspace.write answered conflict (or the person asked to compare): the dialog for this file. */
  conflict: { path: string; currentHash: string | null } | null;
  /** Tabs to close once the person answered about the unsaved edits of `dirty` (paths). */
  closing: { ids: string[]; dirty: string[] } | null;
  setStatus(path: string, patch: Partial<FileStatus>): void;
  forget(paths: readonly string[]): void;
  setConflict(conflict: EditorFilesState['conflict']): void;
  setClosing(closing: EditorFilesState['closing']): void;
}

const none: FileStatus = { diskChanged: false, diskHash: null, saving: false };

export const useEditorFiles = create<EditorFilesState>((set) => ({
  status: {},
  conflict: null,
  closing: null,
  setStatus: (path, patch) => set((s) => ({ status: { ...s.status, [path]: { ...(s.status[path] ?? none), ...patch } } })),
  forget: (paths) =>
    set((s) => {
      if (!paths.some((p) => p in s.status)) return s;
      const status = { ...s.status };
      for (const p of paths) delete status[p];
      return { status };
    }),
  setConflict: (conflict) => set({ conflict }),
  setClosing: (closing) => set({ closing }),
}));

export const fileStatus = (s: EditorFilesState, path: string): FileStatus => s.status[path] ?? none;
