import type { Stats } from 'node:fs';
import type { GitignoreRules } from '../workspace/gitignoreRules';
import type { Exclusions } from './exclusions';
import type { StatPool } from './statPool';

/** Types and small helpers shared by the walker (walker.ts) and the scanner (scanner.ts). */

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

/** Stat data of a folder when a walk read it: unchanged, its list of entries is unchanged too. */
export interface DirStamp {
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** Modified so close to the walk that a later change could keep the same stamp: always re-read. */
  racy: boolean;
  hasGitignore: boolean;
  /** Its sub-folders that were entered, and its files that were skipped (names). */
  subdirs: string[];
  skipped: SkippedFile[];
}

/** Known state of an earlier walk, so a full walk reports only what changed (see walkTree). */
export interface WalkBaseline {
  /** The stat cache grouped by folder, then name. */
  byDir: ReadonlyMap<string, ReadonlyMap<string, ScanEntry & { racy: boolean }>>;
  /** Folders the earlier walk entered (they were neither excluded nor ignored). */
  dirs: ReadonlySet<string>;
  /** Folder stamps of the earlier walk (same process): unchanged folders are not read again. */
  dirStamps?: ReadonlyMap<string, DirStamp>;
  /** The stat cache's generation (changes with byDir's paths): lets a stat pool keep the file list. */
  generation?: number;
  /** With `generation`: the paths whose entries changed in place since it last changed, oldest first. */
  touched?: readonly string[];
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
  /** Stamps of the folders a full walk entered (for the next walk's baseline). */
  dirStamps?: Map<string, DirStamp>;
}

/** Longest stretch of synchronous file-system work before yielding to the event loop. */
export const SLICE_MS = 8;

export const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function gitModeOf(stats: Stats): GitMode | null {
  if (stats.isSymbolicLink()) return 0o120000;
  if (!stats.isFile()) return null;
  return stats.mode & 0o100 ? 0o100755 : 0o100644;
}

function entryFromStats(st: Stats, mode: GitMode): ScanEntry {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, mode };
}

/** Adds a file (or link) to the result, or records why it is skipped. */
export function record(out: ScanResult, rel: string, st: Stats | null, maxFileBytes: number): void {
  if (!st) return; // vanished between readdir and lstat
  const mode = gitModeOf(st);
  if (mode === null) return; // sockets, fifos, devices: not content
  if (mode !== 0o120000 && st.size > maxFileBytes) {
    out.skipped.push({ path: rel, size: st.size, reason: 'too_large' });
    return;
  }
  out.files.set(rel, entryFromStats(st, mode));
}

