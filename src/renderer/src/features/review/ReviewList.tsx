import { useDeferredValue } from 'react';
import { countsOf } from './hunkCache';
import { itemLabel, useReviewStore, type PendingItem } from './reviewStore';

/** What kind of thing waits, as a letter and a word. */
export function kindOf(item: PendingItem): { letter: string; word: string; tone: string } {
  if (item.kind === 'command') return { letter: '$', word: item.command?.destructive ? 'destructive command' : 'command', tone: item.command?.destructive ? 'danger' : 'command' };
  if (item.kind === 'read') return { letter: 'R', word: 'read', tone: 'command' };
  if (item.kind === 'mcp') return { letter: 'T', word: 'MCP tool', tone: 'command' };
  if (item.change?.binary) return { letter: 'B', word: 'binary', tone: 'modify' };
  if (item.change?.kind === 'create') return { letter: 'A', word: 'new file', tone: 'create' };
  if (item.change?.kind === 'delete') return { letter: 'D', word: 'delete', tone: 'delete' };
  return { letter: 'M', word: 'modify', tone: 'modify' };
}

function Row({ item, selected, sessionLabel }: { item: PendingItem; selected: boolean; sessionLabel: string | null }) {
  const kind = kindOf(item);
  const counts = item.change && !item.change.binary ? countsOf(item) : null;
  const label = itemLabel(item);
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
      title={`${kind.word}: ${label}`}
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
      {item.change?.binary && <span className="review-dim">binary</span>}
    </li>
  );
}

const decisionWord = { approved: 'accepted', edited: 'accepted with changes', rejected: 'rejected', cancelled: 'no longer waiting', held: 'held: asked again on resume' } as const;

/** The sidebar of the Review view: everything that waits (files, commands, reads), then what was decided lately. */
export function ReviewList() {
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
          Nothing waits for review. When the agent proposes a change or a command that needs your approval, it shows up here (a paused
          session asks again what it left undecided when it resumes).
        </div>
      ) : (
        <ul className="review-rows" role="listbox" aria-label="Waiting for review">
          {items.map((item) => (
            <Row key={item.key} item={item} selected={item.key === selectedKey} sessionLabel={many ? (sessions[item.sessionId]?.task ?? item.sessionId.slice(0, 8)) : null} />
          ))}
        </ul>
      )}
      {decided.length > 0 && (
        <>
          <div className="review-section">Decided lately</div>
          <ul className="review-rows decided" data-testid="review-decided">
            {[...decided].reverse().map((d, i) => (
              <li key={`${d.key}-${i}`} className={`review-row decided decision-${d.decision}`} title={d.reason ?? ''} data-testid="review-decided-item" data-decision={d.decision}>
                <span className="review-row-text">{d.label}</span>
                <span className="review-dim">
                  {decisionWord[d.decision]}
                  {d.by === 'policy' ? ' by policy' : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
