import { describe, expect, it } from 'vitest';
import type { GitFile } from '../../../../shared/contract';
import { groupChanges, splitPath } from './changeGroups';

describe('groupChanges', () => {
  it('groups staged, unstaged (conflicts first) and untracked files, sorted by path, empty groups left out', () => {
    const files: GitFile[] = [
      { path: 'z.txt', status: 'untracked', staged: false },
      { path: 'b.txt', status: 'modified', staged: false },
      { path: 'b.txt', status: 'modified', staged: true },
      { path: 'a.txt', status: 'deleted', staged: false },
      { path: 'm.txt', status: 'conflicted', staged: false },
      { path: 'new.txt', status: 'renamed', staged: true, origPath: 'old.txt' },
    ];
    const groups = groupChanges(files);
    expect(groups.map((g) => [g.id, g.files.map((f) => f.path)])).toEqual([
      ['staged', ['b.txt', 'new.txt']],
      ['changes', ['m.txt', 'a.txt', 'b.txt']],
      ['untracked', ['z.txt']],
    ]);
    expect(groupChanges([{ path: 'u', status: 'untracked', staged: false }]).map((g) => g.id)).toEqual(['untracked']);
    expect(groupChanges([])).toEqual([]);
  });

  it('splits a path into folder and name', () => {
    expect(splitPath('src/app/main.ts')).toEqual({ folder: 'src/app', name: 'main.ts' });
    expect(splitPath('README.md')).toEqual({ folder: '', name: 'README.md' });
  });
});
