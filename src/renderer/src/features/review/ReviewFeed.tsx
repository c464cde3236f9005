import { useEffect } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { startReviewFeed } from './reviewFeed';
import { notifyArrival, useReviewToasts } from './reviewNotify';
import { useReviewStore } from './reviewStore';
import { reviewNoticeStrings } from './reviewNoticeStrings';
import { useText } from '../../i18n';
import './review.css';

/** Keeps the review store fed while the app runs (for the badge and notifications) and shows the toasts. */
export function ReviewFeed() {
  const t = useText(reviewNoticeStrings);
  const client = useClient();
  useEffect(
    () =>
      startReviewFeed(client, {
        onArrived: (item) => notifyArrival(item, useUiStore.getState().sidebar === 'review'),
      }),
    [client],
  );
  const all = useReviewToasts((s) => s.toasts);
  const waiting = useReviewStore((s) => s.items);
  // A toast announces something waiting: once it is decided (here or elsewhere) it has nothing to say.
  const toasts = all.filter((toast) => waiting.some((i) => i.key === toast.itemKey));
  const dismiss = useReviewToasts((s) => s.dismiss);
  if (!toasts.length) return null;
  return (
    <div className="review-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="review-toast" role="status" data-testid="review-toast">
          <div className="review-toast-body">
            <div className="review-toast-title">{toast.title}</div>
            <div className="review-toast-detail">{toast.detail}</div>
          </div>
          <button
            className="review-button primary"
            onClick={() => {
              useUiStore.getState().setSidebar('review');
              dismiss(toast.id);
            }}
          >
            {t.review}
          </button>
          <button className="review-toast-close" aria-label={t.dismiss} onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** How many things wait: the badge on the Review entry (its own component, so an arrival re-renders only it). */
export function ReviewBadge() {
  const t = useText(reviewNoticeStrings);
  const count = useReviewStore((s) => s.items.length);
  if (!count) return null;
  return (
    <span className="activity-badge review-badge" data-testid="review-badge" aria-label={t.waitingCount(count)}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
