import type { SearchDone, SearchFileMatches, SearchMatch } from '../../../../shared/contract';
import { formatsNow, reasonTextOf, textOf } from '../../i18n';
import { searchStrings } from './searchStrings';

/**
 * The Search view's pure parts: results as the rows of a tree (a file, then its matches unless it is collapsed),
 * a match's line split around the highlighted match, files kept in path order as batches arrive, and the status
 * line in words.
 */

export type SearchRow =
  | { type: 'file'; key: string; path: string; count: number; expanded: boolean }
  | { type: 'match'; key: string; path: string; index: number; match: SearchMatch };

export const fileKey = (path: string) => `f:${path}`;
export const matchKey = (path: string, index: number) => `m:${index}:${path}`;

export function searchRows(files: readonly SearchFileMatches[], collapsed: ReadonlySet<string>): SearchRow[] {
  const rows: SearchRow[] = [];
  for (const file of files) {
    const expanded = !collapsed.has(file.path);
    rows.push({ type: 'file', key: fileKey(file.path), path: file.path, count: file.matches.length, expanded });
    if (expanded) file.matches.forEach((match, index) => rows.push({ type: 'match', key: matchKey(file.path, index), path: file.path, index, match }));
  }
  return rows;
}

/** `files` with a batch added, in path order (a path that comes again replaces its entry). */
export function mergeFiles(files: readonly SearchFileMatches[], batch: readonly SearchFileMatches[]): SearchFileMatches[] {
  if (!batch.length) return files as SearchFileMatches[];
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const file of batch) byPath.set(file.path, file);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Characters of a line shown before its match at most (the sidebar is narrow: the match must stay in sight). */
export const BEFORE_CHARS = 16;

/** A line this short (leading whitespace dropped) fits the sidebar whole: nothing of it is elided (issue 27 defect 25). */
export const FITS_CHARS = 40;

/**
 * The line around a match: the text before it (leading whitespace dropped; in a line longer than FITS_CHARS and over
 * BEFORE_CHARS, its end after `…`, from a word's start when one is near), the match, the text after.
 */
export function highlightOf(match: Pick<SearchMatch, 'text' | 'preview'>): { before: string; hit: string; after: string } {
  const { text, preview } = match;
  let before = text.slice(0, preview.start).replace(/^\s+/, '');
  const hit = text.slice(preview.start, preview.end);
  const after = text.slice(preview.end);
  if (before.length > BEFORE_CHARS && before.length + hit.length + after.length > FITS_CHARS) {
    const tail = before.slice(-BEFORE_CHARS);
    const space = tail.search(/\s\S/);
    before = `…${space >= 0 && space < BEFORE_CHARS / 2 ? tail.slice(space + 1) : tail}`;
  }
  return { before, hit, after };
}

/** "12 results in 3 files (ripgrep, 35 ms)", "Searching… 4 results in 1 file", "No results (node, 9 ms)": in the UI's language. */
export function statusText(state: { searching: boolean; files: number; matches: number; done: SearchDone | null }): string {
  const { searching, files, matches, done } = state;
  const t = textOf(searchStrings);
  const n = formatsNow().number;
  const resultsIn = (m: number, f: number) => t.resultsIn(m, n(m), f, n(f));
  if (searching) return matches ? t.searchingFound(resultsIn(matches, files)) : t.searching;
  if (!done) return '';
  const how = t.how(done.engine, n(Math.round(done.durationMs)));
  const found = done.matches ? t.found(resultsIn(done.matches, done.files), how) : t.noResults(how);
  // A search that failed midway says why (its words in the UI's language) before what it found.
  if (done.error) return t.failedMidway(reasonTextOf(done.error, done.errorWords), found);
  return done.truncated ? t.truncated(found) : found;
}

/** A path as the results show it: the file's name, and its folder dimmed. */
export function splitPath(path: string): { name: string; folder: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { name: path, folder: '' } : { name: path.slice(slash + 1), folder: path.slice(0, slash) };
}
