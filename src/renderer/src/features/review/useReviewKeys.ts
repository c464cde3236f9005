import { useEffect, useRef } from 'react';
import { matchesKey, type KeyLike } from '../../ui/keyCombos';

/**
 * The Review view's keys (shown in its hint bar). They are ignored while the person types: in a text
 * field, or in the editable right side of the diff (Escape there hands the keyboard back).
 */

export interface ReviewKeyActions {
  next(): void;
  previous(): void;
  nextHunk(): void;
  previousHunk(): void;
  toggleHunk(): void;
  accept(): void;
  reject(): void;
  acceptAll(): void;
  rejectAll(): void;
  toggleLayout(): void;
  edit(): void;
}

export const REVIEW_HINTS: [string, string][] = [
  ['j / k · alt+↓ / alt+↑', 'next / previous'],
  ['n / p', 'next / previous hunk'],
  ['x', 'accept / reject hunk'],
  ['a', 'accept'],
  ['r', 'reject…'],
  ['⇧A / ⇧R', 'accept all / reject all…'],
  ['e', 'edit right side'],
  ['t', 'inline / side by side'],
];

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('input, textarea, select, .monaco-editor')) return true;
  return false;
}

/**
 * Each action's keys (ui/keyCombos.ts), matched in this order; the app's Keyboard Shortcuts page lists them
 * (features/palette/appActions.ts). The hint bar above says the same in short.
 */
export const REVIEW_KEYS: readonly { action: keyof ReviewKeyActions; keys: readonly string[]; title: string }[] = [
  { action: 'next', keys: ['j', 'Alt+ArrowDown'], title: 'Next change' },
  { action: 'previous', keys: ['k', 'Alt+ArrowUp'], title: 'Previous change' },
  { action: 'nextHunk', keys: ['n'], title: 'Next hunk' },
  { action: 'previousHunk', keys: ['p'], title: 'Previous hunk' },
  { action: 'toggleHunk', keys: ['x'], title: 'Accept / reject the hunk' },
  { action: 'accept', keys: ['a'], title: 'Accept' },
  { action: 'reject', keys: ['r'], title: 'Reject…' },
  { action: 'acceptAll', keys: ['Shift+A'], title: 'Accept all' },
  { action: 'rejectAll', keys: ['Shift+R'], title: 'Reject all…' },
  { action: 'toggleLayout', keys: ['t'], title: 'Inline / side by side' },
  { action: 'edit', keys: ['e'], title: 'Edit the right side' },
];

/** The action for a key press, or null. Pure, for tests and the hint bar to agree. */
export function keyAction(e: KeyLike): keyof ReviewKeyActions | null {
  return REVIEW_KEYS.find((k) => k.keys.some((text) => matchesKey(e, text)))?.action ?? null;
}

export function useReviewKeys(actions: ReviewKeyActions, enabled: boolean): void {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typing(e.target)) return;
      const action = keyAction(e);
      if (!action) return;
      e.preventDefault();
      ref.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
