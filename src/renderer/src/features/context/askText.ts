import { mentionFor } from '../../../../shared/context/mentions';

/**
 * "Ask the agent about this" (the file viewer's header button and context menu), pure: the mention of a file or of
 * the selected lines, and the box's text with it added.
 */

export interface LineRange {
  startLine: number;
  endLine: number;
}

/** The lines a Monaco selection covers; null when nothing is selected. A selection ending at a line's first column leaves that line out. */
export function selectedLines(sel: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number } | null): LineRange | null {
  if (!sel || (sel.startLineNumber === sel.endLineNumber && sel.startColumn === sel.endColumn)) return null;
  const endLine = sel.endColumn === 1 && sel.endLineNumber > sel.startLineNumber ? sel.endLineNumber - 1 : sel.endLineNumber;
  return { startLine: sel.startLineNumber, endLine };
}

/** `@src/a.ts `, `@src/a.ts:10-20 `, `@src/a.ts:7 ` (one line), `@"my notes/a b.md" `. */
export function askMention(path: string, lines: LineRange | null): string {
  if (!lines) return `${mentionFor(path)} `;
  const span = lines.startLine === lines.endLine ? `${lines.startLine}` : `${lines.startLine}-${lines.endLine}`;
  return `${mentionFor(`${path}:${span}`)} `;
}

/** The box's text with the mention at its end (on a new word). */
export function withMentionAdded(text: string, mention: string): string {
  if (!text) return mention;
  return /\s$/.test(text) ? text + mention : `${text} ${mention}`;
}
