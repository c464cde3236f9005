import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './dialog.css';

/**
 * The app's small modal question (trusting a model server, a busy workspace): a backdrop, a titled box and
 * its buttons. Escape and a click on the backdrop cancel; Tab stays inside; the focus goes to `initialFocus`
 * (else the first button) on open and back to where it was on close.
 *
 *   <Dialog title="…" testId="busy-dialog" tone="warn" onCancel={cancel} initialFocus={queueRef}>…<DialogActions>…</DialogActions></Dialog>
 */
export interface DialogProps {
  title: ReactNode;
  testId: string;
  onCancel(): void;
  children: ReactNode;
  /** The left edge: warn (a risk to weigh) or accent (a choice to make). */
  tone?: 'warn' | 'accent';
  initialFocus?: RefObject<HTMLElement | null>;
  /** Keys the dialog handles before its own (Escape, Tab); call preventDefault to take one. */
  onKeyDown?(e: KeyboardEvent<HTMLDivElement>): void;
  /** Room for a comparison (the editor's conflict dialog). */
  wide?: boolean;
}

let nextId = 0;

export function Dialog({ title, testId, onCancel, children, tone = 'warn', initialFocus, onKeyDown, wide }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useRef(`dialog-title-${++nextId}`).current;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? box.current?.querySelector<HTMLElement>('button:not([disabled])'))?.focus();
    return () => {
      if (before && document.contains(before)) before.focus();
    };
  }, []); // once, on open

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Tab') {
      const focusable = [...(box.current?.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])') ?? [])];
      if (!focusable.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <div ref={box} className={`dialog dialog-${tone}${wide ? ' dialog-wide' : ''}`} role="alertdialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId} onKeyDown={onKey}>
        <div className="dialog-title" id={titleId}>
          {title}
        </div>
        {children}
      </div>
    </div>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog-actions">{children}</div>;
}
