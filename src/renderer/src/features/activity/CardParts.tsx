import type { ReactNode } from 'react';
import { useActivityStore } from './activityStore';

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

export function TodoChip({ todoId }: { todoId: string | null }) {
  return todoId ? <span className="ac-todo">#{todoId}</span> : null;
}

const COLLAPSED_LINES = 12;
const COLLAPSED_CHARS = 1500;

/** Long text shown folded (first lines), unfolded on demand; the choice survives scrolling (kept by card key). */
export function Folded({ cardKey, text, className, testId }: { cardKey: string; text: string; className?: string; testId?: string }) {
  const open = useActivityStore((s) => s.expanded.has(cardKey));
  const toggle = useActivityStore((s) => s.toggle);
  let lines = 0;
  let cut = -1;
  for (let i = 0; i < text.length && i <= COLLAPSED_CHARS; i++) {
    if (text.charCodeAt(i) === 10 && ++lines === COLLAPSED_LINES) {
      cut = i;
      break;
    }
  }
  if (cut < 0 && text.length > COLLAPSED_CHARS) cut = COLLAPSED_CHARS;
  const long = cut >= 0;
  return (
    <>
      <pre className={`ac-pre ${className ?? ''}`} data-testid={testId}>
        {long && !open ? `${text.slice(0, cut)}…` : text}
      </pre>
      {long && (
        <button className="link ac-more" onClick={() => toggle(cardKey)}>
          {open ? 'Show less' : `Show all (${text.length.toLocaleString()} characters)`}
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
