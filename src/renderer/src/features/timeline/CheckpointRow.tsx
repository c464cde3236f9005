import { memo, type MouseEvent } from 'react';
import { readableLabel } from '../../../../shared/checkpointLabels';
import type { CheckpointRecordT } from '../../../../shared/contract';
import { filesWord, originTitle, originWord } from './checkpointNames';
import { exactTime, relativeTime } from './timeFormat';

interface Props {
  record: CheckpointRecordT;
  selected: boolean;
  /** "Compare with…" is choosing: a click picks this checkpoint as the other side. */
  picking: boolean;
  now: number;
  onClick(id: string): void;
  onRestore(record: CheckpointRecordT): void;
}

/** One checkpoint on the timeline: a dot coloured by origin, label, time, origin, files and lines changed. */
export const CheckpointRow = memo(function CheckpointRow({ record, selected, picking, now, onClick, onRestore }: Props) {
  const undo = record.origin === 'before-restore';
  const restore = (e: MouseEvent) => {
    e.stopPropagation();
    onRestore(record);
  };
  return (
    <div
      className={`tl-row origin-${record.origin} ${selected ? 'selected' : ''} ${picking ? 'picking' : ''}`}
      role="option"
      aria-selected={selected}
      data-testid="checkpoint-row"
      data-checkpoint-id={record.checkpointId}
      data-origin={record.origin}
      onClick={() => onClick(record.checkpointId)}
    >
      <span className="tl-dot" title={originTitle[record.origin]} />
      <div className="tl-main">
        <div className="tl-line">
          <span className="tl-label" title={readableLabel(record.label)}>
            {readableLabel(record.label)}
          </span>
          <span className="tl-time" title={exactTime(record.createdAt)} data-testid="checkpoint-time">
            {relativeTime(record.createdAt, now)}
          </span>
        </div>
        <div className="tl-line tl-meta">
          <span className={`tl-badge badge-${record.origin}`} title={originTitle[record.origin]}>
            {originWord(record)}
          </span>
          <span className="tl-count" title={`${record.filesChanged} file(s) changed since the previous checkpoint`}>
            {filesWord(record.filesChanged)}
          </span>
          {record.insertions > 0 && <span className="tl-plus">+{record.insertions.toLocaleString()}</span>}
          {record.deletions > 0 && <span className="tl-minus">−{record.deletions.toLocaleString()}</span>}
          {record.skippedCount > 0 && (
            <span className="tl-skipped" title={`${record.skippedCount} file(s) not captured (too large)`}>
              ⚠ {record.skippedCount}
            </span>
          )}
          <span className="tl-n">#{record.n}</span>
        </div>
      </div>
      {/* Not a button: an option's children are presentational (axe nested-interactive); from the keyboard, the
          selected checkpoint's detail has the Restore button. */}
      <span
        className="tl-row-action"
        aria-hidden="true"
        title={undo ? 'Restore this state (undoes the restore that followed it)…' : 'Restore this checkpoint…'}
        data-testid="checkpoint-restore"
        onClick={restore}
      >
        ↺
      </span>
    </div>
  );
});
