import { create } from 'zustand';
import type { CommandResult, FileEntry } from '../../../../shared/contract';
import type { AkiraClient } from '../../client/client';
import { textOf } from '../../i18n';
import { workspaceStrings } from './workspaceStrings';
import type { FolderState } from './treeRows';

/** The file tree's state: loaded folders (by workspace-relative path, '' = root), open folders, selection. */
interface TreeState {
  /** The workspace these folders belong to. */
  root: string | null;
  folders: Record<string, FolderState>;
  expanded: Record<string, boolean>;
  /** Key of the selected row (an entry's path, or a "load more" row's key). */
  selected: string | null;
  select(key: string | null): void;
  setExpanded(path: string, open: boolean): void;
  patchFolder(path: string, patch: Partial<FolderState>): void;
  dropFolders(paths: string[]): void;
  reset(root?: string | null): void;
}

const emptyFolder: FolderState = { entries: [], total: 0, nextOffset: null, loading: false, error: null };

export const useTreeStore = create<TreeState>((set) => ({
  root: null,
  folders: {},
  expanded: {},
  selected: null,
  select: (selected) => set({ selected }),
  setExpanded: (path, open) => set((s) => ({ expanded: { ...s.expanded, [path]: open } })),
  patchFolder: (path, patch) =>
    set((s) => ({ folders: { ...s.folders, [path]: { ...(s.folders[path] ?? emptyFolder), ...patch } } })),
  dropFolders: (paths) =>
    set((s) => {
      if (!paths.some((p) => p in s.folders)) return s;
      const folders = { ...s.folders };
      for (const p of paths) delete folders[p];
      return { folders };
    }),
  reset: (root = null) => set({ root, folders: {}, expanded: {}, selected: null }),
}));

export type TreeStore = typeof useTreeStore;

/** Loads folders into the store: one queue per folder, so pages and refreshes never interleave. */
export interface TreeLoader {
  /** Loads a folder's first page unless it is loaded or loading. */
  ensure(path: string): void;
  /** Appends the next page of a folder. */
  more(path: string): void;
  /** Reloads folders (as many entries as were shown), e.g. after changes on disk. */
  refresh(paths: string[]): void;
  /** Reloads every loaded folder (after a reconnect). */
  refreshAll(): void;
  /** Forgets everything (another workspace was opened); answers still in flight are dropped. */
  reset(root?: string | null): void;
}

/** Keeps the previous object for every entry that did not change, so unchanged rows do not re-render. */
export function reuseEntries(previous: FileEntry[], next: FileEntry[]): FileEntry[] {
  const byPath = new Map(previous.map((e) => [e.path, e]));
  return next.map((e) => {
    const old = byPath.get(e.path);
    return old && old.name === e.name && old.kind === e.kind && old.size === e.size && old.link === e.link ? old : e;
  });
}

export const PAGE_SIZE = 500;
const MAX_LIMIT = 5000;

export function createTreeLoader(client: AkiraClient, store: TreeStore = useTreeStore, pageSize = PAGE_SIZE): TreeLoader {
  const queues = new Map<string, Promise<void>>();
  const refreshQueued = new Set<string>();
  let generation = 0;

  const folder = (path: string) => store.getState().folders[path];

  function enqueue(path: string, job: () => Promise<void>) {
    const gen = generation;
    const run = async () => {
      if (gen !== generation) return;
      try {
        await job();
      } catch (err) {
        if (gen !== generation) return;
        store.getState().patchFolder(path, { loading: false, error: (err as Error).message || textOf(workspaceStrings).cannotListThisFolder });
      }
    };
    const next = (queues.get(path) ?? Promise.resolve()).then(run);
    queues.set(path, next);
    void next.finally(() => {
      if (queues.get(path) === next) queues.delete(path);
    });
  }

  /** Reads pages from `offset` until `want` entries are in hand or the folder ends. */
  async function fetchEntries(path: string, offset: number, want: number) {
    const entries: FileEntry[] = [];
    let next: number | null = offset;
    let total = 0;
    while (next !== null && entries.length < want) {
      const limit = Math.min(MAX_LIMIT, Math.max(pageSize, want - entries.length));
      const page: CommandResult<'workspace.list'> = await client.invoke('workspace.list', { path, offset: next, limit });
      entries.push(...page.entries);
      total = page.total;
      next = page.nextOffset;
    }
    return { entries, total, nextOffset: next };
  }

  function guarded(apply: () => void, gen: number) {
    if (gen === generation) apply();
  }

  const loader: TreeLoader = {
    ensure(path) {
      const state = folder(path);
      if (state && (state.loading || state.entries.length > 0 || state.error === null)) return;
      store.getState().patchFolder(path, { loading: true, error: null });
      const gen = generation;
      enqueue(path, async () => {
        const page = await fetchEntries(path, 0, pageSize);
        guarded(() => store.getState().patchFolder(path, { ...page, loading: false, error: null }), gen);
      });
    },
    more(path) {
      const state = folder(path);
      if (!state || state.nextOffset === null || state.loading) return;
      store.getState().patchFolder(path, { loading: true });
      const gen = generation;
      enqueue(path, async () => {
        const current = folder(path);
        if (!current || current.nextOffset === null) return;
        const page = await fetchEntries(path, current.nextOffset, pageSize);
        guarded(() => {
          const latest = folder(path) ?? current;
          store.getState().patchFolder(path, {
            entries: [...latest.entries, ...page.entries],
            total: page.total,
            nextOffset: page.nextOffset,
            loading: false,
            error: null,
          });
        }, gen);
      });
    },
    refresh(paths) {
      for (const path of paths) {
        if (!folder(path) || refreshQueued.has(path)) continue;
        refreshQueued.add(path);
        const gen = generation;
        enqueue(path, async () => {
          refreshQueued.delete(path);
          const current = folder(path);
          if (!current) return;
          try {
            const page = await fetchEntries(path, 0, Math.max(pageSize, current.entries.length));
            const entries = reuseEntries(folder(path)?.entries ?? current.entries, page.entries);
            guarded(() => store.getState().patchFolder(path, { ...page, entries, loading: false, error: null }), gen);
          } catch (err) {
            // The folder went away between the change and the reload: forget it quietly.
            if ((err as { code?: string }).code === 'not_found') guarded(() => store.getState().dropFolders([path]), gen);
            else throw err;
          }
        });
      }
    },
    refreshAll() {
      loader.refresh(Object.keys(store.getState().folders));
    },
    reset(root = null) {
      generation++;
      queues.clear();
      refreshQueued.clear();
      store.getState().reset(root);
    },
  };
  return loader;
}
