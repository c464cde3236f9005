import { appendFileSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { writeFileAtomic } from '../../common/atomicWrite';
import type { GitMode, ScanEntry } from './scanner';

/**
 * The persistent stat cache: for every file of one snapshot tree (the tree `tree`), the stat data
 * seen when it was hashed and its blob id, so the next checkpoint hashes only new or changed files.
 *
 * On disk: `statcache` (a base: header line, then one line per entry) and `statcache.log` (batches of
 * changes appended after each checkpoint, each closed by `#tree <tree sha>`; an unclosed batch, e.g. after
 * a crash, is ignored, so the cache always describes a complete snapshot). The log is folded into the
 * base when it grows past half the base. Lines: `path \t size \t mtimeMs \t ctimeMs \t ino \t mode(octal)
 * \t oid \t racy(0|1)`, or `-\t path` for a removal; a path with a tab, newline, backslash or leading
 * quote is written as a JSON string.
 *
 * "Racy" entries were modified so close to the scan that a later write could keep the same stat data
 * (timestamp granularity); they are re-hashed by the next scan whatever their stat says.
 */

export interface CacheEntry extends ScanEntry {
  oid: string;
  racy: boolean;
}

/** How close (ms) to the scan start a modification makes an entry racy (covers 2 s FAT/SMB stamps). */
export const RACY_WINDOW_MS = 2000;

export interface StatCache {
  /** The snapshot tree the entries describe; null when empty. */
  readonly tree: string | null;
  readonly entries: ReadonlyMap<string, CacheEntry>;
  /** True when the stat data still describes the file recorded (same size, times, inode, mode). */
  matches(path: string, entry: ScanEntry): boolean;
  /** Records a snapshot's changes (set and removed paths) as the new state for `tree`, on disk too. */
  commitChanges(tree: string, set: Map<string, CacheEntry>, removed: Iterable<string>): Promise<void>;
  /** Replaces everything (rebuilds from a tree listing). */
  replaceAll(tree: string | null, entries: Map<string, CacheEntry>): Promise<void>;
  /** Reloads from disk when another process changed the files since we last read or wrote them. */
  refresh(): Promise<void>;
  /** The entries grouped by folder ('' = root) then name, kept up to date (built on first use). */
  byDir(): ReadonlyMap<string, ReadonlyMap<string, CacheEntry>>;
  /** Changes whenever byDir's paths or their order change (a path added or removed, a reload). */
  readonly generation: number;
  /** Paths whose entries changed in place since the generation last changed, oldest first (stat pool). */
  readonly touched: readonly string[];
}

function splitPath(path: string): [string, string] {
  const i = path.lastIndexOf('/');
  return i === -1 ? ['', path] : [path.slice(0, i), path.slice(i + 1)];
}

function encodePath(path: string): string {
  return /[\t\n\\]/.test(path) || path.startsWith('"') ? JSON.stringify(path) : path;
}

function decodePath(text: string): string {
  return text.startsWith('"') ? (JSON.parse(text) as string) : text;
}

function line(path: string, e: CacheEntry): string {
  return `${encodePath(path)}\t${e.size}\t${e.mtimeMs}\t${e.ctimeMs}\t${e.ino}\t${e.mode.toString(8)}\t${e.oid}\t${e.racy ? 1 : 0}\n`;
}

function parseEntry(fields: string[]): CacheEntry | null {
  if (fields.length !== 8) return null;
  const mode = parseInt(fields[5], 8) as GitMode;
  return {
    size: Number(fields[1]),
    mtimeMs: Number(fields[2]),
    ctimeMs: Number(fields[3]),
    ino: Number(fields[4]),
    mode,
    oid: fields[6],
    racy: fields[7] === '1',
  };
}

interface Loaded {
  tree: string | null;
  entries: Map<string, CacheEntry>;
  baseBytes: number;
  logBytes: number;
  /** The log ends with an unclosed batch (a crash): the next write folds everything into the base. */
  tornTail: boolean;
}

async function load(basePath: string, logPath: string): Promise<Loaded> {
  const entries = new Map<string, CacheEntry>();
  let tree: string | null = null;
  const base = await readFile(basePath, 'utf8').catch(() => '');
  const lines = base.split('\n');
  const header = /^#akira-statcache v1 tree=([0-9a-f]{40}|none)$/.exec(lines[0] ?? '');
  if (header) {
    tree = header[1] === 'none' ? null : header[1];
    let sliceStart = performance.now();
    for (let i = 1; i < lines.length; i++) {
      if ((i & 4095) === 0 && performance.now() - sliceStart > 8) {
        await new Promise((r) => setImmediate(r)); // a big cache has 100k+ lines: keep the loop turning
        sliceStart = performance.now();
      }
      if (!lines[i]) continue;
      const fields = lines[i].split('\t');
      const e = parseEntry(fields);
      if (e) entries.set(decodePath(fields[0]), e);
    }
  }
  const log = header ? await readFile(logPath, 'utf8').catch(() => '') : '';
  let pendingSet: [string, CacheEntry][] = [];
  let pendingDel: string[] = [];
  for (const text of log.split('\n')) {
    if (!text) continue;
    if (text.startsWith('#tree ')) {
      for (const p of pendingDel) entries.delete(p);
      for (const [p, e] of pendingSet) entries.set(p, e);
      tree = text.slice(6);
      pendingSet = [];
      pendingDel = [];
      continue;
    }
    const fields = text.split('\t');
    if (fields[0] === '-' && fields.length === 2) {
      pendingDel.push(decodePath(fields[1]));
      continue;
    }
    const e = parseEntry(fields);
    if (e) pendingSet.push([decodePath(fields[0]), e]);
  }
  const tornTail = log.length > 0 && (pendingSet.length > 0 || pendingDel.length > 0 || !log.endsWith('\n'));
  return { tree, entries, baseBytes: Buffer.byteLength(base), logBytes: Buffer.byteLength(log), tornTail };
}

/** Synchronous: two of these run before every operation (a few µs, no thread-pool round trip). */
function stampOf(path: string): string {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    return st ? `${st.size}:${st.mtimeMs}:${st.ino}` : 'none';
  } catch {
    return 'none';
  }
}

