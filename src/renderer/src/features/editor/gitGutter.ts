import { diffLinesAnchored, type Edit } from '../../../../shared/lineDiff';

/**
 * The editor's git gutter (issue 27): which lines of the text differ from the file at HEAD, as VS Code marks them:
 * added lines, changed lines, and a deletion mark on the line above the lines that are gone (line 1's top edge when
 * the first lines went). Pure; useGitGutter.ts turns the ranges into Monaco decorations. Line endings (CRLF or LF,
 * a final newline or not) are not changes here.
 */

export type GutterKind = 'added' | 'modified' | 'deleted';

export interface GutterRange {
  kind: GutterKind;
  /** 1-based lines of the current text, inclusive; a deletion is one line (the line above it, or 1). */
  startLine: number;
  endLine: number;
}

/** The text's lines without their terminators; no lines for empty text (a final newline ends the last line). */
export function gutterLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\r?\n$/, '').split(/\r?\n/);
}

/** The ranges that differ between HEAD's text and the current one; none when HEAD has no such file (null). */
export function classifyGutter(head: string | null, current: string): GutterRange[] {
  if (head === null) return [];
  const edits: Edit[] = diffLinesAnchored(
    gutterLines(head).map((l) => `${l}\n`),
    gutterLines(current).map((l) => `${l}\n`),
  );
  const ranges: GutterRange[] = [];
  let line = 0; // lines of the current text passed so far
  let i = 0;
  while (i < edits.length) {
    if (edits[i].kind === ' ') {
      line++;
      i++;
      continue;
    }
    let removed = 0;
    let added = 0;
    while (i < edits.length && edits[i].kind !== ' ') {
      if (edits[i].kind === '-') removed++;
      else added++;
      i++;
    }
    if (added === 0) ranges.push({ kind: 'deleted', startLine: Math.max(1, line), endLine: Math.max(1, line) });
    else ranges.push({ kind: removed === 0 ? 'added' : 'modified', startLine: line + 1, endLine: line + added });
    line += added;
  }
  return ranges;
}
