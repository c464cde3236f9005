import { useEffect } from 'react';
import { create } from 'zustand';
import { fileStatus, useEditorFiles } from './editorFilesStore';
import type { FileBuffer } from './fileBuffers';
import { saveFile, type EditorDeps } from './fileDisk';

/**
 * Auto save, VS Code's "after delay": off unless the person turns it on (the tab menu); when on, a file is saved a
 * second after its last edit, through the same save as Ctrl+S (a conflict asks, as always). Not while the file is
 * marked changed on disk: the person decides that one. Kept in the page's localStorage.
 */

export const AUTO_SAVE_DELAY_MS = 1000;
const STORAGE_KEY = 'akira.editor.autoSave';

function saved(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'afterDelay';
  } catch {
    return false;
  }
}

export const useAutoSave = create<{ on: boolean; set(on: boolean): void }>((set) => ({
  on: saved(),
  set: (on) => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, on ? 'afterDelay' : 'off');
    } catch {
      // no storage (private mode): on for this page only
    }
    set({ on });
  },
}));

/** While a file is shown and auto save is on: saves it a second after each pause in editing (and at once on leaving). */
export function useAutoSaveFor(deps: EditorDeps, buffer: FileBuffer | null): void {
  const on = useAutoSave((s) => s.on);
  useEffect(() => {
    if (!on || !buffer || buffer.readOnly) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      if (!buffer.model.isDisposed() && !fileStatus(useEditorFiles.getState(), buffer.path).diskChanged) void saveFile(deps, buffer.path);
    };
    const edits = buffer.model.onDidChangeContent(() => {
      clearTimeout(timer);
      timer = setTimeout(save, AUTO_SAVE_DELAY_MS);
    });
    return () => {
      edits.dispose();
      if (timer !== undefined) {
        clearTimeout(timer);
        save();
      }
    };
  }, [on, buffer, deps]);
}
