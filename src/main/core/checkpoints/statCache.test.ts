import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStatCache, type CacheEntry } from './statCache';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

const T1 = '1'.repeat(40);
const T2 = '2'.repeat(40);
const T3 = '3'.repeat(40);

function entry(oid: string, extra: Partial<CacheEntry> = {}): CacheEntry {
  return { size: 3, mtimeMs: 1000.5, ctimeMs: 1000.5, ino: 42, mode: 0o100644, oid, racy: false, ...extra };
}

async function open() {
  return openStatCache(join(dir, 'statcache'), join(dir, 'statcache.log'));
}

describe('stat cache', () => {
  it('persists entries and their tree, with awkward paths, across reopenings', async () => {
    dir = await mkdtemp(join(tmpdir(), 'akira-statcache-'));
    const cache = await open();
    expect(cache.tree).toBeNull();
    const names = ['plain.txt', 'with\ttab', 'with\nnewline', '"quoted', 'back\\slash', 'ünïcødé/ファイル'];
    await cache.commitChanges(T1, new Map(names.map((n, i) => [n, entry(String(i).repeat(40))])), []);
    await cache.commitChanges(T2, new Map([['plain.txt', entry('f'.repeat(40), { size: 9 })]]), ['with\ttab']);
    const again = await open();
    expect(again.tree).toBe(T2);
    expect([...again.entries.keys()].sort()).toEqual(names.filter((n) => n !== 'with\ttab').sort());
    expect(again.entries.get('plain.txt')!.size).toBe(9);
    expect(again.entries.get('plain.txt')!.oid).toBe('f'.repeat(40));
  });

  it('ignores an unclosed batch at the end of the log (a crash) and folds it away on the next write', async () => {
    dir = await mkdtemp(join(tmpdir(), 'akira-statcache-'));
    const cache = await open();
    await cache.commitChanges(T1, new Map([['a', entry('a'.repeat(40))]]), []);
    await cache.commitChanges(T2, new Map([['b', entry('b'.repeat(40))]]), []);
    await appendFile(join(dir, 'statcache.log'), `-\ta\nc\t1\t2\t3\t4\t100644\t${'c'.repeat(40)}\t0\n#tr`);
    const crashed = await open();
    expect(crashed.tree).toBe(T2);
    expect([...crashed.entries.keys()].sort()).toEqual(['a', 'b']);
    await crashed.commitChanges(T3, new Map([['d', entry('d'.repeat(40))]]), []);
    const after = await open();
    expect(after.tree).toBe(T3);
    expect([...after.entries.keys()].sort()).toEqual(['a', 'b', 'd']);
    expect(await readFile(join(dir, 'statcache.log'), 'utf8').catch(() => '')).toBe('');
  });

  it('matches only identical stat data, and never a racy entry', async () => {
    dir = await mkdtemp(join(tmpdir(), 'akira-statcache-'));
    const cache = await open();
    await cache.commitChanges(T1, new Map([['a', entry('a'.repeat(40))], ['r', entry('b'.repeat(40), { racy: true })]]), []);
    const same = { size: 3, mtimeMs: 1000.5, ctimeMs: 1000.5, ino: 42, mode: 0o100644 as const };
    expect(cache.matches('a', same)).toBe(true);
    expect(cache.matches('a', { ...same, mtimeMs: 1000.6 })).toBe(false);
    expect(cache.matches('a', { ...same, ctimeMs: 2000 })).toBe(false);
    expect(cache.matches('a', { ...same, ino: 43 })).toBe(false);
    expect(cache.matches('a', { ...same, size: 4 })).toBe(false);
    expect(cache.matches('a', { ...same, mode: 0o100755 })).toBe(false);
    expect(cache.matches('r', same)).toBe(false);
    expect(cache.matches('missing', same)).toBe(false);
  });

  it('reloads when another process wrote it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'akira-statcache-'));
    const mine = await open();
    await mine.commitChanges(T1, new Map([['a', entry('a'.repeat(40))]]), []);
    const theirs = await open();
    await theirs.commitChanges(T2, new Map([['b', entry('b'.repeat(40))]]), []);
    await mine.refresh();
    expect(mine.tree).toBe(T2);
    expect(mine.entries.has('b')).toBe(true);
  });

  it('lists the paths changed in place since the generation last moved (what a stat pool must patch)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'akira-statcache-'));
    const cache = await open();
    await cache.commitChanges(T1, new Map([['a', entry('a'.repeat(40))], ['d/b', entry('b'.repeat(40))]]), []);
    const byDir = cache.byDir();
    const generation = cache.generation;
    expect(cache.touched).toEqual([]);
    await cache.commitChanges(T2, new Map([['d/b', entry('c'.repeat(40), { size: 4 })], ['a', entry('a'.repeat(40))]]), []);
    expect(cache.generation).toBe(generation); // same paths: byDir keeps its order
    expect(cache.touched).toEqual(['d/b']); // 'a' did not change
    expect(byDir.get('d')!.get('b')!.size).toBe(4);
    await cache.commitChanges(T3, new Map([['a', entry('a'.repeat(40), { racy: true })]]), []);
    expect(cache.touched).toEqual(['d/b', 'a']);
    await cache.commitChanges(T1, new Map([['new', entry('e'.repeat(40))]]), []);
    expect(cache.generation).not.toBe(generation);
    expect(cache.touched).toEqual([]);
  });
});
