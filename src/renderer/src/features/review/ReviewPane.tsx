import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useClient } from '../../client/ClientContext';
import { ViewerMessage } from '../../ui/ViewerMessage';
import { ApprovalCard } from './ApprovalCard';
import { countsOf, hunksFor } from './hunkCache';
import { HunkList } from './HunkList';
import { writtenSummary } from './hunkStates';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { accept, acceptAll, acceptAlways, reject, rejectAll } from './reviewActions';
import { ReviewDiffEditor } from './ReviewDiffEditor';
import { useModeName } from '../../ui/useModeName';
import { todoNumber } from '../../ui/todoNumber';
import { DiffLayoutButton, layoutOf, type DiffLayout } from '../../ui/DiffLayoutButton';
import { kindOf } from './ReviewList';
import { notificationsSupported } from './reviewNotify';
import { itemLabel, selectedItem, useReviewStore, type PendingItem } from './reviewStore';
import { REVIEW_HINTS, useReviewKeys } from './useReviewKeys';
import { reviewKeyStrings, reviewStrings } from './reviewStrings';
import { useReasonText, useText } from '../../i18n';

type FileItem = PendingItem & { change: NonNullable<PendingItem['change']> };
const NO_HUNKS = { hunks: [], counts: { added: 0, removed: 0 } };

function NotifyButton() {
  const t = useText(reviewStrings);
  const [permission, setPermission] = useState(() => (notificationsSupported() ? Notification.permission : 'denied'));
  if (permission !== 'default') return null;
  return (
    <button className="review-button" title={t.notifyTitle} onClick={() => void Notification.requestPermission().then(setPermission)}>
      {t.notifyMe}
    </button>
  );
}

