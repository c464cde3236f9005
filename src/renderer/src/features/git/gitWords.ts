import type { GitHunk } from '../../../../shared/contract';
import { textOf } from '../../i18n';
import { gitStrings } from './gitStrings';

/** What the git actions say (pure): paths, hunks, the commit box's reason to wait. */

/** 'a.txt', or '3 files'. */
export function pathsWord(paths: readonly string[]): string {
  return paths.length === 1 ? paths[0] : textOf(gitStrings).nFiles(paths.length);
}

/** 'a.txt, b.txt and 4 more' */
export function listPaths(paths: readonly string[], max = 5): string {
  const t = textOf(gitStrings);
  if (paths.length <= max) return paths.length <= 1 ? (paths[0] ?? '') : t.listAnd(paths.slice(0, -1).join(t.listSeparator), paths[paths.length - 1]);
  return t.listMore(paths.slice(0, max).join(t.listSeparator), paths.length - max);
}

export function hunkCounts(hunk: GitHunk): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of hunk.lines) {
    if (line[0] === '+') added++;
    else if (line[0] === '-') removed++;
  }
  return { added, removed };
}

/**
 * Where a hunk's change is, in the lines of one side ('new': the working tree, for unstaged hunks; 'old': HEAD,
 * for staged ones): the changed lines, not the context around them.
 */
export function hunkLines(hunk: GitHunk, side: 'old' | 'new'): { first: number; last: number } {
  const mine = side === 'old' ? '-' : '+';
  let line = side === 'old' ? hunk.oldStart : hunk.newStart;
  let first = 0;
  let last = 0;
  /** A change with no lines on this side (only removed, or only added) sits after the line before it. */
  let after = -1;
  for (const text of hunk.lines) {
    const kind = text[0];
    if (kind === mine) {
      first ||= line;
      last = line++;
    } else if (kind === ' ') line++;
    else if (kind !== '\\' && after < 0) after = line - 1;
  }
  return first ? { first, last } : { first: Math.max(after, 0), last: Math.max(after, 0) };
}

/** 'lines 3–5', 'line 3', 'after line 3', 'at the top' */
export function hunkPlace(hunk: GitHunk, side: 'old' | 'new'): string {
  const has = hunk.lines.some((l) => l[0] === (side === 'old' ? '-' : '+'));
  const { first, last } = hunkLines(hunk, side);
  const t = textOf(gitStrings);
  if (!has) return first === 0 ? t.atTheTop : t.afterLine(first);
  return first === last ? t.line(first) : t.lines(first, last);
}

/** The first changed lines of a hunk (context left out), for a preview. */
export function hunkPreview(hunk: GitHunk, max = 12): { lines: string[]; more: number } {
  const changed = hunk.lines.filter((l) => l[0] === '+' || l[0] === '-');
  return { lines: changed.slice(0, max), more: Math.max(0, changed.length - max) };
}

/** Why the commit button waits, or null when it may commit. */
export function commitBlocker(state: { staged: number; message: string; amend: boolean; busy: boolean }): string | null {
  const t = textOf(gitStrings);
  if (state.busy) return t.committing;
  if (!state.amend && state.staged === 0) return t.nothingStaged;
  if (!state.message.trim()) return state.amend ? t.writeAmendMessage : t.writeMessage;
  return null;
}
