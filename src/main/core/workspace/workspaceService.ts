import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import type { CommandParams, CommandResult, FileChange, FileEntry } from '../../../shared/contract';
import { AkiraError } from '../errors';
import type { Emit } from '../eventBus';
import { openConfined, readConfined, writeConfined } from './confinedFs';
import { createFileWatcher, visibleEntriesOf, type FileWatcher, type FileWatcherOptions, type RawChange, type WatcherStats } from './fileWatcher';
import { createGitignoreRules, type NameMatcher } from './gitignoreRules';
import { isInsideDotGit, normalizeRelative, resolveInside, resolveInsideEx, toRelative } from './pathGuard';
import { fileErrors } from '../../../shared/errors';

export type ListParams = CommandParams<'workspace.list'>;
export type ListResult = CommandResult<'workspace.list'>;
export type ReadParams = CommandParams<'workspace.read'>;
export type ReadResult = CommandResult<'workspace.read'>;
export type WriteParams = CommandParams<'workspace.write'>;
export type WriteResult = CommandResult<'workspace.write'>;

export interface WorkspaceService {
  readonly root: string;
  /** One folder, directories first, natural case-insensitive order, ignored entries and .git hidden, paged. */
  list(params: Partial<ListParams>): Promise<ListResult>;
  /** A file as text, confined to the workspace; binary files have no content, big ones are truncated. */
  read(params: ReadParams): Promise<ReadResult>;
  /**
   * Saves a file as UTF-8, confined and atomic (confinedFs.writeConfined: a temporary file renamed over it; folders
   * made, an existing file's permissions kept). With `expectedHash`, the file on disk must still be those bytes
   * (null: must not exist), else a `conflict` with `details.currentHash` and nothing is written. Never inside .git.
   */
  write(params: WriteParams): Promise<WriteResult>;
  /** Resolves once the file watcher's watches asked for so far are in place. */
  watching(): Promise<void>;
  /** The watcher's queues (null without a watcher): see fileWatcher.ts. */
  watcherStats(): WatcherStats | null;
  dispose(): Promise<void>;
}

export interface WorkspaceServiceOptions {
  /** The workspace folder, already a real path. */
  root: string;
  emit: Emit;
  /** Bytes of a file `read` answers at most (default 5 MB). */
  readLimit?: number;
  /** Watch the workspace for changes (default true). */
  watch?: boolean;
  /** Watcher tuning, mostly for tests. */
  watcher?: { batchMs?: number; eagerBudget?: number; lazyBudget?: number; maxFolders?: number; maxPending?: number };
  /**
   * The checkpoints' change feed (checkpoints/watchFeed.ts): raw events, chokidar events and
   * coverage as they happen; its `alwaysWatch` folder is watched but never reported as a change.
   */
  changeFeed?: Pick<FileWatcherOptions, 'onRawEvent' | 'onEvent' | 'onCoverage'> & { alwaysWatch: string };
}

export const DEFAULT_READ_LIMIT = 5 * 1024 * 1024;
const BINARY_SNIFF = 8192;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

interface Item {
  name: string;
  kind: FileEntry['kind'];
  link?: FileEntry['link'];
  dirLike: boolean;
}

/** A folder's sorted, filtered entries, reused by the next pages while the folder and its rules are unchanged. */
interface Snapshot {
  stamp: string;
  items: Item[];
  direntCount: number;
}
const SNAPSHOTS = 16;

