import { chmod, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitCli, gitInit } from '../../../testing/gitCli';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { createFileIndex, MAX_BATCH, RECENT_FILES, type FileIndex, type FileIndexOptions } from './fileIndex';

// Real temporary trees, real ripgrep (/usr/bin/rg here) and the walk in Node on the same fixtures.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function workspace(files: Record<string, string>, prefix = 'akira-index-'): Promise<string> {
  const ws = await tempDir(prefix);
  cleanups.push(ws.cleanup);
  await writeTree(ws.dir, files);
  return ws.dir;
}

function index(options: FileIndexOptions): FileIndex {
  const idx = createFileIndex(options);
  cleanups.push(() => idx.dispose());
  return idx;
}

/** Every path the index holds (files, or files and folders), sorted. */
async function everything(idx: FileIndex, folders = false): Promise<string[]> {
  const { items } = await idx.find('', { limit: 200, folders });
  return items.map((i) => (i.kind === 'folder' ? `${i.path}/` : i.path)).sort();
}

const LISTERS = [
  ['ripgrep', {}],
  ['the walk in Node', { ripgrep: false }],
] as const;

const TREE: Record<string, string> = {
  '.gitignore': '*.log\nbuild/\n!keep.log\n/top-only.txt\nnode_modules/\n',
  'README.md': '# x',
  'a.log': 'x',
  'keep.log': 'x',
  'top-only.txt': 'x',
  'src/top-only.txt': 'x',
  'src/.gitignore': 'gen/\n!important.log\n*.tmp\n',
  'src/important.log': 'x',
  'src/other.log': 'x',
  'src/x.tmp': 'x',
  'src/gen/out.js': 'x',
  'src/deep/.gitignore': '!*.tmp\n',
  'src/deep/y.tmp': 'x',
  'src/app/App.tsx': 'x',
  'src/userService.ts': 'x',
  'build/out.bin': 'x',
  'notes/build': 'a file named like an ignored folder',
  'node_modules/pkg/index.js': 'x',
  'only-ignored/debug.log': 'x',
  '.github/workflows/ci.yml': 'x',
  '.env.example': 'x',
  '.akira/settings.json': '{}',
  '.akira/modes/review.md': 'x',
  '.akira/sessions/s1/events.jsonl': 'x',
  '.akira/checkpoints/manual/1.md': 'x',
  '.akira/cookies/c1': 'x',
  'docs/.akira/sessions/kept.md': 'only the root one is skipped',
};

const VISIBLE = [
  '.akira/modes/review.md',
  '.akira/settings.json',
  '.env.example',
  '.github/workflows/ci.yml',
  '.gitignore',
  'README.md',
  'docs/.akira/sessions/kept.md',
  'keep.log',
  'notes/build',
  'src/.gitignore',
  'src/app/App.tsx',
  'src/deep/.gitignore',
  'src/deep/y.tmp',
  'src/important.log',
  'src/top-only.txt',
  'src/userService.ts',
];

