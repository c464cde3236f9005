import { describe, expect, it } from 'vitest';
import { decorationsOf } from './gitDecorations';

describe('git decorations for the tree', () => {
  it('marks files by status and every folder above them', () => {
    const map = decorationsOf([
      { path: 'src/a/b.ts', status: 'modified', staged: false },
      { path: 'src/new.ts', status: 'untracked', staged: false },
      { path: 'README.md', status: 'added', staged: true },
    ]);
    expect(map.get('src/a/b.ts')).toBe('modified');
    expect(map.get('src/new.ts')).toBe('untracked');
    expect(map.get('README.md')).toBe('added');
    expect(map.get('src/a')).toBe('folder');
    expect(map.get('src')).toBe('folder');
    expect(map.has('')).toBe(false);
  });

  it('prefers the working-tree entry of a file that is staged and changed again', () => {
    const staged = { path: 'x.ts', status: 'added' as const, staged: true };
    const unstaged = { path: 'x.ts', status: 'modified' as const, staged: false };
    expect(decorationsOf([staged, unstaged]).get('x.ts')).toBe('modified');
    expect(decorationsOf([unstaged, staged]).get('x.ts')).toBe('modified');
  });
});
