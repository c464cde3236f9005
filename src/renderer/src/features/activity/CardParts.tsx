import type { ReactNode } from 'react';
import { useActivityStore } from './activityStore';
import { useBoardStore } from '../board/boardStore';
import { todoNumber } from '../../ui/todoNumber';
import { activityStrings } from './activityStrings';
import { useFormats, useText } from '../../i18n';

/** The frame every activity card shares: an icon, a title, meta on the right, then the body. */
export function Card({ kind, tone, icon, title, meta, children, testId }: {
  kind: string;
  tone?: 'ok' | 'bad' | 'wait' | 'dim' | '';
  icon: string;
  title: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`ac ac-${kind} ${tone ? `tone-${tone}` : ''}`} data-testid={testId ?? `card-${kind}`}>
      <div className="ac-head">
        <span className="ac-icon" aria-hidden>
          {icon}
        </span>
        <span className="ac-title">{title}</span>
        {meta && <span className="ac-meta">{meta}</span>}
      </div>
      {children && <div className="ac-body">{children}</div>}
    </div>
  );
}

/** A TODO by the number the board gives it (todoNumber.ts). */
export function TodoChip({ todoId }: { todoId: string | null }) {
  const todos = useBoardStore((s) => s.board.todos);
  return todoId ? <span className="ac-todo">#{todoNumber(todoId, todos)}</span> : null;
}

const COLLAPSED_LINES = 12;
const COLLAPSED_CHARS = 1500;

/** Where a long text is cut for its folded view: after 12 lines or 1,500 characters (-1: it is short). */
function foldAt(text: string): number {
  let lines = 0;
  for (let i = 0; i < text.length && i <= COLLAPSED_CHARS; i++) {
    if (text.charCodeAt(i) === 10 && ++lines === COLLAPSED_LINES) return i;
  }
  return text.length > COLLAPSED_CHARS ? COLLAPSED_CHARS : -1;
}

/** The same from the end (for text still streaming: its newest part is what matters). */
function tailFrom(text: string): number {
  let lines = 0;
  const stop = Math.max(0, text.length - COLLAPSED_CHARS);
  for (let i = text.length - 1; i >= stop; i--) {
    if (text.charCodeAt(i) === 10 && ++lines === COLLAPSED_LINES) return i + 1;
  }
  return text.length > COLLAPSED_CHARS ? stop : 0;
}

/**
 * Long text shown folded (its first lines, or its last ones with `tail`), unfolded on demand; the choice
 * survives scrolling (kept by card key).
 */
export function Folded({ cardKey, text, className, testId, tail = false }: { cardKey: string; text: string; className?: string; testId?: string; tail?: boolean }) {
  const t = useText(activityStrings);
  const formats = useFormats();
  const open = useActivityStore((s) => s.expanded.has(cardKey));
  const toggle = useActivityStore((s) => s.toggle);
  const cut = tail ? tailFrom(text) : foldAt(text);
  const long = tail ? cut > 0 : cut >= 0;
  const shown = !long || open ? text : tail ? `…${text.slice(cut)}` : `${text.slice(0, cut)}…`;
  return (
    <>
      <pre className={`ac-pre ${className ?? ''}`} data-testid={testId}>
        {shown}
      </pre>
      {long && (
        <button className="link ac-more" onClick={() => toggle(cardKey)} data-testid="show-all">
          {open ? t.showLess : t.showAll(formats.number(text.length))}
        </button>
      )}
    </>
  );
}

/** A tool call's JSON arguments, pretty when they parse. */
export function prettyInput(input: string): string {
  try {
    const value = JSON.parse(input) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join('\n');
    }
    return JSON.stringify(value, null, 2);
  } catch {
    return input;
  }
}
