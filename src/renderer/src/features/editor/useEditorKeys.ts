import { useEffect } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useEditorFiles } from './editorFilesStore';
import { saveFile, type EditorDeps } from './fileDisk';
import { closeActiveTab, reopenClosedTab } from './tabActions';

/**
 * The editor's keys while the editor area is shown, VS Code's: Ctrl+S (Cmd+S) saves the active file, Ctrl+W closes
 * the active tab, Ctrl+Shift+T reopens the last closed one. Taken before anything else on the page (Monaco, the
 * browser's own Save page); Ctrl+W and Ctrl+Shift+T are left to a focused terminal (delete a word there) and
 * nothing is taken while a dialog is open. Go to line (Ctrl+G) is Monaco's own.
 */
export function useEditorKeys(deps: EditorDeps): void {
  const { client, queryClient } = deps;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key !== 's' && key !== 'w' && key !== 't') return;
      const files = useEditorFiles.getState();
      if (files.conflict || files.closing || document.querySelector('.dialog-backdrop')) return;
      const inTerminal = e.target instanceof Element && !!e.target.closest('.xterm');
      const editor = useUiStore.getState().editor;
      if (key === 's' && !e.shiftKey) {
        if (editor?.kind !== 'file') return;
        e.preventDefault();
        e.stopPropagation();
        void saveFile({ client, queryClient }, editor.path);
      } else if (key === 'w' && !e.shiftKey && !inTerminal && editor) {
        e.preventDefault();
        e.stopPropagation();
        closeActiveTab();
      } else if (key === 't' && e.shiftKey && !inTerminal) {
        e.preventDefault();
        e.stopPropagation();
        reopenClosedTab();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [client, queryClient]);
}
