import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CommandResult } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { agentSessionQuery, restorePlan, undoWords, type RestoreMode } from './agentTimeline';
import { previewQuery } from './timelineQueries';
import { RestoreModes } from './RestoreModes';
import { summarize, useRestoreStore, type RestoreRequest } from './restoreStore';
import { useAgentRestore } from './useAgentRestore';
import { useRestoreActions } from './useRestoreActions';

type Preview = CommandResult<'checkpoints.preview'>;
const actionWord = { create: 'created', modify: 'modified', delete: 'deleted' } as const;
const actionLetter = { create: 'A', modify: 'M', delete: 'D' } as const;
/** The dialog lists this many files; the summary counts them all. */
const LIST_LIMIT = 500;

function PreviewFiles({ preview }: { preview: Preview }) {
  if (preview.files.length === 0) {
    return (
      <div className="restore-nothing" data-testid="restore-nothing">
        Nothing to restore: these files already match the checkpoint.
      </div>
    );
  }
  return (
    <>
      <div className="restore-summary" data-testid="restore-summary">
        {summarize(preview)} — files the checkpoint does not track (ignored, excluded or too large) are left as they are.
      </div>
      <ul className="restore-files" data-testid="restore-files">
        {preview.files.slice(0, LIST_LIMIT).map((f) => (
          <li key={f.path} className={`restore-file action-${f.action}`} data-testid="restore-file" data-path={f.path} data-action={f.action}>
            <span className="restore-letter" title={`will be ${actionWord[f.action]}`}>
              {actionLetter[f.action]}
            </span>
            <span className="restore-path">{f.path}</span>
            <span className="restore-word">{actionWord[f.action]}</span>
          </li>
        ))}
        {preview.files.length > LIST_LIMIT && <li className="restore-file restore-more">…and {(preview.files.length - LIST_LIMIT).toLocaleString()} more</li>}
      </ul>
    </>
  );
}

function Conflicts({ preview }: { preview: Preview }) {
  if (preview.conflicts.length === 0) return null;
  return (
    <div className="restore-conflicts" role="alert" data-testid="restore-conflicts">
      <div className="restore-conflicts-title">
        {preview.conflicts.length} path{preview.conflicts.length === 1 ? '' : 's'} will be left alone:
      </div>
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

  const title = request.paths?.length === 1 ? `Restore ${request.paths[0]}` : request.isUndo ? 'Undo a restore' : agent ? 'Restore an agent checkpoint' : 'Restore the workspace';
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && close()}>
      <div className="modal restore-dialog" role="dialog" aria-modal="true" aria-labelledby="restore-title" data-testid="restore-dialog">
        <h2 id="restore-title">{title}</h2>
        <p className="restore-lead">
          {request.isUndo
            ? `Back to ${request.name}, the state just before a restore.`
            : `Back to ${request.name}.`}{' '}
          <span data-testid="restore-undo-note">{plan ? plan.undo : undoWords(true, false)}</span>
        </p>
        {agent && (
          <RestoreModes mode={mode} onMode={setMode} session={session.data} files={files} disabled={busy} />
        )}
        {preview.isPending && <div className="restore-loading">Working out what would change…</div>}
        {preview.isError && (
          <div className="restore-error error-text" role="alert">
            Cannot preview this restore: {preview.error.message}
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
            Restore failed: {error}
          </div>
        )}
        <div className="modal-buttons">
          <span className="modal-hint">Enter to restore · Esc to cancel</span>
          <button className="tl-button" ref={cancelRef} onClick={close} disabled={busy} data-testid="restore-cancel">
            Cancel
          </button>
          <button className="tl-button primary danger" ref={confirmRef} onClick={() => void confirm()} disabled={!canConfirm} data-testid="restore-confirm">
            {busy
              ? 'Restoring…'
              : plan && (mode !== 'files' || preview.data)
                ? plan.button
                : preview.data
                  ? `Restore ${files.toLocaleString()} file${files === 1 ? '' : 's'}`
                  : 'Restore'}
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
