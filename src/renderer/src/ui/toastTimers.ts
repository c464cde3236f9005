/**
 * When toasts go by themselves (issue 14, as VS Code and Cursor do): an info or success notice after a few seconds,
 * one that offers an action (Undo, View) later, an error never (it stays until closed). The countdown waits while
 * the toast is hovered or has the keyboard focus, and goes on from where it was when both are over.
 */
export const TOAST_MS = 8_000;
export const ACTION_TOAST_MS = 20_000;

/** A toast's time on screen: 0 when it stays until closed. */
export function toastLifetime(toast: { tone: string; action?: unknown }, ms?: number): number {
  if (ms !== undefined) return ms;
  if (toast.tone === 'bad' || toast.tone === 'error') return 0;
  return toast.action ? ACTION_TOAST_MS : TOAST_MS;
}

export type HoldReason = 'hover' | 'focus';

interface Countdown {
  left: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  holds: Set<HoldReason>;
}

/** Countdowns by toast id; `expire(id)` runs when one reaches zero. */
export function createToastTimers<Id>(expire: (id: Id) => void) {
  const countdowns = new Map<Id, Countdown>();
  const run = (id: Id, c: Countdown) => {
    c.startedAt = Date.now();
    c.timer = setTimeout(() => {
      countdowns.delete(id);
      expire(id);
    }, c.left);
  };
  return {
    /** Starts a toast's countdown (`ms` 0: none, it stays). */
    start(id: Id, ms: number): void {
      if (ms <= 0) return;
      const c: Countdown = { left: ms, startedAt: 0, timer: null, holds: new Set() };
      countdowns.set(id, c);
      run(id, c);
    },
    hold(id: Id, reason: HoldReason): void {
      const c = countdowns.get(id);
      if (!c || c.holds.has(reason)) return;
      c.holds.add(reason);
      if (c.timer === null) return;
      clearTimeout(c.timer);
      c.timer = null;
      c.left = Math.max(0, c.left - (Date.now() - c.startedAt));
    },
    release(id: Id, reason: HoldReason): void {
      const c = countdowns.get(id);
      if (!c || !c.holds.delete(reason) || c.holds.size > 0) return;
      run(id, c);
    },
    clear(id: Id): void {
      const c = countdowns.get(id);
      if (c?.timer) clearTimeout(c.timer);
      countdowns.delete(id);
    },
  };
}
