import { describe, expect, it } from 'vitest';
import type { FileEntry } from '../../../../shared/contract';
import { fileIcon } from './fileIcons';
import { reuseEntries } from './treeStore';
import { flattenTree, foldersAffected, isBookkeeping, isWithin, parentOf, type FolderState } from './treeRows';

const file = (path: string): FileEntry => ({ name: path.split('/').pop()!, path, kind: 'file' });
const dir = (path: string): FileEntry => ({ name: path.split('/').pop()!, path, kind: 'dir' });
const loaded = (entries: FileEntry[], more: Partial<FolderState> = {}): FolderState => ({
  entries, total: entries.length, nextOffset: null, loading: false, error: null, ...more,
});
const shape = (rows: ReturnType<typeof flattenTree>) =>
  rows.map((r) => `${'  '.repeat(r.depth)}${r.type === 'entry' ? r.entry.name : `[${r.type}${r.type === 'status' ? `: ${r.text}` : ''}]`}`);

describe('flattenTree', () => {
  it('walks expanded folders depth-first and skips collapsed ones', () => {
    const folders = {
      '': loaded([dir('src'), dir('test'), file('README.md')]),
      src: loaded([dir('src/lib'), file('src/main.ts')]),
      'src/lib': loaded([file('src/lib/a.ts')]),
      test: loaded([file('test/x.ts')]),
    };
    expect(shape(flattenTree(folders, { src: true, 'src/lib': true }))).toEqual([
      'src', '  lib', '    a.ts', '  main.ts', 'test', 'README.md',
    ]);
    const rows = flattenTree(folders, { src: true });
    expect(rows.find((r) => r.key === 'src')).toMatchObject({ expandable: true, expanded: true });
    expect(rows.find((r) => r.key === 'test')).toMatchObject({ expandable: true, expanded: false });
  });

  it('shows loading, error and empty rows for opened folders', () => {
    const folders = {
      '': loaded([dir('a'), dir('b'), dir('c')]),
      b: loaded([], { error: 'Permission denied' }),
      c: loaded([]),
    };
    expect(shape(flattenTree(folders, { a: true, b: true, c: true }))).toEqual([
      'a', '  [status: Loading…]', 'b', '  [status: Permission denied]', 'c', '  [status: Empty folder]',
    ]);
  });

  it('adds a load-more row with the remaining count when a folder has more pages', () => {
    const folders = { '': loaded([file('f1'), file('f2')], { total: 5000, nextOffset: 2 }) };
    const rows = flattenTree(folders, {});
    expect(rows.at(-1)).toMatchObject({ type: 'more', folder: '', remaining: 4998, key: 'more:' });
  });

  it('expands symlinks to folders but not other links', () => {
    const link = (path: string, target: FileEntry['link']): FileEntry => ({ ...file(path), kind: 'symlink', link: target });
    const folders = { '': loaded([link('to-dir', 'dir'), link('out', 'outside')]), 'to-dir': loaded([file('to-dir/x')]) };
    expect(shape(flattenTree(folders, { 'to-dir': true, out: true }))).toEqual(['to-dir', '  x', 'out']);
  });
});

describe(".akira (Akira's bookkeeping)", () => {
  it('hides .akira/cookies and marks .akira and what is inside it', () => {
    const folders = {
      '': loaded([dir('.akira'), dir('src'), file('README.md')]),
      '.akira': loaded([dir('.akira/cookies'), dir('.akira/sessions'), file('.akira/settings.json')]),
    };
    expect(shape(flattenTree(folders, { '.akira': true }))).toEqual(['.akira', '  sessions', '  settings.json', 'src', 'README.md']);
    expect(['.akira', '.akira/settings.json', '.akira-old', 'src/.akira'].map(isBookkeeping)).toEqual([true, true, false, false]);
  });
});

describe('row reuse', () => {
  it('hands back the previous row object when nothing about it changed', () => {
    const entries = [dir('src'), file('a.ts')];
    const first = flattenTree({ '': loaded(entries) }, {});
    const previous = new Map(first.map((r) => [r.key, r]));
    const second = flattenTree({ '': loaded(entries), src: loaded([file('src/x.ts')]) }, { src: true }, previous);
    expect(second.find((r) => r.key === 'a.ts')).toBe(first.find((r) => r.key === 'a.ts'));
    expect(second.find((r) => r.key === 'src')).not.toBe(first.find((r) => r.key === 'src')); // now expanded
  });

  it('keeps unchanged entry objects across a refresh', () => {
    const before = [file('a.ts'), { ...file('b.ts'), size: 1 }];
    const after = [file('a.ts'), { ...file('b.ts'), size: 2 }, file('c.ts')];
    const merged = reuseEntries(before, after);
    expect(merged[0]).toBe(before[0]);
    expect(merged[1]).toBe(after[1]);
    expect(merged[2]).toBe(after[2]);
  });
});

describe('foldersAffected', () => {
  it('reloads the loaded parents of changed paths only', () => {
    const result = foldersAffected(
      [{ path: 'src/a.ts', kind: 'add' }, { path: 'top.txt', kind: 'change' }, { path: 'other/x', kind: 'add' }],
      ['', 'src'],
    );
    expect(result.reload.sort()).toEqual(['', 'src']);
    expect(result.gone).toEqual([]);
  });

  it('forgets removed folders and their loaded descendants', () => {
    const result = foldersAffected([{ path: 'src', kind: 'unlinkDir' }], ['', 'src', 'src/lib', 'srcx']);
    expect(result.gone.sort()).toEqual(['src', 'src/lib']);
    expect(result.reload).toEqual(['']);
  });

  it('reloads every loaded folder below a changed .gitignore', () => {
    const result = foldersAffected([{ path: 'pkg/.gitignore', kind: 'change' }], ['', 'pkg', 'pkg/a', 'other']);
    expect(result.reload.sort()).toEqual(['pkg', 'pkg/a']);
  });
});

describe('helpers', () => {
  it('parentOf and isWithin use workspace-relative forward-slash paths', () => {
    expect(parentOf('a/b/c.ts')).toBe('a/b');
    expect(parentOf('c.ts')).toBe('');
    expect(isWithin('a/b', 'a')).toBe(true);
    expect(isWithin('ab', 'a')).toBe(false);
    expect(isWithin('anything', '')).toBe(true);
  });

  it('gives files a type hint by name or extension', () => {
    expect(fileIcon('main.ts').label).toBe('TS');
    expect(fileIcon('package.json').label).toBe('npm');
    expect(fileIcon('.gitignore').label).toBe('GIT');
    expect(fileIcon('data.JSON').label).toBe('{}');
    expect(fileIcon('.bashrc').label).toBe('•');
  });
});