describe.each(LISTERS)('file index listed by %s', (_name, listerOptions) => {
  it('lists what the tree shows: .gitignore (nested ones too), no .git, no Akira sessions, checkpoints or cookies, dotfiles included', async () => {
    const root = await workspace(TREE);
    gitInit(root);
    const idx = index({ root, ...listerOptions });
    expect(await everything(idx)).toEqual(VISIBLE);
    expect(idx.stats()).toMatchObject({ state: 'ready', lister: 'ripgrep' in listerOptions ? 'node' : 'ripgrep', files: VISIBLE.length });
  });

  it('lists exactly what git itself does not ignore', async () => {
    const root = await workspace(TREE);
    gitInit(root);
    await writeFile(join(root, '.git/info/exclude'), 'src/userService.ts\n');
    const fromGit = gitCli(root, 'ls-files', '--cached', '--others', '--exclude-standard')
      .split('\n')
      .filter((p) => p && !p.startsWith('.akira/sessions/') && !p.startsWith('.akira/checkpoints/') && !p.startsWith('.akira/cookies/'))
      .sort();
    expect(fromGit).not.toContain('src/userService.ts');
    expect(await everything(index({ root, ...listerOptions }))).toEqual(fromGit);
  });

  it('reads .gitignore files outside a git repository too', async () => {
    const root = await workspace(TREE);
    expect(await everything(index({ root, ...listerOptions }))).toEqual(VISIBLE);
  });

  it('applies the workspace repository\'s rules inside a nested repository, as the tree does', async () => {
    const root = await workspace({ '.gitignore': '*.log\n', 'libs/vendored/src/a.c': 'x', 'libs/vendored/trace.log': 'x', 'libs/vendored/.gitignore': '*.o\n', 'libs/vendored/a.o': 'x' });
    gitInit(root);
    gitInit(join(root, 'libs/vendored'));
    expect(await everything(index({ root, ...listerOptions }))).toEqual(['.gitignore', 'libs/vendored/.gitignore', 'libs/vendored/src/a.c']);
  });

  it('lists no symbolic link, neither to a file or folder inside nor to one outside, and follows none', async () => {
    const root = await workspace({ 'src/a.ts': 'x', 'src/b.ts': 'x' });
    const outside = await workspace({ 'secret.txt': 'x', 'lib/x.ts': 'x' }, 'akira-outside-');
    await symlink(join(outside, 'secret.txt'), join(root, 'secret-link.txt'));
    await symlink(join(outside, 'lib'), join(root, 'outside-lib'));
    await symlink('src/a.ts', join(root, 'inside-link.ts'));
    await symlink('src', join(root, 'src-link'));
    expect(await everything(index({ root, ...listerOptions }), true)).toEqual(['src/', 'src/a.ts', 'src/b.ts']);
  });

  it('answers folders only when asked, and only folders that hold a listed file', async () => {
    const root = await workspace({ 'src/features/board/BoardView.tsx': 'x', 'src/features/board/store.ts': 'x', 'logs/a.log': 'x', '.gitignore': '*.log\n' });
    await mkdir(join(root, 'empty'));
    const idx = index({ root, ...listerOptions });
    const files = await idx.find('board');
    expect(files.items.every((i) => i.kind === 'file')).toBe(true);
    const withFolders = await idx.find('board', { folders: true });
    expect(withFolders.items[0]).toMatchObject({ path: 'src/features/board', kind: 'folder' });
    expect(withFolders.items.map((i) => i.path)).toContain('src/features/board/BoardView.tsx');
    expect(await everything(idx, true)).toEqual(['.gitignore', 'src/', 'src/features/', 'src/features/board/', 'src/features/board/BoardView.tsx', 'src/features/board/store.ts']);
    expect(withFolders.indexed).toBe(6);
    expect(files.indexed).toBe(6);
  });

  it('works in a root whose path has spaces', async () => {
    const root = await workspace({ 'my app/src/main.ts': 'x', '.gitignore': 'dist/\n', 'dist/main.js': 'x' }, 'akira index with spaces ');
    const idx = index({ root, ...listerOptions });
    const found = await idx.find('main');
    expect(found.items.map((i) => i.path)).toEqual(['my app/src/main.ts']);
    expect(found.items[0].positions.map((p) => found.items[0].path[p]).join('')).toBe('main');
  });

  it('stops at maxFiles and says the index is truncated', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/f${i}.ts`, 'x']));
    const root = await workspace(files);
    const idx = index({ root, maxFiles: 10, ...listerOptions });
    const found = await idx.find('', { limit: 200 });
    expect(found.truncated).toBe(true);
    expect(found.items.filter((i) => i.kind === 'file')).toHaveLength(10);
    expect(idx.stats().files).toBe(10);
    expect((await index({ root, ...listerOptions }).find('')).truncated).toBe(false);
  });

  // As root every folder can be read.
  it.skipIf(process.getuid?.() === 0)('leaves out a folder it cannot read and lists the rest', async () => {
    const root = await workspace({ 'open/a.ts': 'x', 'closed/b.ts': 'x' });
    await chmod(join(root, 'closed'), 0o000);
    cleanups.push(() => chmod(join(root, 'closed'), 0o755));
    expect(await everything(index({ root, ...listerOptions }))).toEqual(['open/a.ts']);
  });
});

describe('file index updates', () => {
  describe.each(LISTERS)('(listed by %s)', (_name, listerOptions) => {
    it('adds and removes files from the watcher\'s changes without listing again', async () => {
      const root = await workspace({ '.gitignore': '*.log\n', 'src/a.ts': 'x', 'src/old.ts': 'x', 'docs/guide.md': 'x' });
      const idx = index({ root, ...listerOptions });
      expect(await everything(idx)).toEqual(['.gitignore', 'docs/guide.md', 'src/a.ts', 'src/old.ts']);
      // Files written on disk without a change are not seen: the index is not listed again.
      await writeTree(root, { 'src/unseen.ts': 'x', 'src/added.ts': 'x', 'src/trace.log': 'x', '.akira/sessions/s/events.jsonl': 'x' });
      await rm(join(root, 'src/old.ts'));
      await rm(join(root, 'docs'), { recursive: true });
      idx.invalidate([
        { path: 'src/added.ts', kind: 'add' },
        { path: 'src/trace.log', kind: 'add' },
        { path: '.akira/sessions/s/events.jsonl', kind: 'add' },
        { path: 'src/old.ts', kind: 'unlink' },
        { path: 'docs', kind: 'unlinkDir' },
        { path: 'src/gone.ts', kind: 'add' },
      ]);
      expect(await everything(idx, true)).toEqual(['.gitignore', 'src/', 'src/a.ts', 'src/added.ts']);
      expect(idx.stats().state).toBe('ready');
    });

    it('walks a folder that was added whole (addDir), with its .gitignore rules', async () => {
      const root = await workspace({ '.gitignore': 'out/\n', 'src/a.ts': 'x' });
      const idx = index({ root, ...listerOptions });
      await idx.find('');
      await writeTree(root, { 'pkg/lib/x.ts': 'x', 'pkg/lib/y.ts': 'x', 'pkg/out/z.js': 'x', 'out/w.js': 'x' });
      idx.invalidate([{ path: 'pkg', kind: 'addDir' }, { path: 'out', kind: 'addDir' }]);
      expect(await everything(idx, true)).toEqual(['.gitignore', 'pkg/', 'pkg/lib/', 'pkg/lib/x.ts', 'pkg/lib/y.ts', 'src/', 'src/a.ts']);
    });

    it('adds no symbolic link and nothing under one', async () => {
      const root = await workspace({ 'src/a.ts': 'x' });
      const outside = await workspace({ 'lib/x.ts': 'x', 'secret.txt': 'x' }, 'akira-outside-');
      const idx = index({ root, ...listerOptions });
      await idx.find('');
      await symlink(join(outside, 'lib'), join(root, 'lib'));
      await symlink(join(outside, 'secret.txt'), join(root, 'secret.txt'));
      idx.invalidate([
        { path: 'lib', kind: 'addDir' },
        { path: 'lib/x.ts', kind: 'add' },
        { path: 'secret.txt', kind: 'add' },
      ]);
      expect(await everything(idx, true)).toEqual(['src/', 'src/a.ts']);
    });
  });

  it('lists again after a .gitignore changes', async () => {
    const root = await workspace({ '.gitignore': '*.log\n', 'a.log': 'x', 'b.ts': 'x' });
    const idx = index({ root });
    expect(await everything(idx)).toEqual(['.gitignore', 'b.ts']);
    await writeFile(join(root, '.gitignore'), '*.ts\n');
    idx.invalidate([{ path: '.gitignore', kind: 'change' }]);
    expect(idx.stats().state).toBe('empty');
    expect(await everything(idx)).toEqual(['.gitignore', 'a.log']);
  });

  it('lists again after invalidate() with no changes, or a batch too big to check one by one', async () => {
    const root = await workspace({ 'a.ts': 'x' });
    const idx = index({ root });
    expect(await everything(idx)).toEqual(['a.ts']);
    await writeTree(root, { 'b.ts': 'x' });
    idx.invalidate();
    expect(await everything(idx)).toEqual(['a.ts', 'b.ts']);
    await writeTree(root, { 'c.ts': 'x' });
    idx.invalidate(Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({ path: `gone${i}.ts`, kind: 'unlink' as const })));
    expect(idx.stats().state).toBe('empty');
    expect(await everything(idx)).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('ignores changes before the first listing, and applies those that come during it', async () => {
    const root = await workspace({ 'a.ts': 'x' });
    const idx = index({ root });
    idx.invalidate([{ path: 'a.ts', kind: 'unlink' }]);
    expect(idx.stats().state).toBe('empty');
    const first = idx.find('');
    await writeTree(root, { 'late.ts': 'x' });
    idx.invalidate([{ path: 'late.ts', kind: 'add' }]);
    expect((await first).items.map((i) => i.path)).toContain('a.ts');
    expect(await everything(idx)).toEqual(['a.ts', 'late.ts']);
  });

  it('answers an empty query with the files changed last first', async () => {
    const root = await workspace({ 'a.ts': 'x', 'deep/er/z.ts': 'x', 'deep/y.ts': 'x' });
    const idx = index({ root });
    expect((await idx.find('')).items.map((i) => i.path)).toEqual(['a.ts', 'deep/y.ts', 'deep/er/z.ts']);
    await writeTree(root, { 'deep/new.ts': 'x' });
    idx.invalidate([{ path: 'deep/er/z.ts', kind: 'change' }]);
    idx.invalidate([{ path: 'deep/new.ts', kind: 'add' }]);
    expect((await idx.find('')).items.map((i) => i.path)).toEqual(['deep/new.ts', 'deep/er/z.ts', 'a.ts', 'deep/y.ts']);
    expect((await idx.find('', { limit: 1 })).items.map((i) => i.path)).toEqual(['deep/new.ts']);
    for (let i = 0; i < RECENT_FILES + 5; i++) idx.invalidate([{ path: 'a.ts', kind: 'change' }]);
    expect((await idx.find('', { limit: 2 })).items.map((i) => i.path)).toEqual(['a.ts', 'deep/new.ts']);
  });
});

describe('file index', () => {
  it('shares one listing between the finds that come while it runs', async () => {
    const root = await workspace({ 'src/a.ts': 'x', 'src/b.ts': 'x' });
    const bin = await workspace({});
    const log = join(bin, 'calls');
    await writeFile(join(bin, 'rg'), `#!/bin/sh\necho call >> '${log}'\nexec rg "$@"\n`, { mode: 0o755 });
    const idx = index({ root, ripgrep: join(bin, 'rg') });
    const answers = await Promise.all([idx.find('a'), idx.find('b'), idx.find('', { folders: true })]);
    expect(answers.map((a) => a.items.map((i) => i.path))).toEqual([['src/a.ts'], ['src/b.ts'], ['src', 'src/a.ts', 'src/b.ts']]);
    await idx.find('a');
    expect((await readFile(log, 'utf8')).trim().split('\n')).toHaveLength(1);
    expect(idx.stats().lister).toBe('ripgrep');
  });

  it('walks in Node when ripgrep is missing', async () => {
    const root = await workspace({ 'src/a.ts': 'x' });
    const idx = index({ root, ripgrep: join(root, 'no-such-rg') });
    expect(await everything(idx)).toEqual(['src/a.ts']);
    expect(idx.stats().lister).toBe('node');
  });

  it('goes on with the next listing when invalidated while listing', async () => {
    const root = await workspace({ 'a.ts': 'x' });
    const idx = index({ root });
    const first = idx.find('');
    idx.invalidate();
    expect((await first).items.map((i) => i.path)).toEqual(['a.ts']);
  });

  it('refuses finds once disposed', async () => {
    const root = await workspace({ 'a.ts': 'x' });
    const idx = index({ root });
    const pending = idx.find('a');
    idx.dispose();
    await expect(pending).rejects.toThrow(/disposed/);
    await expect(idx.find('a')).rejects.toThrow(/disposed/);
  });
});
