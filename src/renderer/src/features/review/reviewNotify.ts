import { create } from 'zustand';
import { itemLabel, type PendingItem } from './reviewStore';
import { reviewNoticeStrings } from './reviewNoticeStrings';
import { textOf } from '../../i18n';

/**
 * Telling the person that something started waiting: a system notification when they allowed them and
 * the app is not in front; an in-app toast otherwise (also when notifications are not available).
 */

export interface ReviewToast {
  id: number;
  /** The waiting item it announces (the toast goes when the item is decided). */
  itemKey: string;
  title: string;
  detail: string;
}

interface ToastState {
  toasts: ReviewToast[];
  push(t: Omit<ReviewToast, 'id'>): void;
  dismiss(id: number): void;
}

let nextId = 1;
const TOASTS_KEPT = 3;

const TOAST_MS = 10_000;

export const useReviewToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (t) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { ...t, id }].slice(-TOASTS_KEPT) }));
    setTimeout(() => get().dismiss(id), TOAST_MS);
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function describeArrival(item: PendingItem): { title: string; detail: string } {
  const t = textOf(reviewNoticeStrings);
  const detail = itemLabel(item);
  if (item.kind === 'command') return { title: t.commandWaits, detail };
  if (item.kind === 'read') return { title: t.readWaits, detail };
  if (item.kind === 'mcp') return { title: t.mcpWaits, detail };
  if (item.kind === 'sandbox') return { title: t.sandboxWaits, detail };
  if (item.kind === 'mode') return { title: t.modeWaits, detail };
  const title = item.change?.binary ? t.binaryWaits : item.change?.kind === 'create' ? t.newFileWaits : item.change?.kind === 'delete' ? t.deletionWaits : t.changeWaits;
  return { title, detail };
}

export const notificationsSupported = () => typeof Notification !== 'undefined';

/** Notifies, and answers how: 'system', 'toast' or 'none' (the Review view is in front already). */
export function notifyArrival(item: PendingItem, reviewInFront: boolean): 'system' | 'toast' | 'none' {
  const { title, detail } = describeArrival(item);
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (hidden && notificationsSupported() && Notification.permission === 'granted') {
    try {
      const n = new Notification(textOf(reviewNoticeStrings).systemTitle(title), { body: detail, tag: item.key });
      n.onclick = () => {
        window.focus();
        n.close();
      };
      return 'system';
    } catch {
      // Some browsers refuse the constructor (they want a service worker): fall back to the toast.
    }
  }
  if (reviewInFront && !hidden) return 'none';
  useReviewToasts.getState().push({ itemKey: item.key, title, detail });
  return 'toast';
}
