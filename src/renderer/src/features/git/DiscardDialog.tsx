import { useRef, useState } from 'react';
import type { GitFile, GitHunk } from '../../../../shared/contract';
import { useText } from '../../i18n';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { gitStrings } from './gitStrings';
import { Marked } from './Marked';
import { hunkPlace, hunkPreview, listPaths } from './gitWords';
import './changes.css';

/** What a discard would throw away: whole files (their unstaged changes), or one hunk of a file. */
export type DiscardTarget = { kind: 'files'; files: GitFile[] } | { kind: 'hunk'; path: string; hunk: GitHunk };

function Body({ target }: { target: DiscardTarget }) {
  const t = useText(gitStrings);
  if (target.kind === 'hunk') {
    const preview = hunkPreview(target.hunk);
    return (
      <>
        <p>
          <Marked text={t.hunkGoesBack(hunkPlace(target.hunk, 'new'), target.path)} part={target.path} />
        </p>
        <pre className="git-discard-preview" aria-label={t.theChange}>
          {preview.lines.map((line, i) => (
            <div key={i} className={line[0] === '+' ? 'add' : 'del'}>
              {line}
            </div>
          ))}
          {preview.more > 0 && <div className="more">{t.moreLines(preview.more)}</div>}
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
          <Marked text={t.trackedGoBack(listPaths(tracked), tracked.length)} part={listPaths(tracked)} />
        </p>
      )}
      {untracked.length > 0 && (
        <p>
          <Marked text={t.untrackedDeleted(listPaths(untracked), untracked.length)} part={listPaths(untracked)} />
        </p>
      )}
    </>
  );
}

/**
 * "Discard …?" before a discard: names the files (saying which are deleted) or shows the hunk, and says a checkpoint
 * is taken first. The focus starts on Cancel (issue 27: Enter must not discard); the Discard button confirms; Escape,
 * Cancel or the backdrop cancels.
 */
export function DiscardDialog({ target, onConfirm, onCancel }: { target: DiscardTarget; onConfirm(): Promise<unknown>; onCancel(): void }) {
  const t = useText(gitStrings);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const title =
    target.kind === 'hunk'
      ? t.discardHunkTitle(target.path)
      : target.files.length === 1
        ? t.discardFileTitle(target.files[0].path)
        : t.discardFilesTitle(target.files.length);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} testId="discard-dialog" onCancel={onCancel} initialFocus={cancelRef}>
      <Body target={target} />
      <p className="dialog-dim">{t.checkpointFirst}</p>
      <DialogActions>
        <button type="button" className="git-button danger" disabled={busy} onClick={() => void confirm()} data-testid="discard-confirm">
          {busy ? t.discarding : target.kind === 'hunk' ? t.discardChange : t.discard}
        </button>
        <button ref={cancelRef} type="button" className="git-button" onClick={onCancel} data-testid="discard-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
