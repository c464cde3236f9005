import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { ChangedFileT, CheckpointRecordT } from '../../../../shared/contract';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { agentOf } from './agentTimeline';
import { checkpointName } from './checkpointNames';
import { checkpointDiffQuery, showQuery } from './timelineQueries';
import { useRestoreStore } from './restoreStore';
import { comparisonOf, useTimelineStore } from './timelineStore';
import { useAgentRestore } from './useAgentRestore';

const FILES_STEP = 200;
const statusLetter: Record<ChangedFileT['status'], string> = { added: 'A', modified: 'M', deleted: 'D', type_changed: 'T' };
const statusWord: Record<ChangedFileT['status'], string> = {
  added: 'added',
  modified: 'modified',
  deleted: 'deleted',
  type_changed: 'type changed (file ↔ link)',
};

function splitPath(path: string) {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { folder: '', name: path } : { folder: path.slice(0, slash), name: path.slice(slash + 1) };
}

interface FileRowProps {
  file: ChangedFileT;
  active: boolean;
  onOpen(path: string): void;
  onRestore(path: string): void;
}

function FileRow({ file, active, onOpen, onRestore }: FileRowProps) {
  const { folder, name } = splitPath(file.path);
  const restore = (e: MouseEvent) => {
    e.stopPropagation();
    onRestore(file.path);
  };
  return (
    <div
      className={`row tl-file ${active ? 'selected' : ''} ${file.status === 'deleted' ? 'is-deleted' : ''}`}
      role="button"
      tabIndex={0}
      title={`${file.path} — ${statusWord[file.status]}`}
      data-testid="checkpoint-file"
      data-path={file.path}
      data-status={file.status}
      onClick={() => onOpen(file.path)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(file.path);
        }
      }}
    >
      <span className={`tl-letter status-${file.status}`}>{statusLetter[file.status]}</span>
      <span className="name">{name}</span>
      {folder && <span className="dim">{folder}</span>}
      <span className="tl-file-lines">
        {file.insertions ? <span className="tl-plus">+{file.insertions}</span> : null}
        {file.deletions ? <span className="tl-minus">−{file.deletions}</span> : null}
      </span>
      <button className="tl-file-action" title="Restore this file…" aria-label="Restore this file" data-testid="checkpoint-file-restore" onClick={restore}>
        ↺
      </button>
    </div>
  );
}

/** An agent checkpoint: a new session can start from here (the source session is left as it is). */
function ForkBar({ sessionId, checkpointId, name }: { sessionId: string; checkpointId: string; name: string }) {
  const { fork } = useAgentRestore();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await fork(sessionId, checkpointId, name);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="tl-detail-bar">
      <button
        className="tl-button"
        disabled={busy}
        data-testid="checkpoint-fork"
        title="A new session with this session's history up to here (paused; files are not touched)"
        onClick={() => void run()}
      >
        {busy ? 'Forking…' : 'Fork new session from here'}
      </button>
    </div>
  );
}

interface Props {
  record: CheckpointRecordT;
  items: readonly CheckpointRecordT[];
  /** Reports the detail's height, for the windowed list. */
  onHeight(px: number): void;
}