/** The Review view's main area: the selected change (diff, hunks) or command, with the answers and the keys. */
export function ReviewPane() {
  const t = useText(reviewStrings);
  const keyWords = useText(reviewKeyStrings);
  const reasonText = useReasonText();
  const modeName = useModeName();
  const client = useClient();
  const item = useReviewStore(selectedItem);
  const count = useReviewStore((s) => s.items.length);
  const hunkIndex = useReviewStore((s) => s.hunkIndex);
  const sideBySide = useReviewStore((s) => s.sideBySide);
  const session = useReviewStore((s) => (item ? s.sessions[item.sessionId] : undefined));
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const [layout, setLayout] = useState<DiffLayout | null>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const fileItem = item?.change ? (item as FileItem) : null;
  // Hunks (a line diff of the whole file) are computed after the diff editor got its models: a big file
  // then costs its diff here while Monaco's worker computes its own.
  const deferred = useDeferredValue(fileItem);
  const hunksReady = !!fileItem && deferred?.key === fileItem.key;
  const hunks = hunksReady ? hunksFor(deferred).hunks : NO_HUNKS.hunks;
  const counts = hunksReady ? countsOf(deferred) : NO_HUNKS.counts;
  const rejected = useMemo(() => new Set(item?.rejected ?? []), [item?.rejected]);
  // What accepting writes (issue 27, defect 13): the header's counts and the button follow the rejected hunks.
  const written = useMemo(() => writtenSummary(hunks, rejected), [hunks, rejected]);
  const partial = hunksReady && written.applied < written.total;
  const diffable = !!fileItem && !fileItem.change.binary;
  const hunkable = diffable && fileItem.change.kind !== 'delete';

  const askReject = (target: PendingItem, note?: string) =>
    setAsking({
      title: t.rejectItem(kindOf(target).word, itemLabel(target, modeName)),
      note,
      confirmLabel: t.reject,
      submit: async (reason) => {
        if ((await reject(client, target.key, reason)) !== 'done') throw new Error(useReviewStore.getState().items.find((i) => i.key === target.key)?.error ?? t.rejectionNotTaken);
      },
    });
  const doAccept = async () => {
    if (!item || asking) return;
    const r = await accept(client, item.key);
    if (typeof r === 'object') askReject(item, t.nothingWouldChange(r.needsReason));
  };
  const doAcceptAll = async () => {
    if (!count || asking) return;
    const needReason = await acceptAll(client);
    const first = useReviewStore.getState().items.find((i) => needReason.includes(i.key));
    if (first) askReject(first, t.everyHunkRejected);
  };
  const askRejectAll = () =>
    count &&
    !asking &&
    setAsking({
      title: t.rejectAllItems(count),
      confirmLabel: t.rejectAll,
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
            <span className="path" data-testid="review-title" title={itemLabel(item, modeName)}>
              {itemLabel(item, modeName)}
            </span>
            <span className="tag">{kind.word}</span>
            {diffable && hunksReady && (
              <span className="review-counts" data-testid="review-counts" title={t.countsTitle}>
                <span className="review-count-add">+{partial ? written.added : counts.added}</span> <span className="review-count-del">−{partial ? written.removed : counts.removed}</span>
              </span>
            )}
            {fileItem?.edited !== null && fileItem?.edited !== undefined && <span className="tag review-edited">{t.editedByYou}</span>}
            <span className="spacer" />
            {diffable && (
              <DiffLayoutButton className="review-button" testId="review-layout" layout={layout ?? layoutOf(sideBySide, null, false)} onToggle={() => useReviewStore.getState().setSideBySide(!sideBySide)} />
            )}
            <button className="review-button primary" data-testid="review-accept" disabled={item.busy} onClick={() => void doAccept()} title={partial ? t.applySomeTitle : t.acceptTitle}>
              {!item.change ? t.approve : partial ? t.applySome(written.applied, written.total) : t.acceptFile}
            </button>
            {item.command?.allowPrefix && (
              <button
                className="review-button"
                data-testid="review-always"
                disabled={item.busy}
                onClick={() => void acceptAlways(client, item.key)}
                title={t.alwaysTitle(item.command.allowPrefix)}
              >
                {t.alwaysAllow} <code>{item.command.allowPrefix}</code>
              </button>
            )}
            <button className="review-button danger" data-testid="review-reject" disabled={item.busy} onClick={() => askReject(item)} title={t.rejectTitle}>
              {t.rejectEllipsis}
            </button>
          </>
        ) : (
          <span className="spacer" />
        )}
        {count > 0 && (
          <>
            <span className="review-sep" />
            <button className="review-button" data-testid="review-accept-all" onClick={() => void doAcceptAll()} title={t.acceptAllTitle}>
              {t.acceptAll(count)}
            </button>
            <button className="review-button danger" data-testid="review-reject-all" onClick={askRejectAll} title={t.rejectAllTitle}>
              {t.rejectAllEllipsis}
            </button>
          </>
        )}
        <NotifyButton />
      </div>
      {item?.protected && (
        <div className="review-warning review-protected" role="alert" data-testid="review-protected">
          {t.protectedWarning(reasonText(item.protected, item.protectedWords))}
        </div>
      )}
      {item && (session || item.todoId || item.error) && (
        <div className="review-context">
          {session && <span title={t.sessionTask}>{session.task}</span>}
          {item.todoId && <span className="review-dim"> · {t.todoRef(todoNumber(item.todoId, null))}</span>}
          {item.error && (
            <span className="error-text" role="alert">
              {' '}
              · {item.error}
            </span>
          )}
        </div>
      )}
      <div className="review-body">
        <ReviewDiffEditor item={diffable ? fileItem : null} hunks={hunkable ? hunks : NO_HUNKS.hunks} rejected={rejected} hunkIndex={hunkIndex} sideBySide={sideBySide} onLeave={() => paneRef.current?.focus()} onLayout={setLayout} />
        {!item ? (
          <div className="editor-empty" data-testid="review-nothing">
            <div className="editor-empty-title">{t.nothingWaitsTitle}</div>
            <div>{t.nothingWaitsBody}</div>
          </div>
        ) : fileItem && diffable ? (
          <>
            {hunkable && hunksReady ? (
              <HunkList item={deferred} hunks={hunks} rejected={rejected} hunkIndex={hunkIndex} />
            ) : hunkable ? (
              <div className="review-hunks review-dim review-pad">{t.findingHunks}</div>
            ) : (
              <div className="review-hunks review-dim review-pad">{t.deleteAsWhole}</div>
            )}
          </>
        ) : fileItem ? (
          <ViewerMessage>
            {fileItem.change.kind === 'create' ? t.binaryCreate : fileItem.change.kind === 'delete' ? t.binaryDelete : t.binaryModify}
          </ViewerMessage>
        ) : (
          <ApprovalCard item={item} />
        )}
      </div>
      <div className="review-hints" data-testid="review-hints">
        {REVIEW_HINTS.map(([k, what]) => (
          <span key={k}>
            <kbd>{k}</kbd> {keyWords[what]}
          </span>
        ))}
        <span>
          <kbd>Esc</kbd> {t.leaveEditor}
        </span>
      </div>
      {asking && <ReasonDialog request={asking} onClose={() => setAsking(null)} />}
    </div>
  );
}
