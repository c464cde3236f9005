import { ToolError } from './toolError';
import { toolErrors } from '../../../../shared/errors';

/**
 * edit_file's matching: each `search` must occur exactly once in the text (after the previous edits
 * were applied), and is replaced literally. Failures explain themselves to the model: a search that is
 * not found shows the most similar lines of the file with their line numbers (and says when only
 * whitespace or read_file's line numbers differ); an ambiguous one gives the count and the lines.
 * Files with CRLF line ends are matched with LF searches and keep their CRLF.
 */
export interface Edit {
  search: string;
  replace: string;
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function occurrences(text: string, search: string, cap = 50): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(search); at >= 0 && found.length < cap; at = text.indexOf(search, at + 1)) found.push(at);
  return found;
}

function bigrams(s: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient of two strings' bigrams, 0…1. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const ga = bigrams(a);
  let common = 0;
  for (const [g, n] of bigrams(b)) common += Math.min(n, ga.get(g) ?? 0);
  return (2 * common) / (a.length - 1 + (b.length - 1));
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The lines of `text` most like `search`, as a numbered excerpt for the error message. */
export function nearestLines(text: string, search: string): string {
  const lines = text.split('\n');
  const wanted = search.split('\n');
  // Anchor on the most distinctive (longest) line of the search.
  let anchor = 0;
  for (let i = 1; i < wanted.length; i++) if (wanted[i].trim().length > wanted[anchor].trim().length) anchor = i;
  const key = wanted[anchor].trim();
  if (!key) return '';
  let best = -1;
  let bestScore = 0;
  const limit = Math.min(lines.length, 50_000);
  for (let i = 0; i < limit; i++) {
    const score = similarity(key, lines[i].trim());
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best < 0 || bestScore < 0.3) return '';
  const start = Math.max(0, best - anchor);
  const end = Math.min(lines.length, start + Math.min(Math.max(wanted.length, 1), 12));
  const width = String(end).length;
  const excerpt = lines.slice(start, end).map((l, i) => `${String(start + i + 1).padStart(width)}\t${l.replace(/\r$/, '')}`);
  return `The most similar lines in the file (line numbers are not part of the file):\n${excerpt.join('\n')}`;
}

function notFound(text: string, search: string, index: number, count: number, path: string): ToolError {
  let why = '';
  let hint = 'Copy the search text exactly from the current file (use read_file), including indentation, or use a shorter unique part.';
  const numbered = search.split('\n').filter((l) => l.trim());
  if (numbered.length && numbered.every((l) => /^\s*\d+\t/.test(l))) {
    why = 'lineNumbers';
    hint = 'Remove the line numbers and the tab after them from the search text.';
  } else if (squash(search) && squash(text).includes(squash(search))) {
    why = 'whitespace';
  }
  // The most similar lines are for the model only: the tool card's words say what went wrong.
  return new ToolError('not_found', toolErrors.editNotFound(index + 1, count, path, why), hint, nearestLines(text, search) || undefined);
}

/** Applies the edits in order; throws a ToolError (nothing applied) when one is not found or ambiguous. */
export function applyEdits(original: string, edits: Edit[], path: string): string {
  // CRLF files: edit an LF view and put the CRLFs back (only when every line end is CRLF).
  const crlf = original.includes('\r\n') && !/(^|[^\r])\n/.test(original);
  let text = crlf ? original.replace(/\r\n/g, '\n') : original;
  edits.forEach((edit, index) => {
    const search = crlf ? edit.search.replace(/\r\n/g, '\n') : edit.search;
    const replace = crlf ? edit.replace.replace(/\r\n/g, '\n') : edit.replace;
    if (!search) throw new ToolError('bad_request', toolErrors.emptySearch(index + 1), 'Use write_file to write a whole file.');
    const found = occurrences(text, search);
    if (found.length === 0) throw notFound(text, search, index, edits.length, path);
    if (found.length > 1) {
      const lines = found.map((at) => lineAt(text, at));
      throw new ToolError(
        'bad_request',
        toolErrors.editAmbiguous(index + 1, edits.length, path, found.length, found.length >= 50 ? 1 : 0, `${lines.slice(0, 20).join(', ')}${lines.length > 20 ? ', …' : ''}`),
        'Include more surrounding lines in the search text so that it matches only the place you mean.',
      );
    }
    text = text.slice(0, found[0]) + replace + text.slice(found[0] + search.length);
  });
  return crlf ? text.replace(/\n/g, '\r\n') : text;
}
