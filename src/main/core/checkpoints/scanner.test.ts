import { chmod, mkdir, mkdtemp, realpath, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitignoreRules } from '../workspace/gitignoreRules';
import { createExclusions } from './exclusions';
import { scanPaths, walkTree, type ScanEntry, type ScanOptions } from './scanner';
import { createStatPool } from './statPool';
import { gitIn } from '../../../testing/checkpointWorkspace';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = '';
});

async function tree(files: Record<string, string | Buffer>): Promise<void> {
  root = await realpath(await mkdtemp(join(tmpdir(), 'akira-scan-')));
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), content);
  }
}

async function options(maxFileBytes = 1000): Promise<ScanOptions> {
  return { root, rules: await createGitignoreRules(root), exclusions: createExclusions(), maxFileBytes };
}

describe('scanner', () => {
  it('honours .gitignore files at every level, the built-in exclusions and the size limit', async () => {
    await tree({
      '.gitignore': '*.log\n/top-only.txt\nsecrets/\n',
      'a.txt': 'a',
      'x.log': 'ignored',
      'top-only.txt': 'ignored at the top',
      'sub/top-only.txt': 'kept below',
      'sub/.gitignore': '*.tmp\n!keep.tmp\n',
      'sub/b.tmp': 'ignored by sub',
      'sub/keep.tmp': 're-included',
      'sub/deeper/c.tmp': 'ignored by sub, deeper',
      'secrets/key': 'ignored folder',
      'node_modules/m/index.js': 'excluded',
      'src/node_modules/m/index.js': 'excluded at any depth',
      'build/out.js': 'excluded',
      '.akira/settings.json': 'never',
      '.DS_Store': 'litter',
      'huge.bin': Buffer.alloc(2000),
    });
    const scan = await walkTree(await options());
    expect([...scan.files.keys()].sort()).toEqual(['.gitignore', 'a.txt', 'sub/.gitignore', 'sub/keep.tmp', 'sub/top-only.txt']);
    expect(scan.skipped).toEqual([{ path: 'huge.bin', size: 2000, reason: 'too_large' }]);
    expect(scan.scopes).toEqual(['']);
  });

  it('captures nested repositories as plain files and never enters any .git', async () => {
    await tree({ 'app.txt': 'x', 'vendor/lib/src.c': 'int x;' });
    gitIn(root, 'init', '-q');
    gitIn(join(root, 'vendor/lib'), 'init', '-q');
    gitIn(join(root, 'vendor/lib'), 'add', '-A');
    gitIn(join(root, 'vendor/lib'), 'commit', '-q', '-m', 'nested');
    await writeFile(join(root, 'worktree-marker'), 'x');
    await mkdir(join(root, 'sub'));
    await writeFile(join(root, 'sub/.git'), 'gitdir: /elsewhere\n'); // a submodule/worktree pointer file
    await writeFile(join(root, 'sub/file.txt'), 'y');
    const scan = await walkTree(await options());
    expect([...scan.files.keys()].sort()).toEqual(['app.txt', 'sub/file.txt', 'vendor/lib/src.c', 'worktree-marker']);
  });

  it('records symlinks as links (never followed), executables as 100755', async () => {
    await tree({ 'dir/a.txt': 'a', 'run.sh': '#!/bin/sh\n' });
    await chmod(join(root, 'run.sh'), 0o755);
    await symlink('dir', join(root, 'dir-link'));
    await symlink('/nonexistent/target', join(root, 'dangling'));
    const scan = await walkTree(await options());
    const modes = Object.fromEntries([...scan.files].map(([p, e]) => [p, e.mode.toString(8)]));
    expect(modes).toEqual({ 'dir/a.txt': '100644', 'run.sh': '100755', 'dir-link': '120000', dangling: '120000' });
  });

  it('scans only dirty paths: files, new folders (walked) and vanished paths, skipping ignored ones', async () => {
    await tree({ '.gitignore': '*.log\n', 'a.txt': 'a', 'old/x.txt': 'x', 'new/deep/y.txt': 'y', 'new/z.log': 'z', 'other.txt': 'o' });
    const opts = await options();
    const scan = await scanPaths(opts, ['a.txt', 'new', 'gone.txt', 'debug.log', 'node_modules/m.js', 'new/deep/y.txt']);
    expect(scan).not.toBeNull();
    expect(scan!.scopes).toEqual(['a.txt', 'gone.txt', 'new']);
    expect([...scan!.files.keys()].sort()).toEqual(['a.txt', 'new/deep/y.txt']);
    expect(await scanPaths(opts, ['sub/.gitignore'])).toBeNull(); // rules changed: a full walk is needed
  });

  it('with a baseline reports only changed, new and removed files, with or without the stat pool', async () => {
    await tree({ 'a.txt': 'a', 'b.txt': 'b', 'dir/c.txt': 'c', 'dir/d.txt': 'd', 'gone/e.txt': 'e', 'swap/f.txt': 'f', 'same.txt': 's' });
    const opts = await options();
    const first = await walkTree(opts);
    const byDir = new Map<string, Map<string, ScanEntry & { racy: boolean }>>();
    for (const [rel, e] of first.files) {
      const i = rel.lastIndexOf('/');
      const [dir, name] = i === -1 ? ['', rel] : [rel.slice(0, i), rel.slice(i + 1)];
      if (!byDir.has(dir)) byDir.set(dir, new Map());
      byDir.get(dir)!.set(name, { ...e, racy: false });
    }
    const baseline = { byDir, dirs: first.dirs! };
    await writeFile(join(root, 'a.txt'), 'a changed');
    await rm(join(root, 'b.txt'));
    await writeFile(join(root, 'dir/new.txt'), 'new');
    await rm(join(root, 'gone'), { recursive: true });
    await rm(join(root, 'swap'), { recursive: true });
    await writeFile(join(root, 'swap'), 'now a file');
    await mkdir(join(root, 'dir/d.txt.d'));
    await rm(join(root, 'dir/d.txt'));
    await mkdir(join(root, 'dir/d.txt'));
    await writeFile(join(root, 'dir/d.txt/inside'), 'x');
    const pool = createStatPool(2);
    try {
      // Without the pool; with it (the workers load the list, keep it, load a new generation).
      for (const [statPool, generation] of [[undefined, undefined], [pool, 1], [pool, 1], [pool, 2]] as const) {
        const scan = await walkTree({ ...opts, statPool }, { ...baseline, generation });
        expect([...scan.files.keys()].sort()).toEqual(['a.txt', 'dir/d.txt/inside', 'dir/new.txt', 'swap']);
        expect([...scan.removed!].sort()).toEqual(['b.txt', 'dir/d.txt', 'gone/e.txt', 'swap/f.txt']);
      }
    } finally {
      await pool.dispose();
    }
  });

  it('does not read an unchanged folder again but still sees in-place edits and shrunk oversized files', async () => {
    await tree({ 'keep/a.txt': 'a', 'keep/big.bin': Buffer.alloc(2000), 'keep/sub/b.txt': 'b', 'grow/c.txt': 'c' });
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const d of ['keep/sub', 'keep', 'grow', '']) await utimes(join(root, d), hourAgo, hourAgo);
    const opts = await options();
    const first = await walkTree(opts);
    expect(first.skipped.map((x) => x.path)).toEqual(['keep/big.bin']);
    const byDir = new Map<string, Map<string, ScanEntry & { racy: boolean }>>();
    for (const [rel, e] of first.files) {
      const i = rel.lastIndexOf('/');
      const [dir, name] = [rel.slice(0, i), rel.slice(i + 1)];
      if (!byDir.has(dir)) byDir.set(dir, new Map());
      byDir.get(dir)!.set(name, { ...e, racy: false });
    }
    expect([...first.dirStamps!.values()].every((st) => !st.racy)).toBe(true);
    await writeFile(join(root, 'keep/a.txt'), 'a, edited in place'); // the folder's stamp does not change
    await writeFile(join(root, 'keep/big.bin'), 'small now');
    await writeFile(join(root, 'grow/new.txt'), 'new'); // this folder changes
    const pool = createStatPool(2);
    const scan = await walkTree(opts, { byDir, dirs: first.dirs!, dirStamps: first.dirStamps });
    try {
      const pooled = await walkTree({ ...opts, statPool: pool }, { byDir, dirs: first.dirs!, dirStamps: first.dirStamps, generation: 7 });
      expect([...pooled.files.keys()].sort()).toEqual([...scan.files.keys()].sort());
      expect(pooled.removed).toEqual(scan.removed);
    } finally {
      await pool.dispose();
    }
    expect([...scan.files.keys()].sort()).toEqual(['grow/new.txt', 'keep/a.txt', 'keep/big.bin']);
    expect(scan.removed).toEqual([]);
    expect(scan.dirStamps!.get('grow')!.racy).toBe(true);

    // White box: an unchanged folder is trusted, not read: a stamp that lists no sub-folders hides them.
    const stamps = new Map(scan.dirStamps!);
    stamps.set('keep', { ...stamps.get('keep')!, racy: false, subdirs: [] });
    const trusted = await walkTree(opts, { byDir, dirs: first.dirs!, dirStamps: stamps });
    expect(trusted.removed).toContain('keep/sub/b.txt');
  });
});
