import { lstat, lstatSync, readdirSync, readlink, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import type { GitignoreRules, NameMatcher } from '../workspace/gitignoreRules';
import { unsupportedName, type Exclusions } from './exclusions';
import { STRIDE, type StatPool } from './statPool';

/**
 * The workspace walker: which files a checkpoint captures, with the stat data that lets the stat
 * cache skip unchanged files. One `readdir(withFileTypes)` per folder and one `lstat` per file (no
 * realpath, no reads); `.git` entries are never opened (so nested repositories' `.git` folders are
 * skipped while their other files are captured as plain files); symbolic links are recorded as links,
 * never followed. Yields to the event loop regularly.
 *
 * .gitignore semantics come from `GitignoreRules`: `forDir` is called only for the root of a walk and
 * for folders that hold a `.gitignore` file; other folders test their entries with the nearest such
 * matcher using a multi-segment relative name (the rules are relative to their own folder).
 */

export type GitMode = 0o100644 | 0o100755 | 0o120000;

export interface ScanEntry {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  mode: GitMode;
}

export type SkipReason = 'too_large' | 'unsupported_name' | 'unreadable';

export interface SkippedFile {
  path: string;
  size: number;
  reason: SkipReason;
}

export interface ScanOptions {
  root: string;
  rules: GitignoreRules;
  exclusions: Exclusions;
  maxFileBytes: number;
  /** Called every few thousand entries with the number of files seen so far. */
  onProgress?(filesSeen: number): void;
  /** Worker threads that lstat known files while the walk goes on (optional). */
  statPool?: StatPool;
}

/** Known state of an earlier walk, so a full walk reports only what changed (see walkTree). */
export interface WalkBaseline {
  /** The stat cache grouped by folder, then name. */
  byDir: ReadonlyMap<string, ReadonlyMap<string, ScanEntry & { racy: boolean }>>;
  /** Folders the earlier walk entered (they were neither excluded nor ignored). */
  dirs: ReadonlySet<string>;
}

export interface ScanResult {
  /**
   * What the scan covers: `['']` for a full walk; otherwise workspace-relative paths (files or folders)
   * whose current state is in `files` (a cached path inside a scope that is not in `files` is gone).
   */
  scopes: string[];
  files: Map<string, ScanEntry>;
  skipped: SkippedFile[];
  /** Date.now() when the scan began (entries modified at or after it are "racy"). */
  startedAt: number;
  /** With a baseline: `files` holds only new or changed files, and these cached paths are gone. */
  removed?: string[];
  /** Folders entered, and the .gitignore files met (workspace-relative), by a full walk. */
  dirs?: Set<string>;
  gitignores?: string[];
}

const YIELD_EVERY = 2000;
/** Longest stretch of synchronous file-system work before yielding to the event loop. */
const SLICE_MS = 8;
/** Paths per batch handed to the stat pool. */
const POOL_BATCH = 2048;

export function gitModeOf(stats: Stats): GitMode | null {
  if (stats.isSymbolicLink()) return 0o120000;
  if (!stats.isFile()) return null;
  return stats.mode & 0o100 ? 0o100755 : 0o100644;
}

function lstatP(abs: string): Promise<Stats | null> {
  return new Promise((resolve) => lstat(abs, (err, st) => resolve(err ? null : st)));
}

export function readlinkP(abs: string): Promise<Buffer | null> {
  return new Promise((resolve) => readlink(abs, { encoding: 'buffer' }, (err, t) => resolve(err ? null : t)));
}

const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface DirTask {
  abs: string;
  rel: string;
  matcher: NameMatcher;
  /** Path of this folder relative to the matcher's folder ('' when the matcher is its own). */
  prefix: string;
}

function entryFromStats(st: Stats, mode: GitMode): ScanEntry {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, mode };
}

/** Adds a file (or link) to the result, or records why it is skipped. */
function record(out: ScanResult, rel: string, st: Stats | null, maxFileBytes: number): void {
  if (!st) return; // vanished between readdir and lstat
  const mode = gitModeOf(st);
  if (mode === null) return; // sockets, fifos, devices: not content
  if (mode !== 0o120000 && st.size > maxFileBytes) {
    out.skipped.push({ path: rel, size: st.size, reason: 'too_large' });
    return;
  }
  out.files.set(rel, entryFromStats(st, mode));
}

/**
 * Walks the folders below `startRels` (workspace-relative, '' = root), adding to `out`.
 * Synchronous readdir/lstat in short slices: a synchronous lstat costs a fraction of an asynchronous
 * one (no thread-pool round trip, no promise), and the slices keep the event loop responsive.
 * With a baseline (ignore rules unchanged since it was taken), names already known are neither
 * matched against the rules again nor recorded unless their stat data changed.
 */
