import { useRef, useState } from 'react';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { useEditorFiles } from './editorFilesStore';
import type { EditorDeps } from './fileDisk';
import { closeNow, saveThenClose } from './tabActions';
import { editorStrings } from './editorStrings';
import { useText } from '../../i18n';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Closing tabs with unsaved edits asks first: Save (then close), Don't save (close, the edits are gone), Cancel. */
export function CloseDirtyDialog({ deps }: { deps: EditorDeps }) {
  const t = useText(editorStrings);
  const closing = useEditorFiles((s) => s.closing);
  const saveRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  if (!closing) return null;
  const cancel = () => useEditorFiles.getState().setClosing(null);
  const one = closing.dirty.length === 1;
  const title = one ? t.saveChangesToFile(nameOf(closing.dirty[0])) : t.saveChangesToFiles(closing.dirty.length);
  return (
    <Dialog title={title} testId="close-dirty-dialog" tone="accent" onCancel={cancel} initialFocus={saveRef}>
      {!one && (
        <ul className="dialog-list">
          {closing.dirty.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p className="dialog-dim">{t.changesLost}</p>
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
          {one ? t.save : t.saveAll}
        </button>
        <button
          className="dialog-button"
          onClick={() => {
            useEditorFiles.getState().setClosing(null);
            closeNow(closing.ids);
          }}
          data-testid="close-dirty-discard"
        >
          {t.dontSave}
        </button>
        <button className="dialog-button" onClick={cancel} data-testid="close-dirty-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
