import { useMemo } from 'react';
import { splitLines } from '../../../../shared/lineDiff';
import { mergeHunks, type Hunk } from './hunks';
import { hunkState } from './hunkStates';
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

const HUNK_STATE_WORD = { undecided: 'hunkUndecided', kept: 'hunkKept', rejected: 'hunkRejected' } as const;
/** Past this many lines the preview shows the first ones. */
const PREVIEW_LINES = 400;

/** The file as accepting would write it: the kept and undecided hunks applied, the rejected ones not. */
function ResultPreview({ item, hunks, rejected }: { item: PendingItem & { change: NonNullable<PendingItem['change']> }; hunks: Hunk[]; rejected: ReadonlySet<string> }) {
  const t = useText(reviewStrings);
  const text = useMemo(() => mergeHunks(item.change.before, rightText(item.change, item.edited), hunks, rejected), [item.change, item.edited, hunks, rejected]);
  const lines = text.split('\n');
  return (
    <details className="review-preview" data-testid="review-preview">
      <summary>{t.previewResult}</summary>
      <pre className="review-preview-text">{lines.slice(0, PREVIEW_LINES).join('\n')}</pre>
      {lines.length > PREVIEW_LINES && <div className="review-dim">{t.previewCut(PREVIEW_LINES, lines.length)}</div>}
    </details>
  );
}

/** The hunks of the selected change, each with its state and accept/reject buttons. */
export function HunkList({ item, hunks, rejected, hunkIndex }: { item: PendingItem & { change: NonNullable<PendingItem['change']> }; hunks: Hunk[]; rejected: ReadonlySet<string>; hunkIndex: number }) {
  const t = useText(reviewStrings);
  const { decideHunk, keepAll, setRejected, setHunkIndex } = useReviewStore.getState();
  const kept = item.kept ?? [];
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
        <button className="review-link" disabled={kept.length === hunks.length && !rejectedCount} onClick={() => keepAll(item.key, hunks.map((h) => h.key))} title={t.acceptEveryHunk}>
          {t.allAccepted}
        </button>
        <button className="review-link" disabled={rejectedCount === hunks.length} onClick={() => setRejected(item.key, hunks.map((h) => h.key))} title={t.rejectEveryHunk}>
          {t.allRejected}
        </button>
      </div>
      {hunks.length === 0 && <div className="review-dim review-pad">{t.noDifferences}</div>}
      <ol className="review-hunk-list">
        {hunks.slice(0, LIST_LIMIT).map((h, i) => {
          const state = hunkState(h.key, kept, rejected);
          const no = state === 'rejected';
          const added = h.afterEnd - h.afterStart;
          const removed = h.beforeEnd - h.beforeStart;
          return (
            <li
              key={h.key}
              className={`review-hunk ${state} ${i === hunkIndex ? 'selected' : ''}`}
              data-testid="review-hunk"
              data-state={state}
              data-index={i}
              onClick={() => setHunkIndex(i)}
            >
              <div className="review-hunk-top">
                <span className="review-hunk-where">{range(t, h.afterStart, h.afterEnd)}</span>
                <span className="review-count-add">+{added}</span>
                <span className="review-count-del">−{removed}</span>
                <span className="review-spacer" />
                <span className={`review-hunk-state state-${state}`} data-testid="review-hunk-state">
                  {t[HUNK_STATE_WORD[state]]}
                </span>
                <button
                  className={`review-hunk-toggle ${state === 'kept' ? 'on' : ''}`}
                  aria-pressed={state === 'kept'}
                  data-testid="review-hunk-accept"
                  title={state === 'kept' ? t.undecideHunk : t.keepHunk}
                  onClick={(e) => {
                    e.stopPropagation();
                    decideHunk(item.key, h.key, state === 'kept' ? 'undecided' : 'kept');
                    setHunkIndex(i);
                  }}
                >
                  ✓
                </button>
                <button
                  className={`review-hunk-toggle reject ${no ? 'on' : ''}`}
                  aria-pressed={no}
                  data-testid="review-hunk-reject"
                  title={no ? t.undecideHunk : t.rejectHunk}
                  onClick={(e) => {
                    e.stopPropagation();
                    decideHunk(item.key, h.key, no ? 'undecided' : 'rejected');
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
      {rejectedCount > 0 && <ResultPreview item={item} hunks={hunks} rejected={rejected} />}
    </div>
  );
}
