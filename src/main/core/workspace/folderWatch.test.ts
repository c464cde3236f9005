import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { waitFor } from '../../../testing/waitFor';
import { createFolderWatch, type FolderWatch } from './folderWatch';
import { createGitignoreRules } from './gitignoreRules';

// The folder watch of big trees (one fs.watch per visible folder) on a real temp tree: what it
// watches, what it reports (new folders' contents too), folders that go away, ignore rules that change,
// and giving up beyond its folder budget.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(files: Record<string, string>, maxFolders?: number, maxPending?: number) {
  const ws = await tempDir('akira-folders-');
  await writeTree(ws.dir, files);
  const rules = await createGitignoreRules(ws.dir);
  const events: string[] = [];
  const coverage: boolean[] = [];
  const errors: string[] = [];
  const changes: string[] = [];
  const overflows: boolean[] = [];
  const fw: FolderWatch = createFolderWatch({
    root: ws.dir,
    isIgnored: (abs, isDir) => rules.isIgnoredSync(abs, isDir),
    invalidateRules: (dir) => rules.invalidate(dir),
    alwaysWatch: join(ws.dir, '.akira', 'cookies'),
    onRawEvent: (watched, name) => events.push(name === null ? watched : join(watched, name)),
    onCoverage: (v) => coverage.push(v),
    onError: (err) => errors.push((err as Error).message),
    onChange: (kind, abs) => changes.push(`${kind} ${abs.slice(ws.dir.length + 1)}`),
    maxFolders,
    maxPending,
    onOverflow: (active) => overflows.push(active),
  });
  cleanups.push(ws.cleanup, () => fw.dispose());
  const seen = (rel: string) => waitFor(() => events.includes(join(ws.dir, rel)), `an event for ${rel} (got ${events.map((e) => e.slice(ws.dir.length + 1)).join(', ')})`);
  const changed = (line: string) => waitFor(() => changes.includes(line), `"${line}" (got ${changes.join(', ')})`);
  return { root: ws.dir, fw, events, coverage, errors, seen, changes, changed, overflows };
}

