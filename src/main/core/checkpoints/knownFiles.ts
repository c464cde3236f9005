import { join, sep } from 'node:path';
import type { WalkBaseline } from './scanTypes';
import { EXPECTED_STRIDE, type KnownList, type StatPool } from './statPool';

/**
 * The stat cache's known files as the stat pool sees them: one position each, in byDir order (folder
 * by folder, names in their map's order, which holds while the generation does). Positions are how the
 * workers name the files they report, and how in-place changes of the cache reach their expected values.
 */

type ByDir = WalkBaseline['byDir'];
/** What the pool compares with: the stat cache's files, its generation, and its in-place changes since. */
export type PooledBaseline = Pick<WalkBaseline, 'byDir' | 'touched'> & { generation: number };

export interface KnownIndex {
  /** Folders in byDir order, and the position of each one's first file. */
  dirs: string[];
  starts: number[];
  startOf: Map<string, number>;
  total: number;
}

const indexes = new WeakMap<ByDir, { generation: number; index: KnownIndex }>();

/** The positions of byDir's files for this generation (built once per generation). */
export function knownIndex(byDir: ByDir, generation: number): KnownIndex {
  const cached = indexes.get(byDir);
  if (cached?.generation === generation) return cached.index;
  const index: KnownIndex = { dirs: [], starts: [], startOf: new Map(), total: 0 };
  for (const [dir, names] of byDir) {
    index.dirs.push(dir);
    index.starts.push(index.total);
    index.startOf.set(dir, index.total);
    index.total += names.size;
  }
  indexes.set(byDir, { generation, index });
  return index;
}

/** The folder and name at a position, or null when byDir no longer has it. */
export function fileAt(byDir: ByDir, index: KnownIndex, pos: number): [string, string] | null {
  let lo = 0;
  let hi = index.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  const dir = index.dirs[lo];
  let k = pos - index.starts[lo];
  for (const name of byDir.get(dir)?.keys() ?? []) if (k-- === 0) return [dir, name];
  return null;
}

function writeExpected(out: Float64Array, at: number, e: { size: number; mtimeMs: number; ctimeMs: number; ino: number; mode: number; racy: boolean }): void {
  out[at] = e.size;
  out[at + 1] = e.mtimeMs;
  out[at + 2] = e.ctimeMs;
  out[at + 3] = e.ino;
  out[at + 4] = e.mode;
  out[at + 5] = e.racy ? 1 : 0;
}

/** Every known file's absolute path and expected stat data, in position order. */
export function knownList(root: string, byDir: ByDir): KnownList {
  let total = 0;
  for (const names of byDir.values()) total += names.size;
  const paths: string[] = new Array(total);
  const expected = new Float64Array(total * EXPECTED_STRIDE);
  let i = 0;
  for (const [dir, names] of byDir) {
    const base = (dir ? join(root, dir) : root) + sep;
    for (const [name, e] of names) {
      paths[i] = base + name;
      writeExpected(expected, i * EXPECTED_STRIDE, e);
      i++;
    }
  }
  return { paths, expected };
}

/** New expected values (position + EXPECTED_STRIDE numbers each) of the paths changed in place; null when one is not found. */
export function knownPatches(byDir: ByDir, index: KnownIndex, touched: readonly string[]): Float64Array | null {
  const out = new Float64Array(touched.length * (EXPECTED_STRIDE + 1));
  let at = 0;
  for (const path of touched) {
    const slash = path.lastIndexOf('/');
    const dir = slash === -1 ? '' : path.slice(0, slash);
    const name = path.slice(slash + 1);
    const names = byDir.get(dir);
    const start = index.startOf.get(dir);
    const entry = names?.get(name);
    if (!names || start === undefined || !entry) return null;
    let k = 0;
    for (const n of names.keys()) {
      if (n === name) break;
      k++;
    }
    out[at] = start + k;
    writeExpected(out, at + 1, entry);
    at += EXPECTED_STRIDE + 1;
  }
  return out;
}

/** Asks the pool which known files differ from the baseline (its generation and in-place changes given). */
export function compareKnown(root: string, pool: StatPool, baseline: PooledBaseline): Promise<Float64Array> {
  const touched = baseline.touched ?? [];
  return pool.compareList(
    baseline.generation,
    touched.length,
    () => knownList(root, baseline.byDir),
    (previousMark) =>
      previousMark > touched.length ? null : knownPatches(baseline.byDir, knownIndex(baseline.byDir, baseline.generation), touched.slice(previousMark)),
  );
}
