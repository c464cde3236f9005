import { create } from 'zustand';
import { createToastTimers, toastLifetime, type HoldReason } from './toastTimers';

export { ACTION_TOAST_MS, TOAST_MS } from './toastTimers';

/**
 * The app's notices (src/renderer/src/ui/Toasts.tsx shows them at the bottom right): any feature pushes
 * one; it goes when dismissed, or by itself (toastTimers.ts): info and success after TOAST_MS, one with an action after
 * ACTION_TOAST_MS, an error never; `ms` says otherwise (0: it stays). Hovered or focused, it waits. At most four are
 * kept, the newest last.
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
  /** The pointer is over the toast, or the focus in it: its countdown waits until both are gone. */
  hold(id: number, reason: HoldReason): void;
  release(id: number, reason: HoldReason): void;
}

export const TOASTS_KEPT = 4;
let nextId = 1;

export const useToasts = create<ToastState>((set, get) => {
  const timers = createToastTimers<number>((id) => get().dismiss(id));
  /** Keeps `next`, stopping the countdowns of the toasts it leaves out. */
  const keep = (next: Toast[]) => {
    const kept = new Set(next.map((t) => t.id));
    for (const t of get().toasts) if (!kept.has(t.id)) timers.clear(t.id);
    set({ toasts: next });
  };
  return {
    toasts: [],
    push(toast, ms) {
      const id = nextId++;
      keep([...get().toasts.filter((t) => !toast.key || t.key !== toast.key), { ...toast, id }].slice(-TOASTS_KEPT));
      timers.start(id, toastLifetime(toast, ms));
      return id;
    },
    dismiss: (id) => keep(get().toasts.filter((t) => t.id !== id)),
    dismissKey: (key) => keep(get().toasts.filter((t) => t.key !== key)),
    hold: (id, reason) => timers.hold(id, reason),
    release: (id, reason) => timers.release(id, reason),
  };
});

export const pushToast = (toast: Omit<Toast, 'id'>, ms?: number) => useToasts.getState().push(toast, ms);