describe('folder watch', () => {
  it('watches each visible folder once (not ignored ones, the cookie folder even so) and then covers the tree', async () => {
    const t = await setup({
      '.gitignore': 'node_modules/\n.akira/\n',
      'a.txt': 'a',
      'src/x.ts': 'x',
      'src/deep/y.ts': 'y',
      'node_modules/pkg/index.js': 'z',
      '.akira/cookies/.gitignore': '*\n',
      '.akira/sessions/s/log': 'l',
    });
    await t.fw.settled();
    expect(t.coverage).toEqual([true]);
    // root, src, src/deep, .akira (on the way), .akira/cookies; not node_modules(/pkg), not .akira/sessions(/s).
    expect(t.fw.size()).toBe(5);
    expect(t.events).toEqual([]); // the first walk reports nothing

    await writeFile(join(t.root, 'src/deep/y.ts'), 'y2');
    await t.seen('src/deep/y.ts');
    await writeFile(join(t.root, '.akira/cookies/c1'), '');
    await t.seen('.akira/cookies/c1');
  });

  it('reports what a new folder already holds (watch, then list), and follows folders that go away', async () => {
    const t = await setup({ 'a.txt': 'a', 'src/x.ts': 'x' });
    await t.fw.settled();
    await mkdir(join(t.root, 'src/new/inner'), { recursive: true });
    await writeFile(join(t.root, 'src/new/inner/made-fast.ts'), 'm');
    await t.seen('src/new/inner/made-fast.ts');
    await t.fw.settled();
    expect(t.fw.size()).toBe(4);
    await writeFile(join(t.root, 'src/new/inner/later.ts'), 'l');
    await t.seen('src/new/inner/later.ts');

    // Renamed away and deleted: the old paths' watches go; the renamed folder is covered under its new name.
    await rename(join(t.root, 'src/new'), join(t.root, 'moved'));
    await t.seen('src/new');
    await t.seen('moved');
    await waitFor(async () => (await t.fw.settled(), t.fw.size() === 4), 'watches to follow the rename');
    t.events.length = 0;
    await writeFile(join(t.root, 'moved/inner/after.ts'), 'a');
    await t.seen('moved/inner/after.ts');
    expect(t.events.some((e) => e.includes(`${join('src', 'new')}`))).toBe(false);
    await rm(join(t.root, 'moved'), { recursive: true });
    await t.seen('moved');
    await waitFor(() => t.fw.size() === 2, 'the removed folders unwatched');
    expect(t.coverage).toEqual([true]);
  });

  it('a .gitignore that changes withdraws coverage, covers the folders it uncovers, and gives it back', async () => {
    const t = await setup({ '.gitignore': 'gen/\n', 'gen/out/file.js': 'o', 'src/a.ts': 'a' });
    await t.fw.settled();
    expect(t.fw.size()).toBe(2);
    await writeFile(join(t.root, '.gitignore'), '# nothing ignored now\n');
    await waitFor(() => t.coverage.length === 3, `coverage withdrawn and given back (${t.coverage})`);
    expect(t.coverage).toEqual([true, false, true]);
    expect(t.fw.size()).toBe(4);
    await writeFile(join(t.root, 'gen/out/file.js'), 'o2');
    await t.seen('gen/out/file.js');
  });

  it('classifies changes like chokidar: add, change, unlink, a file replaced by a folder, and says nothing of ignored paths', async () => {
    const t = await setup({ '.gitignore': '*.log\n', 'src/a.ts': 'a', 'swap': 'a file first' });
    await t.fw.settled();
    await writeFile(join(t.root, 'src/b.ts'), 'b');
    await t.changed('add src/b.ts');
    await writeFile(join(t.root, 'src/a.ts'), 'a2');
    await t.changed('change src/a.ts');
    await rename(join(t.root, 'src/b.ts'), join(t.root, 'src/c.ts'));
    await t.changed('unlink src/b.ts');
    await t.changed('add src/c.ts');
    await rm(join(t.root, 'swap'));
    await mkdir(join(t.root, 'swap'));
    await writeFile(join(t.root, 'swap/inside.txt'), 'i');
    await t.changed('unlink swap');
    await t.changed('addDir swap');
    await t.changed('add swap/inside.txt');
    await writeFile(join(t.root, 'src/noise.log'), 'n');
    await rm(join(t.root, 'swap'), { recursive: true });
    await t.changed('unlinkDir swap');
    expect(t.changes.some((c) => c.endsWith('noise.log'))).toBe(false);
    await t.seen('src/noise.log'); // the raw event still goes to the change feed
  });

  it('overflows beyond maxPending queued paths: coverage withdrawn, folders listed again once quiet, then back', async () => {
    const t = await setup({ 'src/a.ts': 'a', 'src/gone.ts': 'g' }, undefined, 20);
    await t.fw.settled();
    // Written in one go: their events arrive together, more than 20 distinct paths queued.
    for (let i = 0; i < 100; i++) writeFileSync(join(t.root, 'src', `f${i}.txt`), 'f');
    rmSync(join(t.root, 'src/gone.ts'));
    mkdirSync(join(t.root, 'src/newdir'));
    await waitFor(() => t.overflows.length === 2, `the overflow to begin and end (${t.overflows})`);
    await t.fw.settled();
    expect(t.overflows).toEqual([true, false]);
    expect(t.coverage).toEqual([true, false, true]);
    expect(t.fw.stats()).toMatchObject({ queued: 0, peak: 21, overflows: 1, overflowing: false });
    expect(t.changes.filter((c) => c.includes('f5'))).toEqual([]); // the detail was dropped
    // Listed again: a later change is classified against what the folder holds now, the new folder is watched.
    rmSync(join(t.root, 'src/f5.txt'));
    await t.changed('unlink src/f5.txt');
    writeFileSync(join(t.root, 'src/newdir/in.txt'), 'i');
    await t.changed('add src/newdir/in.txt');
    writeFileSync(join(t.root, 'src/gone.ts'), 'back');
    await t.changed('add src/gone.ts');
  });

  it('gives up beyond its folder budget: no coverage, no watches, a clear reason', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`d${i}/f.txt`] = 'f';
    const t = await setup(files, 10);
    await t.fw.settled();
    expect(t.coverage).toEqual([]);
    expect(t.fw.size()).toBe(0);
    expect(t.errors[0]).toMatch(/More than 10 folders/);
  });
});
