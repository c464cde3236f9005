import { diffLinesAnchored, splitLines } from '../../../../shared/lineDiff';

/**
 * Hunks of a proposed change and the text a person's choice makes of them (pure; no DOM).
 *
 *   const hunks = computeHunks(before, after);          // runs of changed lines, in order
 *   mergeHunks(before, after, hunks, rejectedKeys)       // accepted hunks take `after`'s lines, rejected keep `before`'s
 *
 * `after` is whatever the right side holds now: the agent's text, or the person's edit of it. A hunk's
 * `key` depends on where it starts on the left and on its text on both sides, so a decision on one
 * hunk survives edits elsewhere in the file, and an edit inside a hunk makes it a new (accepted) hunk.
 * Lines keep their terminators, so a missing final newline is a change of its own.
 */

export interface Hunk {
  key: string;
  /** Lines [beforeStart, beforeEnd) of `before` (0-based) are replaced … */
  beforeStart: number;
  beforeEnd: number;
  /** … by lines [afterStart, afterEnd) of `after`. */
  afterStart: number;
  afterEnd: number;
}

export interface LineCounts {
  added: number;
  removed: number;
}

/** FNV-1a over a string, as 8 hex digits: enough to tell hunks of one file apart. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The hunks turning `before` into `after` (null counts as empty): each a maximal run of changed lines. */
export function computeHunks(before: string | null, after: string | null): Hunk[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const edits = diffLinesAnchored(a, b);
  const hunks: Hunk[] = [];
  let x = 0;
  let y = 0;
  let open: Hunk | null = null;
  const close = () => {
    if (!open) return;
    open.beforeEnd = x;
    open.afterEnd = y;
    const removed = a.slice(open.beforeStart, open.beforeEnd).join('');
    const added = b.slice(open.afterStart, open.afterEnd).join('');
    open.key = `${open.beforeStart}:${open.beforeEnd - open.beforeStart}:${hash(removed)}:${hash(added)}`;
    hunks.push(open);
    open = null;
  };
  for (const e of edits) {
    if (e.kind === ' ') {
      close();
      x++;
      y++;
      continue;
    }
    open ??= { key: '', beforeStart: x, beforeEnd: x, afterStart: y, afterEnd: y };
    if (e.kind === '-') x++;
    else y++;
  }
  close();
  return hunks;
}

/** Added and removed lines of some hunks. */
export function countLines(hunks: readonly Hunk[]): LineCounts {
  let added = 0;
  let removed = 0;
  for (const h of hunks) {
    added += h.afterEnd - h.afterStart;
    removed += h.beforeEnd - h.beforeStart;
  }
  return { added, removed };
}

/**
 * The text made of `before` with the accepted hunks' lines from `after` (hunks not in `rejected`).
 * `hunks` must be computeHunks(before, after).
 */
export function mergeHunks(before: string | null, after: string | null, hunks: readonly Hunk[], rejected: ReadonlySet<string>): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const out: string[] = [];
  let cursor = 0;
  for (const h of hunks) {
    for (let i = cursor; i < h.beforeStart; i++) out.push(a[i]);
    if (rejected.has(h.key)) for (let i = h.beforeStart; i < h.beforeEnd; i++) out.push(a[i]);
    else for (let i = h.afterStart; i < h.afterEnd; i++) out.push(b[i]);
    cursor = h.beforeEnd;
  }
  for (let i = cursor; i < a.length; i++) out.push(a[i]);
  return out.join('');
}

/** Where a hunk shows on the right side (1-based lines); a pure deletion is anchored on the line after it. */
export function hunkAnchorLine(h: Hunk, afterLineCount: number): number {
  if (h.afterEnd > h.afterStart) return h.afterStart + 1;
  return Math.max(1, Math.min(h.afterStart + 1, afterLineCount));
}
