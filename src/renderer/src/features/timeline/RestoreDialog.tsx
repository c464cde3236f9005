import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CommandResult } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { useFormats, useText } from '../../i18n';
import { restoreStrings } from './restoreStrings';
import { agentSessionQuery, restorePlan, undoWords, type RestoreMode } from './agentTimeline';
import { previewQuery } from './timelineQueries';
import { RestoreModes } from './RestoreModes';
import { summarize, useRestoreStore, type RestoreRequest } from './restoreStore';
import { useAgentRestore } from './useAgentRestore';
import { useRestoreActions } from './useRestoreActions';

type Preview = CommandResult<'checkpoints.preview'>;
const actionLetter = { create: 'A', modify: 'M', delete: 'D' } as const;
/** The dialog lists this many files; the summary counts them all. */
const LIST_LIMIT = 500;

function PreviewFiles({ preview }: { preview: Preview }) {
  const t = useText(restoreStrings);
  const f = useFormats();
  const actionWord = { create: t.actionCreated, modify: t.actionModified, delete: t.actionDeleted } as const;
  if (preview.files.length === 0) {
    return (
      <div className="restore-nothing" data-testid="restore-nothing">
        {t.nothingToRestore}
      </div>
    );
  }
  return (
    <>
      <div className="restore-summary" data-testid="restore-summary">
        {t.summary(summarize(preview))}
      </div>
      <ul className="restore-files" data-testid="restore-files">
        {preview.files.slice(0, LIST_LIMIT).map((file) => (
          <li key={file.path} className={`restore-file action-${file.action}`} data-testid="restore-file" data-path={file.path} data-action={file.action}>
            <span className="restore-letter" title={t.willBe(actionWord[file.action])}>
              {actionLetter[file.action]}
            </span>
            <span className="restore-path">{file.path}</span>
            <span className="restore-word">{actionWord[file.action]}</span>
          </li>
        ))}
        {preview.files.length > LIST_LIMIT && <li className="restore-file restore-more">{t.andMoreFiles(f.number(preview.files.length - LIST_LIMIT))}</li>}
      </ul>
    </>
  );
}

function Conflicts({ preview }: { preview: Preview }) {
  const t = useText(restoreStrings);
  if (preview.conflicts.length === 0) return null;
  return (
    <div className="restore-conflicts" role="alert" data-testid="restore-conflicts">
      <div className="restore-conflicts-title">{t.leftAloneTitle(preview.conflicts.length)}</div>
      <ul>
        {preview.conflicts.slice(0, 50).map((c) => (
          <li key={c.path} title={c.detail}>
            <span className="restore-path">{c.path}</span> — {c.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Confirms a restore: exactly which files change, are created or deleted; Enter confirms, Esc cancels. */
function Dialog({ request }: { request: RestoreRequest }) {
  const t = useText(restoreStrings);
  const f = useFormats();
  const client = useClient();
  const preview = useQuery(previewQuery(client, request.checkpointId, request.paths));
  const busy = useRestoreStore((s) => s.busy);
  const { restore } = useRestoreActions();
  const { restoreAgent } = useAgentRestore();
  const [mode, setMode] = useState<RestoreMode>('files');
  const agent = request.agent;
  const session = useQuery({ ...agentSessionQuery(client, agent?.sessionId ?? ''), enabled: !!agent });
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = () => useRestoreStore.getState().closeRestore();
  const files = preview.data?.files.length ?? 0;
  const plan = agent ? restorePlan(mode, files, session.data?.status) : null;
  const canConfirm = !busy && (plan?.rewinds ? mode === 'conversation' || !!preview.data : !!preview.data && files > 0);
  // Enter on a restore with nothing to do closes the dialog.
  const nothing = !!preview.data && files === 0 && !plan?.rewinds;

  const confirm = async () => {
    if (!canConfirm) return;
    setError(null);
    try {
      if (agent && mode !== 'files') await restoreAgent(request, mode, files);
      else await restore(request);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const confirmRefFn = useRef(confirm);
  confirmRefFn.current = confirm;
  const nothingRef = useRef(nothing);
  nothingRef.current = nothing;

  // Focus moves into the dialog (away from the terminal or editor) and comes back on close.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => before?.focus?.();
  }, []);
  useEffect(() => {
    if (preview.data) confirmRef.current?.focus();
  }, [preview.data]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (!useRestoreStore.getState().busy) close();
      } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement && event.target !== confirmRef.current)) {
        event.preventDefault();
        event.stopPropagation();
        if (nothingRef.current) close();
        else void confirmRefFn.current();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const title = request.paths?.length === 1 ? t.titleFile(request.paths[0]) : request.isUndo ? t.titleUndo : agent ? t.titleAgent : t.titleWorkspace;
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && close()}>
      <div className="modal restore-dialog" role="dialog" aria-modal="true" aria-labelledby="restore-title" data-testid="restore-dialog">
        <h2 id="restore-title">{title}</h2>
        <p className="restore-lead">
          {request.isUndo ? t.backToUndo(request.name) : t.backTo(request.name)}{' '}
          <span data-testid="restore-undo-note">{plan ? plan.undo : undoWords(true, false)}</span>
        </p>
        {agent && (
          <RestoreModes mode={mode} onMode={setMode} session={session.data} files={files} disabled={busy} />
        )}
        {preview.isPending && <div className="restore-loading">{t.working}</div>}
        {preview.isError && (
          <div className="restore-error error-text" role="alert">
            {t.cannotPreview(preview.error.message)}
          </div>
        )}
        {preview.data && mode !== 'conversation' && (
          <>
            <PreviewFiles preview={preview.data} />
            <Conflicts preview={preview.data} />
          </>
        )}
        {error && (
          <div className="restore-error error-text" role="alert" data-testid="restore-error">
            {t.failed(error)}
          </div>
        )}
        <div className="modal-buttons">
          <span className="modal-hint">{t.keysHint}</span>
          <button className="tl-button" ref={cancelRef} onClick={close} disabled={busy} data-testid="restore-cancel">
            {t.cancel}
          </button>
          <button className="tl-button primary danger" ref={confirmRef} onClick={() => void confirm()} disabled={!canConfirm} data-testid="restore-confirm">
            {busy ? t.restoring : plan && (mode !== 'files' || preview.data) ? plan.button : preview.data ? t.restoreFiles(files, f.number(files)) : t.restore}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The restore confirmation, when one is asked for (mounted once for the whole app). */
export function RestoreDialog() {
  const request = useRestoreStore((s) => s.dialog);
  if (!request) return null;
  return <Dialog key={`${request.checkpointId}:${request.paths?.join('\n') ?? ''}`} request={request} />;
}
