import type { FocusEvent } from 'react';
import { useText } from '../i18n';
import { commonStrings } from './commonStrings';
import { useToasts, type Toast } from './toastStore';
import './toasts.css';

/** Whether the focus leaves the element for somewhere outside it. */
const leaves = (e: FocusEvent<HTMLElement>) => !e.currentTarget.contains(e.relatedTarget as Node | null);

function ToastItem({ toast }: { toast: Toast }) {
  const t = useText(commonStrings);
  const { dismiss, hold, release } = useToasts.getState();
  return (
    <div
      className={`app-toast app-toast-${toast.tone}`}
      role={toast.tone === 'bad' ? 'alert' : 'status'}
      data-testid={toast.testId ?? 'toast'}
      onMouseEnter={() => hold(toast.id, 'hover')}
      onMouseLeave={() => release(toast.id, 'hover')}
      onFocus={() => hold(toast.id, 'focus')}
      onBlur={(e) => leaves(e) && release(toast.id, 'focus')}
    >
      <div className="app-toast-body">
        <div className="app-toast-title">{toast.title}</div>
        {toast.detail && <div className="app-toast-detail">{toast.detail}</div>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="app-toast-action"
          onClick={() => {
            toast.action!.run();
            dismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="app-toast-close" aria-label={t.dismiss} title={t.dismiss} onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

/**
 * The app's toasts (toastStore.ts), stacked at the bottom right above the status bar. Info and success go by
 * themselves (later when they offer an action), errors stay until closed; hovering or focusing one makes it wait.
 */
export function Toasts() {
  const t = useText(commonStrings);
  const toasts = useToasts((s) => s.toasts);
  if (!toasts.length) return null;
  return (
    <div className="app-toasts" aria-live="polite" aria-label={t.notifications}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
