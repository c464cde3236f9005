import { useRef, useState } from 'react';
import { ClientError } from '../../client/client';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { DiffViewer } from './DiffViewer';
import { useEditorFiles } from './editorFilesStore';
import { bufferOf } from './fileBuffers';
import { reloadFile, saveFile, type EditorDeps } from './fileDisk';
import { editorStrings } from './editorStrings';
import { useText } from '../../i18n';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

interface Disk {
  text: string | null;
  hash: string | null;
  binary: boolean;
}

/**
 * A save refused because the file changed on disk since the editor read it (workspace.write's conflict): Compare
 * (a Monaco diff of the disk against the unsaved text), Overwrite (save again against what is on disk now), Reload
 * (discard the unsaved text), or Cancel (keep editing). Nothing is lost without one of these answers.
 */
function ConflictQuestion({ path, currentHash, deps }: { path: string; currentHash: string | null; deps: EditorDeps }) {
  const t = useText(editorStrings);
  const [disk, setDisk] = useState<Disk | null>(null);
  const [comparing, setComparing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const overwriteRef = useRef<HTMLButtonElement>(null);
  const close = () => useEditorFiles.getState().setConflict(null);
  const gone = (disk ? disk.hash : currentHash) === null;

  const compare = async () => {
    if (comparing) return setComparing(false);
    setComparing(true);
    try {
      const read = await deps.client.invoke('workspace.read', { path });
      setDisk({ text: read.binary ? null : read.content, hash: read.hash, binary: read.binary });
    } catch (err) {
      if (err instanceof ClientError && err.code === 'not_found') setDisk({ text: null, hash: null, binary: false });
      else setError((err as Error).message);
    }
  };
  const act = (run: () => Promise<unknown>) => async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  // Overwrite what was compared when it was (it may have changed again: then this is another conflict).
  const overwrite = act(() => saveFile(deps, path, disk ? disk.hash : currentHash));
  const reload = act(async () => {
    await reloadFile(deps, path);
    close();
  });

  const mine = bufferOf(path)?.model.getValue() ?? '';
  return (
    <Dialog
      title={gone ? t.conflictDeletedTitle(nameOf(path)) : t.conflictChangedTitle(nameOf(path))}
      testId="conflict-dialog"
      tone="warn"
      onCancel={close}
      initialFocus={overwriteRef}
      wide={comparing}
    >
      <p>{gone ? t.conflictDeletedBody : t.conflictChangedBody}</p>
      <p className="dialog-dim">{path}</p>
      {comparing && (
        <div className="conflict-compare" data-testid="conflict-compare-view">
          <div className="conflict-sides">
            <span>{t.onDiskNow}</span>
            <span>{t.yoursUnsaved}</span>
          </div>
          <DiffViewer
            path={path}
            sideBySide
            sides={disk ? { original: disk.text, modified: mine, binary: disk.binary } : undefined}
            absentMessage={t.goneAndEmpty}
          />
        </div>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <DialogActions>
        <button className="dialog-button" onClick={() => void compare()} aria-pressed={comparing} data-testid="conflict-compare">
          {comparing ? t.hideComparison : t.compare}
        </button>
        <span className="dialog-spacer" />
        <button ref={overwriteRef} className="dialog-button primary" disabled={busy} onClick={() => void overwrite()} data-testid="conflict-overwrite">
          {gone ? t.saveMineAgain : t.overwriteWithMine}
        </button>
        <button className="dialog-button" disabled={busy} onClick={() => void reload()} data-testid="conflict-reload">
          {gone ? t.discardMine : t.discardMineAndReload}
        </button>
        <button className="dialog-button" onClick={close} data-testid="conflict-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}

export function ConflictDialog({ deps }: { deps: EditorDeps }) {
  const conflict = useEditorFiles((s) => s.conflict);
  if (!conflict) return null;
  return <ConflictQuestion key={`${conflict.path}:${conflict.currentHash}`} path={conflict.path} currentHash={conflict.currentHash} deps={deps} />;
}
