import { lstatSync, readdirSync, type Dirent, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import type { NameMatcher } from '../workspace/gitignoreRules';
import { unsupportedName } from './exclusions';
import { gitModeOf, record, SLICE_MS, yieldLoop, type DirStamp, type GitMode, type ScanEntry, type ScanOptions, type ScanResult, type SkippedFile, type WalkBaseline } from './scanTypes';
import { compareKnown, fileAt, knownIndex, type PooledBaseline } from './knownFiles';
import { RECORD_STRIDE } from './statPool';

type Changed = (dir: string, name: string, found: boolean, size: number, mtimeMs: number, ctimeMs: number, ino: number, mode: GitMode | null) => void;

/**
 * The full walk (see scanner.ts for what is captured).
 *
 * Synchronous readdir/lstat in short slices: a synchronous lstat costs a fraction of an asynchronous
 * one (no thread-pool round trip, no promise), and the slices keep the event loop responsive.
 *
 * With a baseline (ignore rules unchanged since it was taken):
 * - names already known are neither matched against the rules again nor recorded unless their stat
 *   data changed (and, with a stat pool, they are lstat'ed and compared on worker threads while the
 *   walk reads folders: the workers keep the list of known files and their expected stat data, and
 *   answer only the files that differ, so an unchanged file costs this thread nothing);
 * - a folder whose own stat data is unchanged since the earlier walk of this process has the same
 *   entries (adding, removing or renaming an entry changes the folder), so it is not read again:
 *   its known files are lstat'ed, its known sub-folders entered, its skipped files re-examined.
 *   Folders modified close to a walk ("racy", timestamp granularity) are always read.
 */

const RACY_DIR_MS = 2000;

interface DirTask {
  abs: string;
  rel: string;
  matcher: NameMatcher;
  /** Path of this folder relative to the matcher's folder ('' when the matcher is its own). */
  prefix: string;
}

type Known = ScanEntry & { racy: boolean };

function modeOfRaw(rawMode: number): GitMode | null {
  const type = rawMode & 0o170000;
  return type === 0o120000 ? 0o120000 : type === 0o100000 ? (rawMode & 0o100 ? 0o100755 : 0o100644) : null;
}

function sameStat(entry: Known, size: number, mtimeMs: number, ctimeMs: number, ino: number, mode: GitMode | null): boolean {
  return !entry.racy && size === entry.size && mtimeMs === entry.mtimeMs && ctimeMs === entry.ctimeMs && ino === entry.ino && mode === entry.mode;
}

/**
 * Compares the deferred folders' known files: the pool's records (files that differ from the baseline)
 * or, if the pool failed, an lstat of each here.
 */
function settleDeferred(
  baseline: PooledBaseline,
  deferred: Map<string, Set<string> | null>,
  records: Float64Array | null,
  checkKnown: (dir: string, base: string, name: string, entry: Known) => void,
  changed: Changed,
  root: string,
): void {
  if (!records) {
    for (const [dir, names] of deferred) {
      const known = baseline.byDir.get(dir);
      if (!known) continue;
      const base = (dir ? join(root, dir) : root) + sep;
      for (const [name, entry] of known) if (!names || names.has(name)) checkKnown(dir, base, name, entry);
    }
    return;
  }
  const index = knownIndex(baseline.byDir, baseline.generation);
  for (let o = 0; o < records.length; o += RECORD_STRIDE) {
    const at = fileAt(baseline.byDir, index, records[o]);
    if (!at) continue;
    const [dir, name] = at;
    const names = deferred.get(dir);
    // Not entered (gone: its files are removed below), or not a file here any more (removed already).
    if (names === undefined || (names && !names.has(name))) continue;
    const entry = baseline.byDir.get(dir)!.get(name)!;
    const found = records[o + 1] === 1;
    const mode = found ? modeOfRaw(records[o + 6]) : null;
    if (found && sameStat(entry, records[o + 2], records[o + 3], records[o + 4], records[o + 5], mode)) continue;
    changed(dir, name, found, records[o + 2], records[o + 3], records[o + 4], records[o + 5], mode);
  }
}

export async function walkInto(opts: ScanOptions, out: ScanResult, startRels: string[], baseline?: WalkBaseline): Promise<void> {
  const queue: DirTask[] = [];
  for (const rel of startRels) {
    const abs = rel ? join(opts.root, rel) : opts.root;
    queue.push({ abs, rel, matcher: await opts.rules.forDir(abs), prefix: '' });
  }
  const visited = new Set<string>();
  const removed: string[] = [];
  const stamps = new Map<string, DirStamp>();
  let seen = 0;

  const changed = (dir: string, name: string, found: boolean, size: number, mtimeMs: number, ctimeMs: number, ino: number, mode: GitMode | null) => {
    const rel = dir ? `${dir}/${name}` : name;
    if (!found || mode === null) removed.push(rel);
    else if (mode !== 0o120000 && size > opts.maxFileBytes) {
      out.skipped.push({ path: rel, size, reason: 'too_large' });
      stamps.get(dir)?.skipped.push({ path: rel, size, reason: 'too_large' });
      removed.push(rel);
    } else out.files.set(rel, { size, mtimeMs, ctimeMs, ino, mode });
  };
  const checkKnown = (dir: string, base: string, name: string, entry: Known) => {
    let st: Stats | undefined;
    try {
      st = lstatSync(base + name, { throwIfNoEntry: false });
    } catch {
      st = undefined;
    }
    const mode = st ? gitModeOf(st) : null;
    if (st && sameStat(entry, st.size, st.mtimeMs, st.ctimeMs, st.ino, mode)) return;
    changed(dir, name, !!st, st?.size ?? 0, st?.mtimeMs ?? 0, st?.ctimeMs ?? 0, st?.ino ?? 0, mode);
  };
  // With a stat pool, every known file is lstat'ed and compared on its workers (which keep the list
  // between walks) while this thread reads folders; what they report for the folders entered is used after.
  const pooled = baseline && opts.statPool && baseline.generation !== undefined ? { ...baseline, generation: baseline.generation } : null;
  const prefetch = pooled ? compareKnown(opts.root, opts.statPool!, pooled).catch(() => null) : null;
  /** Folders whose known files are settled after the walk: all of them (null), or these names. */
  const deferred = new Map<string, Set<string> | null>();
  const recordSkipped = (dir: string, entry: SkippedFile) => {
    out.skipped.push(entry);
    stamps.get(dir)?.skipped.push(entry);
  };

  let sliceStart = performance.now();
  const breathe = async () => {
    if (performance.now() - sliceStart > SLICE_MS) {
      opts.onProgress?.(seen);
      await yieldLoop();
      sliceStart = performance.now();
    }
  };

  while (queue.length) {
    const task = queue.pop()!;
    const known = baseline?.byDir.get(task.rel);
    const base = task.abs + sep;
    const previous = baseline?.dirStamps?.get(task.rel);
    let dirStat: Stats | undefined;
    try {
      dirStat = lstatSync(task.abs, { throwIfNoEntry: false });
    } catch {
      dirStat = undefined;
    }
    if (!dirStat?.isDirectory()) continue; // gone, unreadable or replaced: its known files are gone
    const stamp: DirStamp = {
      mtimeMs: dirStat.mtimeMs,
      ctimeMs: dirStat.ctimeMs,
      ino: dirStat.ino,
      racy: dirStat.mtimeMs >= out.startedAt - RACY_DIR_MS,
      hasGitignore: false,
      subdirs: [],
      skipped: [],
    };

    if (previous && !previous.racy && previous.mtimeMs === stamp.mtimeMs && previous.ctimeMs === stamp.ctimeMs && previous.ino === stamp.ino) {
      // Same entries as last time: no readdir, no rule matching.
      visited.add(task.rel);
      stamps.set(task.rel, { ...stamp, hasGitignore: previous.hasGitignore, subdirs: previous.subdirs });
      let matcher = task.matcher;
      let prefix = task.prefix;
      if (previous.hasGitignore) {
        out.gitignores?.push(task.rel ? `${task.rel}/.gitignore` : '.gitignore');
        if (task.rel) {
          matcher = await opts.rules.forDir(task.abs);
          prefix = '';
        }
      }
      if (known && prefetch) deferred.set(task.rel, null);
      else if (known) for (const [name, entry] of known) checkKnown(task.rel, base, name, entry);
      seen += known?.size ?? 0;
      for (const s of previous.skipped) {
        let st: Stats | undefined;
        try {
          st = lstatSync(join(opts.root, s.path), { throwIfNoEntry: false });
        } catch {
          st = undefined;
        }
        if (s.reason === 'unsupported_name') recordSkipped(task.rel, s);
        else if (st) {
          const before = out.skipped.length;
          record(out, s.path, st, opts.maxFileBytes);
          if (out.skipped.length > before) stamps.get(task.rel)!.skipped.push(out.skipped[out.skipped.length - 1]);
        }
      }
      for (const name of previous.subdirs) {
        queue.push({ abs: base + name, rel: task.rel ? `${task.rel}/${name}` : name, matcher, prefix: prefix ? `${prefix}/${name}` : name });
      }
      await breathe();
      continue;
    }

    let dirents: Dirent[];
    try {
      dirents = readdirSync(task.abs, { withFileTypes: true });
    } catch {
      continue;
    }
    visited.add(task.rel);
    stamps.set(task.rel, stamp);
    let matcher = task.matcher;
    let prefix = task.prefix;
    if (dirents.some((d) => d.name === '.gitignore')) {
      stamp.hasGitignore = true;
      out.gitignores?.push(task.rel ? `${task.rel}/.gitignore` : '.gitignore');
      if (task.rel) {
        matcher = await opts.rules.forDir(task.abs);
        prefix = '';
      }
    }
    let knownSeen = 0;
    const later = new Set<string>();
    for (let i = 0; i < dirents.length; i++) {
      const d = dirents[i];
      const name = d.name;
      if (d.isDirectory()) {
        if (opts.exclusions.dir(name)) continue;
        const rel = task.rel ? `${task.rel}/${name}` : name;
        if (!baseline?.dirs.has(rel)) {
          if (unsupportedName(name)) {
            recordSkipped(task.rel, { path: rel, size: 0, reason: 'unsupported_name' });
            continue;
          }
          if (matcher(prefix ? `${prefix}/${name}` : name, true)) continue;
        }
        stamp.subdirs.push(name);
        queue.push({ abs: base + name, rel, matcher, prefix: prefix ? `${prefix}/${name}` : name });
        continue;
      }
      if (!d.isFile() && !d.isSymbolicLink()) continue;
      const entry = known?.get(name);
      if (entry) {
        knownSeen++;
        seen++;
        if (prefetch) later.add(name);
        else checkKnown(task.rel, base, name, entry);
      } else {
        if (opts.exclusions.file(name)) continue;
        const rel = task.rel ? `${task.rel}/${name}` : name;
        if (unsupportedName(name)) {
          recordSkipped(task.rel, { path: rel, size: 0, reason: 'unsupported_name' });
          continue;
        }
        if (matcher(prefix ? `${prefix}/${name}` : name, false)) continue;
        let st: Stats | undefined;
        try {
          st = lstatSync(base + name, { throwIfNoEntry: false });
        } catch {
          st = undefined; // permission denied: not readable, not captured
        }
        const before = out.skipped.length;
        record(out, rel, st ?? null, opts.maxFileBytes);
        if (out.skipped.length > before) stamp.skipped.push(out.skipped[out.skipped.length - 1]);
        seen++;
      }
      if ((i & 127) === 127) await breathe();
    }
    if (later.size) deferred.set(task.rel, later);
    if (known && knownSeen < known.size) {
      // Known files that are no longer here as files (deleted, or replaced by a folder).
      const present = new Set(dirents.filter((d) => d.isFile() || d.isSymbolicLink()).map((d) => d.name));
      for (const name of known.keys()) if (!present.has(name)) removed.push(task.rel ? `${task.rel}/${name}` : name);
    }
    await breathe();
  }
  if (prefetch && pooled) settleDeferred(pooled, deferred, await prefetch, checkKnown, changed, opts.root);
  if (baseline) {
    // Known folders not entered this time (deleted, or replaced by a file or link): their files are gone.
    for (const [dir, names] of baseline.byDir) {
      if (visited.has(dir)) continue;
      for (const name of names.keys()) removed.push(dir ? `${dir}/${name}` : name);
    }
    out.removed = removed;
  }
  out.dirs = visited;
  out.dirStamps = stamps;
  opts.onProgress?.(seen);
}
