import { useRef } from 'react';
import { useText } from '../../i18n';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { baseName } from './folderCrumbs';
import { folderStrings } from './folderStrings';

/**
 * Asked before the Open Folder dialog opens another folder (`path`) or closes this one (null) while sessions run in
 * it: switching stops them. Cancel has the focus, so an Enter meant for something else does not stop them (issue 27).
 */
export function StopSessionsQuestion({ path, workspace, running, onAgree, onCancel }: { path: string | null; workspace: string; running: number; onAgree(): void; onCancel(): void }) {
  const t = useText(folderStrings);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={path ? t.stopTitleOpen(baseName(path)) : t.stopTitleClose(workspace)} testId="folder-stop-sessions" onCancel={onCancel} initialFocus={cancel}>
      <p>{t.stopBody(running, workspace)}</p>
      <DialogActions>
        <button type="button" className="ag-button danger" onClick={onAgree} data-testid="folder-stop-confirm">
          {path ? t.stopAndOpen : t.stopAndClose}
        </button>
        <button ref={cancel} type="button" className="ag-button" onClick={onCancel} data-testid="folder-stop-cancel">
          {t.cancel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