async function walkInto(opts: ScanOptions, out: ScanResult, startRels: string[], baseline?: WalkBaseline): Promise<void> {
  const queue: DirTask[] = [];
  for (const rel of startRels) {
    const abs = rel ? join(opts.root, rel) : opts.root;
    queue.push({ abs, rel, matcher: await opts.rules.forDir(abs), prefix: '' });
  }
  const visited = new Set<string>();
  const removed: string[] = [];
  let seen = 0;
  // Known files are lstat'ed on the pool in batches while the walk reads more folders.
  type KnownRef = { dir: string; name: string; entry: ScanEntry & { racy: boolean } };
  let batchPaths: string[] = [];
  let batchRefs: KnownRef[] = [];
  const inflight: Promise<void>[] = [];
  const settle = (refs: KnownRef[], values: Float64Array) => {
    for (let k = 0; k < refs.length; k++) {
      const { dir, name, entry } = refs[k];
      const o = k * STRIDE;
      const found = values[o] === 1;
      const rawMode = values[o + 5];
      const type = rawMode & 0o170000;
      const mode: GitMode | null = type === 0o120000 ? 0o120000 : type === 0o100000 ? (rawMode & 0o100 ? 0o100755 : 0o100644) : null;
      if (
        found &&
        !entry.racy &&
        values[o + 1] === entry.size &&
        values[o + 2] === entry.mtimeMs &&
        values[o + 3] === entry.ctimeMs &&
        values[o + 4] === entry.ino &&
        mode === entry.mode
      ) {
        continue;
      }
      const rel = dir ? `${dir}/${name}` : name;
      if (!found || mode === null) {
        removed.push(rel);
      } else if (mode !== 0o120000 && values[o + 1] > opts.maxFileBytes) {
        out.skipped.push({ path: rel, size: values[o + 1], reason: 'too_large' });
        removed.push(rel);
      } else {
        out.files.set(rel, { size: values[o + 1], mtimeMs: values[o + 2], ctimeMs: values[o + 3], ino: values[o + 4], mode });
      }
    }
  };
  const flush = () => {
    if (!batchPaths.length || !opts.statPool) return;
    const refs = batchRefs;
    inflight.push(opts.statPool.stat(batchPaths).then((values) => settle(refs, values)));
    batchPaths = [];
    batchRefs = [];
  };
  let sliceStart = performance.now();
  while (queue.length) {
    const task = queue.pop()!;
    visited.add(task.rel);
    let dirents: Dirent[];
    try {
      dirents = readdirSync(task.abs, { withFileTypes: true });
    } catch {
      continue; // vanished or unreadable: nothing to capture below it (its known files are gone)
    }
    let matcher = task.matcher;
    let prefix = task.prefix;
    if (dirents.some((d) => d.name === '.gitignore')) {
      out.gitignores?.push(task.rel ? `${task.rel}/.gitignore` : '.gitignore');
      if (task.rel) {
        matcher = await opts.rules.forDir(task.abs);
        prefix = '';
      }
    }
    const known = baseline?.byDir.get(task.rel);
    let knownSeen = 0;
    const base = task.abs + sep;
    for (let i = 0; i < dirents.length; i++) {
      const d = dirents[i];
      const name = d.name;
      if (d.isDirectory()) {
        if (opts.exclusions.dir(name)) continue;
        const rel = task.rel ? `${task.rel}/${name}` : name;
        if (!baseline?.dirs.has(rel)) {
          if (unsupportedName(name)) {
            out.skipped.push({ path: rel, size: 0, reason: 'unsupported_name' });
            continue;
          }
          if (matcher(prefix ? `${prefix}/${name}` : name, true)) continue;
        }
        queue.push({ abs: base + name, rel, matcher, prefix: prefix ? `${prefix}/${name}` : name });
        continue;
      }
      if (!d.isFile() && !d.isSymbolicLink()) continue;
      const entry = known?.get(name);
      if (entry && opts.statPool) {
        knownSeen++;
        seen++;
        batchPaths.push(base + name);
        batchRefs.push({ dir: task.rel, name, entry });
        if (batchPaths.length >= POOL_BATCH) flush();
      } else if (entry) {
        knownSeen++;
        let st: Stats | undefined;
        try {
          st = lstatSync(base + name, { throwIfNoEntry: false });
        } catch {
          st = undefined;
        }
        seen++;
        if (
          st &&
          !entry.racy &&
          st.size === entry.size &&
          st.mtimeMs === entry.mtimeMs &&
          st.ctimeMs === entry.ctimeMs &&
          st.ino === entry.ino &&
          gitModeOf(st) === entry.mode
        ) {
          continue; // unchanged
        }
        const rel = task.rel ? `${task.rel}/${name}` : name;
        record(out, rel, st ?? null, opts.maxFileBytes);
        if (!out.files.has(rel)) removed.push(rel);
      } else {
        if (opts.exclusions.file(name)) continue;
        const rel = task.rel ? `${task.rel}/${name}` : name;
        if (unsupportedName(name)) {
          out.skipped.push({ path: rel, size: 0, reason: 'unsupported_name' });
          continue;
        }
        if (matcher(prefix ? `${prefix}/${name}` : name, false)) continue;
        let st: Stats | undefined;
        try {
          st = lstatSync(base + name, { throwIfNoEntry: false });
        } catch {
          st = undefined; // permission denied: not readable, not captured
        }
        record(out, rel, st ?? null, opts.maxFileBytes);
        seen++;
      }
      if ((i & 127) === 127 && performance.now() - sliceStart > SLICE_MS) {
        opts.onProgress?.(seen);
        await yieldLoop();
        sliceStart = performance.now();
      }
    }
    if (known && knownSeen < known.size) {
      // Known files that are no longer here as files (deleted, or replaced by a folder).
      const present = new Set(dirents.filter((d) => d.isFile() || d.isSymbolicLink()).map((d) => d.name));
      for (const name of known.keys()) if (!present.has(name)) removed.push(task.rel ? `${task.rel}/${name}` : name);
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      opts.onProgress?.(seen);
      await yieldLoop();
      sliceStart = performance.now();
    }
  }
  flush();
  await Promise.all(inflight);
  if (baseline) {
    // Known folders not entered this time (deleted, or replaced by a file or link): their files are gone.
    for (const [dir, names] of baseline.byDir) {
      if (visited.has(dir)) continue;
      for (const name of names.keys()) removed.push(dir ? `${dir}/${name}` : name);
    }
    out.removed = removed;
  }
  out.dirs = visited;
  opts.onProgress?.(seen);
}

