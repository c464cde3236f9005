import { lstatSync } from 'node:fs';
import { rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { compareKnown, fileAt, knownIndex, type PooledBaseline } from './knownFiles';
import { gitModeOf, type ScanEntry } from './scanTypes';
import { createStatPool, RECORD_STRIDE, type StatPool } from './statPool';

type Entry = ScanEntry & { racy: boolean };

let root: string;
let cleanup: () => Promise<void>;
let pool: StatPool;

beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir('akira-known-'));
  pool = createStatPool(2);
});

afterEach(async () => {
  await pool.dispose();
  await cleanup();
});

function entryOf(rel: string, racy = false): Entry {
  const st = lstatSync(join(root, rel));
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, mode: gitModeOf(st)!, racy };
}

/** The stat-cache-like baseline of these files, grouped by folder. */
function baselineOf(rels: string[]): { byDir: Map<string, Map<string, Entry>>; generation: number; touched: string[] } {
  const byDir = new Map<string, Map<string, Entry>>();
  for (const rel of rels) {
    const i = rel.lastIndexOf('/');
    const dir = i === -1 ? '' : rel.slice(0, i);
    if (!byDir.has(dir)) byDir.set(dir, new Map());
    byDir.get(dir)!.set(rel.slice(i + 1), entryOf(rel));
  }
  return { byDir, generation: 1, touched: [] };
}

/** The files the pool reports, with whether each was found. */
async function reported(baseline: PooledBaseline, through: StatPool = pool): Promise<string[]> {
  const records = await compareKnown(root, through, baseline);
  const index = knownIndex(baseline.byDir, baseline.generation);
  const out: string[] = [];
  for (let o = 0; o < records.length; o += RECORD_STRIDE) {
    const [dir, name] = fileAt(baseline.byDir, index, records[o])!;
    out.push(`${dir ? `${dir}/` : ''}${name}${records[o + 1] === 1 ? '' : ' (gone)'}`);
  }
  return out.sort();
}

describe('known files compared on the stat pool', () => {
  const files = ['top.txt', 'a/one.txt', 'a/two.txt', 'a/b/three.txt', 'c/four.txt', 'c/link'];

  beforeEach(async () => {
    await writeTree(root, { 'top.txt': 't', 'a/one.txt': '1', 'a/two.txt': '2', 'a/b/three.txt': '3', 'c/four.txt': '4' });
    await symlink('four.txt', join(root, 'c/link'));
  });

  it('reports only files whose stat data differs, is gone, changed type or is racy', async () => {
    const baseline = baselineOf(files);
    expect(await reported(baseline)).toEqual([]);
    await writeFile(join(root, 'a/two.txt'), 'two, longer');
    await rm(join(root, 'a/b/three.txt'));
    await rm(join(root, 'c/link'));
    await writeFile(join(root, 'c/link'), 'a file now');
    baseline.byDir.get('')!.set('top.txt', { ...entryOf('top.txt'), racy: true });
    baseline.touched.push('top.txt');
    expect(await reported(baseline)).toEqual(['a/b/three.txt (gone)', 'a/two.txt', 'c/link', 'top.txt']);
  });

  it('keeps the list between walks and takes in-place changes as patches (no reload, no stale reports)', async () => {
    const baseline = baselineOf(files);
    expect(await reported(baseline)).toEqual([]);
    await writeFile(join(root, 'a/two.txt'), 'edited');
    await writeFile(join(root, 'c/four.txt'), 'edited too');
    expect(await reported(baseline)).toEqual(['a/two.txt', 'c/four.txt']);
    // The cache takes the new state of one of them (a checkpoint): only the other is still news.
    baseline.byDir.get('a')!.set('two.txt', entryOf('a/two.txt'));
    baseline.touched.push('a/two.txt');
    const loads: number[] = [];
    const spied: StatPool = { ...pool, compareList: (g, m, load, patches) => pool.compareList(g, m, () => (loads.push(g), load()), patches) };
    expect(await reported(baseline, spied)).toEqual(['c/four.txt']);
    baseline.byDir.get('c')!.set('four.txt', entryOf('c/four.txt'));
    baseline.touched.push('c/four.txt');
    expect(await reported(baseline, spied)).toEqual([]);
    expect(loads).toEqual([]); // patched, never reloaded
    // An edit after the patch is seen against the patched values.
    await writeFile(join(root, 'a/two.txt'), 'edited again, longer');
    expect(await reported(baseline, spied)).toEqual(['a/two.txt']);
    // A new generation (a file added to the cache) loads the list again.
    await writeFile(join(root, 'c/five.txt'), '5');
    baseline.byDir.get('c')!.set('five.txt', entryOf('c/five.txt'));
    baseline.byDir.get('a')!.set('two.txt', entryOf('a/two.txt'));
    const next = { ...baseline, generation: 2, touched: [] };
    expect(await reported(next, spied)).toEqual([]);
    expect(loads).toEqual([2]);
  });

  it('finds every position of a byDir (folder boundaries included)', () => {
    const baseline = baselineOf(files);
    const index = knownIndex(baseline.byDir, 1);
    const all = Array.from({ length: files.length }, (_, pos) => fileAt(baseline.byDir, index, pos)!.join('/').replace(/^\//, ''));
    expect(all).toEqual(['top.txt', 'a/one.txt', 'a/two.txt', 'a/b/three.txt', 'c/four.txt', 'c/link']);
  });
});