/** Under the selected checkpoint: what it is compared with, its actions, and the files that changed. */
export function CheckpointDetail({ record, items, onHeight }: Props) {
  const client = useClient();
  const compare = useTimelineStore((s) => s.compare);
  const editor = useUiStore((s) => s.editor);
  const [limit, setLimit] = useState(FILES_STEP);
  const ref = useRef<HTMLDivElement>(null);
  const id = record.checkpointId;
  const comparison = comparisonOf(id, compare, items);
  const show = useQuery({ ...showQuery(client, id), enabled: comparison.kind === 'show' });
  const diff = useQuery({
    ...checkpointDiffQuery(client, comparison.kind === 'diff' ? comparison.from : id, comparison.kind === 'diff' ? comparison.to : 'now'),
    enabled: comparison.kind === 'diff',
  });
  const result = comparison.kind === 'show' ? show : diff;
  const files = result.data?.files;
  const from = comparison.kind === 'show' ? (show.data?.previousId ?? null) : comparison.from;
  const to = comparison.kind === 'show' ? id : comparison.to;
  const byId = (cid: string | null) => items.find((r) => r.checkpointId === cid);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    onHeight(el.offsetHeight);
    const observer = new ResizeObserver(() => onHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [onHeight]);

  const open = (path: string) => useUiStore.getState().openCheckpointDiff(path, from, to);
  const restoreFile = (path: string) =>
    useRestoreStore.getState().openRestore({ checkpointId: id, name: checkpointName(id, record), paths: [path] });
  const agent = agentOf(record);
  const restoreAll = () =>
    useRestoreStore.getState().openRestore({
      checkpointId: id,
      name: checkpointName(id, record),
      isUndo: record.origin === 'before-restore',
      ...(agent ? { agent } : {}),
    });
  const store = useTimelineStore.getState();

  let summary: string;
  if (comparison.kind === 'show') summary = from ? `Changes since ${checkpointName(from, byId(from))}` : 'First checkpoint: every file it captured';
  else if (comparison.to === 'now') summary = 'What changed since this checkpoint, up to now';
  else summary = `From ${checkpointName(comparison.from, byId(comparison.from))} to ${checkpointName(comparison.to, byId(comparison.to))}`;

  return (
    <div className="tl-detail" ref={ref} data-testid="checkpoint-detail" onClick={(e) => e.stopPropagation()}>
      <div className="tl-detail-bar">
        <div className="tl-segmented" role="group" aria-label="Compare with">
          <button
            className={compare.mode === 'previous' ? 'on' : ''}
            aria-pressed={compare.mode === 'previous'}
            data-testid="compare-previous"
            title="Show the changes this checkpoint made (against the checkpoint before it)"
            onClick={() => store.setCompare({ mode: 'previous' })}
          >
            Previous
          </button>
          <button
            className={compare.mode === 'now' ? 'on' : ''}
            aria-pressed={compare.mode === 'now'}
            data-testid="compare-now"
            title="Compare this checkpoint with the workspace as it is now"
            onClick={() => store.setCompare({ mode: 'now' })}
          >
            Now
          </button>
          <button
            className={compare.mode === 'pair' ? 'on' : ''}
            aria-pressed={compare.mode === 'pair'}
            data-testid="compare-with"
            title={compare.mode === 'pair' ? `Compared with ${checkpointName(compare.otherId, byId(compare.otherId))}; click to pick another` : 'Pick another checkpoint to compare with this one'}
            onClick={() => store.startPicking(id)}
          >
            {compare.mode === 'pair' ? `↔ ${checkpointName(compare.otherId, byId(compare.otherId))}` : 'Compare with…'}
          </button>
        </div>
        <button className="tl-button primary" data-testid="checkpoint-restore-button" onClick={restoreAll}>
          {record.origin === 'before-restore' ? 'Restore (undo)…' : 'Restore…'}
        </button>
      </div>
      {agent && <ForkBar sessionId={agent.sessionId} checkpointId={id} name={checkpointName(id, record)} />}
      <div className="tl-detail-summary" data-testid="checkpoint-detail-summary">
        {summary}
        {result.data && (
          <span className="tl-detail-lines">
            <span className="tl-plus">+{(result.data.insertions ?? 0).toLocaleString()}</span>
            <span className="tl-minus">−{(result.data.deletions ?? 0).toLocaleString()}</span>
          </span>
        )}
      </div>
      {result.isPending && result.fetchStatus !== 'idle' && <div className="tl-detail-note">Reading the changes…</div>}
      {result.isError && (
        <div className="tl-detail-note error-text" role="alert">
          Could not read the changes: {result.error.message}
        </div>
      )}
      {files && files.length === 0 && <div className="tl-detail-note">No files differ.</div>}
      {files?.slice(0, limit).map((file) => (
        <FileRow
          key={file.path}
          file={file}
          active={editor?.kind === 'checkpointDiff' && editor.path === file.path && editor.from === from && editor.to === to}
          onOpen={open}
          onRestore={restoreFile}
        />
      ))}
      {files && files.length > limit && (
        <button className="tl-more link" onClick={() => setLimit(limit + FILES_STEP)}>
          Show {Math.min(FILES_STEP, files.length - limit).toLocaleString()} more of {files.length.toLocaleString()} files
        </button>
      )}
      {record.skippedCount > 0 && comparison.kind === 'show' && (
        <div className="tl-detail-note warn" title={record.skipped.map((s) => `${s.path} (${s.size} bytes, ${s.reason})`).join('\n')}>
          {record.skippedCount} file(s) were not captured (over the size limit): {record.skipped.slice(0, 3).map((s) => s.path).join(', ')}
          {record.skippedCount > 3 ? '…' : ''}
        </div>
      )}
    </div>
  );
}
