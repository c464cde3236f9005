/**
 * A file present on one side of a diff only (a new file, a deleted one). Monaco counts an empty text as one empty
 * line, so its diff editor shows a new file as "1 −" (a deleted empty line) plus every line added, the empty line
 * after the final newline included (issue 27, defect 12; monaco-editor#630). Such a file is shown instead as its
 * lines alone, both models holding the same text (Monaco finds no difference) and every line marked added or
 * deleted by a decoration; the line after the final newline is not a line of the file, so it is not shown.
 */

export type OneSide = 'added' | 'deleted';

/** Which side the file is on alone, or null when both sides have it (or neither). */
export function oneSideOf(original: string | null, modified: string | null): OneSide | null {
  if (original === null && modified !== null) return 'added';
  if (modified === null && original !== null) return 'deleted';
  return null;
}

/** The text to show for a one-sided file: without the newline that ends its last line. */
export function oneSidedText(text: string): string {
  return text.endsWith('\r\n') ? text.slice(0, -2) : text.endsWith('\n') ? text.slice(0, -1) : text;
}

/** How many lines the file has (0 for an empty file). */
export function lineCountOfFile(text: string): number {
  if (!text) return 0;
  return oneSidedText(text).split('\n').length;
}
