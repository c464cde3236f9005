import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { ViewerMessage } from '../../ui/ViewerMessage';
import { ApprovalCard } from './ApprovalCard';
import { countsOf, hunksFor } from './hunkCache';
import { HunkList } from './HunkList';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { accept, acceptAll, acceptAlways, reject, rejectAll } from './reviewActions';
import { isNewFile, ReviewDiffEditor } from './ReviewDiffEditor';
import { kindOf } from './ReviewList';
import { notificationsSupported } from './reviewNotify';
import { itemLabel, selectedItem, useReviewStore, type PendingItem } from './reviewStore';
import { REVIEW_HINTS, useReviewKeys } from './useReviewKeys';

type FileItem = PendingItem & { change: NonNullable<PendingItem['change']> };
const NO_HUNKS = { hunks: [], counts: { added: 0, removed: 0 } };

function NotifyButton() {
  const [permission, setPermission] = useState(() => (notificationsSupported() ? Notification.permission : 'denied'));
  if (permission !== 'default') return null;
  return (
    <button className="review-button" title="Get a system notification when something waits while Akira is in the background" onClick={() => void Notification.requestPermission().then(setPermission)}>
      Notify me
    </button>
  );
}

/** The Review view's main area: the selected change (diff, hunks) or command, with the answers and the keys. */
export function ReviewPane() {
  const client = useClient();
  const item = useReviewStore(selectedItem);
  const count = useReviewStore((s) => s.items.length);
  const hunkIndex = useReviewStore((s) => s.hunkIndex);
  const sideBySide = useReviewStore((s) => s.sideBySide);
  const session = useReviewStore((s) => (item ? s.sessions[item.sessionId] : undefined));
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const fileItem = item?.change ? (item as FileItem) : null;
  // Hunks (a line diff of the whole file) are computed after the diff editor got its models: a big file
  // then costs its diff here while Monaco's worker computes its own.
  const deferred = useDeferredValue(fileItem);
  const hunksReady = !!fileItem && deferred?.key === fileItem.key;
  const hunks = hunksReady ? hunksFor(deferred).hunks : NO_HUNKS.hunks;
  const counts = hunksReady ? countsOf(deferred) : NO_HUNKS.counts;
  const rejected = useMemo(() => new Set(item?.rejected ?? []), [item?.rejected]);
  const diffable = !!fileItem && !fileItem.change.binary;
  const hunkable = diffable && fileItem.change.kind !== 'delete';

  const askReject = (target: PendingItem, note?: string) =>
    setAsking({
      title: `Reject ${kindOf(target).word}: ${itemLabel(target)}`,
      note,
      confirmLabel: 'Reject',
      submit: async (reason) => {
        if ((await reject(client, target.key, reason)) !== 'done') throw new Error(useReviewStore.getState().items.find((i) => i.key === target.key)?.error ?? 'The rejection was not taken.');
      },
    });
  const doAccept = async () => {
    if (!item || asking) return;
    const r = await accept(client, item.key);
    if (typeof r === 'object') askReject(item, `${r.needsReason} Nothing would change, so this is a rejection.`);
  };
  const doAcceptAll = async () => {
    if (!count || asking) return;
    const needReason = await acceptAll(client);
    const first = useReviewStore.getState().items.find((i) => needReason.includes(i.key));
    if (first) askReject(first, 'Every hunk of this change was rejected: say why, and it is rejected.');
  };
  const askRejectAll = () =>
    count &&
    !asking &&
    setAsking({
      title: `Reject all ${count} waiting item${count === 1 ? '' : 's'}`,
      confirmLabel: 'Reject all',
      submit: (reason) => rejectAll(client, reason),
    });
  const moveHunk = (d: number) => hunks.length && useReviewStore.getState().setHunkIndex(Math.min(Math.max(hunkIndex + d, 0), hunks.length - 1));

  useReviewKeys(
    {
      next: () => useReviewStore.getState().move(1),
      previous: () => useReviewStore.getState().move(-1),
      nextHunk: () => moveHunk(1),
      previousHunk: () => moveHunk(-1),
      toggleHunk: () => hunkable && hunks[hunkIndex] && useReviewStore.getState().toggleHunk(item!.key, hunks[hunkIndex].key),
      accept: () => void doAccept(),
      reject: () => item && !asking && askReject(item),
      acceptAll: () => void doAcceptAll(),
      rejectAll: askRejectAll,
      toggleLayout: () => useReviewStore.getState().setSideBySide(!sideBySide),
      edit: () => (paneRef.current?.querySelector('.editor.modified textarea, .editor.modified .native-edit-context') as HTMLElement | null)?.focus(),
    },
    !asking,
  );

  const kind = item ? kindOf(item) : null;
  return (
    <div className="review-pane" ref={paneRef} tabIndex={-1} data-testid="review-pane">
      <div className="editor-header review-header">
        {item && kind ? (
          <>
            <span className={`review-letter tone-${kind.tone}`}>{kind.letter}</span>
            <span className="path" data-testid="review-title" title={itemLabel(item)}>
              {itemLabel(item)}
            </span>
            <span className="tag">{kind.word}</span>
            {diffable && hunksReady && (
              <span className="review-counts" data-testid="review-counts">
                <span className="review-count-add">+{counts.added}</span> <span className="review-count-del">−{counts.removed}</span>
              </span>
            )}
            {fileItem?.edited !== null && fileItem?.edited !== undefined && <span className="tag review-edited">edited by you</span>}
            <span className="spacer" />
            {diffable && !isNewFile(fileItem.change) && (
              <button className="review-button" onClick={() => useReviewStore.getState().setSideBySide(!sideBySide)} data-testid="review-layout" aria-pressed={!sideBySide}>
                {sideBySide ? 'Inline' : 'Side by side'}
              </button>
            )}
            <button className="review-button primary" data-testid="review-accept" disabled={item.busy} onClick={() => void doAccept()} title="Accept (a)">
              {item.change ? 'Accept file' : 'Approve'}
            </button>
            {item.command?.allowPrefix && (
              <button
                className="review-button"
                data-testid="review-always"
                disabled={item.busy}
                onClick={() => void acceptAlways(client, item.key)}
                title={`Approve, and add "${item.command.allowPrefix}" to the allow list in your global settings (remove it there to undo)`}
              >
                Always allow <code>{item.command.allowPrefix}</code>
              </button>
            )}
            <button className="review-button danger" data-testid="review-reject" disabled={item.busy} onClick={() => askReject(item)} title="Reject with a reason (r)">
              Reject…
            </button>
          </>
        ) : (
          <span className="spacer" />
        )}
        {count > 0 && (
          <>
            <span className="review-sep" />
            <button className="review-button" data-testid="review-accept-all" onClick={() => void doAcceptAll()} title="Accept everything that waits (shift+A)">
              Accept all ({count})
            </button>
            <button className="review-button danger" data-testid="review-reject-all" onClick={askRejectAll} title="Reject everything that waits, with one reason (shift+R)">
              Reject all…
            </button>
          </>
        )}
        <NotifyButton />
      </div>
      {item?.protected && (
        <div className="review-warning review-protected" role="alert" data-testid="review-protected">
          This changes {item.protected}. Akira never approves such a change on its own; accept it only if you meant it.
        </div>
      )}
      {item && (session || item.todoId || item.error) && (
        <div className="review-context">
          {session && <span title="The session's task">{session.task}</span>}
          {item.todoId && <span className="review-dim"> · TODO {item.todoId}</span>}
          {item.error && (
            <span className="error-text" role="alert">
              {' '}
              · {item.error}
            </span>
          )}
        </div>
      )}
      <div className="review-body">
        <ReviewDiffEditor item={diffable ? fileItem : null} hunks={hunkable ? hunks : NO_HUNKS.hunks} rejected={rejected} hunkIndex={hunkIndex} sideBySide={sideBySide} onLeave={() => paneRef.current?.focus()} />
        {!item ? (
          <div className="editor-empty" data-testid="review-nothing">
            <div className="editor-empty-title">Nothing waits for review</div>
            <div>Changes and commands the agent proposes appear here before they touch your files.</div>
          </div>
        ) : fileItem && diffable ? (
          <>
            {hunkable && hunksReady ? (
              <HunkList item={deferred} hunks={hunks} rejected={rejected} hunkIndex={hunkIndex} />
            ) : hunkable ? (
              <div className="review-hunks review-dim review-pad">Finding the hunks…</div>
            ) : (
              <div className="review-hunks review-dim review-pad">The agent wants to delete this file. Accept or reject it as a whole.</div>
            )}
          </>
        ) : fileItem ? (
          <ViewerMessage>
            {fileItem.change.kind === 'create' ? 'A new binary file' : fileItem.change.kind === 'delete' ? 'Deleting a binary file' : 'A binary file changes'} — there is no text diff to show.
            Accept or reject it as a whole.
          </ViewerMessage>
        ) : (
          <ApprovalCard item={item} />
        )}
      </div>
      <div className="review-hints" data-testid="review-hints">
        {REVIEW_HINTS.map(([k, what]) => (
          <span key={k}>
            <kbd>{k}</kbd> {what}
          </span>
        ))}
        <span>
          <kbd>Esc</kbd> leave the editor
        </span>
      </div>
      {asking && <ReasonDialog request={asking} onClose={() => setAsking(null)} />}
    </div>
  );
}
