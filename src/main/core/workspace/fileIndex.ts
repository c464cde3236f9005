import { spawn } from 'node:child_process';
import { lstat, readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileChange } from '../../../shared/contract/workspace';
import { rankFiles, type RankEntry, type RankedEntry } from '../../../shared/fuzzyMatch';
import { createGitignoreRules, type GitignoreRules } from './gitignoreRules';

/**
 * The workspace's files (and folders) for the fuzzy file finder (`context.findFiles`: @-mention completion,
 * quick open), listed once and kept up to date from the watcher's changes. Ranking is src/shared/fuzzyMatch.ts.
 *
 * - **Listing**: lazily, on the first `find`; finds that come meanwhile share that one listing. With ripgrep on
 *   the PATH (`rg --files --hidden`, an argument array, never a shell; `.ignore` files and the global excludes
 *   file not read, `.gitignore` read also outside a git repository, none above the workspace then), else a
 *   breadth-first walk in Node. Either way what the workspace tree shows is what is listed: `.gitignore` files
 *   as `gitignoreRules.ts` reads them (ripgrep's files inside a nested repository are tested against those rules
 *   again: ripgrep reads only that repository's own rules there), `.git` (anywhere) and Akira's own data at the root
 *   (`SKIPPED_DIRS`: sessions, checkpoints, cookies) left out, symbolic links never listed nor followed (so none
 *   leads outside). Only regular files are listed; a folder is listed when it holds a listed file. The paths
 *   are sorted, so both listers give the same index. Differences: ripgrep also honours `.rgignore` files, and a
 *   nested repository's `.git/info/exclude`.
 * - **Limit**: at most `maxFiles` files (default 200,000); beyond, the listing stops and `truncated` is true
 *   (which files made it in is then ripgrep's walking order).
 * - **Updates**: `invalidate(changes)` takes the watcher's batched changes (`workspace.onChanged`) and updates
 *   the index without listing again: an unlink or unlinkDir removes, an add, change or addDir is checked on disk
 *   (lstat: a regular file under no symbolic link, not ignored, folders walked) before it is added. A change to a
 *   `.gitignore`, or a batch of more than `MAX_BATCH` changes, drops the index instead, as `invalidate()` with no
 *   argument does: the next find lists again. Changes that come before the first listing are not needed and
 *   are ignored; during it, they are applied after it. A find waits for the updates handed over before it.
 * - **Empty query**: the files most recently added or changed through `invalidate` (at most `RECENT_FILES`,
 *   newest first), then `rankFiles`'s order (shallowest, shortest first).
 */

export const DEFAULT_MAX_FILES = 200_000;
/** Akira's own data at the workspace root: never listed. */
export const SKIPPED_DIRS: readonly string[] = ['.akira/sessions', '.akira/checkpoints', '.akira/cookies'];
/** Larger batches of changes drop the index (listing again is cheaper than checking each on disk). */
export const MAX_BATCH = 2_000;
export const RECENT_FILES = 20;
const WALK_CONCURRENCY = 8;

export interface FileIndexOptions {
  /** The workspace's real path. */
  root: string;
  maxFiles?: number;
  /** The ripgrep binary ('rg', looked up on the PATH), or false for the walk in Node. */
  ripgrep?: string | false;
}

export interface FindOptions {
  /** Most items answered (default 50). */
  limit?: number;
  /** Folders too (default: files only). */
  folders?: boolean;
}

export interface FindResult {
  items: RankedEntry[];
  /** Files and folders the index holds. */
  indexed: number;
  /** The listing stopped at `maxFiles`. */
  truncated: boolean;
}

export interface FileIndexStats {
  state: 'empty' | 'listing' | 'ready';
  /** Who listed the files: ripgrep, or the walk in Node (ripgrep missing, failed, or turned off). */
  lister: 'ripgrep' | 'node' | null;
  files: number;
  folders: number;
  truncated: boolean;
}

export interface FileIndex {
  find(query: string, options?: FindOptions): Promise<FindResult>;
  /** Applies the watcher's changes; with no argument, drops the index (listed again on the next find). */
  invalidate(changes?: readonly FileChange[]): void;
  stats(): FileIndexStats;
  dispose(): void;
}

interface Folder {
  entry: RankEntry;
  /** Listed files below it (at any depth). */
  count: number;
}

