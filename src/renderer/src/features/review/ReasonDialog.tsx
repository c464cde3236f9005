import { useEffect, useRef, useState } from 'react';
import { useText } from '../../i18n';
import { reviewNoticeStrings } from './reviewNoticeStrings';

export interface ReasonRequest {
  title: string;
  /** Why a reason is asked for now (e.g. every hunk was rejected). */
  note?: string;
  confirmLabel: string;
  submit(reason: string): Promise<void> | void;
}

const SUGGESTIONS = ['suggestNotAsked', 'suggestKeep', 'suggestStyle', 'suggestSmaller'] as const;

/**
 * Asks why something is rejected: the text goes back to the model as the tool's result, so it is
 * required. Ctrl/⌘+Enter sends, Esc cancels.
 */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest; onClose(): void }) {
  const t = useText(reviewNoticeStrings);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const send = async () => {
    if (!reason.trim() || busy) return;
    setBusy(true);
    try {
      await request.submit(reason.trim());
      onClose();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <div className="review-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="review-dialog" role="dialog" aria-modal="true" aria-label={request.title} data-testid="review-reason-dialog">
        <div className="review-dialog-title">{request.title}</div>
        {request.note && <div className="review-dialog-note">{request.note}</div>}
        <label className="review-dim" htmlFor="review-reason">
          {t.why}
        </label>
        <textarea
          id="review-reason"
          ref={ref}
          className="review-reason"
          data-testid="review-reason"
          rows={4}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Escape') onClose();
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
          }}
        />
        <div className="review-suggestions">
          {SUGGESTIONS.map((key) => {
            const s = t[key];
            return (
              <button key={key} className="review-chip" onClick={() => setReason((r) => (r ? `${r} ${s}` : s))}>
                {s}
              </button>
            );
          })}
        </div>
        {error && (
          <div className="error-text" role="alert">
            {error}
          </div>
        )}
        <div className="review-dialog-actions">
          <span className="review-dim">{t.dialogKeys}</span>
          <span className="review-spacer" />
          <button className="review-button" onClick={onClose}>
            {t.cancel}
          </button>
          <button className="review-button danger" data-testid="review-reason-submit" disabled={!reason.trim() || busy} onClick={() => void send()}>
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
