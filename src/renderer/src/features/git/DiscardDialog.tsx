import { useRef, useState } from 'react';
import type { GitFile, GitHunk } from '../../../../shared/contract';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { hunkPlace, hunkPreview, listPaths } from './gitWords';
import './changes.css';

/** What a discard would throw away: whole files (their unstaged changes), or one hunk of a file. */
export type DiscardTarget = { kind: 'files'; files: GitFile[] } | { kind: 'hunk'; path: string; hunk: GitHunk };

function Body({ target }: { target: DiscardTarget }) {
  if (target.kind === 'hunk') {
    const preview = hunkPreview(target.hunk);
    return (
      <>
        <p>
          The change at {hunkPlace(target.hunk, 'new')} of <strong>{target.path}</strong> goes back to what is staged (or committed).
        </p>
        <pre className="git-discard-preview" aria-label="The change">
          {preview.lines.map((line, i) => (
            <div key={i} className={line[0] === '+' ? 'add' : 'del'}>
              {line}
            </div>
          ))}
          {preview.more > 0 && <div className="more">…and {preview.more} more lines</div>}
        </pre>
      </>
    );
  }
  const untracked = target.files.filter((f) => f.status === 'untracked').map((f) => f.path);
  const tracked = target.files.filter((f) => f.status !== 'untracked').map((f) => f.path);
  return (
    <>
      {tracked.length > 0 && (
        <p>
          The unstaged changes to <strong>{listPaths(tracked)}</strong> are thrown away: {tracked.length === 1 ? 'it goes' : 'they go'} back to what is
          staged (or committed).
        </p>
      )}
      {untracked.length > 0 && (
        <p>
          <strong>{listPaths(untracked)}</strong> {untracked.length === 1 ? 'is a new file git does not track: it is' : 'are new files git does not track: they are'}{' '}
          deleted.
        </p>
      )}
    </>
  );
}

/**
 * "Discard …?" before a discard: names the files (saying which are deleted) or shows the hunk, and says a checkpoint
 * is taken first. Enter or the Discard button confirms; Escape, Cancel or the backdrop cancels.
 */
export function DiscardDialog({ target, onConfirm, onCancel }: { target: DiscardTarget; onConfirm(): Promise<unknown>; onCancel(): void }) {
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const title =
    target.kind === 'hunk'
      ? `Discard this change in ${target.path}?`
      : target.files.length === 1
        ? `Discard the changes to ${target.files[0].path}?`
        : `Discard the changes to ${target.files.length} files?`;
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} testId="discard-dialog" onCancel={onCancel} initialFocus={confirmRef}>
      <Body target={target} />
      <p className="dialog-dim">A checkpoint is taken first: Undo in the notice that follows, or restore it from the Timeline.</p>
      <DialogActions>
        <button ref={confirmRef} type="button" className="git-button danger" disabled={busy} onClick={() => void confirm()} data-testid="discard-confirm">
          {busy ? 'Discarding…' : target.kind === 'hunk' ? 'Discard change' : 'Discard'}
        </button>
        <button type="button" className="git-button" onClick={onCancel} data-testid="discard-cancel">
          Cancel
        </button>
      </DialogActions>
    </Dialog>
  );
}
