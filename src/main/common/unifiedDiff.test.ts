import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCli } from '../../testing/gitCli';
import { tempDir } from '../../testing/tempTree';
import { unifiedDiff } from './unifiedDiff';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const patchOf = (name: string, a: string | null, b: string | null) => unifiedDiff(a, b, { oldName: `a/${name}`, newName: `b/${name}` });

/** Writes each `before`, applies all patches with `git apply` (a strict reader of unified diffs), compares with `after`. */
async function applyAll(pairs: [string | null, string | null][]): Promise<(string | null)[]> {
  const { dir, cleanup } = await tempDir('akira-udiff-');
  cleanups.push(cleanup);
  let patch = '';
  for (const [i, [a, b]] of pairs.entries()) {
    if (a !== null) await writeFile(join(dir, `f${i}`), a);
    patch += patchOf(`f${i}`, a, b);
  }
  await writeFile(join(dir, 'all.patch'), patch);
  if (patch) gitCli(dir, 'apply', 'all.patch');
  return Promise.all(pairs.map((_, i) => readFile(join(dir, `f${i}`), 'utf8').catch(() => null)));
}

describe('unifiedDiff', () => {
  it('prints hunks with context, counts and /dev/null for a missing side', () => {
    expect(patchOf('x.txt', 'one\ntwo\nthree\n', 'one\nTWO\nthree\n')).toBe(
      '--- a/x.txt\n+++ b/x.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n',
    );
    expect(patchOf('n.txt', null, 'new\n')).toBe('--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+new\n');
    expect(patchOf('d.txt', 'x', null)).toBe('--- a/d.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n\\ No newline at end of file\n');
    expect(patchOf('same', 'a\nb\n', 'a\nb\n')).toBe('');
    expect(patchOf('nl', 'a', 'a\n')).toBe('--- a/nl\n+++ b/nl\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n');
  });

  it('splits distant changes into separate hunks', () => {
    const a = Array.from({ length: 30 }, (_, i) => `line ${i}\n`);
    const b = [...a];
    b[2] = 'changed 2\n';
    b[25] = 'changed 25\n';
    const patch = patchOf('f', a.join(''), b.join(''));
    expect(patch.match(/^@@ /gm)).toHaveLength(2);
    expect(patch).toContain('@@ -1,6 +1,6 @@');
    expect(patch).toContain('@@ -23,7 +23,7 @@');
  });

  it('produces patches that git apply turns into exactly the new text (random edits)', async () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', 'd', '', '  x'), { maxLength: 25 })
      .chain((lines) => fc.boolean().map((finalNewline) => lines.join('\n') + (finalNewline && lines.length ? '\n' : '')));
    const side = fc.option(text, { freq: 8 });
    const pairs = fc.sample(fc.tuple(side, side), { numRuns: 300, seed: 42 });
    // A unified diff cannot express creating or deleting an empty file (no lines): it says nothing.
    const emptyOnly = ([a, b]: [string | null, string | null]) => (a ?? '') === '' && (b ?? '') === '';
    for (const [a, b] of pairs.filter(emptyOnly)) expect(patchOf('e', a, b)).toBe('');
    const usable = pairs.filter((pair) => !emptyOnly(pair));
    const results = await applyAll(usable);
    expect(results).toEqual(usable.map(([, b]) => b));
  });

  it('still gives a correct patch when the texts have nothing in common (large edit distance)', async () => {
    const a = Array.from({ length: 3000 }, (_, i) => `old ${i}\n`).join('');
    const b = Array.from({ length: 2500 }, (_, i) => `new ${i}\n`).join('');
    const [result] = await applyAll([[a, b]]);
    expect(result).toBe(b);
  });
});