interface State {
  rules: GitignoreRules;
  realRoot: string;
  lister: 'ripgrep' | 'node';
  files: Map<string, RankEntry>;
  folders: Map<string, Folder>;
  truncated: boolean;
  /** Files added or changed through invalidate, newest first. */
  recent: string[];
  /** Ranking inputs, rebuilt after a change. */
  cache: { files: RankEntry[]; all: RankEntry[] } | null;
  /** Folders known to be visible (not ignored, no symbolic link on the way), by workspace-relative path. */
  visibleDirs: Map<string, boolean>;
}

interface Generation {
  abort: AbortController;
  /** Dropped by invalidate() or dispose() (a find waiting for its listing goes on with the next one). */
  dropped: boolean;
  ready: Promise<State>;
  state: State | null;
  updates: Promise<void>;
}

interface Listing {
  files: string[];
  truncated: boolean;
}

/** `.git` anywhere, or Akira's own data at the root. */
function isSkipped(rel: string): boolean {
  if (rel === '.git' || rel.startsWith('.git/') || rel.includes('/.git/') || rel.endsWith('/.git')) return true;
  return SKIPPED_DIRS.some((d) => rel === d || rel.startsWith(`${d}/`));
}

/** A watcher's path as the index names it, or null when it is not one (empty, absolute, with `.` or `..`). */
function normalize(path: string): string | null {
  const rel = path.replace(/\/+$/, '');
  if (!rel || rel.startsWith('/') || rel.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
  return rel;
}

const isRulesFile = (rel: string) => rel === '.gitignore' || rel.endsWith('/.gitignore');

/** Breadth-first walk in Node from `startRel` (a visible folder): visible regular files, at most `budget`. */
async function walkInNode(root: string, rules: GitignoreRules, startRel: string, budget: number, signal: AbortSignal): Promise<Listing> {
  const files: string[] = [];
  let truncated = false;
  const queue = [startRel];
  const readFolder = async (rel: string) => {
    const abs = rel ? join(root, rel) : root;
    const dirents = await readdir(abs, { withFileTypes: true }).catch(() => []);
    if (!dirents.length) return;
    const ignored = await rules.forDir(abs);
    for (const d of dirents) {
      if (d.name === '.git') continue;
      const child = rel ? `${rel}/${d.name}` : d.name;
      const isDir = d.isDirectory();
      if ((!isDir && !d.isFile()) || isSkipped(child) || ignored(d.name, isDir)) continue;
      if (isDir) queue.push(child);
      else if (files.length >= budget) truncated = true;
      else files.push(child);
    }
  };
  await new Promise<void>((resolve) => {
    let active = 0;
    const pump = () => {
      while (active < WALK_CONCURRENCY && queue.length && !truncated && !signal.aborted) {
        active++;
        readFolder(queue.shift()!)
          .catch(() => {}) // a folder that cannot be read (permissions) or is gone: left out
          .finally(() => {
            active--;
            pump();
          });
      }
      if (active === 0) resolve();
    };
    pump();
  });
  return { files, truncated };
}

/** `rg --files` (see the module doc); null when ripgrep is missing or failed without answering. */
function listWithRipgrep(rg: string, root: string, noParentRules: boolean, maxFiles: number, signal: AbortSignal): Promise<Listing | null> {
  const args = ['--files', '--hidden', '--null', '--no-config', '--no-messages', '--no-ignore-dot', '--no-ignore-global', '--no-require-git',
    ...(noParentRules ? ['--no-ignore-parent'] : []), '--glob', '!.git', ...SKIPPED_DIRS.flatMap((d) => ['--glob', `!/${d}`])];
  return new Promise((resolve) => {
    const files: string[] = [];
    let rest = '';
    let done = false;
    const child = spawn(rg, args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
    const finish = (listing: Listing | null) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill();
      resolve(listing);
    };
    const onAbort = () => finish(null);
    const take = (path: string) => {
      if (!path) return;
      if (files.length >= maxFiles) return finish({ files, truncated: true });
      files.push(process.platform === 'win32' ? path.replace(/\\/g, '/') : path);
    };
    signal.addEventListener('abort', onAbort);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const paths = (rest + chunk).split('\0');
      rest = paths.pop()!;
      for (const path of paths) if (!done) take(path);
    });
    child.on('error', () => finish(null));
    child.on('close', (code) => {
      if (done) return;
      take(rest);
      // 1: no files; 2: some folder could not be read (what was listed stands) or bad arguments (nothing listed).
      finish(code === 0 || code === 1 || files.length ? { files, truncated: false } : null);
    });
  });
}