/** A full walk of the workspace. */
export async function walkTree(opts: ScanOptions, baseline?: WalkBaseline): Promise<ScanResult> {
  const out: ScanResult = { scopes: [''], files: new Map(), skipped: [], startedAt: Date.now(), gitignores: [] };
  await walkInto(opts, out, [''], baseline);
  return out;
}

/** Stat data of the ignore files a walk met (and the repository's info/exclude): when it differs, rules changed. */
export function ignoreStamp(root: string, base: string, gitignores: string[]): string {
  const stampOf = (abs: string) => {
    try {
      const st = lstatSync(abs, { throwIfNoEntry: false });
      return st ? `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}` : '-';
    } catch {
      return '?';
    }
  };
  const parts = [...gitignores].sort().map((rel) => `${rel}=${stampOf(join(root, rel))}`);
  // .gitignore files above the workspace (when it is a folder inside a repository) apply too.
  for (let dir = dirname(root); dir.length >= base.length && dir !== root; dir = dirname(dir)) {
    parts.push(`${dir}=${stampOf(join(dir, '.gitignore'))}`);
    if (dir === base || dirname(dir) === dir) break;
  }
  parts.push(`exclude=${stampOf(join(base, '.git', 'info', 'exclude'))}`);
  return parts.join('|');
}

/** True when `rel` (a path below the root) is neither excluded nor ignored, nor below such a folder. */
export async function isCapturable(opts: ScanOptions, rel: string, isDir: boolean): Promise<boolean> {
  const parts = rel.split('/');
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const name = parts[i];
    if (!name || name === '.' || name === '..' || unsupportedName(name)) return false;
    if (last && !isDir ? opts.exclusions.file(name) : opts.exclusions.dir(name)) return false;
  }
  const abs = join(opts.root, rel);
  const matcher = await opts.rules.forDir(dirname(abs));
  return !matcher(basename(abs), isDir);
}

/**
 * Re-examines only `dirty` paths (workspace-relative): files are lstat'ed, folders walked. Answers
 * null when a full walk is needed instead (a .gitignore changed, so what is captured may change).
 */
export async function scanPaths(opts: ScanOptions, dirty: Iterable<string>): Promise<ScanResult | null> {
  const out: ScanResult = { scopes: [], files: new Map(), skipped: [], startedAt: Date.now() };
  const unique = [...new Set(dirty)].filter((p) => p !== '').sort();
  const dirs: string[] = [];
  const scopeSet = new Set<string>();
  let count = 0;
  for (const rel of unique) {
    if (basename(rel) === '.gitignore') return null;
    // A path below a scope already examined is covered by it (sorted: ancestors come first).
    let covered = false;
    for (let i = rel.indexOf('/'); i > 0 && !covered; i = rel.indexOf('/', i + 1)) covered = scopeSet.has(rel.slice(0, i));
    if (covered) continue;
    const st = await lstatP(join(opts.root, rel));
    const isDir = st?.isDirectory() ?? false;
    if (!(await isCapturable(opts, rel, isDir))) {
      // Excluded or ignored now; it cannot have been captured unless its rules changed (→ full walk).
      continue;
    }
    out.scopes.push(rel);
    scopeSet.add(rel);
    if (isDir) dirs.push(rel);
    else record(out, rel, st, opts.maxFileBytes);
    if (++count % YIELD_EVERY === 0) await yieldLoop();
  }
  if (dirs.length) await walkInto(opts, out, dirs);
  return out;
}
