import { useEffect, useRef } from 'react';
import { matchesKey, type KeyLike } from '../../ui/keyCombos';
import { textOf } from '../../i18n';
import { reviewKeyStrings } from './reviewStrings';

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

/** The hint bar: keys, and what they do (a key of reviewKeyStrings). */
export const REVIEW_HINTS: [string, keyof typeof reviewKeyStrings.en][] = [
  ['j / k · alt+↓ / alt+↑', 'hintNext'],
  ['n / p', 'hintHunk'],
  ['x', 'hintToggleHunk'],
  ['a', 'hintAccept'],
  ['r', 'hintReject'],
  ['⇧A / ⇧R', 'hintAll'],
  ['e', 'hintEdit'],
  ['t', 'hintLayout'],
];

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('input, textarea, select, .monaco-editor')) return true;
  return false;
}

/**
 * Each action's keys (ui/keyCombos.ts), matched in this order; the app's Keyboard Shortcuts page lists them
 * (features/palette/appActions.ts). The hint bar above says the same in short. `title` is read in the UI's
 * language at the time it is read (a getter).
 */
const KEYS: readonly { action: keyof ReviewKeyActions; keys: readonly string[] }[] = [
  { action: 'next', keys: ['j', 'Alt+ArrowDown'] },
  { action: 'previous', keys: ['k', 'Alt+ArrowUp'] },
  { action: 'nextHunk', keys: ['n'] },
  { action: 'previousHunk', keys: ['p'] },
  { action: 'toggleHunk', keys: ['x'] },
  { action: 'accept', keys: ['a'] },
  { action: 'reject', keys: ['r'] },
  { action: 'acceptAll', keys: ['Shift+A'] },
  { action: 'rejectAll', keys: ['Shift+R'] },
  { action: 'toggleLayout', keys: ['t'] },
  { action: 'edit', keys: ['e'] },
];
export const REVIEW_KEYS: readonly { action: keyof ReviewKeyActions; keys: readonly string[]; readonly title: string }[] = KEYS.map((k) => ({
  ...k,
  get title() {
    return textOf(reviewKeyStrings)[k.action];
  },
}));

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
