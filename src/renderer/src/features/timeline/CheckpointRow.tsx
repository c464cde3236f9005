import { memo, type MouseEvent } from 'react';
import type { CheckpointRecordT } from '../../../../shared/contract';
import { useFormats, useText } from '../../i18n';
import { labelText } from './checkpointLabelText';
import { filesWord, originTitle, originWord } from './checkpointNames';
import { timelineStrings } from './timelineStrings';
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
  const t = useText(timelineStrings);
  const f = useFormats();
  const label = labelText(record.label, t);
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
      <span className="tl-dot" title={originTitle(record.origin)} />
      <div className="tl-main">
        <div className="tl-line">
          <span className="tl-label" title={label}>
            {label}
          </span>
          <span className="tl-time" title={exactTime(record.createdAt)} data-testid="checkpoint-time">
            {relativeTime(record.createdAt, now)}
          </span>
        </div>
        <div className="tl-line tl-meta">
          <span className={`tl-badge badge-${record.origin}`} title={originTitle(record.origin)}>
            {originWord(record)}
          </span>
          <span className="tl-count" title={t.filesChangedTitle(record.filesChanged)}>
            {filesWord(record.filesChanged)}
          </span>
          {record.insertions > 0 && <span className="tl-plus">+{f.number(record.insertions)}</span>}
          {record.deletions > 0 && <span className="tl-minus">−{f.number(record.deletions)}</span>}
          {record.skippedCount > 0 && (
            <span className="tl-skipped" title={t.skippedTitle(record.skippedCount)}>
              ⚠ {record.skippedCount}
            </span>
          )}
          <span className="tl-n">#{record.n}</span>
        </div>
      </div>
      <button
        className="tl-row-action"
        title={undo ? t.restoreUndoTitle : t.restoreTitle}
        aria-label={undo ? t.undoRestore : t.restore}
        data-testid="checkpoint-restore"
        onClick={restore}
      >
        ↺
      </button>
    </div>
  );
});