/** The folders that hold the listed files (every ancestor), without the root. */
function foldersOf(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const rel of files) {
    for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) {
      const dir = rel.slice(0, i);
      if (folders.has(dir)) break;
      folders.add(dir);
    }
  }
  return folders;
}

/**
 * ripgrep's files less those the workspace's rules ignore inside nested repositories (folders holding a `.git`),
 * where ripgrep reads only that repository's own rules. Elsewhere ripgrep applies the same rules (testing every
 * path again would cost more than the listing).
 */
async function withinNestedRules(root: string, rules: GitignoreRules, files: string[]): Promise<string[]> {
  const folders = [...foldersOf(files)];
  const nested: string[] = [];
  for (let i = 0; i < folders.length; i += 64) {
    const batch = folders.slice(i, i + 64);
    const found = await Promise.all(batch.map((dir) => lstat(join(root, dir, '.git')).then(() => true, () => false)));
    batch.forEach((dir, k) => found[k] && nested.push(`${dir}/`));
  }
  if (!nested.length) return files;
  return files.filter((rel) => !nested.some((dir) => rel.startsWith(dir)) || !rules.isIgnoredSync(join(root, rel), false));
}

export function createFileIndex(options: FileIndexOptions): FileIndex {
  const { root } = options;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const ripgrep = options.ripgrep === undefined ? 'rg' : options.ripgrep;
  let current: Generation | null = null;
  let disposed = false;

  function addFile(state: State, rel: string): boolean {
    if (state.files.has(rel)) return true;
    if (state.files.size >= maxFiles) {
      state.truncated = true;
      return false;
    }
    state.files.set(rel, { path: rel, kind: 'file' });
    for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) {
      const dir = rel.slice(0, i);
      const folder = state.folders.get(dir);
      if (folder) folder.count++;
      else state.folders.set(dir, { entry: { path: dir, kind: 'folder' }, count: 1 });
    }
    state.cache = null;
    return true;
  }

  function removeFile(state: State, rel: string): void {
    if (!state.files.delete(rel)) return;
    for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) {
      const dir = rel.slice(0, i);
      const folder = state.folders.get(dir);
      if (folder && --folder.count <= 0) state.folders.delete(dir);
    }
    state.cache = null;
  }

  function removeTree(state: State, rel: string): void {
    const prefix = `${rel}/`;
    if (!state.folders.has(rel)) return;
    for (const path of [...state.files.keys()]) if (path.startsWith(prefix)) removeFile(state, path);
  }

  function touch(state: State, rel: string): void {
    const at = state.recent.indexOf(rel);
    if (at >= 0) state.recent.splice(at, 1);
    state.recent.unshift(rel);
    if (state.recent.length > RECENT_FILES) state.recent.pop();
  }

  /** Every folder from the root down to `rel` (a folder) is a real folder the listing would enter. */
  async function dirVisible(state: State, rel: string): Promise<boolean> {
    if (rel === '') return true;
    const known = state.visibleDirs.get(rel);
    if (known !== undefined) return known;
    const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    let visible = (await dirVisible(state, parent)) && !state.rules.isIgnoredSync(join(root, rel), true);
    if (visible) {
      // No symbolic link on the way (the listing follows none).
      const real = await realpath(join(root, rel)).catch(() => null);
      visible = real === join(state.realRoot, rel);
    }
    if (state.visibleDirs.size >= 10_000) state.visibleDirs.clear();
    state.visibleDirs.set(rel, visible);
    return visible;
  }

  /** Checks `rel` on disk and updates the index to match (an add, change or addDir). */
  async function refresh(state: State, rel: string, signal: AbortSignal): Promise<void> {
    const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    state.visibleDirs.delete(rel);
    const stats = await lstat(join(root, rel)).catch(() => null);
    const parentVisible = stats ? await dirVisible(state, parent) : false;
    if (!stats || !parentVisible) {
      removeFile(state, rel);
      removeTree(state, rel);
      return;
    }
    if (stats.isFile()) {
      removeTree(state, rel);
      if (!state.rules.isIgnoredSync(join(root, rel), false) && addFile(state, rel)) touch(state, rel);
      else removeFile(state, rel);
      return;
    }
    removeFile(state, rel);
    if (!stats.isDirectory() || !(await dirVisible(state, rel))) {
      removeTree(state, rel);
      return;
    }
    const listing = await walkInNode(root, state.rules, rel, maxFiles, signal);
    if (listing.truncated) state.truncated = true;
    for (const path of listing.files) addFile(state, path);
  }

  async function apply(state: State, changes: readonly FileChange[], signal: AbortSignal): Promise<void> {
    for (const change of changes) {
      if (signal.aborted) return;
      const rel = normalize(change.path);
      if (!rel || isSkipped(rel)) continue;
      if (change.kind === 'unlink') removeFile(state, rel);
      else if (change.kind === 'unlinkDir') {
        removeTree(state, rel);
        state.visibleDirs.clear(); // a folder of the same name may come back as something else
      }
      else if (change.kind !== 'addDir' && state.files.has(rel)) touch(state, rel);
      else await refresh(state, rel, signal);
    }
  }

  async function list(signal: AbortSignal): Promise<State> {
    const rules = await createGitignoreRules(root);
    const realRoot = await realpath(root);
    let lister: State['lister'] = 'node';
    // The rules start at the root (it is the repository's top, or in none): ripgrep must read no .gitignore above it.
    let listing = ripgrep ? await listWithRipgrep(ripgrep, root, rules.base === root, maxFiles, signal) : null;
    if (listing) {
      lister = 'ripgrep';
      listing.files = await withinNestedRules(root, rules, listing.files);
    } else {
      listing = await walkInNode(root, rules, '', maxFiles, signal);
    }
    if (signal.aborted) throw new Error('The file index was disposed.');
    const state: State = {
      rules,
      realRoot,
      lister,
      files: new Map(),
      folders: new Map(),
      truncated: listing.truncated,
      recent: [],
      cache: null,
      visibleDirs: new Map(),
    };
    for (const rel of listing.files.sort()) addFile(state, rel);
    return state;
  }

  function start(): Generation {
    const abort = new AbortController();
    const generation: Generation = { abort, dropped: false, ready: null!, state: null, updates: Promise.resolve() };
    generation.ready = list(abort.signal).then((state) => (generation.state = state));
    // A listing that failed is forgotten: the next find lists again.
    generation.ready.catch(() => {
      if (current === generation) current = null;
    });
    current = generation;
    return generation;
  }

  function drop(): void {
    if (current) {
      current.dropped = true;
      current.abort.abort();
    }
    current = null;
  }

  function entries(state: State, folders: boolean): RankEntry[] {
    if (!state.cache) {
      const files = [...state.files.values()];
      state.cache = { files, all: files.concat(Array.from(state.folders.values(), (f) => f.entry)) };
    }
    return folders ? state.cache.all : state.cache.files;
  }

  return {
    async find(query, findOptions = {}) {
      if (disposed) throw new Error('The file index was disposed.');
      const limit = findOptions.limit ?? 50;
      const folders = findOptions.folders ?? false;
      let generation = current ?? start();
      let state: State;
      for (;;) {
        try {
          state = await generation.ready;
          break;
        } catch (err) {
          if (disposed || !generation.dropped) throw err;
          generation = current ?? start(); // invalidated while listing: the next listing answers
        }
      }
      for (let updates = generation.updates; ; updates = generation.updates) {
        await updates;
        if (updates === generation.updates) break;
      }
      const all = entries(state, folders);
      let items: RankedEntry[];
      if (query.trim()) {
        items = rankFiles(query, all, limit);
      } else {
        const recent = state.recent.filter((rel) => state.files.has(rel)).slice(0, limit);
        const shown = new Set(recent);
        const rest = rankFiles('', all, limit + recent.length).filter((item) => !shown.has(item.path));
        items = [...recent.map((path) => ({ path, kind: 'file' as const, score: 0, positions: [] })), ...rest].slice(0, limit);
      }
      return { items, indexed: state.files.size + state.folders.size, truncated: state.truncated };
    },

    invalidate(changes) {
      if (!changes || changes.length > MAX_BATCH || changes.some((c) => isRulesFile(c.path))) return drop();
      const generation = current;
      if (!generation || !changes.length) return;
      const batch = [...changes];
      generation.updates = generation.updates
        .then(() => generation.ready)
        .then((state) => apply(state, batch, generation.abort.signal))
        .catch(() => {}); // the listing failed (the next find lists again) or a path vanished meanwhile
    },

    stats() {
      const state = current?.state;
      return {
        state: !current ? 'empty' : state ? 'ready' : 'listing',
        lister: state?.lister ?? null,
        files: state?.files.size ?? 0,
        folders: state?.folders.size ?? 0,
        truncated: state?.truncated ?? false,
      };
    },

    dispose() {
      disposed = true;
      drop();
    },
  };
}
