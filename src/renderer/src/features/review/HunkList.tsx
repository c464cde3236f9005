import { useMemo } from 'react';
import { splitLines } from '../../../../shared/lineDiff';
import type { Hunk } from './hunks';
import { rightText } from './reviewDecision';
import { useReviewStore, type PendingItem } from './reviewStore';
import { reviewStrings } from './reviewStrings';
import { useText } from '../../i18n';

type Words = typeof reviewStrings.en;

/** Past this many hunks the list shows the first ones and says how many more (the gutter has them all). */
const LIST_LIMIT = 300;

function firstLine(t: Words, lines: string[], from: number, to: number): string {
  for (let i = from; i < to; i++) if (lines[i].trim()) return lines[i].trim();
  return from < to ? t.blankLine : '';
}

function range(t: Words, start: number, end: number): string {
  if (end <= start) return t.afterLine(start);
  return end - start === 1 ? t.line(start + 1) : t.lines(start + 1, end);
}

/** The hunks of the selected change, each with its state and accept/reject buttons. */
export function HunkList({ item, hunks, rejected, hunkIndex }: { item: PendingItem & { change: NonNullable<PendingItem['change']> }; hunks: Hunk[]; rejected: ReadonlySet<string>; hunkIndex: number }) {
  const t = useText(reviewStrings);
  const { toggleHunk, setRejected, setHunkIndex } = useReviewStore.getState();
  const before = useMemo(() => splitLines(item.change.before), [item.change]);
  const after = useMemo(() => splitLines(rightText(item.change, item.edited)), [item.change, item.edited]);
  const rejectedCount = hunks.filter((h) => rejected.has(h.key)).length;
  return (
    <div className="review-hunks" data-testid="review-hunks">
      <div className="review-hunks-head">
        <span>
          {t.hunkCount(hunks.length)}
          {rejectedCount > 0 && <span className="review-dim"> · {t.rejectedCount(rejectedCount)}</span>}
        </span>
        <span className="review-spacer" />
        <button className="review-link" disabled={!rejectedCount} onClick={() => setRejected(item.key, [])} title={t.acceptEveryHunk}>
          {t.allAccepted}
        </button>
        <button className="review-link" disabled={rejectedCount === hunks.length} onClick={() => setRejected(item.key, hunks.map((h) => h.key))} title={t.rejectEveryHunk}>
          {t.allRejected}
        </button>
      </div>
      {hunks.length === 0 && <div className="review-dim review-pad">{t.noDifferences}</div>}
      <ol className="review-hunk-list">
        {hunks.slice(0, LIST_LIMIT).map((h, i) => {
          const no = rejected.has(h.key);
          const added = h.afterEnd - h.afterStart;
          const removed = h.beforeEnd - h.beforeStart;
          return (
            <li
              key={h.key}
              className={`review-hunk ${no ? 'rejected' : 'accepted'} ${i === hunkIndex ? 'selected' : ''}`}
              data-testid="review-hunk"
              data-state={no ? 'rejected' : 'accepted'}
              data-index={i}
              onClick={() => setHunkIndex(i)}
            >
              <div className="review-hunk-top">
                <span className="review-hunk-where">{range(t, h.afterStart, h.afterEnd)}</span>
                <span className="review-count-add">+{added}</span>
                <span className="review-count-del">−{removed}</span>
                <span className="review-spacer" />
                <button
                  className={`review-hunk-toggle ${no ? '' : 'on'}`}
                  aria-pressed={!no}
                  data-testid="review-hunk-accept"
                  title={t.keepHunk}
                  onClick={(e) => {
                    e.stopPropagation();
                    if (no) toggleHunk(item.key, h.key);
                    setHunkIndex(i);
                  }}
                >
                  ✓
                </button>
                <button
                  className={`review-hunk-toggle reject ${no ? 'on' : ''}`}
                  aria-pressed={no}
                  data-testid="review-hunk-reject"
                  title={t.rejectHunk}
                  onClick={(e) => {
                    e.stopPropagation();
                    if (!no) toggleHunk(item.key, h.key);
                    setHunkIndex(i);
                  }}
                >
                  ✕
                </button>
              </div>
              {removed > 0 && <div className="review-hunk-line del">− {firstLine(t, before, h.beforeStart, h.beforeEnd)}</div>}
              {added > 0 && <div className="review-hunk-line add">+ {firstLine(t, after, h.afterStart, h.afterEnd)}</div>}
            </li>
          );
        })}
      </ol>
      {hunks.length > LIST_LIMIT && <div className="review-dim review-pad">{t.moreHunks(hunks.length - LIST_LIMIT)}</div>}
    </div>
  );
}
