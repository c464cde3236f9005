import { useRef, useState } from 'react';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { useEditorFiles } from './editorFilesStore';
import type { EditorDeps } from './fileDisk';
import { closeNow, saveThenClose } from './tabActions';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Closing tabs with unsaved edits asks first: Save (then close), Don't save (close, the edits are gone), Cancel. */
export function CloseDirtyDialog({ deps }: { deps: EditorDeps }) {
  const closing = useEditorFiles((s) => s.closing);
  const saveRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  if (!closing) return null;
  const cancel = () => useEditorFiles.getState().setClosing(null);
  const one = closing.dirty.length === 1;
  const title = one
    ? `Save the changes you made to ${nameOf(closing.dirty[0])}?`
    : `Save the changes you made to ${closing.dirty.length} files?`;
  return (
    <Dialog title={title} testId="close-dirty-dialog" tone="accent" onCancel={cancel} initialFocus={saveRef}>
      {!one && (
        <ul className="dialog-list">
          {closing.dirty.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p className="dialog-dim">Your changes will be lost if you don't save them.</p>
      <DialogActions>
        <button
          ref={saveRef}
          className="dialog-button primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void saveThenClose(deps).finally(() => setBusy(false));
          }}
          data-testid="close-dirty-save"
        >
          {one ? 'Save' : 'Save all'}
        </button>
        <button
          className="dialog-button"
          onClick={() => {
            useEditorFiles.getState().setClosing(null);
            closeNow(closing.ids);
          }}
          data-testid="close-dirty-discard"
        >
          Don't save
        </button>
        <button className="dialog-button" onClick={cancel} data-testid="close-dirty-cancel">
          Cancel
        </button>
      </DialogActions>
    </Dialog>
  );
}
