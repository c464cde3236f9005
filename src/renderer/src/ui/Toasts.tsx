import { useToasts } from './toastStore';
import './toasts.css';

/** The app's toasts (toastStore.ts), stacked at the bottom right above the status bar. */
export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  if (!toasts.length) return null;
  return (
    <div className="app-toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`app-toast app-toast-${t.tone}`} role={t.tone === 'bad' ? 'alert' : 'status'} data-testid={t.testId ?? 'toast'}>
          <div className="app-toast-body">
            <div className="app-toast-title">{t.title}</div>
            {t.detail && <div className="app-toast-detail">{t.detail}</div>}
          </div>
          {t.action && (
            <button
              type="button"
              className="app-toast-action"
              onClick={() => {
                t.action!.run();
                dismiss(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button type="button" className="app-toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
