import { create } from 'zustand';

/**
 * The app's notices (src/renderer/src/ui/Toasts.tsx shows them at the bottom right): any feature pushes
 * one; it goes after `ms` (default 10 s) or when dismissed. At most four are kept, the newest last.
 *
 *   pushToast({tone: 'ok', title: 'Spec auth: session completed', detail: '…', action: {label: 'View', run}})
 *
 * A toast with a `key` replaces the one with the same key (a session's "paused" gives way to its "completed"),
 * and `dismissKey` takes it back when what it said is no longer true.
 */

export type ToastTone = 'ok' | 'bad' | 'wait' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  detail?: string;
  action?: { label: string; run(): void };
  testId?: string;
  key?: string;
}

interface ToastState {
  toasts: Toast[];
  push(toast: Omit<Toast, 'id'>, ms?: number): number;
  dismiss(id: number): void;
  dismissKey(key: string): void;
}

export const TOASTS_KEPT = 4;
const TOAST_MS = 10_000;
let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(toast, ms = TOAST_MS) {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts.filter((t) => !toast.key || t.key !== toast.key), { ...toast, id }].slice(-TOASTS_KEPT) }));
    if (ms > 0) setTimeout(() => get().dismiss(id), ms);
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  dismissKey: (key) => set((s) => ({ toasts: s.toasts.filter((t) => t.key !== key) })),
}));

export const pushToast = (toast: Omit<Toast, 'id'>, ms?: number) => useToasts.getState().push(toast, ms);
