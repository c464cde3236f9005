import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent, type ReactNode } from 'react';
import type { ChangedFileT, CheckpointRecordT } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { useFormats, useText } from '../../i18n';
import { labelText } from './checkpointLabelText';
import { detailStrings } from './detailStrings';
import { agentOf, agentSessionQuery, groupTitle } from './agentTimeline';
import { checkpointName, originTitle, originWord } from './checkpointNames';
import { exactTime, relativeTime } from './timeFormat';
import { checkpointDiffQuery, showQuery } from './timelineQueries';
import { useRestoreStore } from './restoreStore';
import { comparisonOf, useTimelineStore } from './timelineStore';
import { useAgentRestore } from './useAgentRestore';
import { DiffLayoutButton, layoutOf, type DiffLayout } from '../../ui/DiffLayoutButton';

const FILES_STEP = 200;
const statusLetter: Record<ChangedFileT['status'], string> = { added: 'A', modified: 'M', deleted: 'D', type_changed: 'T' };

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
  const t = useText(detailStrings);
  const statusWord: Record<ChangedFileT['status'], string> = {
    added: t.statusAdded,
    modified: t.statusModified,
    deleted: t.statusDeleted,
    type_changed: t.statusTypeChanged,
  };
  const { folder, name } = splitPath(file.path);
  const restore = (e: MouseEvent) => {
    e.stopPropagation();
    onRestore(file.path);
  };
  return (
    <div
      className={`row tl-file ${active ? 'selected' : ''} ${file.status === 'deleted' ? 'is-deleted' : ''}`}
      title={t.fileTitle(file.path, statusWord[file.status])}
      data-testid="checkpoint-file"
      data-path={file.path}
      data-status={file.status}
      onClick={() => onOpen(file.path)}
    >
      {/* The row's button is its name; the restore button beside it, not inside it (axe nested-interactive). */}
      <span
        className="tl-file-open"
        role="button"
        tabIndex={0}
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
      </span>
      <button className="tl-file-action" title={t.restoreFileTitle} aria-label={t.restoreFile} data-testid="checkpoint-file-restore" onClick={restore}>
        ↺
      </button>
    </div>
  );
}

/** An agent checkpoint: a new session can start from here (the source session is left as it is). */
function ForkBar({ sessionId, checkpointId, name, openSession }: { sessionId: string; checkpointId: string; name: string; openSession(sessionId: string): void }) {
  const t = useText(detailStrings);
  const { fork } = useAgentRestore();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await fork(sessionId, checkpointId, name, openSession);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
        className="tl-button"
        disabled={busy}
        data-testid="checkpoint-fork"
        title={t.forkTitle}
        onClick={() => void run()}
      >
        {busy ? t.forking : t.fork}
      </button>
  );
}

/** What TimelineMain is given to draw a file between two checkpoints (App passes the editor's viewer). */
export type CheckpointDiffView = (p: { path: string; from: string | null; to: string; sideBySide: boolean; onLayout?(layout: DiffLayout): void }) => ReactNode;

interface Props {
  record: CheckpointRecordT;
  items: readonly CheckpointRecordT[];
  diffView: CheckpointDiffView;
  /** Shows a session in the agent view (a fork's). */
  openSession(sessionId: string): void;
}

/** The origin and place of a checkpoint in words: the agent's session and TODO, by hand, or before a restore. */
function Provenance({ record }: { record: CheckpointRecordT }) {
  const client = useClient();
  const agent = agentOf(record);
  const session = useQuery({ ...agentSessionQuery(client, agent?.sessionId ?? ''), enabled: !!agent });
  if (!agent) return <span>{originTitle(record.origin)}</span>;
  const title = groupTitle(session.data, agent.sessionId, agent.todoId);
  return (
    <span>
      {title.session} · {title.todo}
    </span>
  );
}

/**
 * The selected checkpoint in the main area: what it is (number, label, origin, time), what it is compared with, its
 * actions (restore, fork a session), the files that changed and, under them, the chosen file's diff.
 */