export async function openStatCache(basePath: string, logPath: string): Promise<StatCache> {
  // Stamped before reading: a change made while it reads (by a process holding the store lock, when
  // this one opens without it) shows at the next refresh.
  let stamp = `${stampOf(basePath)}|${stampOf(logPath)}`;
  let state = await load(basePath, logPath);

  function restamp() {
    stamp = `${stampOf(basePath)}|${stampOf(logPath)}`;
  }

  let dirIndex: Map<string, Map<string, CacheEntry>> | null = null;
  let generation = 0;
  let touched: string[] = [];
  function nextGeneration() {
    generation++;
    touched = [];
  }

  function indexSet(path: string, e: CacheEntry) {
    if (!dirIndex) return;
    const [dir, name] = splitPath(path);
    let m = dirIndex.get(dir);
    if (!m) dirIndex.set(dir, (m = new Map()));
    m.set(name, e);
  }

  function indexDelete(path: string) {
    if (!dirIndex) return;
    const [dir, name] = splitPath(path);
    const m = dirIndex.get(dir);
    if (m?.delete(name) && m.size === 0) dirIndex.delete(dir);
  }

  async function writeBase(tree: string | null, entries: Map<string, CacheEntry>) {
    // Built in slices (a big tree has 100k+ lines) so the event loop keeps turning.
    const chunks: string[] = [`#akira-statcache v1 tree=${tree ?? 'none'}\n`];
    let parts: string[] = [];
    let sliceStart = performance.now();
    for (const [p, e] of entries) {
      parts.push(line(p, e));
      if ((parts.length & 1023) === 0 && performance.now() - sliceStart > 8) {
        chunks.push(parts.join(''));
        parts = [];
        await new Promise((r) => setImmediate(r));
        sliceStart = performance.now();
      }
    }
    chunks.push(parts.join(''));
    const bytes = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    await writeFileAtomic(basePath, chunks);
    await rm(logPath, { force: true });
    state = { tree, entries, baseBytes: bytes, logBytes: 0, tornTail: false };
  }

  return {
    get tree() {
      return state.tree;
    },
    get entries() {
      return state.entries;
    },
    matches(path, s) {
      const e = state.entries.get(path);
      return (
        !!e &&
        !e.racy &&
        e.size === s.size &&
        e.mtimeMs === s.mtimeMs &&
        e.ctimeMs === s.ctimeMs &&
        e.ino === s.ino &&
        e.mode === s.mode
      );
    },
    async commitChanges(tree, set, removed) {
      const fold = state.baseBytes === 0 || state.tornTail || state.logBytes > state.baseBytes / 2 + 65536 || set.size > 50_000;
      const parts: string[] = [];
      let sliceStart = performance.now();
      let n = 0;
      const breathe = async () => {
        if ((++n & 1023) === 0 && performance.now() - sliceStart > 8) {
          await new Promise((r) => setImmediate(r));
          sliceStart = performance.now();
        }
      };
      for (const p of removed) {
        if (state.entries.delete(p)) {
          nextGeneration();
          if (!fold) parts.push(`-\t${encodePath(p)}\n`);
        }
        indexDelete(p);
        await breathe();
      }
      for (const [p, e] of set) {
        const old = state.entries.get(p);
        if (!old) nextGeneration();
        // A re-hashed (racy) file whose entry did not change needs no log line.
        const same = !!old && old.oid === e.oid && old.racy === e.racy && old.size === e.size && old.mtimeMs === e.mtimeMs && old.ctimeMs === e.ctimeMs && old.ino === e.ino && old.mode === e.mode;
        state.entries.set(p, e);
        indexSet(p, e);
        if (old && !same) touched.push(p);
        if (!fold && !same) parts.push(line(p, e));
        await breathe();
      }
      state.tree = tree;
      if (fold) {
        await writeBase(tree, state.entries);
      } else {
        parts.push(`#tree ${tree}\n`);
        const text = parts.join('');
        appendFileSync(logPath, text);
        state.logBytes += Buffer.byteLength(text);
      }
      restamp();
    },
    async replaceAll(tree, entries) {
      dirIndex = null;
      nextGeneration();
      await writeBase(tree, entries);
      restamp();
    },
    async refresh() {
      const now = `${stampOf(basePath)}|${stampOf(logPath)}`;
      if (now === stamp) return;
      state = await load(basePath, logPath);
      dirIndex = null;
      nextGeneration();
      stamp = now;
    },
    get generation() {
      return generation;
    },
    get touched() {
      return touched;
    },
    byDir() {
      if (!dirIndex) {
        nextGeneration();
        dirIndex = new Map();
        for (const [p, e] of state.entries) indexSet(p, e);
      }
      return dirIndex;
    },
  };
}
