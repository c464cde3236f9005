import { useEffect, useRef } from 'react';

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

/** The action for a key press, or null. Pure, for tests and the hint bar to agree. */
export function keyAction(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): keyof ReviewKeyActions | null {
  if (e.ctrlKey || e.metaKey) return null;
  if (e.altKey) return e.key === 'ArrowDown' ? 'next' : e.key === 'ArrowUp' ? 'previous' : null;
  switch (e.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'n':
      return 'nextHunk';
    case 'p':
      return 'previousHunk';
    case 'x':
      return 'toggleHunk';
    case 'a':
      return 'accept';
    case 'r':
      return 'reject';
    case 'A':
      return 'acceptAll';
    case 'R':
      return 'rejectAll';
    case 't':
      return 'toggleLayout';
    case 'e':
      return 'edit';
    default:
      return null;
  }
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