export function CheckpointDetail({ record, items, diffView, openSession }: Props) {
  const t = useText(detailStrings);
  const f = useFormats();
  const client = useClient();
  const compare = useTimelineStore((s) => s.compare);
  const [limit, setLimit] = useState(FILES_STEP);
  const [chosen, setChosen] = useState<string | null>(null);
  const [sideBySide, setSideBySide] = useState(true);
  const [layout, setLayout] = useState<DiffLayout | null>(null);
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
  const now = Date.now();
  // The file shown: the one picked, while it is in the list; else the first.
  const shown = files?.find((f) => f.path === chosen)?.path ?? files?.[0]?.path ?? null;

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
  if (comparison.kind === 'show') summary = from ? t.changesSince(checkpointName(from, byId(from))) : t.firstCheckpoint;
  else if (comparison.to === 'now') summary = t.sinceThisUpToNow;
  else summary = t.fromTo(checkpointName(comparison.from, byId(comparison.from)), checkpointName(comparison.to, byId(comparison.to)));
  const sideName = (cid: string | null) => checkpointName(cid, cid === null ? undefined : byId(cid));

  return (
    <div className="tl-view" data-testid="checkpoint-detail" data-checkpoint-id={id}>
      <div className="tl-view-head">
        <div className="tl-view-title">
          <span className="tl-view-n">#{record.n}</span>
          <span className="tl-view-label" title={record.label} data-testid="checkpoint-detail-label">
            {labelText(record.label)}
          </span>
          <span className={`tl-badge badge-${record.origin}`} title={originTitle(record.origin)}>
            {originWord(record)}
          </span>
          <span className="tl-view-time" title={exactTime(record.createdAt)}>
            {relativeTime(record.createdAt, now)}
          </span>
          <span className="tl-view-spacer" />
          <button className="icon-button" title={t.closeTitle} aria-label={t.closeAria} data-testid="checkpoint-detail-close" onClick={() => store.select(null)}>
            ×
          </button>
        </div>
        <div className="tl-view-sub">
          <Provenance record={record} />
        </div>
        <div className="tl-detail-bar">
          <span className="tl-view-compare-word">{t.compareWith}</span>
          <div className="tl-segmented" role="group" aria-label={t.compareWith}>
            <button
              className={compare.mode === 'previous' ? 'on' : ''}
              aria-pressed={compare.mode === 'previous'}
              data-testid="compare-previous"
              title={t.previousTitle}
              onClick={() => store.setCompare({ mode: 'previous' })}
            >
              {t.previous}
            </button>
            <button
              className={compare.mode === 'now' ? 'on' : ''}
              aria-pressed={compare.mode === 'now'}
              data-testid="compare-now"
              title={t.nowTitle}
              onClick={() => store.setCompare({ mode: 'now' })}
            >
              {t.now}
            </button>
            <button
              className={compare.mode === 'pair' ? 'on' : ''}
              aria-pressed={compare.mode === 'pair'}
              data-testid="compare-with"
              title={compare.mode === 'pair' ? t.comparedWith(checkpointName(compare.otherId, byId(compare.otherId))) : t.pickAnother}
              onClick={() => store.startPicking(id)}
            >
              {compare.mode === 'pair' ? `↔ ${checkpointName(compare.otherId, byId(compare.otherId))}` : t.anotherCheckpoint}
            </button>
          </div>
          {agent && <ForkBar sessionId={agent.sessionId} checkpointId={id} name={checkpointName(id, record)} openSession={openSession} />}
          <button className="tl-button primary" data-testid="checkpoint-restore-button" onClick={restoreAll}>
            {record.origin === 'before-restore' ? t.restoreUndo : t.restore}
          </button>
        </div>
      </div>
      <div className="tl-view-body">
        <div className="tl-view-files">
          <div className="tl-detail-summary" data-testid="checkpoint-detail-summary">
            {summary}
            {result.data && (
              <span className="tl-detail-lines">
                <span className="tl-plus">+{f.number(result.data.insertions ?? 0)}</span>
                <span className="tl-minus">−{f.number(result.data.deletions ?? 0)}</span>
              </span>
            )}
          </div>
          {result.isPending && result.fetchStatus !== 'idle' && <div className="tl-detail-note">{t.reading}</div>}
          {result.isError && (
            <div className="tl-detail-note error-text" role="alert">
              {t.couldNotRead(result.error.message)}
            </div>
          )}
          {files && files.length === 0 && <div className="tl-detail-note">{t.noFilesDiffer}</div>}
          {files?.slice(0, limit).map((file) => (
            <FileRow key={file.path} file={file} active={file.path === shown} onOpen={setChosen} onRestore={restoreFile} />
          ))}
          {files && files.length > limit && (
            <button className="tl-more link" onClick={() => setLimit(limit + FILES_STEP)}>
              {t.showMore(f.number(Math.min(FILES_STEP, files.length - limit)), f.number(files.length))}
            </button>
          )}
          {record.skippedCount > 0 && comparison.kind === 'show' && (
            <div className="tl-detail-note warn" title={record.skipped.map((s) => t.skippedTitle(s.path, s.size, s.reason)).join('\n')}>
              {t.skipped(record.skippedCount, record.skipped.slice(0, 3).map((s) => s.path).join(', '))}
              {record.skippedCount > 3 ? '…' : ''}
            </div>
          )}
        </div>
        <div className="tl-view-diff">
          {shown ? (
            <>
              <div className="tl-view-diff-head">
                <span className="tl-view-diff-path" title={shown}>
                  {shown}
                </span>
                <span className="tl-view-sides" data-testid="checkpoint-diff-sides" title={t.sidesTitle(sideName(from), sideName(to))}>
                  {sideName(from)} ↔ {sideName(to)}
                </span>
                <DiffLayoutButton className="tl-button" testId="diff-layout-toggle" layout={layout ?? layoutOf(sideBySide, null, false)} onToggle={() => setSideBySide((v) => !v)} />
              </div>
              {/* A viewer per file and comparison, as the editor's tabs have (its Monaco models are made for one). */}
              <div className="tl-view-diff-view" key={`${shown}\n${from}\n${to}`}>
                {diffView({ path: shown, from, to, sideBySide, onLayout: setLayout })}
              </div>
            </>
          ) : (
            <div className="tl-detail-note tl-view-nodiff">{files ? t.noFile : null}</div>
          )}
        </div>
      </div>
    </div>
  );
}
