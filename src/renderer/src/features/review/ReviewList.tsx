import { useDeferredValue } from 'react';
import { countsOf } from './hunkCache';
import { useModeName } from '../../ui/useModeName';
import { itemLabel, useReviewStore, type DecidedItem, type PendingItem } from './reviewStore';
import { reviewStrings } from './reviewStrings';
import { textOf, useText } from '../../i18n';

/** What kind of thing waits, as a letter and a word (in the UI's language at the time of the call). */
export function kindOf(item: PendingItem): { letter: string; word: string; tone: string } {
  const t = textOf(reviewStrings);
  if (item.kind === 'command') return { letter: '$', word: item.command?.destructive ? t.kindDestructive : t.kindCommand, tone: item.command?.destructive ? 'danger' : 'command' };
  if (item.kind === 'read') return { letter: 'R', word: t.kindRead, tone: 'command' };
  if (item.kind === 'mcp') return { letter: 'T', word: t.kindMcp, tone: 'command' };
  if (item.kind === 'sandbox') return { letter: '!', word: t.kindSandbox, tone: 'danger' };
  if (item.kind === 'mode') return { letter: '⇄', word: t.kindMode, tone: 'command' };
  if (item.change?.binary) return { letter: 'B', word: t.kindBinary, tone: 'modify' };
  if (item.change?.kind === 'create') return { letter: 'A', word: t.kindCreate, tone: 'create' };
  if (item.change?.kind === 'delete') return { letter: 'D', word: t.kindDelete, tone: 'delete' };
  return { letter: 'M', word: t.kindModify, tone: 'modify' };
}

function Row({ item, selected, sessionLabel }: { item: PendingItem; selected: boolean; sessionLabel: string | null }) {
  const t = useText(reviewStrings);
  const kind = kindOf(item);
  const counts = item.change && !item.change.binary ? countsOf(item) : null;
  const label = itemLabel(item, useModeName());
  const slash = label.lastIndexOf('/');
  const name = item.change && slash >= 0 ? label.slice(slash + 1) : label;
  const folder = item.change && slash >= 0 ? label.slice(0, slash) : '';
  return (
    <li
      className={`review-row ${selected ? 'selected' : ''} ${item.busy ? 'busy' : ''}`}
      data-testid="review-item"
      data-key={item.key}
      data-path={item.change?.path ?? ''}
      data-kind={item.kind}
      aria-selected={selected}
      role="option"
      onClick={() => useReviewStore.getState().select(item.key)}
      title={t.rowTitle(kind.word, label)}
    >
      <span className={`review-letter tone-${kind.tone}`}>{kind.letter}</span>
      <span className="review-row-text">
        <span className="review-row-name">{name}</span>
        {folder && <span className="review-dim"> {folder}</span>}
        {sessionLabel && <span className="review-row-session">{sessionLabel}</span>}
        {item.error && <span className="review-row-error">{item.error}</span>}
      </span>
      {counts && (
        <span className="review-counts">
          <span className="review-count-add">+{counts.added}</span> <span className="review-count-del">−{counts.removed}</span>
        </span>
      )}
      {item.change?.binary && <span className="review-dim">{t.kindBinary}</span>}
    </li>
  );
}

/** How a decided item ended, in words. */
function decisionText(t: typeof reviewStrings.en, d: Pick<DecidedItem, 'decision' | 'by'>): string {
  const word = { approved: t.decisionApproved, edited: t.decisionEdited, rejected: t.decisionRejected, cancelled: t.decisionCancelled, held: t.decisionHeld }[d.decision];
  return d.by === 'policy' ? t.byPolicy(word) : word;
}

/** The sidebar of the Review view: everything that waits (files, commands, reads), then what was decided lately. */
export function ReviewList() {
  const t = useText(reviewStrings);
  // Deferred: a new row's +/- counts (a line diff) are computed after the diff editor got the change.
  const items = useDeferredValue(useReviewStore((s) => s.items));
  const selectedKey = useReviewStore((s) => s.selectedKey);
  const decided = useReviewStore((s) => s.decided);
  const sessions = useReviewStore((s) => s.sessions);
  const sessionIds = new Set(items.map((i) => i.sessionId));
  const many = sessionIds.size > 1;
  return (
    <div className="review-list" data-testid="review-list">
      {items.length === 0 ? (
        <div className="empty" data-testid="review-empty">
          {t.emptyList}
        </div>
      ) : (
        <ul className="review-rows" role="listbox" aria-label={t.waitingForReview}>
          {items.map((item) => (
            <Row key={item.key} item={item} selected={item.key === selectedKey} sessionLabel={many ? (sessions[item.sessionId]?.task ?? item.sessionId.slice(0, 8)) : null} />
          ))}
        </ul>
      )}
      {decided.length > 0 && (
        <>
          <div className="review-section">{t.decidedLately}</div>
          <ul className="review-rows decided" data-testid="review-decided">
            {[...decided].reverse().map((d, i) => (
              <li key={`${d.key}-${i}`} className={`review-row decided decision-${d.decision}`} title={d.reason ?? ''} data-testid="review-decided-item" data-decision={d.decision}>
                <span className="review-row-text">{d.label}</span>
                <span className="review-dim">{decisionText(t, d)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