function compareItems(a: Item, b: Item): number {
  if (a.dirLike !== b.dirLike) return a.dirLike ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function createWorkspaceService(options: WorkspaceServiceOptions): Promise<WorkspaceService> {
  const { root, emit } = options;
  const readLimit = options.readLimit ?? DEFAULT_READ_LIMIT;
  const rules = await createGitignoreRules(root);
  const snapshots = new Map<string, Snapshot>();

  /** The caller's path, normalised, as the tree names it (through in-workspace links, not their targets). */
  function shownPath(requested: string, real: string): string {
    try {
      return normalizeRelative(root, requested);
    } catch {
      return toRelative(root, real);
    }
  }

  async function classifyLink(abs: string): Promise<Pick<Item, 'link' | 'dirLike'>> {
    try {
      const target = await resolveInsideEx(root, abs);
      if (!target.exists) return { link: 'broken', dirLike: false };
      const isDir = (await stat(target.real)).isDirectory();
      return { link: isDir ? 'dir' : 'file', dirLike: isDir };
    } catch (err) {
      if (err instanceof AkiraError && err.code === 'forbidden') return { link: 'outside', dirLike: false };
      return { link: 'broken', dirLike: false };
    }
  }

  const feedFolder = options.changeFeed?.alwaysWatch;
  function onRawChanges(raw: RawChange[]) {
    const changes: FileChange[] = [];
    for (const { abs, kind } of raw) {
      if (feedFolder && (abs === feedFolder || abs.startsWith(feedFolder + sep))) continue; // the feed's cookies
      // Folders on the way to it are watched even when ignored; then they are not news either.
      if (feedFolder?.startsWith(abs + sep) && rules.isIgnoredSync(abs, true)) continue;
      snapshots.delete(dirname(abs));
      if (basename(abs) === '.gitignore') rules.invalidate(dirname(abs));
      try {
        const path = toRelative(root, abs);
        if (path) changes.push({ path, kind });
      } catch {
        // outside the root (cannot happen with real paths, but never report it)
      }
    }
    if (changes.length) emit('workspace.onChanged', { changes });
  }

  /** Too many changes to list (a storm): one event that tells clients to reload what they show. */
  function onOverflow() {
    snapshots.clear();
    emit('workspace.onChanged', { changes: [], refresh: true });
  }

  const watcher: FileWatcher | null =
    options.watch === false
      ? null
      : createFileWatcher({
          root,
          isIgnored: (abs, isDir) => rules.isIgnoredSync(abs, isDir),
          invalidateRules: (dir) => rules.invalidate(dir),
          visibleEntries: async (dir) => visibleEntriesOf(dir, await rules.forDir(dir)),
          onChanges: onRawChanges,
          onOverflow,
          onError: (err) => console.warn('akira: file watcher:', (err as Error)?.message ?? err),
          ...options.changeFeed,
          ...options.watcher,
        });

  /** Reads, filters, classifies and sorts a folder's entries. */
  async function readSnapshot(dir: string, ignored: NameMatcher, stamp: string): Promise<Snapshot> {
    const dirents = await readdir(dir, { withFileTypes: true });
    const items = await mapLimit(
      dirents.filter((d) => d.name !== '.git' && !ignored(d.name, d.isDirectory())),
      32,
      async (d): Promise<Item> => {
        if (d.isDirectory()) return { name: d.name, kind: 'dir', dirLike: true };
        if (d.isSymbolicLink()) return { name: d.name, kind: 'symlink', ...(await classifyLink(join(dir, d.name))) };
        return { name: d.name, kind: 'file', dirLike: false };
      },
    );
    items.sort(compareItems);
    return { stamp, items, direntCount: dirents.length };
  }

  async function list(params: Partial<ListParams>): Promise<ListResult> {
    const requested = params.path ?? '';
    const offset = params.offset ?? 0;
    const limit = params.limit ?? 500;
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1) {
      throw new AkiraError('bad_request', fileErrors.badPage);
    }
    const dir = await resolveInside(root, requested, { mustExist: true });
    const dirStats = await stat(dir);
    if (!dirStats.isDirectory()) throw new AkiraError('bad_request', fileErrors.notFolder(requested));
    const path = shownPath(requested, dir);
    const ignored = await rules.forDir(dir);
    const stamp = `${dirStats.mtimeMs}:${dirStats.ino}|${ignored.stamp}`;
    // The first page is always read afresh; later pages reuse it while nothing changed (fast, consistent paging).
    const cached = offset > 0 ? snapshots.get(dir) : undefined;
    const snapshot = cached?.stamp === stamp ? cached : await readSnapshot(dir, ignored, stamp);
    snapshots.delete(dir);
    snapshots.set(dir, snapshot);
    if (snapshots.size > SNAPSHOTS) snapshots.delete(snapshots.keys().next().value!);
    watcher?.watchDir(dir, snapshot.direntCount);

    const { items } = snapshot;
    const page = items.slice(offset, offset + limit);
    const entries = await mapLimit(page, 64, async (item): Promise<FileEntry> => {
      const entry: FileEntry = { name: item.name, path: path ? `${path}/${item.name}` : item.name, kind: item.kind };
      if (item.link) entry.link = item.link;
      if (item.kind === 'file') {
        const size = await stat(join(dir, item.name)).then((s) => s.size, () => undefined);
        if (size !== undefined) entry.size = size;
      }
      return entry;
    });
    const end = offset + page.length;
    return { path, entries, total: items.length, nextOffset: end < items.length ? end : null };
  }

  async function read(params: ReadParams): Promise<ReadResult> {
    const requested = params.path;
    const real = await resolveInside(root, requested, { mustExist: true });
    const path = shownPath(requested, real);
    // Read through the descriptor that was checked to be inside (a folder swapped for a link since is refused).
    const file = await readConfined(root, real, {
      limit: readLimit,
      check: (stats) => {
        if (stats.isDirectory()) throw new AkiraError('bad_request', fileErrors.isFolder(requested));
        if (!stats.isFile()) throw new AkiraError('bad_request', fileErrors.notRegularFile(requested));
      },
    });
    if (!file) throw new AkiraError('not_found', fileErrors.notFound(requested));
    const { bytes: data, stats } = file;
    const truncated = stats.size > data.length;
    const binary = data.subarray(0, BINARY_SNIFF).includes(0);
    // stream: true drops a multi-byte character cut in half by the limit instead of mangling it.
    const content = binary ? '' : new TextDecoder('utf-8').decode(data, { stream: truncated });
    return { path, size: stats.size, binary, truncated, content, hash: truncated ? null : sha256(data) };
  }

  /** What is at `real` now: its permissions, and the hash of its bytes when `hash` asks (null: nothing there). */
  async function existing(real: string, requested: string, hash: boolean): Promise<{ mode: number; hash: string | null } | null> {
    const check = (stats: { isDirectory(): boolean; isFile(): boolean }) => {
      if (stats.isDirectory()) throw new AkiraError('bad_request', fileErrors.isFolder(requested));
      if (!stats.isFile()) throw new AkiraError('bad_request', fileErrors.notRegularFile(requested));
    };
    if (hash) {
      const file = await readConfined(root, real, { check });
      return file && { mode: file.stats.mode & 0o7777, hash: sha256(file.bytes) };
    }
    const opened = await openConfined(root, real);
    if (!opened) return null;
    try {
      check(opened.stats);
      return { mode: opened.stats.mode & 0o7777, hash: null };
    } finally {
      await opened.handle.close();
    }
  }

  async function write(params: WriteParams): Promise<WriteResult> {
    const requested = params.path;
    if (isInsideDotGit(requested)) throw new AkiraError('forbidden', fileErrors.insideDotGit(requested));
    const { real, exists } = await resolveInsideEx(root, requested);
    const path = shownPath(requested, real);
    if (isInsideDotGit(path) || isInsideDotGit(toRelative(root, real))) {
      throw new AkiraError('forbidden', fileErrors.leadsIntoDotGit(requested));
    }
    const checked = params.expectedHash !== undefined;
    const now = exists ? await existing(real, requested, checked) : null;
    if (checked) {
      const currentHash = now?.hash ?? null;
      if (currentHash !== params.expectedHash) {
        const words = params.expectedHash === null ? fileErrors.saveConflictExists : currentHash === null ? fileErrors.saveConflictDeleted : fileErrors.saveConflictChanged;
        throw new AkiraError('conflict', words(path), { currentHash });
      }
    }
    const bytes = Buffer.from(params.content, 'utf8');
    await writeConfined(root, real, bytes, now?.mode);
    return { path, hash: sha256(bytes), size: bytes.length };
  }

  return {
    root,
    list,
    read,
    write,
    watching: async () => watcher?.settled(),
    watcherStats: () => watcher?.stats() ?? null,
    dispose: async () => watcher?.dispose(),
  };
}
