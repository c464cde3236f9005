import type { FoundFile } from '../../../../shared/contract';

/**
 * Quick open's pure side: what the typed text asks for (a fuzzy query, and a `:line` or `:line:column` suffix to
 * open at), and the list it shows: for an empty query the recently opened files first, then the tree's shallowest
 * files as context.findFiles answers them; for a query, the finder's answer as it ranked it. `:12` alone is Go to
 * Line in the file that is open.
 */

export interface QuickOpenQuery {
  /** What the finder searches (the suffix cut off). */
  text: string;
  line: number | null;
  column: number | null;
}

export interface QuickOpenItem {
  /** Unique in the list (the option's DOM id is made from it). */
  id: string;
  kind: 'file' | 'line';
  path: string;
  /** Indexes into `path` of the characters the query matched. */
  positions: readonly number[];
  recent: boolean;
}

/** `src/app.ts:12:5` → `src/app.ts`, line 12, column 5; a trailing `:` being typed is dropped; line 0 is no line. */
export function parseQuickOpen(input: string): QuickOpenQuery {
  const trimmed = input.trim();
  const m = /^(.*?):(\d+)(?::(\d*))?:?$/.exec(trimmed);
  if (m) {
    const line = Number(m[2]) || null;
    const column = line && m[3] ? Number(m[3]) || null : null;
    return { text: m[1].trim(), line, column };
  }
  return { text: trimmed.replace(/:+$/, '').trim(), line: null, column: null };
}

/** The list for a query: `found` is the finder's answer for `query.text` (null while none has come). */
export function quickOpenItems(query: QuickOpenQuery, found: readonly FoundFile[] | null, recent: readonly string[], activeFile: string | null): QuickOpenItem[] {
  if (!query.text) {
    if (query.line) return activeFile ? [{ id: `line:${activeFile}`, kind: 'line', path: activeFile, positions: [], recent: false }] : [];
    const recentSet = new Set(recent);
    return [
      ...recent.map((path): QuickOpenItem => ({ id: `file:${path}`, kind: 'file', path, positions: [], recent: true })),
      ...(found ?? []).filter((f) => f.kind === 'file' && !recentSet.has(f.path)).map((f): QuickOpenItem => ({ id: `file:${f.path}`, kind: 'file', path: f.path, positions: [], recent: false })),
    ];
  }
  const recentSet = new Set(recent);
  return (found ?? []).filter((f) => f.kind === 'file').map((f) => ({ id: `file:${f.path}`, kind: 'file', path: f.path, positions: f.positions, recent: recentSet.has(f.path) }));
}

/** A path cut into its file name and folder, each with the matched positions that fall in it. */
export function splitMatch(path: string, positions: readonly number[]): { name: string; namePositions: number[]; folder: string; folderPositions: number[] } {
  const slash = path.lastIndexOf('/');
  const nameStart = slash + 1;
  return {
    name: path.slice(nameStart),
    namePositions: positions.filter((p) => p >= nameStart).map((p) => p - nameStart),
    folder: slash < 0 ? '' : path.slice(0, slash),
    folderPositions: positions.filter((p) => p < slash),
  };
}
