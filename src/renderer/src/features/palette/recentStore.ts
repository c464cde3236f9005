import { create } from 'zustand';

/**
 * What was used lately, newest first: the files opened in the editor (per workspace folder, for quick open's empty
 * query) and the palette's commands (recently used first). Kept in the page's localStorage, so a reload keeps them
 * (the browser face's storage is per address; a storage that refuses only makes them last as long as the page).
 */

export const RECENT_FILES_KEPT = 50;
export const RECENT_COMMANDS_KEPT = 20;
/** Folders whose recent files are kept (the newest ones). */
export const RECENT_FOLDERS_KEPT = 20;
const STORAGE_KEY = 'akira.palette.recent';

/** `item` first, once, at most `max` entries. */
export function pushRecent(list: readonly string[], item: string, max: number): string[] {
  return [item, ...list.filter((x) => x !== item)].slice(0, max);
}

interface Saved {
  files: Record<string, string[]>;
  commands: string[];
}

interface RecentState extends Saved {
  openedFile(root: string, path: string): void;
  usedCommand(id: string): void;
}

function load(): Saved {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Saved> | null;
    const files = raw?.files && typeof raw.files === 'object' ? raw.files : {};
    const commands = Array.isArray(raw?.commands) ? raw.commands.filter((x): x is string => typeof x === 'string') : [];
    return { files, commands };
  } catch {
    return { files: {}, commands: [] };
  }
}

function save({ files, commands }: Saved): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ files, commands }));
  } catch {
    // full or refused: the lists last as long as the page
  }
}

export const useRecentStore = create<RecentState>((set, get) => ({
  ...load(),
  openedFile: (root, path) => {
    const files = get().files[root] ?? [];
    if (files[0] === path) return;
    const others = Object.entries(get().files).filter(([r]) => r !== root);
    set({ files: Object.fromEntries([[root, pushRecent(files, path, RECENT_FILES_KEPT)], ...others].slice(0, RECENT_FOLDERS_KEPT)) });
    save(get());
  },
  usedCommand: (id) => {
    set({ commands: pushRecent(get().commands, id, RECENT_COMMANDS_KEPT) });
    save(get());
  },
}));
