import type { FileEntry } from '../../../../shared/contract';

/** One loaded folder of the tree (possibly only its first pages). */
export interface FolderState {
  entries: FileEntry[];
  total: number;
  nextOffset: number | null;
  loading: boolean;
  error: string | null;
}

/**
 * What the tree draws, top to bottom. `key` is unique and stable across reloads. A status row's `text` is the
 * folder's error for `kind: 'error'`; the view words the others in the UI's language.
 */
export type TreeRow =
  | { type: 'entry'; key: string; entry: FileEntry; depth: number; expandable: boolean; expanded: boolean }
  | { type: 'more'; key: string; folder: string; depth: number; remaining: number; loading: boolean }
  | { type: 'status'; key: string; folder: string; depth: number; kind: 'loading' | 'empty' | 'error'; text: string; error: boolean };

export function isExpandable(entry: FileEntry): boolean {
  return entry.kind === 'dir' || (entry.kind === 'symlink' && entry.link === 'dir');
}

/** Akira's own folder in the workspace: shown greyed (its settings, modes, rules and specs belong to the project). */
export const AKIRA_DIR = '.akira';
/** Bookkeeping the tree never shows (the watcher's cookies: files that come and go many times a second). */
const HIDDEN_PATHS: ReadonlySet<string> = new Set(['.akira/cookies']);

/** True for `.akira` and what is inside it. */
export function isBookkeeping(path: string): boolean {
  return path === AKIRA_DIR || path.startsWith(`${AKIRA_DIR}/`);
}

/** The folder a workspace-relative path sits in ('' for top-level entries). */
export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** True when `path` is `folder` or inside it ('' contains everything). */
export function isWithin(path: string, folder: string): boolean {
  return folder === '' || path === folder || path.startsWith(`${folder}/`);
}

function sameRow(a: TreeRow, b: TreeRow): boolean {
  if (a.type !== b.type || a.depth !== b.depth) return false;
  if (a.type === 'entry' && b.type === 'entry') {
    return a.entry === b.entry && a.expanded === b.expanded && a.expandable === b.expandable;
  }
  if (a.type === 'more' && b.type === 'more') return a.remaining === b.remaining && a.loading === b.loading;
  if (a.type === 'status' && b.type === 'status') return a.text === b.text && a.error === b.error;
  return false;
}

/**
 * Flattens the loaded folders into visible rows: depth-first through expanded folders, a status row
 * for folders still loading, failed or empty, and a "load more" row where a folder has more pages.
 * `.akira/cookies` is left out (HIDDEN_PATHS).
 * Rows equal to one in `previous` (by key) are that same object, so memoised row views skip them.
 */
export function flattenTree(
  folders: Record<string, FolderState>,
  expanded: Record<string, boolean>,
  previous?: ReadonlyMap<string, TreeRow>,
): TreeRow[] {
  const out: TreeRow[] = [];
  const rows = {
    push(row: TreeRow) {
      const old = previous?.get(row.key);
      out.push(old && sameRow(old, row) ? old : row);
    },
  };
  const visit = (folder: string, depth: number) => {
    const state = folders[folder];
    if (!state || (state.loading && state.entries.length === 0 && !state.error)) {
      rows.push({ type: 'status', key: `status:${folder}`, folder, depth, kind: 'loading', text: 'Loading…', error: false });
      return;
    }
    if (state.error && state.entries.length === 0) {
      rows.push({ type: 'status', key: `status:${folder}`, folder, depth, kind: 'error', text: state.error, error: true });
      return;
    }
    if (state.entries.length === 0 && folder !== '') {
      rows.push({ type: 'status', key: `status:${folder}`, folder, depth, kind: 'empty', text: 'Empty folder', error: false });
      return;
    }
    for (const entry of state.entries) {
      if (HIDDEN_PATHS.has(entry.path)) continue;
      const expandable = isExpandable(entry);
      const open = expandable && expanded[entry.path] === true;
      rows.push({ type: 'entry', key: entry.path, entry, depth, expandable, expanded: open });
      if (open) visit(entry.path, depth + 1);
    }
    if (state.nextOffset !== null) {
      rows.push({
        type: 'more',
        key: `more:${folder}`,
        folder,
        depth,
        remaining: Math.max(0, state.total - state.entries.length),
        loading: state.loading,
      });
    }
  };
  visit('', 0);
  return out;
}

/** Index of the row a key names, or -1. */
export function indexOfKey(rows: TreeRow[], key: string | null): number {
  return key === null ? -1 : rows.findIndex((r) => r.key === key);
}

/** The folders to reload for a batch of changes on disk, and the folders that are gone. */
export function foldersAffected(
  changes: { path: string; kind: string }[],
  loaded: string[],
): { reload: string[]; gone: string[] } {
  const loadedSet = new Set(loaded);
  const reload = new Set<string>();
  const gone = new Set<string>();
  for (const { path, kind } of changes) {
    const parent = parentOf(path);
    if (loadedSet.has(parent)) reload.add(parent);
    if (kind === 'unlinkDir' || kind === 'unlink') {
      for (const folder of loaded) if (folder !== '' && isWithin(folder, path)) gone.add(folder);
    }
    // A .gitignore change can show or hide entries anywhere below its folder.
    if (path === '.gitignore' || path.endsWith('/.gitignore')) {
      for (const folder of loaded) if (isWithin(folder, parent)) reload.add(folder);
    }
  }
  for (const folder of gone) reload.delete(folder);
  return { reload: [...reload], gone: [...gone] };
}
