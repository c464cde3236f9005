import type { SearchMatch } from '../../../shared/contract/search';

/**
 * A match as search.onResults shows it, from what either engine found: the line (or, for a long line, a window
 * of it that holds the match) and where the match lies in it. A line longer than `PREVIEW_CHARS` is cut around
 * the match (`BEFORE_MATCH` characters before it when there are that many), `…` marking each cut, never inside a
 * surrogate pair; a match longer than the window is cut too.
 */

export const PREVIEW_CHARS = 250;
export const BEFORE_MATCH = 40;

/** A match as an engine reports it; offsets are UTF-16 indexes into the line. */
export interface RawMatch {
  /** 1-based. */
  line: number;
  start: number;
  end: number;
  /** The line, or the part of it from `offset` on (an engine may send only a window of a long line). */
  text: string;
  offset: number;
  /** The whole line's length. */
  lineLength: number;
}

export interface RawFile {
  path: string;
  matches: RawMatch[];
}

/** The window an engine must send at least for a match of a long line: `[from, to)` of the line. */
export function windowOf(start: number, end: number, lineLength: number): [number, number] {
  return [Math.max(0, start - PREVIEW_CHARS), Math.min(lineLength, end + PREVIEW_CHARS)];
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

export function toSearchMatch(raw: RawMatch): SearchMatch {
  const { line, start, end, text, offset, lineLength } = raw;
  const base = { line, column: start + 1, length: end - start };
  if (lineLength <= PREVIEW_CHARS && offset === 0) return { ...base, text, preview: { start, end } };
  let from = Math.max(0, Math.min(start - BEFORE_MATCH, lineLength - PREVIEW_CHARS));
  let to = Math.min(lineLength, from + PREVIEW_CHARS);
  const at = (i: number) => text.charCodeAt(i - offset);
  if (from > 0 && isLow(at(from))) from++;
  if (to < lineLength && isHigh(at(to - 1))) to--;
  const before = from > 0 ? '…' : '';
  const after = to < lineLength ? '…' : '';
  const shift = before.length - from;
  return {
    ...base,
    text: `${before}${text.slice(from - offset, to - offset)}${after}`,
    preview: { start: Math.max(start, from) + shift, end: Math.min(end, to) + shift },
  };
}
