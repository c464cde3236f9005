import { lstat, readdir, readlink, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { GitignoreRules, NameMatcher } from '../workspace/gitignoreRules';
import { unsupportedName, type Exclusions } from './exclusions';

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
}

const YIELD_EVERY = 2000;
const DIR_CONCURRENCY = 8;

export function gitModeOf(stats: Stats): GitMode | null {
  if (stats.isSymbolicLink()) return 0o120000;
  if (!stats.isFile()) return null;
  return stats.mode & 0o100 ? 0o100755 : 0o100644;
}

function lstatP(abs: string): Promise<Stats | null> {
  return new Promise((resolve) => lstat(abs, (err, st) => resolve(err ? null : st)));
}

function readdirP(abs: string): Promise<Dirent[] | null> {
  return new Promise((resolve) => readdir(abs, { withFileTypes: true }, (err, d) => resolve(err ? null : d)));
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

/** Walks the folders below `startRels` (workspace-relative, '' = root), adding to `out`. */
async function walkInto(opts: ScanOptions, out: ScanResult, startRels: string[]): Promise<void> {
  const queue: DirTask[] = [];
  for (const rel of startRels) {
    const abs = rel ? join(opts.root, rel) : opts.root;
    queue.push({ abs, rel, matcher: await opts.rules.forDir(abs), prefix: '' });
  }
  let sinceYield = 0;
  let seen = 0;

  async function visit(task: DirTask): Promise<void> {
    const dirents = await readdirP(task.abs);
    if (!dirents) return; // vanished or unreadable: nothing to capture below it
    let matcher = task.matcher;
    let prefix = task.prefix;
    if (dirents.some((d) => d.name === '.gitignore') && task.rel) {
      matcher = await opts.rules.forDir(task.abs);
      prefix = '';
    }
    const files: string[] = [];
    for (const d of dirents) {
      const name = d.name;
      const isDir = d.isDirectory();
      if (isDir ? opts.exclusions.dir(name) : opts.exclusions.file(name)) continue;
      const rel = task.rel ? `${task.rel}/${name}` : name;
      if (unsupportedName(name)) {
        out.skipped.push({ path: rel, size: 0, reason: 'unsupported_name' });
        continue;
      }
      if (matcher(prefix ? `${prefix}/${name}` : name, isDir)) continue;
      if (isDir) {
        queue.push({ abs: join(task.abs, name), rel, matcher, prefix: prefix ? `${prefix}/${name}` : name });
      } else if (d.isFile() || d.isSymbolicLink()) {
        files.push(rel);
      }
    }
    const stats = await Promise.all(files.map((rel) => lstatP(join(opts.root, rel))));
    for (let i = 0; i < files.length; i++) record(out, files[i], stats[i], opts.maxFileBytes);
    seen += files.length;
    sinceYield += files.length + 1;
    if (sinceYield >= YIELD_EVERY) {
      sinceYield = 0;
      opts.onProgress?.(seen);
      await yieldLoop();
    }
  }

  const running = new Set<Promise<void>>();
  while (queue.length || running.size) {
    while (queue.length && running.size < DIR_CONCURRENCY) {
      const p = visit(queue.pop()!).finally(() => running.delete(p));
      running.add(p);
    }
    if (running.size) await Promise.race(running);
  }
  opts.onProgress?.(seen);
}

/** A full walk of the workspace. */
export async function walkTree(opts: ScanOptions): Promise<ScanResult> {
  const out: ScanResult = { scopes: [''], files: new Map(), skipped: [], startedAt: Date.now() };
  await walkInto(opts, out, ['']);
  return out;
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
